"""Memory ids (see :mod:`memscribe.kinds.ids`, where each kind's prefix is registered)."""

from __future__ import annotations

from memscribe.kinds.ids import ALPHABET, ID_LENGTH, ID_RE, PREFIXES, id_suffix, kind_of_id, new_id

__all__ = ["ALPHABET", "ID_LENGTH", "ID_RE", "PREFIXES", "id_suffix", "kind_of_id", "new_id"]
