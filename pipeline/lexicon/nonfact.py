"""Statements that are not facts about the speaker: hedged, past, hypothetical, third-party, questions."""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import caseless_hit, one_of
from memscribe.lexicon.langs import led_by

_I = re.IGNORECASE


#: Uncertain, hypothetical or former. A cessation is none of these: "I no longer eat meat", "I don't
#: write Java anymore" state what is so now (and update what was stored), like any negated fact.
_UNSURE_EN = r"""maybe|might|perhaps|possibly|probably|not\s+sure|unsure|thinking\s+(?:about|of)|considering
          |wondering|someday|some\s+day|one\s+day|eventually|I\s+guess|I\s+suppose|I\s+think|kind\s+of
          |sort\s+of|not\s+now|not\s+yet|if\s+I\b|I\s+would\b|I'd\s+(?:probably|maybe|like\s+to\s+try)
          |hypothetically|imagine|suppose"""
#: A former state: true of the speaker's past, not of now.
_FORMER_EN = r"""used\s+to|back\s+when|years\s+ago|formerly|previously|in\s+the\s+past|when\s+I\s+was"""
#: (where each can start, see :func:`~memscribe.lexicon.langs.led_by`: the first letters of the words)
_HEDGE_EN = lazy_compile(
    led_by(r"\b(?=[bcefhikmnopstuwy])", rf"\b(?:{_UNSURE_EN}|{_FORMER_EN})\b"), re.IGNORECASE | re.VERBOSE
)
_UNSURE_ONLY_EN = lazy_compile(
    led_by(r"\b(?=[cehikmnopstuw])", rf"\b(?:{_UNSURE_EN})\b"), re.IGNORECASE | re.VERBOSE
)
#: :data:`_UNSURE_ONLY_EN` and :data:`_HEDGE_EN` written in lower case, case-sensitive: asked of a
#: lowered ASCII text (lowering ASCII keeps each character's class and the text's length), the same
#: matches, without case folding at every letter of the long alternation.
_UNSURE_ONLY_LOWER_EN = lazy_compile(_UNSURE_ONLY_EN.pattern.lower(), re.VERBOSE)
_HEDGE_LOWER_EN = lazy_compile(_HEDGE_EN.pattern.lower(), re.VERBOSE)
#: Words (lower case, no blank) one of which every match of :data:`_UNSURE_ONLY_EN` holds, and of
#: :data:`_HEDGE_EN` (a former state's besides): a lowered text with none is not scanned
#: (:func:`~memscribe.lexicon.caseless.caseless_hit`), the answer of most clauses.
_UNSURE_WORDS = (
    *("maybe", "might", "perhaps", "possibly", "probably", "sure", "considering", "wondering", "day"),
    *("eventually", "guess", "suppose", "think", "kind", "sort", "not", "if", "would", "i'd"),
    *("hypothetically", "imagine"),
)
_HEDGE_WORDS = (*_UNSURE_WORDS, "used", "back", "years", "formerly", "previously", "past", "when")
#: The two lists as one pattern each (:func:`~memscribe.lexicon.caseless.one_of`): a text read once.
_UNSURE_FOUND = lazy_compile(one_of(_UNSURE_WORDS))
_HEDGE_FOUND = lazy_compile(one_of(_HEDGE_WORDS))
_MY_RELATION_EN = r"""\bmy\s+(?:colleague|coworker|co-worker|friend|boss|manager|wife|husband|partner|brother|sister
          |mom|mum|mother|dad|father|son|daughter|kid|child|teammate|team\s?mate|roommate|girlfriend
          |boyfriend|cousin|neighbou?r|client|customer|lead)s?\b(?!'s)\s+(?!and\s+I\b)\w+"""
_THEY_OPEN_EN = r"""^\W*(?:he|she|they)\s+(?:prefers?|likes?|uses?|wants?|is|are|thinks?|loves?)\b"""
_THIRD_PARTY_EN = lazy_compile(f"{_MY_RELATION_EN}\n      | {_THEY_OPEN_EN}", re.IGNORECASE | re.VERBOSE)
#: The two alternatives of :data:`_THIRD_PARTY_EN` apart: the relation is searched for, the
#: pronoun (anchored at the start) matched there.
_MY_RELATION = lazy_compile(_MY_RELATION_EN, re.IGNORECASE | re.VERBOSE)
_THEY_OPENS = lazy_compile(_THEY_OPEN_EN, re.IGNORECASE | re.VERBOSE)
_QUESTION_OPENING_EN = (
    r"^\W*(?:do|does|did|can|could|would|should|is|are|was|were|will|what|which|who|where|when|why"
    r"|how|shall|may)\b(?!\s+(?:not|never))"
)
_QUESTION_EN = lazy_compile(rf"\?\s*$|{_QUESTION_OPENING_EN}", _I)
#: The opening alternative of :data:`_QUESTION_EN` alone: what it asks of a text without "?".
_QUESTION_OPENS_EN = lazy_compile(_QUESTION_OPENING_EN, _I)
_NONFACT_ZH = lazy_compile(
    r"可能|也许|或许|大概(?![一二三四五六七八九十两几半\d])|以前|曾经|如果|假如|打算|考虑|不确定|吗|呢|？|\?|我(?:同事|朋友|老婆|老公|妈|爸|老板|同学)"
)


#: A clause whose subject is somebody else: "my wife …", "he …", "they …".
THIRD_PARTY_SUBJECT = lazy_compile(
    r"""^\W*(?:my\s+(?P<rel>(?:colleague|coworker|co-worker|friend|boss|manager|wife|husband|partner|brother|sister
          |mom|mum|mother|dad|father|son|daughter|kid|child|children|teammate|team\s?mate|roommate|girlfriend
          |boyfriend|cousin|neighbou?r|client|customer|lead|parent|grandma|grandpa|grandmother|grandfather
          |aunt|uncle|niece|nephew|fiance|fiancee|family)s?)\b(?!\s+and\s+I\b)
      | (?:he|she|they)(?:'s|’s|'re|’re)?\b)""",
    re.IGNORECASE | re.VERBOSE,
)


#: A statement pinned to one day near now: an event ("I'm baking bread tomorrow", "my sister is getting
#: married on Saturday", "a new rotation starting Thursday"), not a lasting fact. A weekday said in
#: the plural is a routine ("I work Saturdays", "on Sunday mornings"): not pinned.
_ONE_DAY = lazy_compile(
    r"""\b(?:tomorrow|yesterday|tonight|last\s+night|this\s+weekend|next\s+(?:week|weekend)
      |(?:on|this|next|last|starting|from|by|until|till)\s+
       (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?!s|\s+(?:morning|afternoon|evening|night)s))\b""",
    re.IGNORECASE | re.VERBOSE,
)


def one_day(text: str) -> bool:
    """Pinned to one day near now ("tomorrow", "on Saturday", "next week"): an event, not a fact."""
    return bool(_ONE_DAY.search(text))


def is_question_opening(text: str) -> bool:
    """Opens like a question put to the partner ("Do you…", "What…")."""
    return bool(_QUESTION_EN.match(text.strip().rstrip("?？") + " "))


def hedged(text: str) -> bool:
    """Uncertain, hypothetical or former ("maybe", "I think", "used to"): English hedges only."""
    return caseless_hit(_HEDGE_EN, _HEDGE_LOWER_EN, text, _HEDGE_FOUND)


def strip_hedges(text: str) -> str:
    """``text`` with its English hedges and question marks blanked: what it says besides them."""
    return _HEDGE_EN.sub(" ", text).replace("?", " ")


def _hedged_or_question(
    text: str, pattern: re.Pattern[str], lowered: re.Pattern[str], words: re.Pattern[str]
) -> bool:
    """``_NONFACT_ZH``, ``pattern`` (an English hedge class) or ``_QUESTION_EN`` over the stripped
    text finds something, asked in fewer passes: a "?" is a match of ``_NONFACT_ZH`` (so the
    question's "?" at the end need not be looked for), which an ASCII text holds no other of;
    ``_QUESTION_EN`` is anchored at the start but for that "?" (one match, not a search); an
    ASCII text is asked of ``lowered`` over its lower-case twin."""
    if "?" in text:
        return True
    if (not text.isascii() and _NONFACT_ZH.search(text)) or caseless_hit(pattern, lowered, text, words):
        return True
    return _QUESTION_OPENS_EN.match(text.strip()) is not None


def hedged_or_question(text: str) -> bool:
    """Hedged, past, hypothetical or a question (third parties judged separately)."""
    return _hedged_or_question(text, _HEDGE_EN, _HEDGE_LOWER_EN, _HEDGE_FOUND)


def unsure_or_question(text: str) -> bool:
    """Uncertain, hypothetical or a question; an English former state ("I used to teach", "when I
    was a kid I lived in Ohio") is not: in a conversation it is the speaker's past, told as such."""
    return _hedged_or_question(text, _UNSURE_ONLY_EN, _UNSURE_ONLY_LOWER_EN, _UNSURE_FOUND)


def hedge_or_nonfact(text: str) -> bool:
    """Hedged, past, hypothetical, third-party or a question: never a fact about the user."""
    return hedged_or_question(text) or _third_party(text)


def _third_party(text: str) -> bool:
    """``_THIRD_PARTY_EN`` finds something: its pronoun alternative, anchored, matches at the
    start, or its relation is found, which (every match of it holding "my") an ASCII text
    without "my", lowered, is not searched for."""
    if _THEY_OPENS.match(text):
        return True
    if text.isascii() and "my" not in text.lower():
        return False
    return _MY_RELATION.search(text) is not None
