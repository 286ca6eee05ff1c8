"""Property: any sequence of writes, supersessions, sweeps and consolidations leaves a root
where every active file parses, every ``supersedes`` id is in the archive, and no two active
entries of one kind and namespace are exact duplicates."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memscribe.index import IndexView, open_index
from memscribe.model.embedded import EmbeddedModel
from memscribe.namespace import stored_namespace
from memscribe.run import in_namespace
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.plan import Plan
from memscribe.services.maintenance import consolidate_root, sweep_root
from memscribe.stages.dedup import dedup as run_dedup
from memscribe.stages.dedup import entry_text
from memscribe.stages.plan import build_operations
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan
from memscribe.textsim import normalize

START = dt.datetime(2026, 1, 1, 9, 0, tzinfo=dt.UTC)
FACTS = {
    "home-city": ["User lives in Berlin.", "User lives in Amsterdam.", "User lives in Berlin, Germany."],
    "editor": ["User uses Neovim as their editor.", "User uses Emacs as their editor.", "User uses Neovim."],
    "diet": ["User is vegan.", "User is vegetarian.", "User is vegan: no meat, no dairy."],
    "running": ["User runs 10k every Sunday.", "User is training for a half marathon."],
}
write_step = st.tuples(
    st.just("write"),
    st.sampled_from(sorted(FACTS)),
    st.integers(0, 2),
    st.sampled_from(["one_day", "one_week", "one_year", "infinity"]),
    st.sampled_from(["default", "coder"]),
)
sweep_step = st.tuples(st.just("sweep"), st.integers(0, 30))
consolidate_step = st.tuples(st.just("consolidate"))
steps = st.lists(st.one_of(write_step, write_step, sweep_step, consolidate_step), min_size=1, max_size=12)


def _write(root: Path, slug: str, choice: int, ttl: str, namespace: str, now: dt.datetime) -> None:
    facts = FACTS[slug]
    cand = ProfileCandidate(slug=slug, ttl=ttl, body=facts[choice % len(facts)], evidence_turns=[0])  # type: ignore[arg-type]
    with open_index(root) as index:
        view = IndexView(index, namespace)
        result = run_dedup([cand], [], [], model=EmbeddedModel(), view=view)
        wanted = sorted({i for a in result.accepted for i in a.supersedes})
        existing = [e for e in (view.get(i) for i in wanted) if e is not None]
        ops = build_operations(result.accepted, existing, taken_ids=index.taken_ids(), now=now)
    stored = stored_namespace(namespace, "default")
    plan = Plan(
        transcript="prop",
        format="text",
        model="embedded",
        created="2026-01-01T00:00:00Z",
        operations=[in_namespace(op, stored) for op in ops],
    )
    apply_plan(plan, root, now=now)


def _check(root: Path) -> None:
    memory = MemoryRoot(root)
    active = memory.entries()
    assert memory.problems == []
    archived = {e.id for e in memory.archived_entries()}
    assert memory.problems == []
    seen: set[tuple[str, str, str]] = set()
    for e in active:
        assert set(e.supersedes) <= archived, (e.id, e.supersedes)
        key = (e.kind, e.namespace or "default", normalize(entry_text(e)))
        assert key not in seen, f"exact duplicate: {e.path}"
        seen.add(key)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps)
def test_any_sequence_leaves_a_valid_root(sequence: list[tuple[object, ...]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        now = START
        for step in sequence:
            now += dt.timedelta(hours=1)
            if step[0] == "write":
                _, slug, choice, ttl, namespace = step
                _write(root, str(slug), int(choice), str(ttl), str(namespace), now)  # type: ignore[call-overload]
            elif step[0] == "sweep":
                now += dt.timedelta(days=int(step[1]))  # type: ignore[call-overload]
                sweep_root(root, now=now)
            else:
                consolidate_root(root, model=EmbeddedModel(), now=now)
            _check(root)
