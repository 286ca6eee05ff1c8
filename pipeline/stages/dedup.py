"""Dedup: compare each candidate with the existing memories of its kind (and with the candidates
accepted before it in the same run).

A shortlist (:mod:`memscribe.relatedness`) decides what a model needs to see: a near-identical
entry is a duplicate without a model call; an entry on the same topic or above the similarity
threshold goes to the model (``dedup.j2``) for keep_both / supersede_old / merge / drop_new; below
it, the candidate is simply new. Every decision is reported with its reason. A model's decision to
supersede a stored entry the candidate only restates is carried out as a duplicate
(:func:`restated_by`: a veto on archiving, never an archive the model did not ask for).

The decision also sees what the user said at the candidate's evidence turns: "I left Fintastic
over the summer. I'm at Verdant Grid now" reports a change whose old value ("Fintastic") the
candidate "User is at Verdant Grid now" no longer names. Stored entries holding a value the user
says was left behind join the shortlist (:func:`~memscribe.stages.dedup_extras.left_behind_entries`).

A shortlist of weak matches only (the rule's fallback: nothing related, the best few that share
something) goes to the model only for a candidate that reports a change (:func:`change_cue`, in
its text or the user's words): an update's old value may be worded unlike it, while a new fact
that is merely a little like a stored one is a new fact. Asking about every weak match would cost
a dedup call for nearly every candidate once a namespace holds a few dozen memories.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from memscribe import kinds
from memscribe.errors import ModelError
from memscribe.model.base import StructuredModel
from memscribe.relatedness import (
    DUPLICATE_SCORE,
    SHORTLIST_SCORE,
    SHORTLIST_SIZE,
    ListView,
    MemoryView,
    entry_text,
    qualifies,
    restates,
    same_topic,
    shortlist,
    topic_of,
)
from memscribe.schemas.candidates import DedupDecision, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry, MemoryKind
from memscribe.schemas.plan import Skipped
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.schemas.transcript import Transcript
from memscribe.semantic.pursuit import completes
from memscribe.semantic.relations import lacks
from memscribe.semantic.updates import (
    acquired_head_lacked,
    acquires,
    change_cue,
    left_behind,
    negated,
)
from memscribe.stages.dedup_extras import (
    left_behind_entries,
    named_across_languages,
    other_class_value,
    related_to_sentence,
)
from memscribe.stages.dedup_index import Restatements, token_ranks

Candidate = ProfileCandidate | PlaybookCandidate

#: At most this many characters of the user's words go with a candidate to the decision.
SAID_LIMIT = 800


@dataclass(frozen=True)
class Accepted:
    kind: MemoryKind
    candidate: Candidate
    supersedes: tuple[str, ...] = ()
    merged_body: str | None = None
    reason: str = "new"
    #: a ``merge`` with one stored memory: it is updated in place (its id kept), not replaced
    in_place: bool = False
    #: stored memories among ``supersedes`` the candidate updates only in part (a quotation of
    #: several clauses, one of them updated), each with the body of the part left standing: it
    #: is updated in place to that part, not archived whole (:func:`narrowed`)
    narrowed: tuple[tuple[str, str], ...] = ()


@dataclass
class DedupResult:
    accepted: list[Accepted] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    calls: int = 0


def candidate_text(c: Candidate) -> str:
    """The similarity text of a candidate (its kind decides)."""
    return kinds.of_candidate(c).candidate_text(c)


def dedup(
    profiles: Sequence[ProfileCandidate],
    playbooks: Sequence[PlaybookCandidate],
    existing: Sequence[MemoryEntry],
    *,
    model: StructuredModel,
    view: MemoryView | None = None,
    transcript: Transcript | None = None,
) -> DedupResult:
    """Decide each candidate against ``view`` (default: a :class:`ListView` of ``existing``)."""
    by_kind: dict[str, Sequence[Candidate]] = {"profile": profiles, "playbook": playbooks}
    memory = view if view is not None else ListView(existing)
    return dedup_all(by_kind, memory, model=model, transcript=transcript)


def dedup_all(
    candidates: dict[str, Sequence[Candidate]],
    view: MemoryView,
    *,
    model: StructuredModel,
    transcript: Transcript | None = None,
) -> DedupResult:
    """Decide every kind's candidates (``{kind name: candidates}``), kinds in registry order.
    ``transcript`` (redacted) gives each decision the user's words at the candidate's evidence.

    A model that sets ``batches_dedup`` (an LLM: each call costs a round trip and repeats the
    instructions) is asked once for all the candidates that need a decision
    (:mod:`memscribe.stages.dedup_batch`); the embedded model decides them one by one."""
    # the user's words at the candidates' evidence turns, not a map of every user turn
    cited = {i for group in candidates.values() for cand in group for i in _evidence(cand)}
    user_text = (
        {t.index: t.text for t in transcript.turns if t.index in cited and t.role == "user"}
        if transcript
        else {}
    )
    if getattr(model, "batches_dedup", False):
        from memscribe.stages.dedup_batch import dedup_batched

        return dedup_batched(candidates, view, model=model, said_of=lambda c: _said(c, user_text))
    result = DedupResult()
    priors = Priors.of_run(candidates)
    for spec in kinds.KINDS:
        for cand in sorted(candidates.get(spec.name, ()), key=lambda c: _leaves_only(c, priors)):
            seen = len(result.accepted)
            said = _said(cand, user_text)
            _decide_one(spec.name, cand, view, model, result, priors, said)
            for item in result.accepted[seen:]:
                priors.add(item)
    return result


def _leaves_only(cand: Candidate, priors: Priors) -> bool:
    """The candidate says only what was left ("User is not at Google anymore", "das Auto hab ich
    verkauft"): decided after the others (a stable order), so the statement of what holds now
    ("User joined Stripe", "inzwischen alles mit dem Lastenrad") is the one that supersedes the
    stored value when both could; the cessation then stands as a fact of its own."""
    text = candidate_text(cand)
    return bool(priors.change_cue(text) and (negated(text) or left_behind(text)))


class Priors:
    """The candidates accepted so far in this run: their texts, indexed so that a new candidate
    is compared only with those it could restate (:class:`~memscribe.stages.dedup_index.Restatements`),
    and the stored memories they replace. ``ranks``: see
    :func:`~memscribe.stages.dedup_index.token_ranks`."""

    def __init__(self, ranks: Mapping[str, int] | None = None) -> None:
        self.index = Restatements(ranks)
        self.claimed: set[str] = set()
        #: stored entries an earlier candidate narrowed (``Accepted.narrowed``), each with the
        #: body of the part left standing: still open to the run's other candidates, as that part
        self.narrowed: dict[str, str] = {}
        #: :func:`~memscribe.semantic.updates.change_cue` of the texts asked so far: a candidate's
        #: text and the user's words with it are asked by the order, the shortlist and each extra
        #: look-up in turn (one large regex each time); asked once per text in a run.
        self._cues: dict[str, bool] = {}

    @classmethod
    def of_run(cls, candidates: Mapping[str, Sequence[Candidate]]) -> Priors:
        """Empty priors for a run of ``candidates`` (by kind), their tokens ranked over all of them."""
        return cls(token_ranks(candidate_text(c) for group in candidates.values() for c in group))

    def add(self, item: Accepted) -> None:
        self.index.add(item.kind, candidate_text(item.candidate))
        standing = dict(item.narrowed)
        self.narrowed.update(standing)
        self.claimed.update(i for i in item.supersedes if i not in standing)

    def restated(self, kind: str, text: str) -> bool:
        """:func:`~memscribe.relatedness.restates` of ``text`` and some earlier text of ``kind``."""
        return self.index.restated(kind, text)

    def change_cue(self, text: str) -> bool:
        """:func:`~memscribe.semantic.updates.change_cue` of ``text``, found once per run."""
        cue = self._cues.get(text)
        if cue is None:
            cue = self._cues[text] = change_cue(text)
        return cue


def _evidence(c: Candidate) -> list[int]:
    return kinds.of_candidate(c).evidence(c)


def _said(cand: Candidate, user_text: dict[int, str]) -> str:
    """The user's words at the candidate's evidence turns, at most SAID_LIMIT characters."""
    said = "\n".join(user_text[i] for i in sorted(set(_evidence(cand))) if i in user_text)
    return said[:SAID_LIMIT]


def _weak_only(slug: str, shortlisted: Sequence[ShortlistItem]) -> bool:
    """The shortlist holds fallback matches only: none is related to the candidate."""
    return bool(shortlisted) and not any(qualifies(s.score, slug, s.slug) for s in shortlisted)


def _turns_a_lack(text: str, shortlisted: Sequence[ShortlistItem]) -> bool:
    """The candidate acquires what a shortlisted entry says the user lacks ("用户买了一辆车" /
    "用户没有车": few shared words, yet one is the other's update)."""
    return acquires(text) and any(lacks(s.text) and acquired_head_lacked(text, s.text) for s in shortlisted)


def holds_nothing(memory: MemoryView) -> bool:
    """The view says it holds no memory at all (``holds_nothing``: an empty root's view, a
    :class:`ListView` of nothing): its shortlist, and so every extra look-up of :func:`prepare`,
    finds nothing, and the texts those look-ups are built from (change cues, the user's
    sentences, value classes) need not be read. A view without the attribute is asked."""
    return getattr(memory, "holds_nothing", False) is True


@dataclass(frozen=True)
class Pending:
    """A candidate that needs the model's decision: its request and the shortlist it shows."""

    kind: MemoryKind
    candidate: Candidate
    request: DedupRequest


def _decide_one(
    kind: MemoryKind,
    cand: Candidate,
    memory: MemoryView,
    model: StructuredModel,
    result: DedupResult,
    priors: Priors,
    said: str = "",
) -> None:
    pending = prepare(kind, cand, memory, result, priors, said, across_languages=True)
    if pending is not None:
        ask_one(pending, model, result)


def prepare(
    kind: MemoryKind,
    cand: Candidate,
    memory: MemoryView,
    result: DedupResult,
    priors: Priors,
    said: str = "",
    *,
    across_languages: bool = False,
) -> Pending | None:
    """Decide ``cand`` without the model where the shortlist allows (recorded in ``result``);
    otherwise the request the model must answer. ``across_languages`` (the embedded decision)
    adds the stored entries in another language whose names the user said
    (:func:`~memscribe.stages.dedup_extras.named_across_languages`)."""
    text = candidate_text(cand)
    # Candidates accepted earlier in this run count as existing: no duplicate within one plan.
    if priors.restated(kind, text):
        result.skipped.append(
            Skipped(
                kind=kind,
                reason="duplicate",
                evidence=_evidence(cand),
                detail="same as another candidate in this run",
            )
        )
        return None
    if holds_nothing(memory):  # every look-up below would find nothing: the candidate is new
        result.accepted.append(Accepted(kind, cand))
        return None
    claimed = priors.claimed
    shortlisted = as_narrowed(
        [s for s in memory.shortlist(kind, cand.slug, text) if s.id not in claimed], text, priors
    )
    cue = priors.change_cue(text)
    if _weak_only(cand.slug, shortlisted) and not (
        cue or priors.change_cue(said) or _turns_a_lack(text, shortlisted)
    ):
        shortlisted = []
    listed = {s.id for s in shortlisted}
    extras = left_behind_entries(kind, cue, said, memory)
    if across_languages:
        extras += named_across_languages(kind, text, said, memory, cue)
        extras += other_class_value(kind, text, said, memory, cue or priors.change_cue(said))
        extras += related_to_sentence(kind, text, said, memory, cue)
    for extra in as_narrowed(extras, text, priors):
        if extra.id not in claimed and extra.id not in listed:
            shortlisted.append(extra)
            listed.add(extra.id)
    if not shortlisted:
        result.accepted.append(Accepted(kind, cand))
        return None
    top = shortlisted[0]
    if restates(text, top.text):
        result.skipped.append(
            Skipped(
                kind=kind,
                reason="duplicate",
                evidence=_evidence(cand),
                detail=f"same as {top.id}",
                same_as=[top.id],
            )
        )
        return None
    request = DedupRequest(kind=kind, slug=cand.slug, text=text, shortlist=tuple(shortlisted), said=said)
    return Pending(kind, cand, request)


def as_narrowed(items: Sequence[ShortlistItem], text: str, priors: Priors) -> list[ShortlistItem]:
    """``items`` with each stored entry an earlier candidate of the run narrowed shown as the
    part left standing (its text and its score against ``text``): a later candidate decides on
    what is still stored, and may update that part too."""
    if not priors.narrowed:
        return list(items)
    from memscribe.relatedness import scores

    out: list[ShortlistItem] = []
    for s in items:
        rest = priors.narrowed.get(s.id)
        if rest is not None:
            score = min(max(scores(text, [rest])[0], 0.0), 1.0)
            s = s.model_copy(update={"text": rest, "score": score})
        out.append(s)
    return out


def ask_one(pending: Pending, model: StructuredModel, result: DedupResult) -> None:
    """One model call (``dedup.j2``) for one candidate; its decision recorded in ``result``."""
    from memscribe.stages.detect import reads_prompt

    request = pending.request
    messages = []
    reads = reads_prompt(model)
    if reads:  # the embedded model answers from the request: no template render
        from memscribe.prompting import render_messages

        messages = render_messages(
            "dedup.j2",
            kind=request.kind,
            candidate=request.text,
            said=request.said,
            existing=[{"id": s.id, "text": s.text, "created": s.created} for s in request.shortlist],
        )
    result.calls += 1
    try:
        decision = model.generate(
            task="dedup", messages=messages, response_model=DedupDecision, request=request
        )
    except ModelError as exc:
        # Without a decision, writing could duplicate or contradict: skip and report.
        model_error(pending, str(exc), result)
        return
    allowed = {s.id for s in request.shortlist}
    # the embedded decision applies its own restatement test, after its update rules: no veto
    asked = request if reads else None
    record(pending.kind, pending.candidate, decision, allowed, result, asked=asked, shown=request)


def restated_by(request: DedupRequest, ids: Sequence[str]) -> list[str]:
    """The stored entries among ``ids`` (on ``request``'s shortlist) that the candidate only
    restates: no change cue, the same polarity, no value that differs, and the same content (the
    embedded decision's test, :func:`memscribe.model.embedded.dedup.restates`), and no pursuit
    of it reached (a completion names its goal again: "finished the Berlin Marathon" / "is
    training for the Berlin Marathon", :func:`~memscribe.semantic.pursuit.completes`). A
    statement that says again what is stored replaces nothing ("a restatement is a duplicate"),
    whatever a model answered: archiving a true memory costs more than leaving a stale one."""
    from memscribe.model.embedded.dedup import restates as says_again

    wanted = set(ids)
    return [
        s.id
        for s in request.shortlist
        if s.id in wanted and says_again(request.text, s) and not completes(request.text, s.text)
    ]


def narrowed(request: DedupRequest, ids: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The stored entries among ``ids`` (on ``request``'s shortlist) that the candidate updates
    only in part, each with the body of the part it leaves standing: a quotation of several
    clauses of which it updates some (:func:`memscribe.model.embedded.dedup_parts.remainder`:
    "Depuis janvier je travaille chez Thales" / "Je joue du violon et je travaille chez Airbus"
    leaves "Je joue du violon"). An update of one fact takes no other fact out of memory."""
    from memscribe.model.embedded.dedup_parts import remainder

    wanted = set(ids)
    out: list[tuple[str, str]] = []
    for s in request.shortlist:
        if s.id in wanted:
            rest = remainder(request.kind, request.text, request.slug, request.said, s)
            if rest is not None:
                out.append((s.id, rest))
    return tuple(out)


def model_error(pending: Pending, detail: str, result: DedupResult) -> None:
    """No decision for ``pending``: it is skipped and reported, never written."""
    result.skipped.append(
        Skipped(kind=pending.kind, reason="model_error", evidence=_evidence(pending.candidate), detail=detail)
    )


def record(
    kind: MemoryKind,
    cand: Candidate,
    decision: DedupDecision,
    allowed: set[str],
    result: DedupResult,
    claimed: frozenset[str] = frozenset(),
    *,
    asked: DedupRequest | None = None,
    shown: DedupRequest | None = None,
) -> None:
    """Record the model's ``decision`` for ``cand``: only ids it was shown (``allowed``) are acted
    on, and none that an earlier candidate of the run already replaces (``claimed``); an update
    left with nothing to replace is kept as a new memory. A ``merge`` with exactly one stored
    memory updates it in place (``in_place``: a restatement plus a detail keeps its id).

    A ``supersede_old`` of a stored entry (on ``asked``, the request a model that reads the
    prompt answered; the embedded decision applies the same test itself) that the candidate only
    restates is carried out as a duplicate (:func:`restated_by`): the
    check vetoes an archive, never adds one. A stored memory (on ``shown``, the request the
    decision answered) that the candidate updates only in part is narrowed to the rest
    (:func:`narrowed`), not archived whole."""
    # never act on ids the model invented, nor twice on one stored memory
    ids = tuple(i for i in decision.existing_ids if i in allowed and i not in claimed)
    restated = restated_by(asked, ids) if asked is not None and decision.action == "supersede_old" else []
    if restated or decision.action == "drop_new":
        detail = (
            f"restates {', '.join(restated)} (asked to supersede: {decision.reason})"
            if restated
            else f"{', '.join(ids) or 'existing'}: {decision.reason}"
        )
        result.skipped.append(
            Skipped(
                kind=kind,
                reason="duplicate",
                evidence=_evidence(cand),
                detail=detail,
                same_as=list(restated or ids),
            )
        )
    elif decision.action in ("supersede_old", "merge") and ids:
        merge = decision.action == "merge" and kinds.kind(kind).merge_rewrites_body
        merged = decision.merged_body if merge else None
        result.accepted.append(
            Accepted(
                kind,
                cand,
                supersedes=ids,
                merged_body=merged,
                reason=f"{decision.action}: {decision.reason}",
                in_place=decision.action == "merge" and len(ids) == 1,
                narrowed=narrowed(shown, ids)
                if shown is not None and decision.action == "supersede_old"
                else (),
            )
        )
    else:
        result.accepted.append(Accepted(kind, cand, reason=f"keep_both: {decision.reason}"))


__all__ = [
    "DUPLICATE_SCORE",
    "SHORTLIST_SCORE",
    "SHORTLIST_SIZE",
    "Accepted",
    "DedupResult",
    "Pending",
    "ListView",
    "MemoryView",
    "candidate_text",
    "dedup",
    "dedup_all",
    "entry_text",
    "same_topic",
    "shortlist",
    "topic_of",
]
