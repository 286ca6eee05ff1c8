"""Dedup: compare each candidate with the existing memories of its kind (and with the candidates
accepted before it in the same run).

A lexical shortlist decides what a model needs to see: a near-identical entry is a duplicate
without a model call; an entry on the same topic or above the similarity threshold goes to the
model (``dedup.j2``) for keep_both / supersede_old / merge / drop_new; below it, the candidate is
simply new. Every decision is reported with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from memscribe.errors import ModelError
from memscribe.model.base import StructuredModel
from memscribe.prompting import render_messages
from memscribe.textsim import normalize, similarity
from memscribe.schemas.candidates import DedupDecision, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import Skipped
from memscribe.schemas.requests import DedupRequest, ShortlistItem

#: At or above: the same text, dropped without asking a model.
DUPLICATE_SCORE = 0.92
#: At or above (or same topic slug): similar enough that a model decides.
SHORTLIST_SCORE = 0.35
SHORTLIST_SIZE = 3

Candidate = ProfileCandidate | PlaybookCandidate


@dataclass(frozen=True)
class Accepted:
    kind: MemoryKind
    candidate: Candidate
    supersedes: tuple[str, ...] = ()
    merged_body: str | None = None
    reason: str = "new"


@dataclass
class DedupResult:
    accepted: list[Accepted] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    calls: int = 0


def candidate_text(c: Candidate) -> str:
    if isinstance(c, ProfileCandidate):
        return c.body
    return f"When: {c.when}\nWhat: {c.what}"


def entry_text(e: MemoryEntry) -> str:
    if e.kind == "profile":
        return e.body
    return e.body.replace("## When", "When:").replace("## What", "What:").split("## Why")[0].strip()


def topic_of(slug: str) -> str:
    return slug.strip("-")


def same_topic(candidate_slug: str, entry_slug: str) -> bool:
    """``home-city`` matches ``home-city`` and ``home-city-berlin`` (value appended to the topic)."""
    a, b = topic_of(candidate_slug), topic_of(entry_slug)
    return a == b or b.startswith(a + "-") or a.startswith(b + "-")


def shortlist(kind: MemoryKind, slug: str, text: str, entries: Sequence[MemoryEntry]) -> list[ShortlistItem]:
    scored: list[ShortlistItem] = []
    for e in entries:
        if e.kind != kind:
            continue
        score = similarity(text, entry_text(e))
        if score >= SHORTLIST_SCORE or same_topic(slug, e.slug):
            scored.append(
                ShortlistItem(
                    id=e.id, slug=e.slug, text=entry_text(e), created=e.created, score=min(1.0, score)
                )
            )
    scored.sort(key=lambda s: (-s.score, s.id))
    return scored[:SHORTLIST_SIZE]


class MemoryView(Protocol):
    """What dedup needs from the existing memory: a shortlist per candidate and entries by id.

    :class:`ListView` scores a list of entries (small roots, tests); the SQLite index
    (:class:`memscribe.index.IndexView`) answers the same questions at 100k entries. Both are
    already scoped to one namespace.
    """

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]: ...

    def get(self, memory_id: str) -> MemoryEntry | None: ...


class ListView:
    """A :class:`MemoryView` over an in-memory list of active entries."""

    def __init__(self, entries: Sequence[MemoryEntry]) -> None:
        self.entries = list(entries)
        self._by_id = {e.id: e for e in self.entries}

    def shortlist(self, kind: MemoryKind, slug: str, text: str) -> list[ShortlistItem]:
        return shortlist(kind, slug, text, self.entries)

    def get(self, memory_id: str) -> MemoryEntry | None:
        return self._by_id.get(memory_id)


def dedup(
    profiles: Sequence[ProfileCandidate],
    playbooks: Sequence[PlaybookCandidate],
    existing: Sequence[MemoryEntry],
    *,
    model: StructuredModel,
    view: MemoryView | None = None,
) -> DedupResult:
    """Decide each candidate against ``view`` (default: a :class:`ListView` of ``existing``)."""
    result = DedupResult()
    memory = view if view is not None else ListView(existing)
    pending: list[tuple[MemoryKind, Candidate]] = [("profile", p) for p in profiles]
    pending += [("playbook", b) for b in playbooks]
    for kind, cand in pending:
        _decide_one(kind, cand, memory, model, result)
    return result


def _evidence(c: Candidate) -> list[int]:
    if isinstance(c, ProfileCandidate):
        return list(c.evidence_turns)
    return [c.correction_turn, c.adjustment_turn]


def _decide_one(
    kind: MemoryKind,
    cand: Candidate,
    memory: MemoryView,
    model: StructuredModel,
    result: DedupResult,
) -> None:
    text = candidate_text(cand)
    # Candidates accepted earlier in this run count as existing: no duplicate within one plan.
    for prior in result.accepted:
        if prior.kind == kind and similarity(text, candidate_text(prior.candidate)) >= DUPLICATE_SCORE:
            result.skipped.append(
                Skipped(
                    kind=kind,
                    reason="duplicate",
                    evidence=_evidence(cand),
                    detail="same as another candidate in this run",
                )
            )
            return
    claimed = {i for a in result.accepted for i in a.supersedes}
    shortlisted = [s for s in memory.shortlist(kind, cand.slug, text) if s.id not in claimed]
    if not shortlisted:
        result.accepted.append(Accepted(kind, cand))
        return
    top = shortlisted[0]
    if top.score >= DUPLICATE_SCORE or normalize(text) == normalize(top.text):
        result.skipped.append(
            Skipped(kind=kind, reason="duplicate", evidence=_evidence(cand), detail=f"same as {top.id}")
        )
        return
    request = DedupRequest(kind=kind, slug=cand.slug, text=text, shortlist=tuple(shortlisted))
    messages = render_messages(
        "dedup.j2",
        kind=kind,
        candidate=text,
        existing=[{"id": s.id, "text": s.text, "created": s.created} for s in shortlisted],
    )
    result.calls += 1
    try:
        decision = model.generate(
            task="dedup", messages=messages, response_model=DedupDecision, request=request
        )
    except ModelError as exc:
        # Without a decision, writing could duplicate or contradict: skip and report.
        result.skipped.append(
            Skipped(kind=kind, reason="model_error", evidence=_evidence(cand), detail=str(exc))
        )
        return
    _record(kind, cand, decision, {s.id for s in shortlisted}, result)


def _record(
    kind: MemoryKind, cand: Candidate, decision: DedupDecision, allowed: set[str], result: DedupResult
) -> None:
    ids = tuple(i for i in decision.existing_ids if i in allowed)  # never act on ids the model invented
    if decision.action == "drop_new":
        result.skipped.append(
            Skipped(
                kind=kind,
                reason="duplicate",
                evidence=_evidence(cand),
                detail=f"{', '.join(ids) or 'existing'}: {decision.reason}",
            )
        )
    elif decision.action in ("supersede_old", "merge") and ids:
        merged = decision.merged_body if decision.action == "merge" and kind == "profile" else None
        result.accepted.append(
            Accepted(
                kind, cand, supersedes=ids, merged_body=merged, reason=f"{decision.action}: {decision.reason}"
            )
        )
    else:
        result.accepted.append(Accepted(kind, cand, reason=f"keep_both: {decision.reason}"))
