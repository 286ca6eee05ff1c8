"""Group names: room ids from OpenClaw session keys, friendly names, the group_names.json mapping. Pure.

Raw room ids (``!xxx:matrix.example.com``, Telegram chat ids…) never become file names: a room
is known by the friendly name mapped in ``memory/groups/group_names.json``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable

_KEY = re.compile(r"^agent:(?P<agent>[^:]+):(?P<channel>[^:]+):group:(?P<room>.+)$")
_UNSAFE = re.compile(r"[^\w-]+")
MAX_NAME = 48


def parse_group_key(session_key: str | None) -> tuple[str, str] | None:
    """``(channel, room_id)`` for a group session key ``agent:<id>:<channel>:group:<room>``, else None."""
    if not session_key:
        return None
    match = _KEY.match(session_key)
    return (match.group("channel"), match.group("room")) if match else None


def friendly_name(name: str, *, hashed: bool = False) -> str:
    """A safe file name from a human name: NFKC, lower case, runs of other characters → ``-``.

    Letters of any script are kept (``产品群`` stays ``产品群``); path separators, dots, colons and
    ``!`` never survive, so the result cannot escape ``memory/groups/``. A ``hashed`` name (one
    with a part shaped like a key: the caller decides, with
    :func:`memscribe.groups.secret_names.secret_shaped`) is known by a hash instead,
    ``group-<8 hex>`` (stable: the same name, the same folder), as an unmapped room is:
    lower-casing must not turn a key the masker knows only in its own case into a folder named
    like it.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    text = _UNSAFE.sub("-", text).strip("-_")
    if hashed and text:
        return f"group-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}"
    return text[:MAX_NAME].rstrip("-_")


def _safe_folder(name: str) -> bool:
    """Whether a mapped name is already a folder name :func:`friendly_name` could have made."""
    return bool(name) and friendly_name(name) == name


def fallback_name(channel: str, room_id: str) -> str:
    """A stable name for an unmapped room (never the raw id): ``<channel>-group-<8 hex>``."""
    digest = hashlib.sha256(room_id.encode("utf-8")).hexdigest()[:8]
    return f"{friendly_name(channel) or 'chat'}-group-{digest}"


def _names_room(group: str, known: dict[str, str], mapped: str) -> bool:
    """Whether ``--group`` is the name a room was mapped with (as given, as slugged, or hashed)."""
    if group in (known.get("display_name"), known["name"]):
        return True
    return mapped in (friendly_name(group), friendly_name(group, hashed=True))


def resolve_group(
    mapping: dict[str, dict[str, str]],
    *,
    session_key: str | None,
    group: str | None,
    secret_shaped: Callable[[str], bool] | None = None,
) -> tuple[str, str | None, dict[str, str] | None]:
    """The group's name, its room id (if known) and the mapping entry to append (None: no change).

    A room already mapped keeps its mapped name as it is (never re-derived, so a flush never
    moves a known room to a new folder), unless ``--group`` renames it (a name other than the
    one it was mapped with); the mapping itself is never rewritten. ``secret_shaped`` decides,
    once, whether ``--group`` holds a key: then its folder is a hash and so is its display name.
    """
    parsed = parse_group_key(session_key)
    room = parsed[1] if parsed else None
    hashed = bool(group) and secret_shaped is not None and secret_shaped(group or "")
    if room is not None and room in mapping and mapping[room].get("name"):
        known = mapping[room]
        mapped = known["name"] if _safe_folder(known["name"]) else friendly_name(known["name"])
        if mapped:
            if not group or _names_room(group, known, mapped):
                return mapped, room, None
            return friendly_name(group, hashed=hashed) or mapped, room, None
    if group:
        name = friendly_name(group, hashed=hashed)
        if not name:
            raise ValueError(f"--group {group!r} has no usable characters for a file name")
        entry = {"name": name, "display_name": name if hashed else group} if room is not None else None
        return name, room, entry
    if parsed is None:
        raise ValueError(
            "not a group transcript (no agent:<id>:<channel>:group:<room> session key); pass --group NAME"
        )
    name = fallback_name(*parsed)
    return name, room, {"name": name, "display_name": name}
