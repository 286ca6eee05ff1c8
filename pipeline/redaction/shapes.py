"""Values shaped like a chosen password wherever they stand: a token of all four character
classes (lower case, upper case, digit, and a symbol people type: ``!#$%&?@^~``), 8 to 32
characters, opening on a letter or digit (``Pr0v!s10n-Svc#2023``, ``Willkommen2026!``). Under no
secret's name (a call's argument, a variable named for its role, a command's operand) nothing
else reads it as a secret; its shape alone does.

Longer tokens are generated, not chosen (the entropy detectors decide them); a symbol that
joins an address or a package to its version (``@``), a name to its number (``#``), a URL
escape, a crypt hash's ``$id$`` or a variable's ``$`` makes no password, nor does a flag's
leading ``-``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.names import generic_key, is_password_name, name_strength
from memscribe.redaction.placeholders import is_placeholder

#: The symbols people put in a password they choose (not code's brackets, quotes or slashes).
_SYMBOL = lazy_compile(r"[!#$%&?@^~]")
#: Prefilter hints (see :class:`~memscribe.redaction.base.Detector`): every finding holds a symbol.
SHAPE_HINTS = tuple("!#$%&?@^~")
#: Characters a password's token is made of: letters, digits, its symbols, ``*+._-``.
_TOKEN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*?@^~+._-")
#: What may stand before a token: a blank, a quote, a bracket, a list's comma, an assignment.
_OPENERS = frozenset(" \t\n\r\"'`(,=:")
#: What may stand after it: a blank or a quote, after sentence marks.
_CLOSERS = frozenset(" \t\n\r\"'`")
_TRAILING = ".,;:!?)"
#: An address or a package at a version: ``ws_1@Company.Name``, ``NuGetAuthenticate@1``.
_AT_NAME = lazy_compile(r"^[^@]+@(?:v?\d+(?:\.\d+)*|[A-Za-z][\w-]*(?:\.[\w-]+)+)$")
#: A name and its number: ``CopainsBot#4821`` (a chat tag), ``repo#123`` (an issue).
_NAME_NUMBER = lazy_compile(r"^[A-Za-z][A-Za-z._-]*#\d+$")
#: A URL escape (of a blank or a delimiter: a digit in it, ``%20``, ``%3D``, ``%2F``), a crypt
#: hash's ``$id$`` or a variable: no chosen password.
_ESCAPE = lazy_compile(r"%(?:[0-9][0-9A-Fa-f]|[A-Fa-f][0-9])|\$\w+\$|^\$")
_MIN, _MAX = 8, 32


def _shaped(v: str) -> bool:
    if not _MIN <= len(v) <= _MAX:
        return False
    if not (any(c.islower() for c in v) and any(c.isupper() for c in v) and any(c.isdigit() for c in v)):
        return False
    if _SYMBOL.search(v) is None:
        return False
    if _AT_NAME.match(v) or _NAME_NUMBER.match(v) or _ESCAPE.search(v):
        return False
    return not is_placeholder(v)


def find_password_shapes(text: str) -> Iterator[tuple[int, int]]:
    """Each token (:data:`_TOKEN_CHARS`, between an opener and a closer) of 8 to 64 characters
    holding a lower-case letter, a capital, a digit and a symbol (:data:`_SYMBOL`); a quoted
    token keeps its trailing marks, a bare one loses them to the sentence unless a comma or a
    semicolon follows them (the sentence goes on: the marks were the value's)."""
    size = len(text)
    done = -1
    for m in _SYMBOL.finditer(text):
        at = m.start()
        if at < done:
            continue
        start = at
        while start > 0 and text[start - 1] in _TOKEN_CHARS:
            start -= 1
        end = at + 1
        while end < size and text[end] in _TOKEN_CHARS:
            end += 1
        done = end
        if end - start < _MIN or (start > 0 and text[start - 1] not in _OPENERS):
            continue
        if not text[start].isalnum():
            continue  # a flag (``-pS3cr#t``, its own detector's), a tag or a reference (``!secret``)
        after = end
        while after < size and text[after] in _TRAILING:
            after += 1
        if after < size and text[after] not in _CLOSERS:
            continue
        quoted = start > 0 and end < size and text[start - 1] == text[end] and text[end] in "\"'`"
        stop = end
        if not quoted:
            while stop > start and text[stop - 1] == ".":
                stop -= 1
            if end >= size or text[end] not in ",;" or stop < end:
                # a sentence's mark ends a bare token, unless the sentence goes on right after it
                # (``with Sonnenblume-2026!, can I``: the mark is the password's)
                while stop > start and text[stop - 1] in _TRAILING:
                    stop -= 1
        if _shaped(text[start:stop]):
            yield start, stop


#: The head of a modular-crypt hash ending right before a value: ``$6$<salt>$``, ``$2y$10$``,
#: ``$argon2id$v=19$m=65536,t=3,p=4$<salt>$`` (its scheme ids as :mod:`~memscribe.redaction.credfiles` reads them).
_CRYPT_HEAD = lazy_compile(
    r"(?<![\w$])\$(?:1|2[abxy]|5|6|7|y|gy|apr1|md5|sha1|argon2(?:id|i|d)|scrypt|"
    r"pbkdf2(?:-sha(?:1|256|512))?|bcrypt(?:-sha256)?)\$(?:[\w.,=+/-]{1,100}\$){0,4}$"
)


def crypt_whole(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` widened back to the start of the modular-crypt hash whose last part it
    is: a hash found by its digest alone left its scheme and salt readable, and the salt is
    half of what a cracker needs."""
    if start > 0 and text[start - 1] == "$":
        head = _CRYPT_HEAD.search(text, max(0, start - 200), start)
        if head is not None:
            return head.start(), end
    return start, end


def widened_to_crypt(
    find: Callable[[str], Iterable[tuple[int, int]]],
) -> Callable[[str], Iterator[tuple[int, int]]]:
    """``find`` with each span that ends a modular-crypt hash widened to the whole hash (:func:`crypt_whole`)."""

    def widened(text: str) -> Iterator[tuple[int, int]]:
        for start, end in find(text):
            yield crypt_whole(text, start, end)

    return widened


#: A value written as string literals joined in one expression, after an assignment's ``=``:
#: adjacent in parentheses (Python: ``KEY = (\n "abc"\n "def"\n)``) or joined by ``+`` (Java,
#: JavaScript: ``KEY = "abc" +\n "def";``).
_JOINED = lazy_compile(
    r"=[ \t]*(?:\(\s*(?P<lits>_L(?:\s*_L){1,15})\s*\)|(?P<plus>_L(?:\s*\+\s*_L){1,15}))".replace(
        "_L", r"[rbuRBU]?(?:'[^'\n]{1,200}'|\"[^\"\n]{1,200}\")"
    )
)
_LITERAL = lazy_compile(r"(?P<q>['\"])(?P<v>[^'\"\n]{1,200})(?P=q)")
#: The name assigned, at the end of what stands before ``=`` on its line (a type annotation allowed).
_ASSIGNED = lazy_compile(r"([A-Za-z_][\w.-]*)['\"\]]?[ \t]*(?::[ \t]*[\w\[\], ]+)?[ \t]*$")
#: A character :data:`_ASSIGNED` can match: every one of a match's (it has no look-around).
_ASSIGNED_CHAR = lazy_compile(r"[\w.\-'\"\] \t:\[,]")
#: Prefilter hints of :func:`find_joined_literals`.
JOINED_HINTS = ("=",)


def _assigned_from(text: str, end: int) -> int:
    """Where a search for :data:`_ASSIGNED` ending at ``end`` may start and find what a search
    from the line's start finds: after the last character before ``end`` that no match can hold
    (a match is a run of :data:`_ASSIGNED_CHAR`; a line break is none). Each ``=`` of a long line
    then reads the few characters before it, not the whole line up to it (quadratic)."""
    start = end
    while start > 0 and _ASSIGNED_CHAR.match(text, start - 1) is not None:
        start -= 1
    return start


#: A run of the characters a name of :data:`_ASSIGNED` is made of, and the first character one may start with.
_NAME_RUN = lazy_compile(r"[\w.-]+")
_NAME_START = lazy_compile(r"[A-Za-z_]")


def assigned_name(text: str, end: int) -> re.Match[str] | None:
    """What ``_ASSIGNED.search(text, start, end)`` finds (``start`` from :func:`_assigned_from`),
    tried only at the first letter of each run of name characters: a match at a later letter of
    the same run is also a match at the first (the name takes the letters between), so the
    leftmost match starts at one of them, and a failed start fails every later one of its run.
    The search itself tried every letter of a long run and read the run to its end from each
    (``"a" * n + "'' = 'abcd' + 'efgh'"``: quadratic in ``n``)."""
    for run in _NAME_RUN.finditer(text, _assigned_from(text, end), end):
        first = _NAME_START.search(text, run.start(), run.end())
        if first is None:
            continue
        named = _ASSIGNED.match(text, first.start(), end)
        if named is not None:
            return named
    return None


def find_joined_literals(text: str) -> Iterator[tuple[int, int]]:
    """The literals of a value split into pieces under a secret's name (:data:`_JOINED`): each
    piece alone is too short to read as a secret (``"a9F3kQ2mZ7xW"``), the value they make is
    decided as the assignment rules decide a quoted value."""
    for m in _JOINED.finditer(text):
        named = assigned_name(text, m.start())
        if named is None:
            continue
        name = named.group(1)
        strength = name_strength(name)
        if strength is None:
            continue
        group = "lits" if m.group("lits") is not None else "plus"
        pieces = list(_LITERAL.finditer(text, m.start(group), m.end(group)))
        value = "".join(p.group("v") for p in pieces)
        if plausible_value(
            value,
            strength,
            quoted=True,
            password_name=is_password_name(name),
            generic_key=generic_key(name),
        ):
            for p in pieces:
                yield p.span("v")
