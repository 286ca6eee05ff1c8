"""The index refresh costs what changed: unchanged folders skipped, memscribe's own writes read
from the change log, anything else (hand edits, a lost log) found by scanning the folder."""

from __future__ import annotations

import datetime as dt
import os
import random
import time
from pathlib import Path

import pytest

from memscribe.index import open_index
from memscribe.index.db import MemoryIndex
from memscribe.schemas.plan import ArchiveOp, Plan, WriteOp
from memscribe.store.changes import CHANGES_FILE, MEMORY_DIRS
from memscribe.store.files import archive_path, memory_path, render_profile
from memscribe.store.transaction import apply_plan
from tests.support.store_helpers import write_profile

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)


def age(root: Path, seconds: int = 60) -> None:
    """Date the memory folders back: a root at rest (their mtimes can be trusted)."""
    past = time.time_ns() - seconds * 10**9
    for rel in MEMORY_DIRS:
        if (root / rel).is_dir():
            os.utime(root / rel, ns=(past, past))


def write(mem_id: str, slug: str, body: str, supersedes: tuple[str, ...] = ()) -> WriteOp:
    text = render_profile(id=mem_id, created=NOW, ttl="infinity", body=body, supersedes=supersedes)
    return WriteOp(
        kind="profile",
        id=mem_id,
        slug=slug,
        path=memory_path("profile", slug, mem_id),
        text=text,
        body=body,
        evidence=[0],
        supersedes=list(supersedes),
    )


def plan(*ops: WriteOp | ArchiveOp) -> Plan:
    return Plan(
        transcript="t.jsonl",
        format="claude",
        model="fake",
        created="2026-06-01T12:00:00Z",
        operations=list(ops),
    )


def supersede(old_rel: str, old_id: str, new_id: str, slug: str, body: str) -> Plan:
    return plan(
        write(new_id, slug, body, supersedes=(old_id,)),
        ArchiveOp(
            kind="profile",
            id=old_id,
            path=old_rel,
            archive_path=archive_path(old_rel),
            superseded_by=new_id,
            reason="update",
        ),
    )


def rows(index: MemoryIndex) -> list[tuple[object, ...]]:
    return index.conn.execute("SELECT path, id, archived, ok, text FROM files ORDER BY path").fetchall()


def rebuilt(root: Path) -> list[tuple[object, ...]]:
    with open_index(root, in_memory=True) as fresh:
        return rows(fresh)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Berlin, Germany.")
    write_profile(tmp_path, "prof_edit0001", "editor", "User uses Neovim as their editor.")
    write_profile(tmp_path, "prof_diet0001", "diet", "User is vegan.")
    return tmp_path


def settled(root: Path) -> MemoryIndex:
    index = open_index(root, refresh=False)
    age(root)
    index.refresh(full=True)
    return index


def test_unchanged_folders_are_skipped_and_logged_writes_read_alone(root: Path) -> None:
    with settled(root) as index:
        noop = index.refresh()
        assert (noop.scanned_dirs, noop.read, noop.files) == (0, 0, 3)

        apply_plan(
            supersede(
                ".reflexio/profiles/editor-edit0001.md",
                "prof_edit0001",
                "prof_edit0002",
                "editor",
                "User uses Helix.",
            ),
            root,
            now=NOW,
        )
        assert (root / CHANGES_FILE).is_file()
        stats = index.refresh()
        assert stats.scanned_dirs == 0  # no folder listed: the log named the three files
        assert (stats.read, stats.added, stats.removed) == (2, 2, 1)  # new file, archive copy; original gone
        assert [h.id for h in index.search("helix", namespace="default")] == ["prof_edit0002"]
        assert index.search("neovim", namespace="default") == []
        assert rows(index) == rebuilt(root)

        again = index.refresh()  # the stamped folder mtimes are trusted: nothing to do
        assert (again.scanned_dirs, again.read) == (0, 0)


def test_a_file_added_by_hand_is_found_by_scanning_its_folder(root: Path) -> None:
    with settled(root) as index:
        write_profile(root, "prof_tz000001", "timezone", "User's timezone is CET.")  # no change log
        stats = index.refresh()
        assert stats.scanned_dirs == 1 and stats.added == 1
        assert rows(index) == rebuilt(root)


def test_a_hand_edit_after_an_apply_breaks_the_chain(root: Path) -> None:
    with settled(root) as index:
        apply_plan(plan(write("prof_new00001", "music", "User plays the cello.")), root, now=NOW)
        (root / ".reflexio/profiles/diet-diet0001.md").unlink()  # by hand, after the logged apply
        stats = index.refresh()
        assert stats.scanned_dirs == 1
        assert rows(index) == rebuilt(root)
        assert index.lookup("prof_diet0001") == []


def test_in_place_rewrite_is_seen_by_the_full_verify(root: Path) -> None:
    """The documented trade-off: memscribe never rewrites in place; another tool that does is
    seen by ``refresh(full=True)`` (``memscribe index``) and the periodic verify, not before."""
    with settled(root) as index:
        target = root / ".reflexio/profiles/editor-edit0001.md"
        folder_mtime = (root / ".reflexio/profiles").stat().st_mtime_ns
        target.write_text(target.read_text().replace("Neovim", "Emacs"))
        os.utime(target, ns=(1, 3_000_000_000))
        assert (root / ".reflexio/profiles").stat().st_mtime_ns == folder_mtime
        assert index.refresh().read == 0
        stats = index.refresh(full=True)
        assert stats.updated == 1
        assert [h.id for h in index.search("emacs", namespace="default")] == ["prof_edit0001"]


def test_a_recently_changed_folder_is_scanned_again(root: Path) -> None:
    with open_index(root, refresh=False) as index:
        index.refresh(full=True)  # the folders were written a moment ago: a change within the
        stats = index.refresh()  # same clock tick would not move their mtime, so no trust yet
        assert stats.scanned_dirs >= 1


def test_periodic_full_verify(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with settled(root) as index:
        monkeypatch.setattr("memscribe.index.refresh.VERIFY_EVERY_S", -1)
        assert index.refresh().scanned_dirs == len(MEMORY_DIRS)


@pytest.mark.parametrize("damage", ["deleted", "truncated", "garbage"])
def test_a_lost_or_damaged_log_costs_a_scan_not_correctness(root: Path, damage: str) -> None:
    with settled(root) as index:
        apply_plan(plan(write("prof_new00001", "music", "User plays the cello.")), root, now=NOW)
        log = root / CHANGES_FILE
        if damage == "deleted":
            log.unlink()
        elif damage == "truncated":
            log.write_bytes(b"")
        else:
            log.write_bytes(b"not json\n")
        stats = index.refresh()
        assert stats.scanned_dirs == 1
        assert rows(index) == rebuilt(root)


def test_no_log_without_an_index(tmp_path: Path) -> None:
    apply_plan(plan(write("prof_new00001", "music", "User plays the cello.")), tmp_path, now=NOW)
    assert not (tmp_path / CHANGES_FILE).exists()


def test_any_sequence_of_applies_and_hand_edits_matches_a_rebuild(root: Path) -> None:
    rng = random.Random(4)
    active = {
        "prof_city0001": ".reflexio/profiles/home-city-city0001.md",
        "prof_edit0001": ".reflexio/profiles/editor-edit0001.md",
        "prof_diet0001": ".reflexio/profiles/diet-diet0001.md",
    }
    with settled(root) as index:
        for step in range(40):
            action = rng.choice(["write", "supersede", "supersede", "hand-add", "hand-delete", "age"])
            new_id = f"prof_s{step:07d}"
            if action == "write":
                apply_plan(plan(write(new_id, "topic", f"Fact number {step}.")), root, now=NOW)
                active[new_id] = memory_path("profile", "topic", new_id)
            elif action == "supersede" and active:
                old_id = rng.choice(sorted(active))
                apply_plan(
                    supersede(active.pop(old_id), old_id, new_id, "topic", f"Update {step}."), root, now=NOW
                )
                active[new_id] = memory_path("profile", "topic", new_id)
            elif action == "hand-add":
                active[new_id] = write_profile(root, new_id, "manual", f"Hand fact {step}.")
            elif action == "hand-delete" and active:
                (root / active.pop(rng.choice(sorted(active)))).unlink()
            elif action == "age":
                age(root)
            if rng.random() < 0.7:
                index.refresh()
                assert rows(index) == rebuilt(root), step
        index.refresh()
        assert rows(index) == rebuilt(root)
