"""Where ids are in use, for the writer's validation: costs what the plan touches, not the root.

From the root's index when it has one (refreshed, each hit confirmed by parsing its file), else
from the memory folders' file names (ids are their suffix), each candidate parsed to confirm.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from memscribe.errors import StoreError
from memscribe.store.confine import read_text_nofollow
from memscribe.store.files import ARCHIVE_DIR, KIND_DIRS, REFLEXIO_DIR, parse_memory_file
from memscribe.store.ids import id_suffix, kind_of_id


def parsed_id(root: Path, rel: str) -> str | None:
    """The id of the memory file ``rel`` under ``root`` (None: unreadable, or not a memory file)."""
    try:
        return parse_memory_file(read_text_nofollow(root / rel), rel).id
    except (OSError, UnicodeDecodeError, StoreError):
        return None


def ids_from_index(root: Path, ids: set[str]) -> dict[str, set[bool]] | None:
    """Where ``ids`` are in use per the root's index (refreshed first); None without a usable index.

    Each hit is confirmed by parsing its file, so a stale row never refuses a good plan.
    """
    import sqlite3

    from memscribe.index.sql import index_path

    if not index_path(root).is_file():
        return None
    from memscribe.index.db import open_index  # only with an index to open

    try:
        with open_index(root, refresh=False) as index:
            if index.location is None:  # could not open the file: never build one here
                return None
            index.refresh()
            rows = index.where_ids(ids)
    except (StoreError, sqlite3.Error):
        return None
    found: dict[str, set[bool]] = {}
    for mem_id, rel, archived in rows:
        if parsed_id(root, rel) == mem_id:
            found.setdefault(mem_id, set()).add(archived)
    return found


def ids_from_names(root: Path, ids: set[str]) -> dict[str, set[bool]]:
    """Where ``ids`` are in use, from the memory folders' file names (``<slug>-<id suffix>[-N].md``).

    One listing of names per folder (no file is opened but the candidates, parsed to confirm).
    """
    found: dict[str, set[bool]] = {}
    kinds = {kind_of_id(i) for i in ids} - {None}
    for kind in sorted(k for k in kinds if k is not None):
        for base, archived in ((REFLEXIO_DIR, False), (ARCHIVE_DIR, True)):
            rel_dir = f"{base}/{KIND_DIRS[kind]}"
            try:
                names = os.listdir(root / rel_dir)
            except OSError:
                continue
            by_tail: dict[str, list[str]] = {}
            for name in names:
                if name.startswith(".") or not name.endswith(".md"):
                    continue
                stem = name[:-3]
                by_tail.setdefault(stem.rpartition("-")[2], []).append(name)
                head, _, tail = stem.rpartition("-")
                if tail.isdigit() and head:  # <slug>-<suffix>-N.md (archive copies)
                    by_tail.setdefault(head.rpartition("-")[2], []).append(name)
            for mem_id in ids:
                if kind_of_id(mem_id) != kind:
                    continue
                suffix = id_suffix(mem_id)
                for name in by_tail.get(suffix.rpartition("-")[2], ()):
                    stem = name[:-3]
                    plain = re.sub(r"-\d+$", "", stem)
                    if not any(s == suffix or s.endswith(f"-{suffix}") for s in (stem, plain)):
                        continue
                    if parsed_id(root, f"{rel_dir}/{name}") == mem_id:
                        found.setdefault(mem_id, set()).add(archived)
    return found


__all__ = ["ids_from_index", "ids_from_names", "parsed_id"]
