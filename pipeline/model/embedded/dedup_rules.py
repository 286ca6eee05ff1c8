"""Rules 6–8 of the embedded dedup decision (:mod:`memscribe.model.embedded.dedup`), read from
the whole shortlist rather than one entry: a single-valued facet (:func:`facet_update`), a value
class (:func:`class_update`), names said across languages (:func:`named_across_languages`); and
the restatement of a slug topic in another script (:func:`restated_across_scripts`).
"""

from __future__ import annotations

from collections.abc import Callable

from memscribe.model.embedded import dedup_scope
from memscribe.model.embedded.dedup_compare import another_thing, comparable, facet_beside, value_changed
from memscribe.model.embedded.dedup_scope import class_sentence
from memscribe.schemas.requests import DedupRequest
from memscribe.semantic.facets import slug_facet, statement_facet, statement_facets
from memscribe.semantic.updates import (
    acquired_what_was_lacked,
    acquires,
    additive,
    change_cue,
    names_said,
    negated,
    own_words,
    reports_change,
    same_polarity,
    spoken_language,
)
from memscribe.semantic.values import members, other_value


def named_across_languages(request: DedupRequest) -> list[str]:
    """Rule 7: the entry in another language whose names the user said most (one id or none)."""
    language = spoken_language(request.text)
    named = [
        (len(names_said(request.said, s.text)), s.id)
        for s in request.shortlist
        if spoken_language(s.text) != language
        and not another_thing(request, s.text)
        and not facet_beside(request.text, s)  # "moved to Berlin" / "sings in a choir in Berlin"
    ]
    best = max((n for n, _ in named), default=0)
    top = [i for n, i in named if n == best]
    return top if best and len(top) == 1 else []


def facet_update(request: DedupRequest, cue: bool, taken: list[str]) -> list[str]:
    """Rule 6: the candidate reports a change (in its words or the user's) on a single-valued
    facet (where the user lives or works: :mod:`memscribe.semantic.facets`) and the best entry
    of that facet holds another value, or is written in another script and the candidate's own
    words report the change ("今は福岡の会社で…" / "works at a bank in Osaka"): that entry is
    updated. The entry must be on the candidate's topic by its slug (one facet: ``job-…`` /
    ``employer``) or related by its text, never only a fallback match."""
    # a quote's slug repeats its words ("about-job-nutze-ich-jetzt"), which its statement was read for
    quoted = own_words(request.text) != request.text and request.slug.startswith("about-")
    facet = statement_facet(request.text) or (None if quoted else slug_facet(request.slug))
    if facet is None or (facet == "work" and dedup_scope.added_role(request.text, request.said)):
        return []  # no facet, or a role beside the stored one ("I also work at a café now")
    reported = cue or _cue_with(request.said, lambda s: facet in statement_facets(s))
    # with no change reported, a thing acquired ("j'ai acheté une voiture") still turns the
    # stored lack of it ("doesn't own a car"), and nothing else
    if not (reported or (acquires(request.text) and not negated(request.text))):
        return []
    from memscribe.relatedness import SHORTLIST_SCORE, topical

    for s in request.shortlist:  # best first
        if (slug_facet(s.slug) or statement_facet(s.text)) != facet:
            continue
        if not reported and not acquired_what_was_lacked(request.text, s.text):
            continue  # an acquisition changes only what the user lacked
        if not topical(request.slug, s.slug) and s.score < SHORTLIST_SCORE:
            continue  # a fallback match: "team moved to Postgres" is not about "lives in Berlin"
        if s.id in taken:
            return []
        if comparable(request.text, s.text):
            return [s.id] if value_changed(request.text, s.text) else []
        # Words in two scripts cannot show a changed value: the candidate itself must report
        # the change ("用户是做前端的" said beside "现在…" restates "is a frontend engineer"), or
        # acquire what the entry says the user lacks.
        return [s.id] if cue or not reported else []
    return []


def class_update(request: DedupRequest, cue: bool) -> list[str]:
    """Rule 8: the candidate reports a change and names a member of a value class (which phone,
    operating system, browser, editor, diet: :mod:`memscribe.semantic.values`) that the best
    entry naming another member of that class does not ("User is on an iPhone now" / "uses an
    Android phone"; "我现在用Mac了" / "uses a Windows laptop"): that entry is updated, one only,
    with the same polarity. The change may be reported in the user's words around the candidate
    ("Ich esse inzwischen vegan"), as for a facet (rule 6), in the sentence that names the
    member: a cue in another sentence of the turn is about something else. A candidate naming no
    member takes those of its part of the user's sentence (:func:`dedup_scope.class_sentence`)."""
    # the candidate, or the user's sentence of it naming a member ("so pescatarian recipes are fine now")
    source = class_sentence(request.text, request.said)
    named = members(source)
    if source != request.text:
        cue = True  # that sentence reports the change (class_sentence)
    if not named or not (
        cue or _cue_with(request.said, lambda s: any(members(s).get(c, set()) & m for c, m in named.items()))
    ):
        return []
    for s in request.shortlist:  # best first
        if other_value(source, s.text) and same_polarity(source, s.text):
            return [s.id]
    return []


def _cue_with(said: str, holds: Callable[[str], bool]) -> bool:
    """A sentence of what the user said reports a change and carries the value (``holds``): a
    change cue elsewhere in the turn ("Btw we moved the standup") is about something else."""
    from memscribe.lexicon.langs import sentences

    return any(reports_change(s) and holds(s) for s in sentences(said))


def restated_across_scripts(request: DedupRequest) -> str | None:
    """The entry on the candidate's own slug topic (``role`` / ``role-frontend``) that the
    candidate, written in another script and reporting no change at all, says again: "用户是做前端的"
    / "User is a frontend engineer". Words in two scripts cannot show a changed value, and a
    statement of a stored topic in the user's language with no word of change repeats the memory
    far more often than it replaces it (a change needs its cue: rules 6–8). One entry only."""
    from memscribe.relatedness import same_topic

    new = request.text
    if change_cue(new) or additive(new):
        return None
    found = [
        s.id
        for s in request.shortlist
        if same_topic(request.slug, s.slug) and not comparable(new, s.text) and same_polarity(new, s.text)
    ]
    return found[0] if len(found) == 1 else None
