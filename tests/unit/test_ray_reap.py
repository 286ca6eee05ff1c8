"""The driver reaps its private cluster's processes (memscribe.batch.ray_reap), without Ray.

A stand-in 'cluster': a process started between ``starting()`` and ``started()`` (as ray.init
starts the raylet), whose own child outlives it (a worker orphaned when the raylet is killed)
and, later, one more child of its (a worker started after the tree was noted, found by its
``RAY_RAYLET_PID``). Processes of this test that are not the cluster's are left alone.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memscribe.batch.ray_reap import ClusterReaper
from tests.support.processes import children, running

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux /proc and prctl")

# The raylet: starts a worker that ignores SIGTERM (SIGKILL takes it), writes its id, and, when
# told (a file appears), starts one more, with RAY_RAYLET_PID naming the raylet, as Ray does.
_RAYLET = """
import os, subprocess, sys, time
from pathlib import Path
out = Path(sys.argv[1])
worker = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)"
env = {**os.environ, "RAY_RAYLET_PID": str(os.getpid())}
first = subprocess.Popen([sys.executable, "-c", worker], env=env)
(out / "first").write_text(str(first.pid))
while not (out / "more").exists():
    time.sleep(0.02)
late = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], env=env)
(out / "late").write_text(str(late.pid))
time.sleep(120)
"""


def _read_pid(path: Path) -> int:
    deadline = time.monotonic() + 60
    while not path.exists() or not path.read_text():
        assert time.monotonic() < deadline, f"{path.name} never written"
        time.sleep(0.02)
    return int(path.read_text())


def _subreaper() -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    value = ctypes.c_int(0)
    libc.prctl(37, ctypes.byref(value), 0, 0, 0)  # PR_GET_CHILD_SUBREAPER
    return value.value


def test_the_processes_a_private_cluster_orphans_are_reaped_and_no_others(tmp_path: Path) -> None:
    mine = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])  # before the cluster
    reaper = ClusterReaper(exit_grace_s=0.5, term_grace_s=2.0)
    try:
        was = _subreaper()
        reaper.starting()
        raylet = subprocess.Popen([sys.executable, "-c", _RAYLET, str(tmp_path)])
        reaper.started()
        other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])  # not the cluster's
        first = _read_pid(tmp_path / "first")
        reaper.stopping()  # the tree noted: the raylet and its first worker
        (tmp_path / "more").write_text("")
        late = _read_pid(tmp_path / "late")
        raylet.kill()  # as ray.shutdown() kills a raylet that did not exit within its second
        raylet.wait()
        assert running(first) and running(late)  # orphaned: they outlive their raylet
        assert {first, late} <= children(os.getpid())  # and adopted by the driver
        reaper.stopped()
        assert not running(first) and not running(late)
        assert not {first, late} & children(os.getpid())  # reaped: no zombie left either
        assert sorted(reaper.terminated) == sorted([first, late])
        assert running(mine.pid) and running(other.pid)  # the driver's other children untouched
        assert _subreaper() == was  # this process a subreaper no longer (as before)
    finally:
        for proc in (mine, locals().get("other")):
            if proc is not None:
                proc.kill()
                proc.wait()


def test_a_cluster_whose_processes_went_with_the_shutdown_waits_for_nothing(tmp_path: Path) -> None:
    reaper = ClusterReaper(exit_grace_s=60.0)
    reaper.starting()
    root = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    reaper.started()
    reaper.stopping()
    root.send_signal(signal.SIGTERM)
    root.wait()
    naps: list[float] = []
    reaper.stopped(sleep=naps.append)
    assert naps == [] and reaper.terminated == []  # nothing ran on: no wait, nothing signalled


def test_a_ray_without_wait_for_processes_is_still_shut_down() -> None:
    """``ray>=2.9`` is allowed; ``shutdown(wait_for_processes=...)`` came later: an older Ray is
    shut down all the same (a TypeError swallowed with the rest left the cluster running)."""
    from memscribe.batch.ray_engine import _shutdown

    calls: list[dict[str, object]] = []

    class OldRay:
        def shutdown(self) -> None:
            calls.append({})

    class NewRay:
        def shutdown(self, *, wait_for_processes: bool = False) -> None:
            calls.append({"wait_for_processes": wait_for_processes})

    _shutdown(OldRay(), wait=True)
    _shutdown(NewRay(), wait=True)
    _shutdown(NewRay(), wait=False)
    assert calls == [{}, {"wait_for_processes": True}, {"wait_for_processes": False}]


def test_a_private_cluster_that_fails_to_start_leaves_the_driver_no_subreaper(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ray.init()`` raising (a GCS that never came up) is reported as it was, and the driver is a
    subreaper no more: it stops adopting every orphan of its process tree (as before the run)."""
    from memscribe.batch import ray_engine

    class FailingRay:
        shut = 0

        def is_initialized(self) -> bool:
            return False

        def init(self, **_: object) -> None:
            raise RuntimeError("Failed to start the GCS")

        def shutdown(self, **_: object) -> None:
            FailingRay.shut += 1

    monkeypatch.setattr(ray_engine, "_ray", FailingRay)
    before = _subreaper()
    engine = ray_engine.RayEngine()
    with pytest.raises(RuntimeError, match="GCS"):
        engine._init()
    assert _subreaper() == before
    assert FailingRay.shut == 1 and engine._reaper is None
    engine.shutdown()
    assert engine._temp is None
