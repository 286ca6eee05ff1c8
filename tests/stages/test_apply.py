"""apply_plan: writes, archives, journals; an invalid plan writes nothing."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from memscribe.errors import StoreError
from memscribe.schemas.memory import MemoryKind
from memscribe.schemas.plan import ArchiveOp, Plan, WriteOp
from memscribe.store.atomic import write_new_file
from memscribe.store.files import (
    archive_path,
    memory_path,
    parse_memory_file,
    render_playbook,
    render_profile,
)
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan, finish_interrupted

NOW = dt.datetime(2026, 4, 17, 9, 30, tzinfo=dt.UTC)
LATER = dt.datetime(2026, 5, 1, 12, 0, 5, tzinfo=dt.UTC)


def write_op(
    kind: MemoryKind,
    slug: str,
    memory_id: str,
    body: str = "User is vegan.",
    supersedes: tuple[str, ...] = (),
) -> WriteOp:
    if kind == "profile":
        text = render_profile(id=memory_id, created=NOW, ttl="infinity", body=body, supersedes=supersedes)
    else:
        text = render_playbook(id=memory_id, created=NOW, when="a", what=body, why="c", supersedes=supersedes)
    return WriteOp(
        kind=kind,
        id=memory_id,
        slug=slug,
        path=memory_path(kind, slug, memory_id),
        text=text,
        body=body,
        ttl="infinity" if kind == "profile" else None,
        evidence=[1],
        supersedes=list(supersedes),
    )


def archive_op(
    kind: MemoryKind, path: str, memory_id: str, by: str | None, reason: str = "contradicted"
) -> ArchiveOp:
    return ArchiveOp(
        kind=kind, id=memory_id, path=path, archive_path=archive_path(path), superseded_by=by, reason=reason
    )


def plan(*ops: WriteOp | ArchiveOp) -> Plan:
    return Plan(
        transcript="t.jsonl",
        format="claude",
        model="fake",
        created="2026-05-01T12:00:05Z",
        operations=list(ops),
    )


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def test_writes_new_files_and_journals(tmp_path: Path) -> None:
    ops = [write_op("profile", "diet-vegan", "prof_aaaaaaaa"), write_op("playbook", "commit", "pbk_bbbbbbbb")]
    result = apply_plan(plan(*ops), tmp_path, now=LATER)
    assert result.written == [
        ".reflexio/profiles/diet-vegan-aaaaaaaa.md",
        ".reflexio/playbooks/commit-bbbbbbbb.md",
    ]
    assert result.archived == []
    for op in ops:
        assert (tmp_path / op.path).read_text(encoding="utf-8") == op.text
    assert result.journal is not None
    assert result.journal.startswith(".reflexio/.journal/20260501T120005Z-")
    assert result.journal.endswith(".done.json")
    assert Plan.model_validate_json((tmp_path / result.journal).read_text()) == plan(*ops)
    assert MemoryRoot(tmp_path).pending_journals() == []
    assert [e.id for e in MemoryRoot(tmp_path).entries()] == ["pbk_bbbbbbbb", "prof_aaaaaaaa"]


def test_supersede_archives_with_metadata(tmp_path: Path) -> None:
    old = write_op("profile", "diet", "prof_oldoldol", body="User is vegetarian.")
    apply_plan(plan(old), tmp_path, now=NOW)
    new = write_op("profile", "diet", "prof_newnewne", body="User is vegan.", supersedes=("prof_oldoldol",))
    result = apply_plan(plan(new, archive_op("profile", old.path, old.id, new.id)), tmp_path, now=LATER)
    assert result.written == [new.path]
    assert result.archived == [".reflexio/.archive/profiles/diet-oldoldol.md"]
    assert not (tmp_path / old.path).exists()
    archived_text = (tmp_path / result.archived[0]).read_text()
    assert archived_text == old.text.replace(
        "expires: never\n---\n",
        "expires: never\n"
        "superseded_by: prof_newnewne\n"
        "superseded_at: 2026-05-01T12:00:05Z\n"
        "archive_reason: contradicted\n"
        "---\n",
    )
    entry = parse_memory_file(archived_text, result.archived[0])
    assert entry.id == old.id and entry.body == "User is vegetarian."
    root = MemoryRoot(tmp_path)
    assert [e.id for e in root.entries()] == ["prof_newnewne"]
    assert root.taken_ids() == {"prof_oldoldol", "prof_newnewne"}
    assert root.half_archived() == []


def test_archive_without_successor_and_taken_archive_name(tmp_path: Path) -> None:
    old = write_op("playbook", "deploy", "pbk_oldoldol")
    apply_plan(plan(old), tmp_path)
    taken = tmp_path / archive_path(old.path)
    taken.parent.mkdir(parents=True)
    taken.write_text("someone else's archived file")
    result = apply_plan(
        plan(archive_op("playbook", old.path, old.id, None, "expired\nfor good")), tmp_path, now=LATER
    )
    assert result.archived == [".reflexio/.archive/playbooks/deploy-oldoldol-2.md"]
    assert taken.read_text() == "someone else's archived file"
    text = (tmp_path / result.archived[0]).read_text()
    assert "superseded_by" not in text
    assert "superseded_at: 2026-05-01T12:00:05Z\narchive_reason: expired for good\n---\n" in text
    assert parse_memory_file(text, result.archived[0]).slug == "deploy"


def test_empty_plan_touches_nothing(tmp_path: Path) -> None:
    result = apply_plan(plan(), tmp_path)
    assert result.written == [] and result.archived == [] and result.journal is None
    assert list(tmp_path.iterdir()) == []


EXISTING = write_op("profile", "existing", "prof_exexexex")
GOOD = write_op("profile", "fresh", "prof_frfrfrfr")


def _bad_plans() -> dict[str, Plan]:
    def tweak(**changes: object) -> WriteOp:
        return GOOD.model_copy(update=changes)

    other_text = render_profile(id="prof_zzzzzzzz", created=NOW, ttl="infinity", body="x")
    return {
        "parent escape": plan(tweak(path="../evil-frfrfrfr.md")),
        "dotdot inside": plan(tweak(path=".reflexio/profiles/../../evil-frfrfrfr.md")),
        "absolute": plan(tweak(path="/tmp/evil-frfrfrfr.md")),
        "wrong kind dir": plan(tweak(path=".reflexio/playbooks/fresh-frfrfrfr.md")),
        "not markdown": plan(tweak(path=".reflexio/profiles/fresh-frfrfrfr.txt")),
        "nested": plan(tweak(path=".reflexio/profiles/sub/fresh-frfrfrfr.md")),
        "overwrite": plan(GOOD, EXISTING.model_copy(update={"id": "prof_qqqqqqqq"})),
        "text id differs": plan(tweak(text=other_text)),
        "unparseable text": plan(tweak(text="hello")),
        "slug differs": plan(tweak(slug="other")),
        "supersedes differs": plan(tweak(supersedes=["prof_exexexex"])),
        "id taken": plan(write_op("profile", "again", "prof_exexexex")),
        "id written twice": plan(GOOD, tweak(path=".reflexio/profiles/again-frfrfrfr.md", slug="again")),
        "same path twice": plan(GOOD, GOOD),
        "archive missing": plan(
            GOOD, archive_op("profile", ".reflexio/profiles/gone-gggggggg.md", "prof_gggggggg", None)
        ),
        "archive id differs": plan(GOOD, archive_op("profile", EXISTING.path, "prof_yyyyyyyy", GOOD.id)),
        "archive kind dir": plan(GOOD, archive_op("playbook", EXISTING.path, EXISTING.id, GOOD.id)),
        "archive twice": plan(
            GOOD,
            archive_op("profile", EXISTING.path, EXISTING.id, GOOD.id),
            archive_op("profile", EXISTING.path, EXISTING.id, GOOD.id),
        ),
        "archive dest": plan(
            GOOD,
            archive_op("profile", EXISTING.path, EXISTING.id, GOOD.id).model_copy(
                update={"archive_path": ".reflexio/profiles/x.md"}
            ),
        ),
        "unknown successor": plan(GOOD, archive_op("profile", EXISTING.path, EXISTING.id, "prof_nobodyyy")),
        "self successor": plan(archive_op("profile", EXISTING.path, EXISTING.id, EXISTING.id)),
    }


@pytest.mark.parametrize("name", list(_bad_plans()))
def test_invalid_plan_writes_nothing(tmp_path: Path, name: str) -> None:
    apply_plan(plan(EXISTING), tmp_path)
    before = snapshot(tmp_path)
    with pytest.raises(StoreError, match="invalid plan"):
        apply_plan(_bad_plans()[name], tmp_path)
    assert snapshot(tmp_path) == before
    assert not (tmp_path.parent / "evil-frfrfrfr.md").exists()


def test_symlinked_folder_escape_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "root"
    (root / ".reflexio").mkdir(parents=True)
    (root / ".reflexio/profiles").symlink_to(outside)
    with pytest.raises(StoreError, match="symlink|escapes"):
        apply_plan(plan(GOOD), root)
    assert list(outside.iterdir()) == []


def test_locked_root_is_refused(tmp_path: Path) -> None:
    with MemoryRoot(tmp_path).lock():
        with pytest.raises(StoreError, match="locked by pid"):
            apply_plan(plan(GOOD), tmp_path, lock_timeout=0)
    assert not (tmp_path / GOOD.path).exists()


def test_crash_between_archive_copy_and_unlink_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = write_op("profile", "diet", "prof_oldoldol", body="User is vegetarian.")
    apply_plan(plan(old), tmp_path)
    new = write_op("profile", "diet", "prof_newnewne", supersedes=(old.id,))

    def crash(self: Path, missing_ok: bool = False) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("pathlib.Path.unlink", crash)
    with pytest.raises(StoreError, match="no space left"):
        apply_plan(plan(new, archive_op("profile", old.path, old.id, new.id)), tmp_path)
    monkeypatch.undo()

    root = MemoryRoot(tmp_path)
    assert (tmp_path / old.path).read_text() == old.text  # still active
    assert (tmp_path / archive_path(old.path)).exists()  # and archived
    assert [e.path for e in root.half_archived()] == [old.path]
    pending = root.pending_journals()
    assert len(pending) == 1
    assert json.loads(pending[0].read_text())["operations"][1]["op"] == "archive"
    assert finish_interrupted(tmp_path) == [old.path]
    assert [e.id for e in root.entries()] == [new.id]
    assert root.half_archived() == []


def test_disk_full_during_writes_rolls_the_plan_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = write_op("profile", "one", "prof_11111111")
    second = write_op("profile", "two", "prof_22222222")
    real = write_new_file
    calls: list[Path] = []

    def flaky(path: Path, text: str) -> None:
        calls.append(path)
        if path.name == "two-22222222.md":
            raise StoreError(f"cannot write {path}: no space left on device", path=str(path))
        real(path, text)

    monkeypatch.setattr("memscribe.store.transaction.write_new_file", flaky)
    with pytest.raises(StoreError, match="no space"):
        apply_plan(plan(first, second), tmp_path)
    # Issue 6: a refused write leaves nothing partial: the plan's earlier files and its journal go.
    assert not (tmp_path / first.path).exists()
    assert not (tmp_path / second.path).exists()
    assert MemoryRoot(tmp_path).pending_journals() == []


@pytest.mark.parametrize("with_index", [False, True])
def test_ids_in_use_are_found_without_scanning_the_root(tmp_path: Path, with_index: bool) -> None:
    """Validation looks up exactly the plan's ids: in the index when there is one, else among
    file names (``<slug>-<suffix>[-N].md``), each confirmed by parsing that file."""
    from memscribe.index import open_index

    apply_plan(plan(EXISTING), tmp_path)
    old = write_op("profile", "older", "prof_oldoldol")
    apply_plan(plan(old), tmp_path)
    apply_plan(plan(GOOD, archive_op("profile", old.path, old.id, GOOD.id)), tmp_path)  # old: archived only
    copy = tmp_path / ".reflexio/.archive/profiles/older-oldoldol-2.md"  # a second archived copy
    copy.write_text((tmp_path / archive_path(old.path)).read_text())
    (tmp_path / archive_path(old.path)).unlink()
    if with_index:
        open_index(tmp_path).close()

    def memory() -> dict[str, bytes]:  # the index is derived data: a refresh may update it
        return {k: v for k, v in snapshot(tmp_path).items() if not k.startswith(".reflexio/.index/")}

    before = memory()
    for bad in (
        plan(write_op("profile", "again", "prof_exexexex")),  # active
        plan(write_op("profile", "again", "prof_oldoldol")),  # archived (as -2)
        plan(
            write_op("profile", "x", "prof_nnnnnnnn"),
            archive_op("profile", EXISTING.path, EXISTING.id, old.id),
        ),
    ):
        with pytest.raises(StoreError, match="invalid plan"):
            apply_plan(bad, tmp_path)
        assert memory() == before
    # A name that merely ends like an id suffix is not that id.
    apply_plan(plan(write_op("profile", "lookalike", "prof_xoldoldol")), tmp_path)


def test_an_id_in_a_hand_named_file_is_found_through_the_index(tmp_path: Path) -> None:
    from memscribe.index import open_index

    (tmp_path / ".reflexio/profiles").mkdir(parents=True)
    (tmp_path / ".reflexio/profiles/my-notes.md").write_text(EXISTING.text)  # named otherwise
    open_index(tmp_path).close()
    with pytest.raises(StoreError, match="already in use"):
        apply_plan(plan(write_op("profile", "again", EXISTING.id)), tmp_path)
    # Its id is active, so it may be superseded.
    apply_plan(
        plan(
            write_op("profile", "fresh", GOOD.id, supersedes=(EXISTING.id,)),
            archive_op("profile", ".reflexio/profiles/my-notes.md", EXISTING.id, GOOD.id),
        ),
        tmp_path,
    )
