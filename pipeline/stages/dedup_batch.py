"""Dedup with one model call per run: every candidate that needs a decision is asked at once.

An LLM call costs a round trip and repeats the instructions, and a session that states several
facts a stored memory touches would otherwise cost one call each. Candidates are prepared in
order exactly as :func:`memscribe.stages.dedup.dedup_all` prepares them (restatements of earlier
candidates, near-identical stored entries and unrelated candidates are decided without the
model). A lone candidate that needs the model is asked with ``dedup.j2`` as before; two or
more go in one ``dedup_batch.j2`` call, one decision per numbered item.

What one-by-one decisions get from their order is kept when the answers are recorded, in
candidate order: a stored memory replaced by an earlier candidate is not replaced again (the
later update is kept as a new memory); one an earlier candidate updated only in part
(``Accepted.narrowed``) is recorded against the part left standing, which a later candidate may
replace (archived whole) or narrow again; and a candidate that restates an earlier one still
waiting for its decision is dropped as a duplicate of it (whatever is decided for the earlier
one, the later adds nothing). An item the answer leaves out is skipped and reported
(``model_error``), never written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from memscribe import kinds
from memscribe.errors import ModelError
from memscribe.model.base import Message, StructuredModel
from memscribe.prompting import render_messages
from memscribe.relatedness import MemoryView
from memscribe.schemas.candidates import DedupBatchDecision, DedupDecision
from memscribe.schemas.requests import DedupBatchRequest, DedupRequest
from memscribe.stages.dedup import (
    Accepted,
    Candidate,
    DedupResult,
    Pending,
    Priors,
    as_narrowed,
    ask_one,
    model_error,
    prepare,
    record,
)


def dedup_batched(
    candidates: dict[str, Sequence[Candidate]],
    view: MemoryView,
    *,
    model: StructuredModel,
    said_of: Callable[[Candidate], str],
) -> DedupResult:
    """Decide every kind's candidates (kinds in registry order) with at most one model call."""
    priors = Priors.of_run(candidates)
    staged: list[tuple[Pending | None, DedupResult]] = []
    for spec in kinds.KINDS:
        for cand in candidates.get(spec.name, ()):
            local = DedupResult()
            pending = prepare(spec.name, cand, view, local, priors, said_of(cand))
            # a pending candidate counts as earlier for the restatement check; it claims
            # nothing until its decision is known
            for item in local.accepted if pending is None else [Accepted(spec.name, cand)]:
                priors.add(item)
            staged.append((pending, local))
    waiting = [p for p, _ in staged if p is not None]
    result = DedupResult()
    if len(waiting) == 1:
        # one decision: the one-candidate prompt, exactly as one-by-one dedup asks it
        asked = DedupResult()
        ask_one(waiting[0], model, asked)
        result.calls = asked.calls
        answers: dict[int, DedupResult | DedupDecision | str] = {id(waiting[0]): asked}
    else:
        answers = _ask_all(waiting, model, result) if waiting else {}
    # what the answers recorded so far replace, whole (claimed) or in part (narrowed)
    recorded = Priors()
    for pending, local in staged:
        outcome = local
        if pending is not None:
            answer = answers[id(pending)]
            if isinstance(answer, DedupResult):
                outcome = answer
            else:
                outcome = DedupResult()
                if isinstance(answer, str):
                    model_error(pending, answer, outcome)
                else:
                    request = pending.request
                    # a stored memory an earlier answer narrowed is what is left of it
                    standing = as_narrowed(request.shortlist, request.text, recorded)
                    request = request.model_copy(update={"shortlist": tuple(standing)})
                    allowed = {s.id for s in request.shortlist}
                    record(
                        pending.kind,
                        pending.candidate,
                        answer,
                        allowed,
                        outcome,
                        frozenset(recorded.claimed),
                        asked=request,
                        shown=request,
                    )
        for item in outcome.accepted:
            recorded.add(item)
        result.accepted.extend(outcome.accepted)
        result.skipped.extend(outcome.skipped)
    return result


def batch_messages(requests: Sequence[DedupRequest]) -> list[Message]:
    """The ``dedup_batch.j2`` messages for ``requests`` (two or more), numbered from 1 in order."""
    return render_messages(
        "dedup_batch.j2",
        items=[
            {
                "number": n,
                "kind": r.kind,
                "candidate": r.text,
                "said": r.said,
                "existing": [{"id": s.id, "text": s.text, "created": s.created} for s in r.shortlist],
            }
            for n, r in enumerate(requests, start=1)
        ],
    )


def _ask_all(
    waiting: list[Pending], model: StructuredModel, result: DedupResult
) -> dict[int, DedupResult | DedupDecision | str]:
    """One ``dedup_batch.j2`` call for ``waiting``: each one's decision, or why it has none,
    keyed by ``id(pending)``."""
    request = DedupBatchRequest(items=tuple(p.request for p in waiting))
    messages = batch_messages(request.items)
    result.calls += 1
    try:
        answer = model.generate(
            task="dedup", messages=messages, response_model=DedupBatchDecision, request=request
        )
    except ModelError as exc:
        return {id(p): str(exc) for p in waiting}
    by_item: dict[int, DedupDecision] = {}
    for decision in answer.decisions:
        # the first answer for an item counts
        by_item.setdefault(decision.item, DedupDecision.model_validate(decision.model_dump(exclude={"item"})))
    return {
        id(p): by_item.get(n, f"the batched dedup answer has no decision for item {n}")
        for n, p in enumerate(waiting, start=1)
    }
