"""The embedded answer to ``consolidate``: merge only restatements, never contradictions."""

from __future__ import annotations

from memscribe.schemas.candidates import ConsolidateAction, ConsolidateDecision
from memscribe.schemas.requests import ClusterItem, ConsolidateRequest
from memscribe.textsim import normalize, similarity

#: Similar enough (lexically) to an existing entry to count as a restatement.
RESTATEMENT_SCORE = 0.6


def restatement_decision(
    request: ConsolidateRequest, *, restatement_score: float = RESTATEMENT_SCORE
) -> ConsolidateDecision:
    """Merge only restatements, never contradictions.

    Picks the largest group of items that restate one anchor item (same normalized text, or a
    similarity of at least ``restatement_score``); the newest anchor wins ties (:func:`_age`:
    entries of one second by their text, slug, then id, never by a random id alone). Different
    values on one topic are kept: supersession is decided when a new fact arrives, not
    guessed afterwards. The merged text is the newest member's (no ``merged_*`` fields).
    """
    items = list(request.items)
    best: list[str] = []
    for anchor in sorted(items, key=_age, reverse=True):
        group = [
            i.id
            for i in items
            if i.id == anchor.id
            or normalize(i.text) == normalize(anchor.text)
            or similarity(i.text, anchor.text) >= restatement_score
        ]
        if len(group) > len(best):
            best = group
    if len(best) < 2:
        return ConsolidateDecision(action="keep_all", reason="no two entries restate each other")
    newest = max((i for i in items if i.id in best), key=_age)
    action: ConsolidateAction = "merge_all" if len(best) == len(items) else "merge_subset"
    return ConsolidateDecision(action=action, merge_ids=best, reason=f"restatements of {newest.id}")


def _age(item: ClusterItem) -> tuple[str, str, str, str]:
    """An item's age as :func:`memscribe.kinds.base.age_order` orders entries: ``created``,
    then its text, slug and id (ids are random; ``created`` is to the second)."""
    return item.created, item.text, item.slug, item.id
