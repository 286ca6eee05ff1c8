"""Tokens issued as a record's id and a random secret joined by ``|``: Laravel Sanctum's
personal access tokens (``42|Xk9vL2mQ…``), Facebook's app tokens (``<app id>|<secret>``), a
UUID and a key (``28ab4aa6-…|7428…``). The secret half is random; the id half, digits or a
UUID, is part of the token as issued, so the whole is masked (neither half stays readable).

A table row printed with ``|`` between its fields (``sqlite3``'s and ``psql -A``'s output) joins
an id and a digest the same way: after an id of digits, hex digits alone (a checksum, a commit)
are no secret."""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.values import HIGH_ENTROPY_BITS, looks_random

#: ``|`` and the secret: a run of token characters, ending a word (a file name's ``.txt`` or a
#: further ``|``-joined field goes on: no token).
_SECRET = lazy_compile(r"\|(?P<v>[A-Za-z0-9_-]{20,}+)(?![\w|/-]|\.\w)")
#: The id before the ``|``: digits, or a UUID, opening its word (after no word character, path,
#: ``|``-joined field or ``:``-joined label).
_ID = lazy_compile(
    r"(?<![\w|/.:-])(?:\d{1,20}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})\Z"
)
#: The longest id (a UUID).
_ID_REACH = 36
_HEX = lazy_compile(r"[0-9a-fA-F]+")
#: Every finding holds it.
HINTS = ("|",)


def find_piped_tokens(text: str) -> Iterator[tuple[int, int]]:
    """Each ``<id>|<random secret>`` token, whole (tried at each ``|`` that a long run follows)."""
    for m in _SECRET.finditer(text):
        at = m.start()
        ident = _ID.search(text, max(0, at - _ID_REACH), at)
        if ident is None:
            continue
        value = m.group("v")
        if ident.group(0).isdigit() and _HEX.fullmatch(value):
            continue  # a table row's id and digest
        if looks_random(value, min_len=20, bits=HIGH_ENTROPY_BITS):
            yield ident.start(), m.end()
