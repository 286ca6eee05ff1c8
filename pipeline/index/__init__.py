"""The derived SQLite index of a memory root (see :mod:`memscribe.index.db`).

Files stay the truth: the index (``.reflexio/.index/``) can be deleted at any time and is
rebuilt from them by the next command or ``memscribe index --rebuild``.

Names are loaded lazily (PEP 562): ``memscribe.index.options`` is imported for ``memscribe
--help``, which must not pay for the index, the stages and the schemas behind it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memscribe.index.db import (
        INDEX_DIR,
        INDEX_FILE,
        IndexedEntry,
        MemoryIndex,
        RefreshStats,
        SearchHit,
        index_path,
        is_expired,
        open_index,
        playbook_line,
        relevance,
    )
    from memscribe.index.view import IndexView

__all__ = [
    "INDEX_DIR",
    "INDEX_FILE",
    "IndexView",
    "IndexedEntry",
    "MemoryIndex",
    "RefreshStats",
    "SearchHit",
    "index_path",
    "is_expired",
    "open_index",
    "playbook_line",
    "relevance",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        module = "memscribe.index.view" if name == "IndexView" else "memscribe.index.db"
        return getattr(importlib.import_module(module), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
