"""``memscribe batch`` with the transcripts planned in a forked planner process (``--plan-process``,
its model calls in a helper of its own): the same files as planning in the run's own process, and
kill-safe (the planner and its helper go with the run; a re-run finishes the job)."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest

from memscribe.commands.batch import usable_cpus
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import memory_state
from tests.support.llm_server import serve
from tests.support.processes import running
from tests.system.test_batch_call_process import _batch, _corpus, _report, _respond

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the planner is forked (Linux)"),
    pytest.mark.skipif(usable_cpus() < 2, reason="the planner runs where there is a second CPU"),
]


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children, ...)."""
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            children = [int(c) for c in Path(f"/proc/{parent}/task/{parent}/children").read_text().split()]
        except OSError:
            continue
        found += children
        todo += children
    return found


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
def test_planning_in_the_planner_writes_the_same_files(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "t", 24)
    with serve(latency_s=0.02, responder=_respond) as url:
        planned = _report(_batch(corpus, tmp_path / "planned", url))
        helped = _report(_batch(corpus, tmp_path / "helped", url, "--no-plan-process"))
        here = _report(_batch(corpus, tmp_path / "here", url, "--no-call-process"))
    assert planned["planner_cpu_s"] > 0.0 and planned["helper_cpu_s"] > planned["planner_cpu_s"]
    assert helped["planner_cpu_s"] == here["planner_cpu_s"] == 0.0 and helped["helper_cpu_s"] > 0.0
    assert planned["processed"] == helped["processed"] == here["processed"] == 24
    assert planned["writes"] == helped["writes"] == here["writes"] == 18
    assert planned["model_calls"] > 0
    assert memory_state(tmp_path / "planned") == memory_state(tmp_path / "helped")
    assert memory_state(tmp_path / "planned") == memory_state(tmp_path / "here")


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
def test_kill_the_run_its_planner_and_helper_go_too_and_a_rerun_writes_the_same_files(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "t", 40)
    root = tmp_path / "m"
    with serve(latency_s=0.15, responder=_respond) as url:
        reference = _report(_batch(corpus, tmp_path / "ref", url, "--no-call-process"))
        run = _batch(corpus, root, url)
        helpers: list[int] = []
        try:
            deadline = time.monotonic() + 90  # generous: they start after the imports
            while time.monotonic() < deadline and len(helpers) < 2:  # the planner, and its helper
                helpers = _descendants(run.pid)
                time.sleep(0.02)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not list((root / ".reflexio").rglob("*.md")):
                time.sleep(0.05)  # mid-run: something committed already
            run.send_signal(signal.SIGKILL)
            run.communicate(timeout=10)
        finally:
            if run.poll() is None:
                run.kill()
                run.communicate(timeout=10)
        assert len(helpers) >= 2, "no planner with a call helper was started"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(running(pid) for pid in helpers):
            time.sleep(0.05)
        assert not any(running(pid) for pid in helpers)
        again = _report(_batch(corpus, root, url))
    assert reference["writes"] > 0
    assert not MemoryRoot(root).pending_journals()
    assert again["processed"] + again["transcripts_skipped_by_reason"].get("unchanged", 0) == 40
    assert memory_state(root) == memory_state(tmp_path / "ref")
