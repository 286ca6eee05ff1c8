"""The memory store: plain markdown files under ``.reflexio/`` (FORMATS.md §2).

``base`` is the :class:`~memscribe.store.base.MemoryStore` boundary and :func:`open_store` the
one place a door gets a store; ``filestore`` implements it over a directory (``transaction``
writes, ``checks`` validates each operation, ``update`` rewrites a memory in place after
archiving its previous version, ``root`` lists and locks, ``atomic`` creates files without ever
overwriting, ``changes`` logs what the writer touched); ``files`` and ``ids`` re-export the
format from :mod:`memscribe.kinds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memscribe.store.atomic import write_new_file
from memscribe.store.confine import check_root_layout
from memscribe.store.files import (
    archive_path,
    make_slug,
    memory_path,
    parse_memory_file,
    render_playbook,
    render_profile,
)
from memscribe.store.ids import new_id
from memscribe.store.root import MemoryRoot

if TYPE_CHECKING:
    from pathlib import Path

    from memscribe.store.base import MemoryStore


def open_store(location: Path, *, lock_timeout: float = 5.0) -> MemoryStore:
    """The memory store at ``location``: today always the file store (a memory root on disk).

    Another backend plugs in here (and only here, for the doors): pick it by ``location``.

    Raises:
        UnsafeRootError: the root's special folders or files are links (exit 7): refused before
            any door reads or writes through them.
    """
    from memscribe.store.filestore import FileMemoryStore

    check_root_layout(location)

    return FileMemoryStore(location, lock_timeout=lock_timeout)


__all__ = [
    "MemoryRoot",
    "archive_path",
    "check_root_layout",
    "make_slug",
    "memory_path",
    "new_id",
    "open_store",
    "parse_memory_file",
    "render_playbook",
    "render_profile",
    "write_new_file",
]
