"""A statement about a thing the user has, read against the stored statement that the user has it
(issue 11), for the embedded dedup decision (:mod:`memscribe.model.embedded.dedup`).

"User's car was stolen" / "User has a car", "User's cat passed away" / "User has a cat": the new
statement's subject is the stored statement's object (the user's possessed noun phrase, named in
the stored statement as what the user has: :func:`~memscribe.model.embedded.dedup_scope.possessed_mentioned`).
Its predicate is about the thing: no newer value of the stored slot (the user's relation to the
thing; "User's car was repaired" says nothing new of having it), so it never archives the stored
statement by their slug topic alone.

When that predicate is an ending of the thing (:data:`_ENDED`: it died, was stolen, sold, lost,
written off), the stored statement no longer holds: the decision supersedes it, and the new one is
never a restatement, however many words the two share ("car", "cat" are all the stored
statement's content words) or however close their vectors ("User's cat passed away" / "User has
a cat": 0.82). Another predicate of the thing ("User's cat is called Miso") may still be dropped
as a restatement, as before: a detail of a fact stored (bench/restatement_pairs.py's validation
pairs lose two restatements when every predicate of the thing is kept).

A slot is also read from an English memory's verb (:func:`other_slot`): "User is learning French"
fills another slot than "User speaks Spanish", though a slug topic (``languages``) holds both.

Pure functions; no model.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.dedup_scope import possessed_mentioned, possessed_phrase

#: A thing's end, as its predicate says it: a death, a theft, a sale, a loss, a write-off. The
#: passive and the ``got`` passive ("was stolen", "got stolen"), with an adverb between
#: ("was finally sold"); a verb with no object of its own ("died", "passed away", "ran away").
_ENDED = lazy_compile(
    r"\b(?:died|passed\s+away|ran\s+away"
    r"|(?:was|were|got|has\s+been|have\s+been)\s+(?:\w+ly\s+)?"
    r"(?:stolen|sold|lost|scrapped|totall?ed|written\s+off|put\s+down|put\s+to\s+sleep))\b",
    re.IGNORECASE,
)
#: What takes an ending back or keeps it from being one: a contrast after it ("was lost for two
#: days but came back"), the thing found or got back, an ending that was near ("nearly died").
_UNDONE = lazy_compile(
    r"\b(?:but|though|although|yet|until|luckily|thankfully|fortunately)\b"
    r"|(?<!never )(?<!not )\b(?:found|recovered|returned|back)\b|\b(?:almost|nearly)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def _ends(text: str) -> bool:
    """``text`` says the end of its subject (:data:`_ENDED`), not denied in its clause ("wasn't
    stolen", "never got lost"), not said to be near ("was nearly stolen"), not taken back after it
    (:data:`_UNDONE`: "… but came back")."""
    from memscribe.semantic.updates import negated

    m = _ENDED.search(text)
    if m is None or negated(text[: m.end()]) or _NEAR.search(m.group()):
        return False
    return not (_UNDONE.search(text, m.end()) or _UNDONE.search(text[: m.start()]))


_NEAR = lazy_compile(r"\b(?:almost|nearly)\b", re.IGNORECASE)


#: The opening of a stored statement about a possessed thing ("User's car is …").
_POSSESSED_OPENING = lazy_compile(r"^\W*User['’]s\s", re.IGNORECASE)


def about_thing(new: str, old: str) -> bool:
    """``new``'s subject is a thing of the user's (one possessor: "User's car …", not "User's
    partner's car …") that ``old``, a statement with the user as its subject, names as what the
    user has ("User has a car", "User owns a road bike"): ``new`` predicates something of the
    thing, ``old`` the user's having it."""
    phrase = possessed_phrase(new)
    if not phrase or any(w.endswith(("'s", "’s")) for w in phrase):
        return False
    return not _POSSESSED_OPENING.match(old) and possessed_mentioned(new, old)


def says_ended(text: str) -> bool:
    """``text``'s subject is a thing of the user's and its predicate an ending ("User's Corolla
    got written off"): the stored memory of having it may share few words with it (a fallback
    match of the shortlist, "User drives a Toyota Corolla"), yet it is what the end updates."""
    phrase = possessed_phrase(text)
    return bool(phrase) and _ends(text)


def thing_ended(new: str, old: str) -> bool:
    """``new`` says the thing ``old`` says the user has has ended (:func:`about_thing`, and its
    predicate is one of :data:`_ENDED`): "User's cat passed away" / "User has a cat"."""
    return about_thing(new, old) and _ends(new)


__all__ = ["about_thing", "other_predicate", "other_slot", "predicate", "says_ended", "thing_ended"]


#: An English memory with the user as subject, and its predicate's verb: past adverbs, negators,
#: modals and auxiliaries ("User is now learning …", "User has been running …", "User no longer
#: uses …", "User doesn't drink …").
_PREDICATE = lazy_compile(
    r"^\W*User\s+(?:(?:\w+ly|now|nowadays|also|still|just|often|even|never|not|no\s+longer|used\s+to"
    r"|(?:does|do|did)(?:n['’]t)?|can|could|will|would|should|may|might|must)\s+)*"
    r"(?:(?:is|are|was|were|has\s+been|have\s+been|had\s+been)\s+(?:(?:\w+ly|now|also|still|just)\s+)*"
    r"(?P<ing>[a-z]+ing)\b|(?P<be>is|are|was|were|(?:has|have|had)\s+been)\b|(?:has|have|had)\s+(?P<done>[a-z]+ed)\b|(?P<verb>[a-z]+)\b)"
)


def _stem(verb: str) -> str:
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if verb.endswith(suffix) and len(verb) - len(suffix) >= 2:
            return verb[: -len(suffix)]
    return verb


def predicate(text: str) -> str | None:
    """The stem of an English memory's verb ("User is learning French" → ``learn``, "User speaks
    Spanish" → ``speak``, "User is a nurse" → ``be``), or None for another form (a quotation, a
    possessed subject, another language)."""
    m = _PREDICATE.match(text)
    if m is None:
        return None
    if m.group("be"):
        return "be"
    verb = _stem(m.group("ing") or m.group("done") or m.group("verb"))
    return "have" if verb in _HAVE else verb


#: The stems of the verbs of having: one slot ("User has a car" / "User owns a bike").
_HAVE = frozenset({"ha", "have", "own"})


def other_predicate(new: str, old: str) -> bool:
    """Both are English memories of the user whose verbs differ ("User is learning French" /
    "User speaks Spanish"): each predicates another slot of the user's, so a new value of the one
    is no new value of the other, though their slugs name one topic."""
    a, b = predicate(new), predicate(old)
    if a is None or b is None:
        return False
    return not (a.startswith(b) or b.startswith(a))


def other_slot(new: str, old: str, slugs: tuple[str, str] = ("", "")) -> bool:
    """``new`` fills another slot of the user's than ``old``: their verbs differ
    (:func:`other_predicate`: "is learning French" / "speaks Spanish") or both say the user
    has another thing (:func:`other_thing_had`: "has a dog" / "has a cat"), and neither they nor
    their ``slugs`` name a facet (:mod:`memscribe.semantic.facets`: "is a data analyst" / "works
    as an accountant" filed under ``job``, "is based in Munich" / "lives in Berlin": one facet's
    value, whatever the verb), nor do both name a value class (:mod:`memscribe.semantic.values`:
    "eats fish" / "is vegetarian")."""
    if not (other_predicate(new, old) or _other_thing_had(new, old)):
        return False
    return _no_facet_nor_class(new, old, slugs)


def other_thing_had(new: str, old: str, slugs: tuple[str, str] = ("", "")) -> bool:
    """Both say what the user has, and another thing (:func:`_other_thing_had`: "User now has a
    dog" / "User has a cat"), of no facet nor value class: a change said with it ("now") is of
    the things the user has, and ends none of them. The verbs of :func:`other_slot` are not
    asked: a change reported between two verbs ("is now working at …" / "is a nurse") often is
    one slot's."""
    return _other_thing_had(new, old) and _no_facet_nor_class(new, old, slugs)


def _no_facet_nor_class(new: str, old: str, slugs: tuple[str, str]) -> bool:
    from memscribe.semantic.facets import slug_facet, statement_facets
    from memscribe.semantic.values import members

    if any(slug_facet(slug) for slug in slugs if slug) or statement_facets(new) or statement_facets(old):
        return False
    return not set(members(new)) & set(members(old))


def _other_thing_had(new: str, old: str) -> bool:
    """Both say what the user has, and the two share no content word past the verb ("User now
    has a dog" / "User has a cat"): having one more thing ends having none (a count of one thing,
    "two kids" / "three kids", names it again)."""
    from memscribe.textsim import content_tokens

    if predicate(new) != "have" or predicate(old) != "have":
        return False
    return not set(content_tokens(_HAD.sub("", new))) & set(content_tokens(_HAD.sub("", old)))


#: The subject and verb of a statement of having, which are no part of what is had.
_HAD = lazy_compile(r"^\W*User\s+(?:\w+\s+)*?(?:has|have|owns?)\b", re.IGNORECASE)
