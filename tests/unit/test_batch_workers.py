"""The local engine's reusable workers: a task handed over never waits for a worker to run."""

from __future__ import annotations

import threading
import time

import pytest

from memscribe.batch.engine import _Workers


def test_handing_a_task_to_a_new_worker_does_not_wait_for_the_worker_to_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new worker may take long to get the interpreter lock (other threads computing): the
    caller (a unit holding a call slot before its request leaves, a freed slot's releaser) must
    not wait for it. Here a thread's start is made slow; submitting is not."""
    real_start = threading.Thread.start

    def slow_start(self: threading.Thread) -> None:
        time.sleep(0.5)  # as a busy interpreter lock would make it
        real_start(self)

    monkeypatch.setattr(threading.Thread, "start", slow_start)
    workers = _Workers()
    ran = threading.Event()
    began = time.monotonic()
    workers.submit(ran.set)
    assert time.monotonic() - began < 0.25
    assert ran.wait(5.0)  # and the task runs
    again = threading.Event()
    workers.submit(again.set)  # the idle worker takes the next task
    assert again.wait(5.0)
