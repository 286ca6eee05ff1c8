"""Group names: room ids from OpenClaw session keys, friendly names, the group_names.json mapping. Pure.

Raw room ids (``!xxx:matrix.example.com``, Telegram chat ids…) never become file names: a room
is known by the friendly name mapped in ``memory/groups/group_names.json``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_KEY = re.compile(r"^agent:(?P<agent>[^:]+):(?P<channel>[^:]+):group:(?P<room>.+)$")
_UNSAFE = re.compile(r"[^\w-]+")
MAX_NAME = 48


def parse_group_key(session_key: str | None) -> tuple[str, str] | None:
    """``(channel, room_id)`` for a group session key ``agent:<id>:<channel>:group:<room>``, else None."""
    if not session_key:
        return None
    match = _KEY.match(session_key)
    return (match.group("channel"), match.group("room")) if match else None


def friendly_name(name: str) -> str:
    """A safe file name from a human name: NFKC, lower case, runs of other characters → ``-``.

    Letters of any script are kept (``产品群`` stays ``产品群``); path separators, dots, colons and
    ``!`` never survive, so the result cannot escape ``memory/groups/``. A name with a part shaped
    like a token (:func:`token_shaped`) is known by a hash instead, ``group-<8 hex>`` (stable: the
    same name, the same folder), as an unmapped room is: lower-casing must not turn a key the
    masker knows only in its own case (``XOXB-…``) into a folder named like it.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    text = _UNSAFE.sub("-", text).strip("-_")
    if token_shaped(text):
        return f"group-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}"
    return text[:MAX_NAME].rstrip("-_")


#: A part of a name between ``-``/``_`` at least this long can be a token ...
_TOKEN_MIN = 16
_PARTS = re.compile(r"[^-_]+")
_LETTERS = re.compile(r"[a-z]+")
_DIGITS = re.compile(r"[0-9]+")
_CONSONANTS = re.compile(r"[^aeiouy]{5,}")


def _pronounceable(run: str) -> bool:
    """A run of letters a word could be: 3+ letters, a quarter of them vowels, no five
    consonants in a row (``player``, ``phoenix``; not ``xkqzv``)."""
    return len(run) >= 3 and sum(c in "aeiouy" for c in run) * 4 >= len(run) and not _CONSONANTS.search(run)


def token_shaped(name: str) -> bool:
    """Whether a part of ``name`` (between ``-``, ``_`` and spaces) looks like a key, not words with
    a number: 16+ ASCII letters and digits, both present, and either four or more runs of digits
    or under 70% of its letters in pronounceable runs. A random base36/base62/hex key of 16+ is
    caught 8 to 10 times in 10 (all but always from 32); ``projectphoenix2024v2``,
    ``mp3player4kids2023``, ``q4planningmeeting2025`` keep their words."""
    for part in _PARTS.findall(name.casefold().replace(" ", "-")):
        if len(part) < _TOKEN_MIN or not (part.isascii() and part.isalnum()):
            continue
        letters, digits = _LETTERS.findall(part), _DIGITS.findall(part)
        if not letters or not digits:
            continue
        covered = sum(len(run) for run in letters if _pronounceable(run))
        if len(digits) >= 4 or covered * 10 < 7 * sum(map(len, letters)):
            return True
    return False


def fallback_name(channel: str, room_id: str) -> str:
    """A stable name for an unmapped room (never the raw id): ``<channel>-group-<8 hex>``."""
    digest = hashlib.sha256(room_id.encode("utf-8")).hexdigest()[:8]
    return f"{friendly_name(channel) or 'chat'}-group-{digest}"


def resolve_group(
    mapping: dict[str, dict[str, str]], *, session_key: str | None, group: str | None
) -> tuple[str, str | None, dict[str, str] | None]:
    """The group's name, its room id (if known) and the mapping entry to append (None: no change).

    ``--group NAME`` wins for the name; a room already mapped keeps its mapping (never rewritten).
    """
    parsed = parse_group_key(session_key)
    room = parsed[1] if parsed else None
    if room is not None and room in mapping and mapping[room].get("name"):
        mapped = friendly_name(mapping[room]["name"])
        if mapped:
            return (friendly_name(group) or mapped) if group else mapped, room, None
    if group:
        name = friendly_name(group)
        if not name:
            raise ValueError(f"--group {group!r} has no usable characters for a file name")
        shown = name if token_shaped(unicodedata.normalize("NFKC", group)) else group  # never the key
        entry = {"name": name, "display_name": shown} if room is not None else None
        return name, room, entry
    if parsed is None:
        raise ValueError(
            "not a group transcript (no agent:<id>:<channel>:group:<room> session key); pass --group NAME"
        )
    name = fallback_name(*parsed)
    return name, room, {"name": name, "display_name": name}
