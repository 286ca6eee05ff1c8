"""Is a match quoted (a mention: a report of what an attacker wrote) rather than said?"""

from __future__ import annotations

import re

_PAIRED_MARKS = (("「", "」"), ("『", "』"), ("«", "»"), ("‹", "›"), ("《", "》"))
_OPEN_SINGLE = re.compile(r"(?<![\w'])'(?=\S)")
_CLOSE_SINGLE = re.compile(r"(?<=\S)'(?![\w'])")


def quoted(text: str, at: int) -> bool:
    """True when position ``at`` sits inside quotation marks on its line or inside a fenced
    code block: the words there are quoted, not said."""
    if text.count("```", 0, at) % 2:
        return True
    before = text[text.rfind("\n", 0, at) + 1 : at]
    if before.count('"') % 2 or before.count("`") % 2:
        return True
    if "„" in before:  # German „…“ (or „…”): the closing mark is English's opening one
        if before.count("„") > before.count("“") + before.count("”"):
            return True
    elif before.count("“") > before.count("”"):
        return True
    # paired marks of other languages: 「…」『…』 (CJK), «…» and ‹…› (French, Russian, …)
    if any(before.count(a) > before.count(b) for a, b in _PAIRED_MARKS):
        return True
    # the character at ``at`` is kept so an opening quote right before it is seen as one
    return len(_OPEN_SINGLE.findall(before + text[at : at + 1])) > len(_CLOSE_SINGLE.findall(before))
