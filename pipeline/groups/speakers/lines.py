"""The opening of a line that may name its sender, in the shapes chat bridges and exports write.

A relayed or exported chat writes each message as a line opening with its sender, in one shape the
whole chat repeats: an optional stamp (a time, or a date and a time: ``[10:31] ``, ``06/12/2026,
10:31 - ``, ``[06.12.26, 10:31:22] ``), an optional room tag (``[#ops] ``), then the name framed
as the bridge writes it: ``Name:`` (plain), ``**Name**:`` or ``**Name:**`` (Markdown emphasis),
``<name>`` (IRC; ``<@hana:matrix.org>``, a Matrix user, is ``hana``). :func:`openings` reads the openings of a text's lines; whether an opening names
a sender is the chat's to say (:func:`memscribe.groups.speakers.handles`), except the plain
capitalised names a line of any text may open with.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

#: A time, after a date or alone, bracketed or not, then a dash or a space.
_STAMP = (
    r"[\[(]?(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?[ \t]+)?\d{1,2}:\d{2}(?::\d{2})?"
    r"(?:[ \t]?[AaPp]\.?[Mm]\.?)?[\])]?(?:[ \t]*[-–—][ \t]*|[ \t]+)"
)
#: A name of one to six words ("Hana", "Ana de Souza", "Maria Fernanda da Silva Costa"), or an
#: ``@handle``.
_NAME = r"[^\W\d_][\w'’.-]{0,24}(?:[ \t][^\W\d_][\w'’.-]{0,24}){0,5}|@[\w.-]{2,30}"
#: The opening of a line: stamp, room, and the name in its frame; the line goes on after it.
_LINE = re.compile(
    rf"^[ \t]*(?P<stamp>{_STAMP})?(?:\[(?P<room>[^\]\n]{{1,40}})\][ \t]*)?"
    rf"(?:<[@+%~&]?(?P<nick>[^\W\d_][\w.|^`-]{{0,29}})(?::[\w.-]{{1,60}})?>[ \t]+"
    rf"|(?P<em>\*\*|__)(?P<bold>{_NAME})(?:(?P=em)[ \t]*[:：]|[ \t]*[:：](?P=em))[ \t]*"
    rf"|(?P<name>{_NAME})[ \t]*[:：][ \t]*)(?=\S)",
    re.MULTILINE,
)
#: A handle: one token of letters, digits and ``_ . -``, starting with a letter and ending with a
#: letter or digit.
_HANDLE = re.compile(r"[^\W\d_][\w.-]{0,23}[^\W_]")
#: Prefixes that label a line rather than name a sender (log levels among them).
LABELS = frozenset(
    "system note notes error warning step todo update ps q a re fyi tip example output input user assistant"
    " bot summary question answer reply edit http https decided decision decisions agreed action actions"
    " reminder result results status context conclusion important caution heads"
    " info warn debug trace fatal critical".split()
)
_CJK_NAME = re.compile(r"^[\u4e00-\u9fff]{2,4}$")


def is_name(name: str) -> bool:
    """A name any line may open with: capitalised words, two to four CJK characters, an @handle."""
    name = name.strip()
    if name.casefold().split(" ")[0] in LABELS or len(name) > 40:
        return False
    if name.startswith("@") or _CJK_NAME.match(name):
        return True
    return all(w[:1].isupper() for w in name.split())


def handle_shaped(name: str) -> bool:
    """A prefix that no name rule reads: one token (``hana_k``, ``dev-bot``, ``li.lei``), or a
    name whose first and last words are capitalised around lower-case ones ("Ana de Souza")."""
    words = name.split()
    if is_name(name) or words[0].casefold() in LABELS:
        return False
    if len(words) == 1:
        return bool(_HANDLE.fullmatch(name))
    return words[0][:1].isupper() and words[-1][:1].isupper()


class Opening(NamedTuple):
    """A line's opening: the name it gives, the span of the prefix, and the prefix's shape."""

    name: str
    start: int
    end: int
    room: bool
    #: ``plain`` for ``Name:`` with no stamp (the shape every text may hold), else the stamp's
    #: digits as ``9`` and the frame (``<>``, ``**``): what the chat's lines repeat.
    shape: str

    @property
    def plain(self) -> bool:
        return self.shape == "plain"

    def sure(self) -> bool:
        """A sender no label looks like: in a room, after a stamp, in a frame, or a name that
        is no plain lower-case word (``fix``, ``bob`` may be a label as well as a name)."""
        return _judged(self.name, self.plain, self.room)[2]

    def named(self) -> bool:
        """The opening reads as a name of someone (a capitalised name, a handle, a long name)."""
        return _judged(self.name, self.plain, self.room)[0]

    def read_alone(self) -> bool:
        """A name any text's line may open with, a chat or not: a plain capitalised name of up to
        three words, or one after a room tag (the rest need the chat's shape)."""
        return _judged(self.name, self.plain, self.room)[1]

    def judged(self) -> tuple[bool, bool, bool]:
        """(:meth:`named`, :meth:`read_alone`, :meth:`sure`) at once."""
        return _judged(self.name, self.plain, self.room)


@functools.lru_cache(maxsize=4096)
def _judged(name: str, plain: bool, room: bool) -> tuple[bool, bool, bool]:
    named = is_name(name) or handle_shaped(name)
    alone = plain and is_name(name) and len(name.split()) <= 3
    sure = room or not plain or not (name.isalpha() and name.islower())
    return named, alone, sure


def _opening(m: re.Match[str]) -> Opening:
    stamp, room, nick, em, bold, name = m.group("stamp", "room", "nick", "em", "bold", "name")
    if not (stamp or nick or em):
        return Opening(name.strip(), m.start(), m.end(), bool(room), "plain")
    stamp = re.sub(r"\d+", "9", re.sub(r"\s+", " ", stamp)).strip() if stamp else ""
    frame = "<>" if nick else (em or "")
    return Opening((nick or bold or name).strip(), m.start(), m.end(), bool(room), f"{stamp}{frame}")


def opening(line: str) -> Opening | None:
    """The opening of ``line`` (its first line), if it has one of the shapes."""
    m = _LINE.match(line)
    return _opening(m) if m else None


def openings(text: str) -> Iterator[Opening]:
    """The openings of the lines of ``text``, in order."""
    for m in _LINE.finditer(text):
        yield _opening(m)
