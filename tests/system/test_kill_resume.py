"""Faults and races: SIGKILL at random moments, then a re-run; two batch runs on one root."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import make_corpus, memory_state

REPO = Path(__file__).resolve().parents[2]
KILLS = 4


def _batch(corpus: Path, root: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("MEMSCRIBE_MODEL", None)
    log = root.parent / f"{root.name}.log"
    with log.open("ab") as out:  # the child keeps its own descriptor
        return subprocess.Popen(
            [
                sys.executable,
                "-m",
                "memscribe.cli",
                "batch",
                str(corpus),
                "--memory-dir",
                str(root),
                "--concurrency",
                "4",
                "--json",
            ],
            stdout=out,
            stderr=out,
            env=env,
            cwd=REPO,
        )


def _reap(proc: subprocess.Popen[bytes], timeout: float = 60) -> int:
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
        return -9


def _valid(root: Path) -> None:
    memory = MemoryRoot(root)
    memory.entries()
    assert not memory.problems, memory.problems
    memory.archived_entries()
    assert not memory.problems, memory.problems


def test_kill_anywhere_then_rerun_matches_an_uninterrupted_run(tmp_path: Path) -> None:
    corpus = tmp_path / "t"
    make_corpus(corpus, 60)
    reference = _batch(corpus, tmp_path / "ref")
    started = time.monotonic()
    assert reference.wait(timeout=60) == 0
    full = time.monotonic() - started

    rng = random.Random(6)
    root = tmp_path / "m"
    for _ in range(KILLS):
        proc = _batch(corpus, root)
        time.sleep(rng.uniform(0.3 * full, 0.95 * full))  # somewhere after imports, mid-batch
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        _valid(root)  # every file parses, whatever the moment of the kill
    final = _batch(corpus, root)
    assert final.wait(timeout=60) == 0, (tmp_path / "m.log").read_text()
    _valid(root)
    assert not MemoryRoot(root).pending_journals()
    assert memory_state(root) == memory_state(tmp_path / "ref")


def test_two_concurrent_batch_runs_equal_one_run(tmp_path: Path) -> None:
    corpus = tmp_path / "t"
    make_corpus(corpus, 30)
    one = _batch(corpus, tmp_path / "ref")
    assert one.wait(timeout=60) == 0
    first, second = _batch(corpus, tmp_path / "m"), _batch(corpus, tmp_path / "m")
    codes = [_reap(first), _reap(second)]  # both reaped before any assert: no child outlives the test
    assert codes == [0, 0], (tmp_path / "m.log").read_text()
    _valid(tmp_path / "m")
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


def test_stale_lock_of_a_killed_process_is_recovered(tmp_path: Path) -> None:
    code = (
        "import sys, time; from pathlib import Path; from memscribe.store.root import MemoryRoot\n"
        "with MemoryRoot(Path(sys.argv[1])).lock():\n    print('locked', flush=True); time.sleep(60)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, cwd=REPO)
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"locked"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    proc.stdout.close()
    assert "pid=" in (tmp_path / ".reflexio" / ".lock").read_text()  # the dead holder's note is left
    with MemoryRoot(tmp_path).lock(timeout=2):
        pass
