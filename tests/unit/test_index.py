"""The derived SQLite index: incremental refresh, rebuild, deletion, shortlist parity, search."""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path

import pytest

from memscribe.index import index_path, open_index
from memscribe.schemas.plan import ArchiveOp, Plan
from memscribe.services.maintenance import lineage
from memscribe.stages.dedup import entry_text, shortlist
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan
from tests.support.races import at_once
from tests.support.store_helpers import write_playbook, write_profile

TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Berlin, Germany.")
    write_profile(tmp_path, "prof_edit0001", "editor", "User uses Neovim as their editor.")
    write_profile(tmp_path, "prof_diet0001", "diet", "User is vegan: no meat, no dairy.", ttl="infinity")
    write_playbook(
        tmp_path,
        "pbk_comm0001",
        "commit-messages",
        "Composing a git commit message",
        "No AI attribution trailers.",
    )
    return tmp_path


def test_refresh_reads_only_changed_files(root: Path) -> None:
    with open_index(root, refresh=False) as index:
        first = index.refresh()
        assert (first.files, first.added, first.read) == (4, 4, 4)
        again = index.refresh()
        assert (again.read, again.added, again.updated, again.removed) == (0, 0, 0, 0)

        edited = root / ".reflexio/profiles/editor-edit0001.md"
        edited.write_text(edited.read_text().replace("Neovim", "Helix"))
        os.utime(edited, ns=(1, 1_000_000_000))  # a different mtime for sure
        touched = root / ".reflexio/profiles/diet-diet0001.md"
        os.utime(touched, ns=(1, 2_000_000_000))  # same bytes, new mtime
        (root / ".reflexio/profiles/home-city-city0001.md").unlink()
        write_profile(root, "prof_tz000001", "timezone", "User's timezone is CET.")

        stats = index.refresh()
        assert stats.read == 3  # edited, touched, new: never the unchanged playbook
        assert (stats.updated, stats.touched, stats.added, stats.removed) == (1, 1, 1, 1)
        assert [h.id for h in index.search("helix editor", namespace="default")] == ["prof_edit0001"]
        assert index.search("neovim", namespace="default") == []


def test_index_can_be_deleted_or_corrupted_and_is_rebuilt(root: Path) -> None:
    with open_index(root) as index:
        assert len(index.entries()) == 4
    location = index_path(root)
    assert location.is_file()
    location.unlink()
    with open_index(root) as index:
        assert len(index.entries()) == 4
    location.write_bytes(b"this is not a database at all" * 100)
    for suffix in ("-wal", "-shm"):
        Path(f"{location}{suffix}").unlink(missing_ok=True)
    with open_index(root) as index:
        assert {e.id for e in index.entries()} == {e.id for e in MemoryRoot(root).entries()}


def test_rebuild_rereads_everything(root: Path) -> None:
    with open_index(root) as index:
        stats = index.refresh(rebuild=True)
        assert (stats.rebuilt, stats.read, stats.added) == (True, 4, 4)


def test_unreadable_file_is_reported_not_indexed(root: Path) -> None:
    (root / ".reflexio/profiles/broken-zzzzzzzz.md").write_text("no frontmatter here\n")
    with open_index(root) as index:
        stats = index.refresh(rebuild=True)
        assert stats.problems == 1 and stats.problem_paths == [".reflexio/profiles/broken-zzzzzzzz.md"]
        assert len(index.entries()) == 4


def test_shortlist_matches_the_list_based_shortlist(root: Path) -> None:
    entries = MemoryRoot(root).entries()
    probes = [
        ("profile", "home-city", "User lives in Amsterdam."),
        ("profile", "editor", "User uses Neovim as their editor."),
        ("profile", "home-city-amsterdam", "User moved to Amsterdam."),
        ("profile", "diet", "User is vegetarian."),
        ("profile", "pets", "User has a cat named Miso."),
        ("playbook", "commit-style", "When: Composing a git commit message\nWhat: Use conventional commits."),
    ]
    with open_index(root) as index:
        for kind, slug, text in probes:
            expected = shortlist(kind, slug, text, entries)  # type: ignore[arg-type]
            assert index.shortlist(kind, slug, text, namespace="default") == expected, (slug, text)  # type: ignore[arg-type]


def test_shortlist_finds_an_exact_restatement_among_many(tmp_path: Path) -> None:
    for i in range(300):
        write_profile(tmp_path, f"prof_f{i:07d}", "fact", f"User owns {i} red bicycles and {i} blue kayaks.")
    text = "User owns 17 red bicycles and 17 blue kayaks."
    with open_index(tmp_path) as index:
        items = index.shortlist("profile", "bikes", text, namespace="default")
    assert items[0].id == "prof_f0000017" and items[0].score == 1.0


def test_search_excludes_archived_and_expired(root: Path) -> None:
    write_profile(
        root,
        "prof_old00001",
        "editor-old",
        "User used Emacs as their editor.",
        ttl="one_day",
        created=dt.datetime(2026, 3, 1, tzinfo=dt.UTC),
    )
    with open_index(root) as index:
        hits = index.search("editor", namespace="default", min_relevance=0.1, today=TODAY)
        assert [h.id for h in hits] == ["prof_edit0001"]  # the Emacs one expired on 2026-03-02
        assert all(0.0 <= h.relevance <= 1.0 for h in hits)
    plan = Plan(
        transcript="t",
        format="store",
        model="none",
        created="2026-06-01T00:00:00Z",
        operations=[
            ArchiveOp(
                kind="profile",
                id="prof_edit0001",
                path=".reflexio/profiles/editor-edit0001.md",
                archive_path=".reflexio/.archive/profiles/editor-edit0001.md",
                reason="test",
            )
        ],
    )
    apply_plan(plan, root)
    with open_index(root) as index:
        assert index.search("editor", namespace="default", min_relevance=0.1, today=TODAY) == []
        archived = index.lookup("prof_edit0001")
        assert archived[0].archived and archived[0].archive_reason == "test"


def test_search_ranks_and_thresholds(root: Path) -> None:
    with open_index(root) as index:
        hits = index.search("git commit message trailers", namespace="default", min_relevance=0.0)
        assert hits[0].id == "pbk_comm0001" and hits[0].kind == "playbook"
        assert index.search("git commit", namespace="default", kind="profile") == []
        assert index.search("quantum chromodynamics", namespace="default", min_relevance=0.0) == []
        assert index.search("", namespace="default") == []
        # FTS syntax in a query is data, not syntax.
        assert index.search('editor" OR NOT "x* NEAR(', namespace="default") is not None


def test_lineage_follows_supersedes_back_and_forward(tmp_path: Path) -> None:
    write_profile(tmp_path, "prof_a0000001", "home-city", "User lives in Berlin.")
    root = MemoryRoot(tmp_path)
    from memscribe.store.files import render_profile

    def supersede(old: str, new: str, body: str) -> None:
        old_entry = next(e for e in root.entries() if e.id == old)
        text = render_profile(
            id=new,
            created=dt.datetime(2026, 2, 1, tzinfo=dt.UTC),
            ttl="one_year",
            body=body,
            supersedes=[old],
        )
        from memscribe.schemas.plan import WriteOp

        plan = Plan(
            transcript="t",
            format="text",
            model="m",
            created="2026-02-01T00:00:00Z",
            operations=[
                WriteOp(
                    kind="profile",
                    id=new,
                    slug="home-city",
                    path=f".reflexio/profiles/home-city-{new[5:]}.md",
                    text=text,
                    body=body,
                    evidence=[0],
                    supersedes=[old],
                ),
                ArchiveOp(
                    kind="profile",
                    id=old,
                    path=old_entry.path,
                    archive_path=f".reflexio/.archive/profiles/{Path(old_entry.path).name}",
                    superseded_by=new,
                    reason="moved",
                ),
            ],
        )
        apply_plan(plan, tmp_path)

    supersede("prof_a0000001", "prof_b0000002", "User lives in Amsterdam.")
    supersede("prof_b0000002", "prof_c0000003", "User lives in Lisbon.")
    with open_index(tmp_path) as index:
        middle = lineage(index, "prof_b0000002")
        assert middle is not None
        assert [e.entry.id for _, e in middle.ancestors] == ["prof_a0000001"]
        assert [e.entry.id for e in middle.successors] == ["prof_c0000003"]
        newest = lineage(index, "prof_c0000003")
        assert newest is not None and not newest.target.archived
        assert [(d, e.entry.id) for d, e in newest.ancestors] == [(1, "prof_b0000002"), (2, "prof_a0000001")]
        assert lineage(index, "prof_nope0000") is None


def test_entry_text_is_what_is_searched(root: Path) -> None:
    with open_index(root) as index:
        pb = next(e for e in index.entries(kind="playbook"))
        assert index.lookup(pb.id)[0].entry == pb
        assert "Why" not in entry_text(pb)


def _open_fresh_index(root: Path) -> str:
    index = open_index(root)
    try:
        return "file" if index.location is not None else "in memory"
    finally:
        index.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks the opening processes")
def test_processes_opening_a_fresh_index_at_once_all_use_the_file(tmp_path: Path) -> None:
    # Several searches or extracts starting together on a new root: "database is locked" while one
    # created the file was once taken for "not a database": the file another process was building
    # deleted, and the index silently kept in memory (rebuilt on every call).
    roots = [tmp_path / f"r{round_}" for round_ in range(20)]
    for root in roots:
        root.mkdir()
    outcomes = at_once(_open_fresh_index, roots)
    assert outcomes == ["file"] * len(outcomes)
    assert not [p for p in tmp_path.rglob("*.new")]  # no private build file left behind
