"""Ctrl-C (SIGINT) stops a batch run: exit 130 and one line, what was committed kept whole,
the lock released; a rerun completes the rest exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from memscribe.batch import commit
from memscribe.batch.discovery import discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.commands.batch import usable_cpus
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.group import GroupWriter
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import make_corpus, memory_state
from tests.support.llm_server import serve
from tests.support.processes import running
from tests.system import test_batch_call_process as call_process

REPO = Path(__file__).resolve().parents[2]
TRANSCRIPTS = 400  # several seconds of planning: the signal lands mid-run, after the first commit


@pytest.fixture(autouse=True)
def _ctrl_c_as_at_a_terminal() -> Iterator[None]:
    """These tests are about Ctrl-C at a terminal. A suite started in the background by a
    non-interactive shell (a CI script) inherits SIGINT ignored, and so would every run it starts:
    Ctrl-C then never reaches them, as POSIX wants (the tests failed so in a CI run). The test
    process takes Python's own handler while a test runs, so it and the children it starts (a
    handler is reset to the default in an exec'd child; an ignored signal would stay ignored)
    take Ctrl-C as at a terminal."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before if before is not None else signal.SIG_DFL)


def _batch(corpus: Path, root: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("MEMSCRIBE_MODEL", None)
    command = [sys.executable, "-m", "memscribe.cli", "batch", str(corpus), "--memory-dir", str(root)]
    return subprocess.Popen(
        [*command, "--concurrency", "4", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def _finish(proc: subprocess.Popen[str], timeout: float = 120) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate(timeout=10)
        return -9, out, err
    return proc.returncode, out, err


def _first_write(root: Path, proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Wait (bounded) until the run has written a memory file: it is past start-up, mid-run."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if any((root / ".reflexio").glob("profiles/*.md")):
            return
        time.sleep(0.02)
    raise AssertionError("the batch run wrote nothing before the wait ended")


def test_sigint_stops_the_batch_and_a_rerun_equals_one_run(tmp_path: Path) -> None:
    corpus = tmp_path / "t"
    make_corpus(corpus, TRANSCRIPTS)
    code, out, err = _finish(_batch(corpus, tmp_path / "ref"))
    assert code == 0, err

    root = tmp_path / "m"
    proc = _batch(corpus, root)
    _first_write(root, proc)
    proc.send_signal(signal.SIGINT)
    code, out, err = _finish(proc)
    assert code == 130, (code, err)
    assert "Traceback" not in err, err
    assert err.strip().splitlines() == [
        "memscribe: interrupted: what was committed is kept; run the batch again for the rest"
    ], err
    assert json.loads(out)["error"]["type"] == "Interrupted"  # no report claiming a unit failed
    memory = MemoryRoot(root)
    assert not memory.pending_journals()  # the transaction under way was finished, not left half
    with memory.lock(timeout=2):  # released
        pass
    interrupted = memory_state(root)
    assert interrupted and len(interrupted) < len(memory_state(tmp_path / "ref"))

    code, out, err = _finish(_batch(corpus, root))
    assert code == 0, err
    report = json.loads(out)
    assert report["failed"] == 0
    assert report["skipped"] > 0  # the interrupted run's commits are not planned again
    assert report["processed"] + report["skipped"] == TRANSCRIPTS
    assert not MemoryRoot(root).pending_journals()
    assert memory_state(root) == memory_state(tmp_path / "ref")


def _interrupt_in_group_write(
    monkeypatch: pytest.MonkeyPatch, fault: Callable[[], None], *, at: int = 2
) -> list[int]:
    """The ``at``-th group write calls ``fault`` first (then writes, unless it raised)."""
    real = GroupWriter.commit
    calls: list[int] = []

    def commit(self: GroupWriter) -> None:
        calls.append(1)
        if len(calls) == at:
            fault()
        real(self)

    monkeypatch.setattr(GroupWriter, "commit", commit)
    return calls


def test_sigint_during_a_group_write_stops_after_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write under way finishes (no journal left to roll forward), then the run stops; a
    rerun equals one uninterrupted run."""
    make_corpus(tmp_path / "t", 40)
    items = discover([str(tmp_path / "t")])
    run_batch(items, BatchConfig(root=tmp_path / "ref", concurrency=4), EmbeddedModel)
    calls = _interrupt_in_group_write(monkeypatch, lambda: os.kill(os.getpid(), signal.SIGINT))
    with pytest.raises(KeyboardInterrupt):
        run_batch(items, BatchConfig(root=tmp_path / "m", concurrency=4), EmbeddedModel)
    assert len(calls) == 2  # stopped right after the interrupted write, none after it
    memory = MemoryRoot(tmp_path / "m")
    assert not memory.pending_journals()
    with memory.lock(timeout=2):
        pass
    monkeypatch.undo()
    report = run_batch(items, BatchConfig(root=tmp_path / "m", concurrency=4), EmbeddedModel)
    assert report.failed == 0 and report.skipped > 0
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


@pytest.mark.parametrize("fault", [RuntimeError, KeyboardInterrupt])
def test_a_plan_check_that_raises_fails_its_transcript_unless_it_is_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: type[BaseException]
) -> None:
    """An ordinary error in a commit is that transcript's failure and the run goes on (as before);
    a KeyboardInterrupt stops the run, recorded as no transcript's failure."""
    make_corpus(tmp_path / "t", 40)
    items = discover([str(tmp_path / "t")])
    run_batch(items, BatchConfig(root=tmp_path / "ref", concurrency=4), EmbeddedModel)
    real = commit._check
    calls: list[int] = []

    def check(prepared: commit.Prepared, ctx: commit.CommitContext) -> object:
        calls.append(1)
        if len(calls) == 5:
            raise fault("disk on fire")
        return real(prepared, ctx)

    monkeypatch.setattr(commit, "_check", check)
    config = BatchConfig(root=tmp_path / "m", concurrency=4)
    if fault is KeyboardInterrupt:
        with pytest.raises(KeyboardInterrupt):
            run_batch(items, config, EmbeddedModel)
    else:
        report = run_batch(items, config, EmbeddedModel)
        failed = [t for t in report.transcripts if t.status == "failed"]
        assert len(failed) == 1 and "disk on fire" in (failed[0].error or "")
        assert report.processed == len(items) - 1
    assert not MemoryRoot(tmp_path / "m").pending_journals()
    monkeypatch.undo()
    report = run_batch(items, config, EmbeddedModel)
    assert report.failed == 0
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helpers are forked (Linux)")
@pytest.mark.skipif(usable_cpus() < 2, reason="the helpers run where there is a second CPU")
@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
@pytest.mark.parametrize(
    ("flags", "helpers_wanted"),
    [(("--no-plan-process",), 1), ((), 2)],  # the call helper; the planner and its call helper
    ids=["call-helper", "planner"],
)
def test_sigint_stops_the_forked_helpers_too(
    tmp_path: Path, flags: tuple[str, ...], helpers_wanted: int
) -> None:
    corpus = call_process._corpus(tmp_path / "t", 40)
    root = tmp_path / "m"
    with serve(latency_s=0.15, responder=call_process._respond) as url:
        reference = call_process._report(
            call_process._batch(corpus, tmp_path / "ref", url, "--no-call-process")
        )
        run = call_process._batch(corpus, root, url, *flags)
        helpers: list[int] = []
        try:
            deadline = time.monotonic() + 90  # generous: they start after the imports
            while time.monotonic() < deadline and len(helpers) < helpers_wanted:
                helpers = call_process._descendants(run.pid)
                time.sleep(0.02)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not list((root / ".reflexio").rglob("*.md")):
                time.sleep(0.05)  # mid-run: something committed already
            run.send_signal(signal.SIGINT)
            out, err = run.communicate(timeout=60)
        finally:
            if run.poll() is None:
                run.kill()
                run.communicate(timeout=10)
        assert run.returncode == 130, (run.returncode, err[-2000:])
        assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("memscribe: interrupted"), (
            err
        )
        assert json.loads(out)["error"]["type"] == "Interrupted"
        assert len(helpers) >= helpers_wanted, f"{helpers_wanted} helper processes were not started"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(running(pid) for pid in helpers):
            time.sleep(0.05)
        assert not any(running(pid) for pid in helpers)
        assert not MemoryRoot(root).pending_journals()
        again = call_process._report(call_process._batch(corpus, root, url, *flags))
    assert reference["writes"] > 0 and again["failed"] == 0
    assert again["processed"] + again["skipped"] == 40 and again["skipped"] > 0
    assert memory_state(root) == memory_state(tmp_path / "ref")
