"""Pure helpers of the semantic scores (no numpy): what text is embedded, how cosines are read."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memscribe import textsim
from memscribe.lazyre import lazy_compile

#: Function words of every language textsim knows (English, and es/de/fr where it has them).
STOPWORDS: frozenset[str] = getattr(textsim, "_STOP_ANY", textsim.STOPWORDS)

#: The lexical score of two texts on one topic (the shortlist threshold of
#: :mod:`memscribe.relatedness`); an encoder's ``related`` cosine maps to it.
LEXICAL_RELATED = 0.35

_WORD = lazy_compile(r"\w[\w'’+#.-]*", re.UNICODE)
#: "The user" in the languages memories are written in: the subject every memory shares. In
#: Chinese and Japanese it sits inside a run of characters, so it is cut out as a substring.
_SUBJECT_CJK = lazy_compile(r"用户|用戶|使用者|ユーザー?|利用者")
_SUBJECT_WORDS = frozenset(
    "nutzer nutzerin benutzer benutzerin utilisateur utilisatrice usuario usuaria".split()
)


def content_text(text: str) -> str:
    """``text`` without function words and the generic subject ("User prefers …", "用户…"), so
    that the words every memory shares do not make two memories look alike. The text itself if
    nothing is left."""
    words = [
        w
        for w in _WORD.findall(_SUBJECT_CJK.sub(" ", text))
        if (folded := w.casefold().strip("'’.-")) not in STOPWORDS and folded not in _SUBJECT_WORDS
    ]
    return " ".join(words) or text


@dataclass(frozen=True)
class Calibration:
    """Where an encoder's cosines fall: ``floor`` or below, nothing in common; ``related``, two
    texts on one topic."""

    floor: float
    related: float


#: WordLlama (l2_supercat, 256 dimensions) on memory sentences with function words removed:
#: unrelated memories mostly score below 0.1, restatements above 0.6, and two statements of one
#: attribute ("uses an Android phone" / "switched to an iPhone") around 0.3–0.5.
STATIC_CALIBRATION = Calibration(floor=0.1, related=0.3)


def calibrate(cosine: float, calibration: Calibration) -> float:
    """A cosine on the lexical scale: ``floor`` → 0, ``related`` → LEXICAL_RELATED, 1 → 1,
    linear in between."""
    floor, related = calibration.floor, calibration.related
    if cosine <= floor:
        return 0.0
    if cosine <= related:
        return round(LEXICAL_RELATED * (cosine - floor) / (related - floor), 4)
    share = (min(cosine, 1.0) - related) / (1.0 - related)
    return round(LEXICAL_RELATED + (1.0 - LEXICAL_RELATED) * share, 4)


__all__ = ["LEXICAL_RELATED", "STATIC_CALIBRATION", "Calibration", "calibrate", "content_text"]
