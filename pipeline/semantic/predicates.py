"""The predicate of an English memory ("User *likes* cats", "User is *allergic* to cats", "User
*goes* to bed at 11pm"): the relation it states between the user and its object.

Two statements of one object with other predicates are two facts ("likes cats" / "is allergic to
cats", "likes dogs" / "owns a dog"), whatever their content words share: the similarity of
:mod:`memscribe.textsim` drops the verbs of preference and use as function words ("likes",
"prefers", "uses", "has"), so "cats" alone is all that "User likes cats." holds, and it is found
in "User is allergic to cats.". Only such a dropped verb needs the test: two predicates that
are content words are read by the lexical tests already. The predicates agree when one extends
the other ("likes" / "like"), when both state a liking in some degree ("likes" / "loves" /
"enjoys" / "prefers"), or a dislike ("hates" / "dislikes"), when both statements are of one
facet of the user (:mod:`memscribe.semantic.facets`: "lives in" / "is based in"), when the
offline encoder relates the two predicate phrases ("uses" / "works on"), or when the other's
predicate is among the words of the statement whose verb is dropped ("uses Neovim as their
editor" / "edits code in Neovim"). A statement with no English subject ("User, in their words:
…", "用户喜欢猫。": its words hold its predicate) has none, and agrees with any.
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.semantic.facets import statement_facets
from memscribe.semantic.updates import covered

#: The English subject a memory opens with, not a possessive ("User's sister …": its subject is
#: somebody else, whose predicate comes later).
_SUBJECT = lazy_compile(r"^\W*User\s+(?!in\s+their\s+words)")
_WORD = lazy_compile(r"[a-z]+(?:['’][a-z]+)?")
#: Words between the subject and the predicate: auxiliaries, negation, adverbs of time and
#: degree, articles ("User is *now* really *into* …", "User *has been* learning Rust").
_BEFORE = frozenset(
    """is are was were am be been being does do did not don't doesn't no longer never
    now also still really currently usually always generally mostly often just truly absolutely
    definitely strongly very quite particularly especially a an the""".split()
)
#: A liking, in some degree, and a dislike: one relation each, said with other verbs.
_LIKING = frozenset("like likes love loves enjoy enjoys prefer prefers adore adores fond fan into".split())
_DISLIKING = frozenset("hate hates dislike dislikes detest detests".split())
#: An encoder score of two predicate phrases this high relates them (one relation in other
#: words); unrelated ones score near 0 ("likes" / "owns", "has" / "likes" under 0.1).
RELATED_PREDICATES = 0.25


#: "has", "have", "had" before these are auxiliaries ("has been learning", "has got a dog").
_PERFECT = frozenset({"been", "got", "gotten"})
#: A preposition that belongs to its predicate ("is allergic *to*", "works *on*").
_PREPOSITIONS = frozenset("to on with in at as for of from into about".split())


def _phrase(text: str) -> list[str] | None:
    """The predicate word of an English memory, and its preposition if one follows."""
    lead = _SUBJECT.match(text)
    if lead is None:
        return None
    words = [w.replace("’", "'") for w in _WORD.findall(text[lead.end() :].lower())]
    for i, word in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if word in _BEFORE or (word in ("has", "have", "had") and nxt in _PERFECT):
            continue
        return [word, nxt] if nxt in _PREPOSITIONS else [word]
    return None


def predicate(text: str) -> str | None:
    """The predicate word of an English memory ("User is allergic to cats" → "allergic"), or
    None where it has no English subject."""
    phrase = _phrase(text)
    return phrase[0] if phrase else None


def _related(a: list[str], b: list[str]) -> bool:
    """The offline encoder relates the two predicate phrases ("uses" / "works on"; "likes" /
    "is allergic to" scores 0)."""
    from memscribe import semantic

    score = semantic.similarity(" ".join(a), " ".join(b))
    return score is not None and score >= RELATED_PREDICATES


def predicates_differ(a: str, b: str) -> bool:
    """Both statements have a predicate, one of them a word the lexical tests drop ("likes",
    "uses", "has": :func:`memscribe.textsim.content_tokens` holds none of it), and they state
    other relations (see the module docstring): two facts, never a restatement. Where both
    predicates are content words the lexical tests read them already ("works night shifts" /
    "is on nights"); the other's predicate found among the words of the statement whose verb is
    dropped agrees with it ("uses Neovim as their editor" / "edits code in Neovim")."""
    from memscribe.textsim import content_tokens

    phrase_a, phrase_b = _phrase(a), _phrase(b)
    if not phrase_a or not phrase_b:
        return False
    pa, pb = phrase_a[0], phrase_b[0]
    if pa == pb or covered(pa, {pb}) or {pa, pb} <= _LIKING or {pa, pb} <= _DISLIKING:
        return False
    # a verb the lexical tests drop, not a preposition ("is on nights", "is into bouldering")
    unread = [
        (text, other)
        for text, word, other in ((a, pa, pb), (b, pb, pa))
        if not content_tokens(word) and word not in _PREPOSITIONS
    ]
    if not unread or statement_facets(a) & statement_facets(b) or _related(phrase_a, phrase_b):
        return False
    return all(
        not any(covered(w, set(content_tokens(text))) for w in content_tokens(other))
        for text, other in unread
    )
