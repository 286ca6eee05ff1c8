"""Memory ids: ``prof_<8>`` / ``pbk_<8>``, uniformly random and collision-checked.

The public Reflexio plugin pads 3 random bytes into its ids, so every id ends in ``0``;
here every character is drawn independently from the alphabet with :mod:`secrets`.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Collection

from memscribe.errors import StoreError
from memscribe.schemas.memory import MemoryKind

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
ID_LENGTH = 8
PREFIXES: dict[str, str] = {"profile": "prof_", "playbook": "pbk_"}
# Accepts ids we generate and the nanoid alphabet older tools used; never a path separator.
ID_RE = re.compile(r"^(prof|pbk)_[A-Za-z0-9_-]{1,64}$")
_MAX_ATTEMPTS = 100


def new_id(kind: MemoryKind, taken: Collection[str]) -> str:
    """Return a fresh id for ``kind`` that is not in ``taken``.

    Args:
        kind: ``profile`` or ``playbook``; picks the ``prof_`` / ``pbk_`` prefix.
        taken: ids already used (active and archived); a clash draws again.

    Raises:
        StoreError: if no free id was found after many draws (only with an absurd ``taken``).
    """
    prefix = PREFIXES[kind]
    for _ in range(_MAX_ATTEMPTS):
        candidate = prefix + "".join(secrets.choice(ALPHABET) for _ in range(ID_LENGTH))
        if candidate not in taken:
            return candidate
    raise StoreError(f"could not draw a free {kind} id after {_MAX_ATTEMPTS} attempts", kind=kind)


def kind_of_id(memory_id: str) -> MemoryKind | None:
    """The kind an id's prefix names, or None when the id is malformed."""
    if not ID_RE.match(memory_id):
        return None
    return "profile" if memory_id.startswith("prof_") else "playbook"


def id_suffix(memory_id: str) -> str:
    """The id without its ``prof_`` / ``pbk_`` prefix (the file-name suffix)."""
    return memory_id.split("_", 1)[1]
