"""The embedded answer to ``dedup``: supersede a changed value on the same topic, drop a restatement."""

from __future__ import annotations

from memscribe.model.embedded.consolidate import RESTATEMENT_SCORE
from memscribe.model.embedded.directives import literal_values, rule_shape
from memscribe.schemas.candidates import DedupDecision
from memscribe.schemas.requests import DedupRequest


def _replaces_value(new: str, old: str) -> bool:
    """The new text swaps something of the old one (a value changed), rather than restating it."""
    from memscribe.textsim import content_tokens

    a, b = content_tokens(new), content_tokens(old)
    return bool(a - b) and bool(b - a)


def dedup_decision(request: DedupRequest) -> DedupDecision:
    """The embedded dedup answer: supersede an entry of the same topic whose value changed, drop a
    restatement, keep anything else.

    Same topic is the slug (``home-city`` ~ ``home-city-berlin``); a changed value means each text
    has content words the other lacks ("start names with 'e_'" → "... 'f_'"), which the lexical
    score alone would call a near-duplicate.
    """
    from memscribe.stages.dedup import same_topic  # local: the stage module imports the model package

    topical = [s for s in request.shortlist if same_topic(request.slug, s.slug)]
    changed = [s.id for s in topical if _replaces_value(request.text, s.text)]
    new_values = literal_values(request.text)
    if new_values:
        shape = rule_shape(request.text)
        changed += [
            s.id
            for s in request.shortlist
            if s.id not in changed
            and literal_values(s.text)
            and literal_values(s.text) != new_values
            and rule_shape(s.text) == shape
        ]
    top = request.shortlist[0]
    if changed and top.id in changed:
        return DedupDecision(
            action="supersede_old", existing_ids=changed, reason=f"new value for topic '{request.slug}'"
        )
    if top.score >= RESTATEMENT_SCORE:
        return DedupDecision(
            action="drop_new", existing_ids=[top.id], reason=f"restates {top.id} (similarity {top.score:.2f})"
        )
    if topical:
        return DedupDecision(
            action="supersede_old",
            existing_ids=[s.id for s in topical],
            reason=f"new value for topic '{request.slug}'",
        )
    return DedupDecision(action="keep_both", existing_ids=[], reason="different facts")
