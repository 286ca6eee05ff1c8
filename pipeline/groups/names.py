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
    ``!`` never survive, so the result cannot escape ``memory/groups/``.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    text = _UNSAFE.sub("-", text).strip("-_")
    return text[:MAX_NAME].rstrip("-_")


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
        entry = {"name": name, "display_name": group} if room is not None else None
        return name, room, entry
    if parsed is None:
        raise ValueError(
            "not a group transcript (no agent:<id>:<channel>:group:<room> session key); pass --group NAME"
        )
    name = fallback_name(*parsed)
    return name, room, {"name": name, "display_name": name}
