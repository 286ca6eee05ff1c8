"""A clause of consequence: what a stated fact means for the speaker's day.

"I'm up at 3:30 every day for the ovens, so I'm usually in bed by 8pm"; "I work night shifts, so
I do all this stuff on my phone at 3am"; "Friday will be eight months without a cigarette, so I'm
snacking more". A clause linked by "so" (or "which means", "that's why") to a clause before it in
the same sentence draws a consequence of that clause: the cause is the fact the speaker gives, the
consequence its effect on what they do now, said for the matter at hand. When the cause is kept
as a fact, the consequence is no second one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memscribe.lazyre import lazy_compile

#: The link of consequence opening what follows a clause: ", so", "so that's why", "which means".
_LINK = lazy_compile(
    r"(?:^|[\s,;:—–-])(?:so|hence|therefore|which\s+means|that['’]s\s+why|and\s+so)\s*[,]?\s*$", re.I
)


#: The speaker as the consequence's subject: what follows for them ("so I'm …", "so I do …"); a
#: consequence about something else ("so there are six of us on payroll now") states that thing.
_SPEAKER = lazy_compile(r"^\W*I\b", re.I)


def consequences(sentence: str, clauses: Sequence[str]) -> set[int]:
    """The positions of ``clauses`` (the clauses of ``sentence``, in order) that a link of
    consequence ties to a clause before them, with the speaker as their subject; the first clause
    is never one."""
    out: set[int] = set()
    at = 0
    for number, clause in enumerate(clauses):
        found = sentence.find(clause, at)
        if found < 0:
            continue
        if number and _LINK.search(sentence[at:found]) and _SPEAKER.match(clause):
            out.add(number)
        at = found + len(clause)
    return out


__all__ = ["consequences"]
