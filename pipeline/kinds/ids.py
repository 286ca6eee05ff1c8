"""Memory ids: ``<kind prefix><8>`` (``prof_…``, ``pbk_…``), uniformly random and collision-checked.

The public Reflexio plugin pads 3 random bytes into its ids, so every id ends in ``0``;
here every character is drawn independently from the alphabet with :mod:`secrets`.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Collection

from memscribe.errors import StoreError
from memscribe.kinds import KINDS, kind
from memscribe.kinds.base import ID_BODY
from memscribe.schemas.memory import MemoryKind

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
ID_LENGTH = 8
PREFIXES: dict[str, str] = {k.name: k.prefix for k in KINDS}
#: Any kind's id; never a path separator.
ID_RE = re.compile(rf"^({'|'.join(re.escape(k.prefix[:-1]) for k in KINDS)})_{ID_BODY}$")
_MAX_ATTEMPTS = 100


def new_id(kind_name: MemoryKind, taken: Collection[str]) -> str:
    """Return a fresh id for ``kind_name`` that is not in ``taken``.

    Args:
        kind_name: the kind; picks its prefix (``prof_`` / ``pbk_``).
        taken: ids already used (active and archived); a clash draws again.

    Raises:
        StoreError: if no free id was found after many draws (only with an absurd ``taken``).
    """
    prefix = kind(kind_name).prefix
    for _ in range(_MAX_ATTEMPTS):
        candidate = prefix + _random_body()
        if candidate not in taken:
            return candidate
    raise StoreError(f"could not draw a free {kind_name} id after {_MAX_ATTEMPTS} attempts", kind=kind_name)


#: How many bodies there are: each of the ``ID_LENGTH`` characters any of ``ALPHABET``.
_BODIES = len(ALPHABET) ** ID_LENGTH


def _random_body() -> str:
    """``ID_LENGTH`` characters of ``ALPHABET``, each drawn independently and uniformly: one
    number below :data:`_BODIES` from :mod:`secrets`, written in base ``len(ALPHABET)`` (issue
    17: one draw from the system's random source, not one per character)."""
    number = secrets.randbelow(_BODIES)
    base = len(ALPHABET)
    chars = []
    for _ in range(ID_LENGTH):
        number, digit = divmod(number, base)
        chars.append(ALPHABET[digit])
    return "".join(chars)


def kind_of_id(memory_id: str) -> MemoryKind | None:
    """The kind an id's prefix names, or None when the id is malformed."""
    if not ID_RE.match(memory_id):
        return None
    return next((k.name for k in KINDS if memory_id.startswith(k.prefix)), None)


def id_suffix(memory_id: str) -> str:
    """The id without its kind prefix (the file-name suffix)."""
    return memory_id.split("_", 1)[1]
