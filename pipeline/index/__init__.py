"""The derived SQLite index of a memory root (see :mod:`pipeline.index.db`).

Files stay the truth: the index (``.reflexio/.index/``) can be deleted at any time and is
rebuilt from them by the next command or ``memscribe index --rebuild``.
"""

from pipeline.index.db import (
    INDEX_DIR,
    INDEX_FILE,
    IndexedEntry,
    IndexView,
    MemoryIndex,
    RefreshStats,
    SearchHit,
    index_path,
    is_expired,
    open_index,
    playbook_line,
    relevance,
)

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
