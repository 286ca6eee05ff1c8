"""A regex entered only where a match can start (data structure for :mod:`memscribe.guard.rules`).

The guard's rules open with a word boundary and an alternation of many words; Python's regex
engine tries every alternative at every position of the text (under ``IGNORECASE`` it cannot
skip an alternative by its first letter). :func:`compile_entered` reads, from the pattern's
parse tree, the characters a match can start with and puts them first as a look-ahead
(``(?=[…])``): at any other position the engine stops at one character test. The look-ahead
only passes positions where the pattern itself is tried, so the matches, and their order, are
those of the pattern as written; where the first characters cannot be told (a character
category, any character, a match that may be empty, a group with its own flags) the pattern is
compiled as written.
"""

from __future__ import annotations

import re
from typing import Any

try:  # the parse tree ``re`` itself compiles from (a private module: absent, patterns compile as written)
    import re._parser as sre_parse
except ImportError:  # pragma: no cover - every supported Python has it
    sre_parse = None

__all__ = ["compile_entered", "first_characters"]

_ZERO_WIDTH = frozenset({sre_parse.AT, sre_parse.ASSERT, sre_parse.ASSERT_NOT}) if sre_parse else frozenset()
#: A character range wider than this is not spelt out (the pattern is compiled as written).
_MAX_RANGE = 64


class _Unknown(Exception):
    """The first characters of a pattern cannot be told."""


def _first(items: list[Any], bounded: bool = False) -> set[tuple[str, bool]]:
    """The characters a match of the parsed ``items`` can start with (a superset: look-arounds
    and anchors are stepped over), each with whether a word boundary is asserted right before
    it on that path (``\\b`` stepped over)."""
    for i, (op, av) in enumerate(items):
        if op in _ZERO_WIDTH:
            bounded = bounded or (op is sre_parse.AT and av is sre_parse.AT_BOUNDARY)
            continue
        rest = list(items[i + 1 :])
        if op is sre_parse.LITERAL:
            return {(chr(av), bounded)}
        if op is sre_parse.IN:
            out: set[tuple[str, bool]] = set()
            for kind, value in av:
                if kind is sre_parse.LITERAL:
                    out.add((chr(value), bounded))
                elif kind is sre_parse.RANGE and value[1] - value[0] < _MAX_RANGE:
                    out.update((chr(c), bounded) for c in range(value[0], value[1] + 1))
                else:
                    raise _Unknown
            return out
        if op is sre_parse.BRANCH:
            return set().union(*(_first(list(alt) + rest, bounded) for alt in av[1]))
        if op is sre_parse.SUBPATTERN:
            if av[1] or av[2]:  # a group with flags of its own (``(?i:…)``)
                raise _Unknown
            return _first(list(av[3]) + rest, bounded)
        if op in (sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT):
            low, _, body = av
            first = _first(list(body), bounded)
            return first if low >= 1 else first | _first(rest, bounded)
        raise _Unknown
    raise _Unknown  # the pattern may match the empty string: it can start anywhere


def _entries(source: str, flags: int) -> tuple[str, str] | None:
    """The characters a match can start with anywhere, and those it can start with only at a word
    boundary (each sorted), or ``None`` when they cannot be told."""
    if sre_parse is None:
        return None
    try:
        found = _first(list(sre_parse.parse(source, flags)))
    except _Unknown:
        return None
    free = {c for c, bounded in found if not bounded}
    return "".join(sorted(free)), "".join(sorted({c for c, _ in found} - free))


def first_characters(source: str, flags: int = 0) -> str | None:
    """The characters a match of ``source`` can start with (sorted), or ``None`` when they
    cannot be told."""
    entries = _entries(source, flags)
    return None if entries is None else "".join(sorted(entries[0] + entries[1]))


def _class(chars: str) -> str:
    return "[" + "".join("\\" + c if c in "\\]^-[" else c for c in chars) + "]"


def compile_entered(source: str, flags: int = 0) -> re.Pattern[str]:
    """``source`` compiled behind a look-ahead for its first characters (when they can be told);
    those that start a match only after a word boundary are looked for only at one (``\\b``
    first: inside a word the engine stops at that one test)."""
    entries = _entries(source, flags)
    if entries is None:
        return re.compile(source, flags)
    free, bounded = entries
    ways = ([f"(?={_class(free)})"] if free else []) + ([rf"\b(?={_class(bounded)})"] if bounded else [])
    return re.compile(f"(?:{'|'.join(ways)})(?:{source})", flags)
