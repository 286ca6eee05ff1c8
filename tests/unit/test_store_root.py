"""MemoryRoot: listing, problems, ids, lock contention and stale locks."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memscribe.errors import StoreError
from memscribe.store.atomic import write_new_file
from memscribe.store.files import memory_path, render_playbook, render_profile
from memscribe.store.root import LOCK_FILE, MemoryRoot

NOW = dt.datetime(2026, 4, 17, 9, 30, tzinfo=dt.UTC)


def _profile(root: Path, slug: str, memory_id: str, base: str = "") -> str:
    rel = memory_path("profile", slug, memory_id)
    if base:
        rel = rel.replace(".reflexio/", base, 1)
    write_new_file(root / rel, render_profile(id=memory_id, created=NOW, ttl="one_year", body=f"fact {slug}"))
    return rel


def test_entries_sorted_problems_collected(tmp_path: Path) -> None:
    _profile(tmp_path, "zeta", "prof_zzzzzzzz")
    _profile(tmp_path, "alpha", "prof_aaaaaaaa")
    pb = memory_path("playbook", "commit", "pbk_bbbbbbbb")
    write_new_file(
        tmp_path / pb, render_playbook(id="pbk_bbbbbbbb", created=NOW, when="a", what="b", why="c")
    )
    (tmp_path / ".reflexio/profiles/broken.md").write_text("not a memory")
    (tmp_path / ".reflexio/profiles/.broken.md.abc.tmp").write_text("temp file in flight")
    (tmp_path / ".reflexio/profiles/notes.txt").write_text("ignored")
    root = MemoryRoot(tmp_path)
    entries = root.entries()
    assert [e.path for e in entries] == [
        ".reflexio/playbooks/commit-bbbbbbbb.md",
        ".reflexio/profiles/alpha-aaaaaaaa.md",
        ".reflexio/profiles/zeta-zzzzzzzz.md",
    ]
    assert len(root.problems) == 1
    assert ".reflexio/profiles/broken.md" in str(root.problems[0])


def test_empty_root(tmp_path: Path) -> None:
    root = MemoryRoot(tmp_path)
    assert root.entries() == []
    assert root.taken_ids() == set()
    assert root.pending_journals() == []


def test_taken_ids_include_archive_and_half_archived(tmp_path: Path) -> None:
    _profile(tmp_path, "a", "prof_aaaaaaaa")
    _profile(tmp_path, "b", "prof_bbbbbbbb", base=".reflexio/.archive/")
    _profile(tmp_path, "a", "prof_aaaaaaaa", base=".reflexio/.archive/")
    root = MemoryRoot(tmp_path)
    assert root.taken_ids() == {"prof_aaaaaaaa", "prof_bbbbbbbb"}
    assert [e.id for e in root.archived_entries()] == ["prof_aaaaaaaa", "prof_bbbbbbbb"]
    assert [e.path for e in root.half_archived()] == [".reflexio/profiles/a-aaaaaaaa.md"]


def test_lock_contention_in_process(tmp_path: Path) -> None:
    root = MemoryRoot(tmp_path)
    with root.lock():
        assert f"pid={os.getpid()}" in (tmp_path / LOCK_FILE).read_text()
        with pytest.raises(StoreError, match=f"memory root is locked by pid {os.getpid()}"):
            with MemoryRoot(tmp_path).lock(timeout=0.1):
                pass
    with root.lock():  # released, can be taken again
        pass


HOLD = """
import sys, time
from pathlib import Path
from memscribe.store.root import MemoryRoot
with MemoryRoot(Path(sys.argv[1])).lock():
    print("locked", flush=True)
    sys.stdin.readline()
    {action}
"""


def _holder(tmp_path: Path, action: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD.format(action=action), str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_lock_contention_across_processes(tmp_path: Path) -> None:
    proc = _holder(tmp_path, "pass")
    try:
        with pytest.raises(StoreError, match=f"locked by pid {proc.pid}"):
            with MemoryRoot(tmp_path).lock():
                pass
    finally:
        proc.communicate("\n", timeout=10)
    with MemoryRoot(tmp_path).lock():
        pass


def test_lock_released_when_holder_crashes(tmp_path: Path) -> None:
    """A holder killed mid-lock leaves its lock file with its pid; the lock is free anyway."""
    proc = _holder(tmp_path, "import os; os._exit(9)")
    proc.communicate("\n", timeout=10)
    assert proc.returncode == 9
    assert f"pid={proc.pid}" in (tmp_path / LOCK_FILE).read_text()
    with MemoryRoot(tmp_path).lock():
        pass


def test_stale_lock_file_from_dead_pid_is_recovered(tmp_path: Path) -> None:
    lock = tmp_path / LOCK_FILE
    lock.parent.mkdir(parents=True)
    lock.write_text("pid=999999 host=elsewhere time=0\n")
    with MemoryRoot(tmp_path).lock():
        assert f"pid={os.getpid()}" in lock.read_text()


def test_lock_waits_for_release(tmp_path: Path) -> None:
    proc = _holder(tmp_path, "time.sleep(0.3)")
    proc.stdin.write("\n")  # type: ignore[union-attr]
    proc.stdin.flush()  # type: ignore[union-attr]
    with MemoryRoot(tmp_path).lock(timeout=10):
        pass
    proc.communicate(timeout=10)
