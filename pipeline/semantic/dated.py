"""Dated starts: a state said with the time it began ("since May", "seit März", "depuis
septembre", "desde marzo", "从去年开始", "去年から"). Such a state was entered then and goes on: the
embedded dedup decision reads it as a change reported (its rule 3) the way "started" is, and like
a start it may begin a new activity beside the ones held
(:func:`memscribe.model.embedded.dedup_compare.begins_beside`). It is no change cue of
:mod:`memscribe.semantic.updates`: the extractor would then state "I've used VS Code since 2019"
as news ("User has used VS Code now."). Closed-class words and frames per language; pure
functions.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: A state dated from its start: the English "since" with a time ("since May", "since last year",
#: "since 2023"; not the causal "since it rains"), and its Chinese and Japanese frames ("从去年开始",
#: "从九月起", "去年以来", "去年から", "4月から"; not 从现在开始, "from now on", nor a plan, "来月から").
#: The German "seit", French "depuis" and Spanish "desde" say the same (and are change cues of
#: :mod:`memscribe.semantic.updates` already).
_SINCE_EN = (
    r"\bsince\s+(?:(?:last|early|late|mid|the\s+end\s+of|the\s+start\s+of)\s+)?(?:january|february|march"
    r"|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|year|month|week|\d{4}\b|then\b)"
)
_SINCE_CJK = (
    r"从(?!现在)[^，。！？,.!?]{1,8}?(?:开始|起)|以来"
    r"|(?:去年|昨年|先月|先週|今年|今月|[0-9０-９]+月|[春夏秋冬])から"
)
_DATED_START = lazy_compile(rf"{_SINCE_EN}|\b(?:seit|depuis|desde)\b|{_SINCE_CJK}", re.IGNORECASE)


def dated_start(text: str) -> bool:
    """The statement dates its state from a start ("since May", "seit März", "depuis
    septembre", "desde marzo", "从去年开始", "去年から"): a state entered then, which goes on."""
    return _DATED_START.search(text) is not None


def without_dated_start(text: str) -> str:
    """``text`` with its dated starts (:func:`dated_start`) blanked."""
    return _DATED_START.sub(" ", text)


__all__ = ["dated_start", "without_dated_start"]
