"""A second predicate coordinated under the user's subject, agreed with "User".

A first-person clause coordinates two predicates under one "I": "I live in Leeds and work in
York", "I work at Google and love it". A rule words the first verb for "User" and keeps the rest
as the user said it, so the second verb stays in the first person ("User lives in Leeds and work
in York"). :func:`agreed` gives that verb its third-person form.

Which word after ``and`` is a verb is read from structure, not a list of verbs: a lower-case word
of no closed class, followed by an object pronoun or a possessive (a noun is never followed by
one: "and love it", "and miss my family"), or followed by a preposition, a determiner or the
end where what the first verb governs is a preposition and a name ("lives in Leeds and work in
York"): a noun after ``and`` would then be a second name under that preposition ("in Leeds and
York"). A word at the end is a verb only after an adverb said before verbs ("and never drive"):
alone it may be an adverb of place ("teaches in Leeds and online"). A noun coordinated with the first verb's object stays as said ("likes tea and coffee in
the morning", "lives with my wife and son in Leeds").
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.grammar import CLOSED_CLASS, DETERMINERS, PREPOSITIONS, is_simple_past
from memscribe.model.embedded.text import LY_VERBS, PRE_VERB_ADVERBS, third_singular

#: The first predicate of a body: "User" and its verb, and what the verb governs up to ``and``.
_FIRST = lazy_compile(r"^User (?P<verb>[a-z']+) (?:(?P<part>[a-z]+ed) )?(?P<governed>[^,;]*?) and (?=[a-z])")
#: Object pronouns and possessives: what follows a verb, never a noun.
_OBJECTS = frozenset("it them him her me us my your his our their".split())
#: Words that head a place or time phrase as a preposition does and may be read as a verb:
#: never a coordinated predicate's verb here ("and near the station").
_PREPOSITION_LIKE = frozenset("near around round like past outside inside behind beyond below above".split())


def _adverbs(words: list[str]) -> int:
    """How many of ``words`` open as adverbs said before a verb ("really", "now")."""
    n = 0
    while n < len(words) - 1:
        low = words[n]
        if low in PRE_VERB_ADVERBS or (low.endswith("ly") and low not in LY_VERBS):
            n += 1
            continue
        break
    return n


def _a_verb(word: str, after: str, *, governed_by_preposition: bool, after_adverb: bool) -> bool:
    if not word.isalpha() or not word.islower() or word in CLOSED_CLASS or word in _PREPOSITION_LIKE:
        return False
    if word.endswith("ing") or (word.endswith("s") and not word.endswith("ss")) or is_simple_past(word):
        return False  # a gerund, a plural noun, an -s form or a past: nothing to agree ("miss" is none)
    if after in _OBJECTS:
        return True
    if not after:  # the end: a verb only where an adverb said before a verb opens it ("and never drive")
        return governed_by_preposition and after_adverb  # not "and online", "and elsewhere"
    return governed_by_preposition and (after in PREPOSITIONS or after in DETERMINERS)


def _a_place_phrase(governed: list[str]) -> bool:
    """``governed`` is a preposition and a name ("in Leeds", "at St Mary's"): a noun coordinated
    under it would be a name too ("in Leeds and York"); one under a noun phrase need not be ("with
    my wife and son in …")."""
    return len(governed) >= 2 and governed[0] in PREPOSITIONS and all(w[:1].isupper() for w in governed[1:])


def agreed(body: str) -> str:
    """``body`` ("User <verb> …") with a second predicate under its subject agreed with "User"
    ("User lives in Leeds and work in York" → "… and works in York"); as it is otherwise."""
    m = _FIRST.match(body)
    if m is None:
        return body
    by_preposition = _a_place_phrase(m.group("governed").split())
    words = body[m.end() :].split(" ")
    skip = _adverbs([w.lower() for w in words])
    word = words[skip].rstrip(".!")
    after = words[skip + 1].strip(".,;!").lower() if len(words) > skip + 1 else ""
    if not _a_verb(word, after, governed_by_preposition=by_preposition, after_adverb=skip > 0):
        return body
    said = third_singular(" ".join([*words[:skip], word]))
    return body[: m.end()] + said + body[m.end() + len(" ".join([*words[:skip], word])) :]
