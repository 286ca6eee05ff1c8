"""Letters that a case-insensitive pattern matches but that do not lower to the pattern's letter.

The word prefilters of :mod:`memscribe.lexicon.caseless` look for a pattern's words in the lowered
text; that is only sound when every character the pattern's letters match case-insensitively
lowers to that letter, or is set apart in :data:`~memscribe.lexicon.caseless.ODD_FOLDS` (texts
holding one are never judged by the word tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def unplain_folds(words: Iterable[str]) -> set[tuple[str, str]]:
    """``(letter, other)`` for each letter of ``words`` and each character ``other`` (any code
    point) that the letter matches case-insensitively but that lowers to something else."""
    letters = sorted({c for w in words for c in w if c.isalpha()})
    if not letters:
        return set()
    any_letter = re.compile("[" + "".join(map(re.escape, letters)) + "]", re.IGNORECASE)
    found: set[tuple[str, str]] = set()
    for point in range(0x110000):
        other = chr(point)
        if other in letters or not any_letter.fullmatch(other):
            continue
        for letter in letters:
            if re.fullmatch(re.escape(letter), other, re.IGNORECASE) and other.lower() != letter:
                found.add((letter, other))
    return found
