"""Where a move goes: a home, or something of one's work.

"I moved to Lisbon" changes where the user lives; "I moved to the backend team", "I moved to
Neovim" and "wir sind auf Teams umgezogen" change a team, an editor, a chat tool. The object of
the move tells them apart by its form, not by a list of places: a place is a name or a place said
with its article; a unit of work said with its article ("the backend team", "a new role", "the
night shift") is none, nor is a value of a class (:mod:`memscribe.semantic.values`), nor what
German moves "auf" (a platform: one moves "nach" or "in" a place). Used by the extractor
(:mod:`memscribe.model.embedded.profile_rules`) and the dedup decision's residence facet.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.values import members

#: A unit of one's work said with its article and up to two words before its noun.
WORK_UNIT = (
    r"(?:[\w-]+\s+){0,2}(?:team|job|role|position|department|shift|project|squad|group|unit|division)s?\b"
)
#: Where one moves to: a name ("Denver", "New York") or a place said with its article ("the
#: countryside", "a small town"), not a unit of work (a lookahead, for the extractor's rules).
PLACE_LIKE = rf"(?=(?-i:[A-Z])|(?:the|a|an)\s+(?!{WORK_UNIT}))"

_MOVED_TO = lazy_compile(r"\b(?:moved|relocated)\s+(?:back\s+)?(?:to|into)\s+(?P<x>[^.,;!?]+)", re.I)
_WORK_OBJECT = lazy_compile(rf"^(?:the|a|an)\s+{WORK_UNIT}", re.I)
#: German "auf … umgezogen/umgestiegen": a migration to a platform, not a home.
_DE_PLATFORM = lazy_compile(r"\bauf\s+[^\s,.]+(?:\s+[^\s,.]+)?\s+(?:um)?gezogen\b", re.I)


def moves_to_no_home(text: str) -> bool:
    """The statement reports a move whose object is no place: a unit of work, a value of a
    class, or a German move "auf" a platform."""
    if _DE_PLATFORM.search(text):
        return True
    m = _MOVED_TO.search(text)
    if m is None:
        return False
    where = m.group("x").strip()
    return bool(_WORK_OBJECT.match(where) or members(where))


__all__ = ["PLACE_LIKE", "WORK_UNIT", "moves_to_no_home"]
