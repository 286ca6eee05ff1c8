"""Run one evaluation unit through the whole pipeline into a fresh, seeded memory root.

A thin door over the application layer: per step, parse the transcript, then
:func:`memscribe.services.extract.extract_unscoped` plans it against the root's current memories
and the store applies the plan. What the scorer needs is captured before the temporary
root is removed: active and archived entries, the text of every file (for the secret scan), the
gate's verdict and signal turns, and the model usage.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from memscribe.errors import MemscribeError
from memscribe.evaluation.datasets import SeedMemory, Unit
from memscribe.kinds.frontmatter import split_frontmatter
from memscribe.kinds.layout import memory_path
from memscribe.kinds.playbook import parse_playbook_sections, render_playbook
from memscribe.kinds.profile import render_profile
from memscribe.model.base import StructuredModel
from memscribe.model.factory import context_tokens_for
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.transcript import Transcript
from memscribe.services.extract import extract_unscoped
from memscribe.stages.detect import token_counter, window_budget
from memscribe.stages.gate import gate
from memscribe.stages.windows import split_windows
from memscribe.store import open_store
from memscribe.transcript import parse_transcript

#: The evaluation clock: after every seeded memory's creation, before any of them expires.
EVAL_NOW = dt.datetime(2026, 11, 30, 12, 0, 0, tzinfo=dt.UTC)

ModelFactory = Callable[[], StructuredModel]


@dataclass
class StepOutcome:
    name: str
    gate_passed: bool
    user_texts: list[str]
    #: user turns the detector was shown (in a window holding a gate signal)
    signal_texts: list[str]
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    writes: int = 0
    #: the plan's skipped candidates and windows, by reason
    skipped: dict[str, int] = field(default_factory=dict)
    error: str | None = None


@dataclass
class Outcome:
    """What a unit left behind. ``active``/``archived`` are sorted by path."""

    unit: Unit
    active: list[MemoryEntry] = field(default_factory=list)
    archived: list[MemoryEntry] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    steps: list[StepOutcome] = field(default_factory=list)

    @property
    def seed_ids(self) -> set[str]:
        return {m.id for m in self.unit.seed}

    def written(self, kind: str) -> list[MemoryEntry]:
        """Active memories of ``kind`` created by the run (not seeded), sorted by path."""
        seeded = self.seed_ids
        return [e for e in self.active if e.kind == kind and e.id not in seeded]

    def updated(self, kind: str) -> list[MemoryEntry]:
        """Seeded memories of ``kind`` the run updated in place (id kept, an ``updated`` stamp
        in the file: a dedup merge), sorted by path."""
        seeded = self.seed_ids
        return [
            e
            for e in self.active
            if e.kind == kind and e.id in seeded and _updated_in_place(self.files.get(e.path, ""), e.path)
        ]


def _updated_in_place(text: str, path: str) -> bool:
    try:
        meta, _ = split_frontmatter(text, path)
    except MemscribeError:
        return False
    return "updated" in meta


def _parse_stamp(stamp: str) -> dt.datetime:
    return dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def seed_root(root: Path, seed: list[SeedMemory]) -> None:
    """Write the unit's pre-existing memories as files (FORMATS.md §2)."""
    for m in seed:
        created = _parse_stamp(m.created)
        if m.kind == "profile":
            text = render_profile(id=m.id, created=created, ttl=m.ttl or "infinity", body=m.body)
        else:
            sections = parse_playbook_sections(m.body)
            text = render_playbook(
                id=m.id,
                created=created,
                when=sections.get("When") or m.slug.replace("-", " "),
                what=sections.get("What") or m.body,
                why=sections.get("Why") or "Stored earlier.",
            )
        path = root / memory_path("profile" if m.kind == "profile" else "playbook", m.slug, m.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def run_unit(unit: Unit, make_model: ModelFactory, *, now: dt.datetime = EVAL_NOW) -> Outcome:
    """Seed a fresh root, run every step through extract + apply, and capture the result."""
    outcome = Outcome(unit=unit)
    with tempfile.TemporaryDirectory(prefix="memscribe-eval-") as tmp:
        root = Path(tmp)
        seed_root(root, unit.seed)
        for number, step in enumerate(unit.steps):
            moment = now + dt.timedelta(hours=number)
            outcome.steps.append(_run_step(root, step.name, step.text, step.fmt, make_model, moment))
        store = open_store(root)
        outcome.active = store.entries()
        outcome.archived = store.entries(archived=True)
        for path in sorted(root.rglob("*")):
            if path.is_file():
                outcome.files[path.relative_to(root).as_posix()] = path.read_text(
                    encoding="utf-8", errors="replace"
                )
    return outcome


def _turns_seen(
    transcript: Transcript, signal_turns: tuple[int, ...], context_tokens: int, model: StructuredModel
) -> set[int]:
    """Indices of the turns the detector is shown: every turn of a window holding a signal turn.

    Mirrors ``stages.detect`` (the same budget, counted by the model's own token count): a
    labelled fact is "let through" by the gate when its turn reaches the model, whether or not
    that very turn tripped a trigger.
    """
    count = token_counter(model)
    budget = window_budget(context_tokens, count)
    signals = set(signal_turns)
    seen: set[int] = set()
    for window in split_windows(transcript.turns, budget_tokens=budget, count=count):
        if any(t.index in signals for t in window):
            seen.update(t.index for t in window)
    return seen


def _run_step(
    root: Path, name: str, text: str, fmt: str | None, make_model: ModelFactory, moment: dt.datetime
) -> StepOutcome:
    try:
        transcript = parse_transcript(text, source=name, fmt=fmt)
    except MemscribeError as exc:
        return StepOutcome(name, False, [], [], error=f"read: {exc}")
    model = make_model()
    gated = gate(transcript)
    users = transcript.user_turns()
    seen = (
        _turns_seen(transcript, gated.signal_turns, context_tokens_for(model), model)
        if gated.passed
        else set()
    )
    step = StepOutcome(
        name,
        gated.passed,
        [t.text for t in users],
        [t.text for t in users if t.index in seen],
    )
    try:
        plan = extract_unscoped(
            open_store(root), transcript, model, context_tokens=context_tokens_for(model), now=moment
        )
    except MemscribeError as exc:
        step.error = f"{type(exc).__name__}: {exc}"
        return step
    step.llm_calls = plan.usage.llm_calls
    step.prompt_tokens = plan.usage.prompt_tokens
    step.completion_tokens = plan.usage.completion_tokens
    step.writes = sum(1 for op in plan.operations if op.op == "write")
    for skip in plan.skipped:
        step.skipped[skip.reason] = step.skipped.get(skip.reason, 0) + 1
    return step
