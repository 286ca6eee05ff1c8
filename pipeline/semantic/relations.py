"""The kind of relation a memory states between the user and its object: an **affect** (likes,
loves, prefers, hates, is into, is afraid of), a **health** condition (is allergic or intolerant
to, has an allergy), or a **possession** (has, owns, or bought, adopted, got a …). Two statements of two kinds on one
thing are two facts — "User likes cats." / "User is allergic to cats.", "User loves dogs." /
"User has two dogs." — while two verbs of one kind, or a verb of any other activity (uses,
listens to, runs, edits), may say one fact in other words ("likes jazz" / "listens to jazz a
lot", "uses Linux" / "runs Linux on their laptop"): an activity is the unmarked case, read as
no kind.

Read from the predicate that opens an English memory ("User", then auxiliaries, adverbs and a
negation skipped) and from a Chinese one ("用户…"); a quotation of the user's own words and
anything else gives no kind. A closed set of relation kinds, not of phrasings. Pure functions.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: Health words anywhere in the statement make it a health condition ("has a cat allergy").
_HEALTH = lazy_compile(r"\b(?:allerg(?:y|ies|ic)|intoleran(?:t|ce))\b|过敏|アレルギー", re.IGNORECASE)

#: The predicate's head word → its kind (English; inflections by the stems below).
_AFFECT = lazy_compile(
    r"(?:lik|lov|enjoy|prefer|ador|hat|dislik|detest|fear)(?:e|es|ed|s|ing)?$|into|fond|fan|afraid|scared|keen"
)
_POSSESSION = lazy_compile(r"(?:ha[sv]e?|own(?:s|ed)?|possess(?:es)?)$")

_ACQUIRED = lazy_compile(r"bought|purchased|adopted|acquired|got")
#: The word after a verb of having that makes it a possession: a determiner or a number ("has a
#: dog", "owns two cars"), not an adverb before a participle ("has always loved cats").
_DETERMINER = lazy_compile(r"an?|the|their|another|new|second|two|three|some|\d+", re.IGNORECASE)
#: A negator among the words before the predicate: a lack ("doesn't have a car") is the other
#: value of a possession, which a new relation to that thing may update; it is no kind of its own.
_NEGATED_HEAD = lazy_compile(r"\b(?:not|no|never)\b|n['’]t\b", re.IGNORECASE)

#: An English memory's subject, then the auxiliaries, adverbs and negations before its predicate.
_HEAD = lazy_compile(
    r"^\W*User\s+(?:(?:is|are|am|was|were|be|been|does|do|did|not|n['’]t|doesn['’]t|don['’]t|no|"
    r"longer|now|also|still|really|truly|currently|usually|always|never|a|an|big|huge|\w+ly)\s+)*"
    r"(?P<word>[a-z]+)(?P<next>\s+[a-z]+)?",
    re.IGNORECASE,
)
#: A Chinese memory's subject and its predicate ("用户很喜欢猫", "用户养了一只猫").
#: 有 of having, not the adverbs it begins (有点 "a bit", 有时 "sometimes", 有些 "some").
_ZH = lazy_compile(
    r"^用户(?:现在|也|还|很|非常|特别|有点|不再|不)*(?P<verb>喜欢|爱|讨厌|害怕|怕|有(?![点时些])|养|买)"
)
_ZH_KIND = {"喜欢": "affect", "爱": "affect", "讨厌": "affect", "害怕": "affect", "怕": "affect"}


def relation_kind(text: str) -> str | None:
    """``affect``, ``health`` or ``possession``, or None (an activity, or no reading)."""
    if _HEALTH.search(text):
        return "health"
    zh = _ZH.match(text)
    if zh:
        kind = _ZH_KIND.get(zh["verb"])
        return kind or (None if "不" in zh.group(0) else "possession")  # 不再有: a lack
    head = _HEAD.match(text)
    if not head:
        return None
    word = head["word"].lower()
    if _AFFECT.fullmatch(word):
        return "affect"
    following = (head["next"] or "").strip().lower()
    if _NEGATED_HEAD.search(head.group(0)):
        return None  # a lack ("doesn't have a car"), or a negated acquisition
    # "has" as an auxiliary ("has been learning Rust", "has always loved cats") is no possession
    if _POSSESSION.fullmatch(word) and _DETERMINER.fullmatch(following):
        return "possession"
    # a thing acquired is a thing had ("bought a car", "got a cat"; not "got into climbing")
    if _ACQUIRED.fullmatch(word) and (word != "got" or _DETERMINER.fullmatch(following)):
        return "possession"
    return None


#: A lack said with a negated verb of having, in a memory quoted in the user's words or a Chinese
#: one ("kein", "pas de", "no tengo", "没有", "持っていない"); English memories are read by ``_HEAD``.
_LACK = lazy_compile(
    r"\b(?:habe|hat|haben|besitze|besitzt)\s+(?:\w+\s+)?kein\w*\b"
    r"|\b(?:n['’]|ne\s+)(?:ai|a|avons|possède)\s+(?:pas|plus|jamais)\s+(?:de|d['’])"
    r"|\bno\s+(?:\w+\s+)?(?:tengo|tiene|tenemos|poseo)\b"
    r"|^用户(?:现在|也|还)*(?:没有|没|不再有)|持って(?:い)?(?:ない|ません)",
    re.IGNORECASE,
)


def lacks(text: str) -> bool:
    """The memory states a lack: a negated verb of having ("User doesn't have a car", "doesn't own
    a bike", 用户没有车, "Ich habe kein Auto", "Je n'ai pas de voiture", "No tengo coche"), which an
    acquisition of that thing turns; not a negated activity ("doesn't drink coffee")."""
    head = _HEAD.match(text)
    if head and _NEGATED_HEAD.search(head.group(0)):
        return bool(_POSSESSION.fullmatch(head["word"].lower()))
    return bool(_LACK.search(text))


def another_relation(new: str, old: str) -> bool:
    """Both statements relate the user to their object by a kind of relation (:func:`relation_kind`)
    and the kinds differ: two facts, whatever object they share."""
    mine, theirs = relation_kind(new), relation_kind(old)
    return mine is not None and theirs is not None and mine != theirs
