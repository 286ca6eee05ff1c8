"""Group commit under SIGKILL at every step: no invalid root, no duplicate, no lost write.

One group of four plans (a move that archives a stored entry, a preference, a move that archives
what the first plan of the same group writes, another preference) is committed by a child
process that kills itself just before its N-th durable step (each fsync, link, rename, replace,
unlink, utime and ledger transaction of the commit), for every N. After each kill the root is
valid; a re-run then finishes the batch with exactly the files of an uninterrupted run.
"""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memscribe.batch import ledger
from memscribe.batch.commit import Prepared
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.engine import LocalEngine
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.seam import UnitConfig, UnitInput
from memscribe.batch.view import MemoryState, MemView
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import memory_state

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import os, pickle, signal, sys
from pathlib import Path
from memscribe.batch import ledger
from memscribe.batch.commit import CommitContext, commit_group
from memscribe.batch.view import MemoryState, MemView

root, plans, kill_at = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
prepared = pickle.loads(plans.read_bytes())
steps = {"n": 0, "on": False}

def step(real):
    def wrapped(*a, **k):
        if steps["on"]:
            steps["n"] += 1
            if steps["n"] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
        return real(*a, **k)
    return wrapped

for name in ("fsync", "link", "rename", "replace", "unlink", "utime"):
    setattr(os, name, step(getattr(os, name)))
ledger.Ledger.save_many = step(ledger.Ledger.save_many)
ledger.Ledger.save = step(ledger.Ledger.save)
book = ledger.Ledger(root)
ctx = CommitContext(root=root, ledger=book, memory=MemoryState(MemView(root)))
steps["on"] = True
done = commit_group(prepared, ctx)
steps["on"] = False
assert done.error is None and done.outcomes == ["committed"] * len(prepared), done
print(steps["n"])
"""

TEXTS = {
    "s1": "I moved to Oslo last month.",
    "s2": "I prefer dark mode.",
    "s3": "I moved to Berlin last month.",
    "s4": "I prefer green tea.",
}


def _write(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.txt").write_text(f"User: {text}\nAssistant: Noted.\n", encoding="utf-8")


def _plan_group(corpus: Path, root: Path) -> list[Prepared]:
    """The four plans, each planned against the memory as it will be at its commit."""
    items = discover([str(corpus)])
    memory = MemoryState(MemView(root))
    engine = LocalEngine()
    engine.open(memory.snapshot(), EmbeddedModel, 8)
    with ledger.Ledger(root) as book:
        units = [
            UnitInput(rank, item.path, None, False, book.load(item.key).record, UnitConfig(root=root))
            for rank, item in enumerate(items)
        ]
    outs = sorted(engine.map(units), key=lambda out: out.rank)
    engine.close()
    return [Prepared(items[out.rank], out) for out in outs if out.unit is not None]


def _child(root: Path, plans: Path, kill_at: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(root), str(plans), str(kill_at)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )


def _valid(root: Path) -> None:
    memory = MemoryRoot(root)
    active = memory.entries()
    assert not memory.problems, memory.problems
    memory.archived_entries()
    assert not memory.problems, memory.problems
    texts = [(e.kind, e.body) for e in active]
    assert len(texts) == len(set(texts)), "an entry is active twice"


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, Path]:
    """(corpus, root before the group, pickled plans, root after an uninterrupted run)."""
    tmp = tmp_path_factory.mktemp("group-kill")
    corpus = tmp / "t"
    corpus.mkdir()
    _write(corpus, "s0", "I live in Lisbon.")
    before = tmp / "before"
    run_batch(discover([str(corpus)]), BatchConfig(root=before), EmbeddedModel)
    for name, text in TEXTS.items():
        _write(corpus, name, text)
    prepared = _plan_group(corpus, before)
    assert [len(p.unit.plan.operations) for p in prepared] == [2, 1, 2, 1]  # two archives
    plans = tmp / "plans.pickle"
    plans.write_bytes(pickle.dumps(prepared))
    reference = tmp / "reference"  # one transcript at a time, in path order
    shutil.copytree(before, reference)
    for path in sorted(corpus.iterdir()):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=reference), EmbeddedModel)
    return corpus, before, plans, reference


def test_an_uninterrupted_group_equals_one_by_one_with_one_journal(
    setup: tuple[Path, Path, Path, Path],
) -> None:
    corpus, before, plans, reference = setup
    root = before.parent / "whole"
    shutil.copytree(before, root)
    done = _child(root, plans, 0)
    assert done.returncode == 0, done.stderr
    assert memory_state(root) == memory_state(reference)
    journals = sorted((root / ".reflexio" / ".journal").iterdir())
    assert len(journals) == 2  # the first run's, and one for the whole group of four
    with ledger.Ledger(root) as book:
        assert not book.has_pending()


def test_kill_at_every_step_of_a_group_commit_then_rerun(setup: tuple[Path, Path, Path, Path]) -> None:
    corpus, before, plans, reference = setup
    probe = before.parent / "probe"
    shutil.copytree(before, probe)
    done = _child(probe, plans, 0)
    assert done.returncode == 0, done.stderr
    steps = int(done.stdout.split()[-1])
    assert steps >= 10
    want = memory_state(reference)
    for kill_at in range(1, steps + 1):
        root = before.parent / f"kill-{kill_at}"
        shutil.copytree(before, root)
        killed = _child(root, plans, kill_at)
        assert killed.returncode == -9, (kill_at, killed.stderr)
        _valid(root)
        report = run_batch(discover([str(corpus)]), BatchConfig(root=root), EmbeddedModel)
        assert report.failed == 0, kill_at
        _valid(root)
        assert not MemoryRoot(root).pending_journals(), kill_at
        assert memory_state(root) == want, kill_at
        shutil.rmtree(root)


def test_a_group_writes_the_same_files_as_one_by_one_with_fewer_fsyncs(
    setup: tuple[Path, Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from memscribe.store.group import GroupWriter
    from memscribe.store.transaction import apply_locked

    _, before, plans, _ = setup
    prepared: list[Prepared] = pickle.loads(plans.read_bytes())
    count = {"n": 0}
    real = os.fsync

    def fsync(fd: int) -> None:
        count["n"] += 1
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    alone, group = before.parent / "alone", before.parent / "group"
    shutil.copytree(before, alone)
    shutil.copytree(before, group)
    root = MemoryRoot(alone)
    with root.lock(timeout=5):
        for p in prepared:
            apply_locked(p.unit.plan, root)
    one_by_one, count["n"] = count["n"], 0
    root = MemoryRoot(group)
    with root.lock(timeout=5):
        writer = GroupWriter(root)
        writer.look_up([p.unit.plan for p in prepared])
        for p in prepared:
            writer.add(p.unit.plan)
        results = writer.commit()
    assert memory_state(group) == memory_state(alone)
    assert [len(r.written) for r in results] == [1, 1, 1, 1] and len({r.journal for r in results}) == 1
    print(f"fsyncs: {one_by_one} one by one, {count['n']} as a group")
    assert count["n"] < 0.6 * one_by_one, (count["n"], one_by_one)
