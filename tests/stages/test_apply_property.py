"""Property: any sequence of write / supersede / expire plans leaves a valid directory."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import ArchiveOp, Plan, WriteOp
from memscribe.store.files import (
    archive_path,
    make_slug,
    memory_path,
    parse_memory_file,
    parse_playbook_sections,
    render_playbook,
    render_profile,
)
from memscribe.store.ids import new_id
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan

NOW = dt.datetime(2026, 4, 17, 9, 30, tzinfo=dt.UTC)
text = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=40).filter(
    lambda s: s.replace("\r", "\n").strip() != ""
)
new_step = st.tuples(st.just("new"), st.sampled_from(["profile", "playbook"]), st.text(max_size=30), text)
supersede_step = st.tuples(st.just("supersede"), st.integers(0, 50), text)
expire_step = st.tuples(st.just("expire"), st.integers(0, 50))
steps = st.lists(st.one_of(new_step, supersede_step, expire_step), min_size=1, max_size=12)


def _write(
    kind: MemoryKind, slug: str, taken: set[str], body: str, supersedes: tuple[str, ...] = ()
) -> WriteOp:
    memory_id = new_id(kind, taken)
    taken.add(memory_id)
    if kind == "profile":
        rendered = render_profile(
            id=memory_id, created=NOW, ttl="one_month", body=body, supersedes=supersedes
        )
    else:
        rendered = render_playbook(
            id=memory_id, created=NOW, when=body, what=body, why=body, supersedes=supersedes
        )
    return WriteOp(
        kind=kind,
        id=memory_id,
        slug=slug,
        path=memory_path(kind, slug, memory_id),
        text=rendered,
        body=body,
        evidence=[0],
        supersedes=list(supersedes),
    )


def _archive(old: MemoryEntry, by: str | None, reason: str) -> ArchiveOp:
    return ArchiveOp(
        kind=old.kind,
        id=old.id,
        path=old.path,
        archive_path=archive_path(old.path),
        superseded_by=by,
        reason=reason,
    )


def _plan_for(step: tuple[object, ...], root: MemoryRoot) -> Plan:
    active = root.entries()
    taken = root.taken_ids()
    ops: list[WriteOp | ArchiveOp] = []
    if step[0] == "new":
        _, kind, topic, body = step
        ops.append(_write(kind, make_slug(str(topic)), taken, str(body)))  # type: ignore[arg-type]
    elif active and step[0] == "supersede":
        old = active[int(step[1]) % len(active)]  # type: ignore[call-overload]
        new = _write(old.kind, old.slug, taken, str(step[2]), supersedes=(old.id,))
        ops += [new, _archive(old, new.id, "contradicted")]
    elif active:
        ops.append(_archive(active[int(step[1]) % len(active)], None, "expired"))  # type: ignore[call-overload]
    return Plan(transcript="t", format="claude", model="fake", created="now", operations=ops)


def _check_directory(root: Path) -> None:
    reflexio = root / ".reflexio"
    if not reflexio.exists():
        return
    ids: list[str] = []
    for file in sorted(reflexio.rglob("*")):
        rel = file.relative_to(root).as_posix()
        if file.is_dir() or rel in (".reflexio/.lock",):
            continue
        assert not file.name.startswith("."), f"temp file left behind: {rel}"
        if rel.startswith(".reflexio/.journal/"):
            assert rel.endswith(".done.json"), rel
            continue
        entry = parse_memory_file(file.read_text(encoding="utf-8"), rel)
        ids.append(entry.id)
        if entry.kind == "playbook":
            assert set(parse_playbook_sections(entry.body)) == {"when", "what", "why"}
    assert len(ids) == len(set(ids)), "an id appears twice"
    memory_root = MemoryRoot(root)
    assert memory_root.problems == []
    assert memory_root.half_archived() == []
    assert memory_root.pending_journals() == []
    known = memory_root.taken_ids()
    for entry in memory_root.entries() + memory_root.archived_entries():
        assert set(entry.supersedes) <= known


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps)
def test_any_sequence_leaves_valid_directory(sequence: list[tuple[object, ...]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root_path = Path(tmp)
        root = MemoryRoot(root_path)
        expected_active = 0
        for step in sequence:
            plan = _plan_for(step, root)
            result = apply_plan(plan, root_path)
            expected_active += len(result.written) - len(result.archived)
            _check_directory(root_path)
            assert len(root.entries()) == expected_active
