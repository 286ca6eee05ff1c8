"""Correction and confirmation cues: "No, that's wrong", "Actually…", "Don't…"; "good", "perfect", 好的."""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import WordList, one_of, without_lead
from memscribe.lexicon.langs import FILLER_LEAD, GIVE_UP_EN, LANGUAGES, language, led_by

_I = re.IGNORECASE


#: A short acknowledgement that may precede the real message ("ok.", "不错。").
_SHORT_ACK = lazy_compile(r"^\s*[^\s.!?。！，,]{1,12}\s*[.!。！,，]\s*", _I)

_CORRECTION_LEAD = lazy_compile(
    r"""^\W*(?:
        no\b(?!\s+(?:problem|worries|rush|need|idea|thanks|way|joke|kidding|doubt|wonder|offen[cs]e|big\s+deal|clue))
      | nope\b | nah\b | wrong\b | incorrect\b
      | actually\b | not\s+(?:like\s+that|quite|with|in|as|that|this|what|the|so|\w+ing\b)
      | (?:please\s+)?(?:don'?t|do\s+not)\b(?!\s+(?:hesitate|worry|forget|mind|be\s+(?:afraid|shy)))
      | never\b(?!\s+(?:mind|hesitate)) | stop\b | instead\b
      | that'?s\s+(?:wrong|not|incorrect)\b | this\s+is\s+(?:wrong|not)\b | it'?s\s+wrong\b
      | we\s+don'?t\s+use\b | use\s+\S+\s+instead\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)

_CORRECTION_ANYWHERE = lazy_compile(
    led_by(
        r"^|\b(?=[aimnstw])|(?=[\w.`'%)-],)",
        r"""(?:\bthat'?s\s+(?:wrong|not\s+right|incorrect|not\s+what\s+I)
      | \bnot\s+what\s+I\s+(?:asked|meant|wanted)
      | \bwe\s+don'?t\s+use\s+\S+\s+here
      | \bI\s+(?:said|told\s+you|asked\s+for)\b
      | \binstead\s+of\b
      | \b(?:should|must)\s+(?:always|never)\b
      | \balways\s+do\s+(?:that|this|it)\b
      | \bnot\s+like\s+that\b
      | [\w.`'%)-],\s*not\s+(?:the\s+|a\s+|in\s+)?[`'"]?[\w.%(|>-]+   # "grams, not cups"
      | ^\W*(?:please\s+)?use\s+[^.?!]{1,40}\bplease\b                # "use 24-hour times please"
      )""",
    ),
    re.IGNORECASE | re.VERBOSE,
)

_CORRECTION_ZH = lazy_compile(
    r"不对|错了|不是这样|别(?:放|用|加|再|这样)|不要(?:放|用|加|再)|不用(?:放|加)|这次别|应该(?:是|用)|其实"
)


#: Words (lower case) one of which every match of :data:`_CORRECTION_ANYWHERE` holds.
_ANYWHERE_WORDS = (
    *("that's ", "thats ", "not what i", "we don't use", "we dont use", "i said", "i told you"),
    *("i asked for", "instead of", "should always", "should never", "must always", "must never"),
    *("always do ", "not like that", ",not ", ", not ", "please"),
)
#: :data:`_ANYWHERE_WORDS` as one pattern (:func:`~memscribe.lexicon.caseless.one_of`).
_ANYWHERE_FOUND = lazy_compile(one_of(_ANYWHERE_WORDS))
#: The list, read with the turn's other lists (:class:`~memscribe.lexicon.caseless.WordList`).
_ANYWHERE_LIST = WordList(_ANYWHERE_WORDS, _ANYWHERE_FOUND)


def _corrects_anywhere(text: str) -> bool:
    """``_CORRECTION_ANYWHERE`` or ``_CORRECTION_ZH`` matches in ``text`` (the first asked only of
    a text holding one of :data:`_ANYWHERE_WORDS`, the second only of a text not ASCII)."""
    if not text.isascii() and _CORRECTION_ZH.search(text):
        return True
    return _ANYWHERE_LIST.in_text(text) and bool(_CORRECTION_ANYWHERE.search(text))


#: Hesitations and fillers a reply may open with in any covered language ("uhm", "meh", "bueno",
#: "naja", "hm", "euh", "bof", "うーん", "嗯"): "hmm no", "naja, nein", "うーん、違う" still correct.
_ANY_FILLER = lazy_compile(
    r"^\W*(?:(?:h?m+|uh+m*|um+|erm+|er|eh+|ah+|oh+|meh|well|so|ok(?:ay)?|look|listen|bueno|pues|vale|este|eh"
    r"|naja|na\s+ja|tja|ach|ähm|äh|also|euh|bof|bah|ben|bon|alors)\b[\s,.…!-]*"
    r"|(?:うーん|うーむ|ええと|えっと|あの|んー|嗯|呃|额|那个)[\s、，,。…!！]*)+",
    _I,
)


def _opening(text: str) -> str:
    """The message with one short leading acknowledgement removed ("ok. no, ..." → "no, ...")."""
    return without_lead(_SHORT_ACK, text) if len(text) > 24 else text


def correction_signal(text: str) -> bool:
    """The user corrects the agent: "No, that's wrong", "Actually...", "Don't do X", "Not like that"."""
    stripped = text.strip()
    if _CORRECTION_LEAD.search(stripped):
        return True
    # each variant is asked only when it differs from the text already asked
    opened = _opening(stripped)
    if opened != stripped and _CORRECTION_LEAD.search(opened):
        return True
    # every filler FILLER_LEAD finds, _ANY_FILLER finds too: a turn it leaves as it was opens
    # with none of either (most turns), and FILLER_LEAD is not asked
    rest = without_lead(_ANY_FILLER, stripped)
    if rest != stripped:
        unfilled = without_lead(FILLER_LEAD, stripped)  # "hmm no, …", "uh, don't …"
        if unfilled != stripped and _CORRECTION_LEAD.search(unfilled):
            return True
    if rest and rest != stripped:  # "naja, nein, …", "bueno, no, …", "うーん、違う", "meh, no"
        led = language(rest)
        if _CORRECTION_LEAD.search(rest) or (led is not None and led.correction.search(rest)):
            return True
    if _corrects_anywhere(stripped):
        return True
    row = language(stripped)
    # a question ("能换成别的吗？") asks for a change, it does not correct the work
    return row is not None and bool(row.correction.search(stripped)) and not row.question.search(stripped)


_CONFIRM_EN = lazy_compile(
    r"""^\W*(?:good|great|perfect|exactly|correct|yes|yep|yup|right|nice|awesome|excellent|lgtm
          |looks\s+good|that\s+works|works|thanks|thank\s+you|cool|spot\s+on|much\s+better|better)\b
      | \bthat'?s\s+(?:right|correct|it|perfect|better|what\s+I\s+(?:want|wanted|meant|asked))\b
      | \byes,?\s+that'?s\s+right\b | 👍""",
    re.IGNORECASE | re.VERBOSE,
)
_CONFIRM_ZH = lazy_compile(r"^\W*(?:对|好的|好|完美|可以了?|不错|没错|正确|就是这样|谢谢|行)")


def confirmation_signal(text: str) -> bool:
    """The user accepts the agent's work: "good", "perfect", "yes that's right", 对 / 好的 / 完美."""
    stripped = text.strip()
    if give_up_signal(stripped):
        return False
    if _CONFIRM_EN.search(stripped) or _CONFIRM_ZH.search(stripped):
        return True
    # replies are short ("parfait, merci"): every row is asked, not only the detected language's
    return any(row.confirmation.search(stripped) for row in LANGUAGES.values())


def give_up_signal(text: str) -> bool:
    """The user gives up on or rejects the work ("whatever", "never mind", "I'll do it myself",
    "that's overkill too", "still doesn't work", "egal", "算了"): neither a confirmation nor moving on."""
    stripped = text.strip()
    if GIVE_UP_EN.search(stripped):
        return True
    return any(row.give_up.search(stripped) for row in LANGUAGES.values())


#: Words that make a correction a rule worth keeping (not only a fix of today's output).
_RULE_WORDS = lazy_compile(
    r"\b(?:use|always|never|should|must|instead|don'?t|do\s+not|avoid|prefer|only|no\s+more|stop)\b"
    # a kind of thing ruled out by "no" and its plural ("no emojis please", "no, no exclamation marks")
    r"|(?:^|[,;]\s*|\bno,?\s+)no\s+(?:\w+\s+)?(?!(?:problem|worrie|thank|idea|way|clue)s\b)\w+s\b(?=\s*(?:please\b|[,.!;]|$))",
    _I,
)


def teaches(text: str) -> bool:
    """A correction worded as a rule: English rule words or a contrast ("grams, not cups"), or
    another language's correction form ("no uses …", "bitte nicht …", "ne traduis pas …", "不要…",
    "…ないで"). "The mixer takes 16kg max" corrects a fact; it teaches no rule."""
    if _RULE_WORDS.search(text) or _CORRECTION_ANYWHERE.search(text):
        return True
    row = language(text)
    return row is not None and bool(row.correction.search(text)) and not row.question.search(text)
