"""The memory store: plain markdown files under ``.reflexio/`` (FORMATS.md §2).

``files`` renders and parses (pure), ``ids`` draws ids, ``atomic`` creates files without
ever overwriting, ``root`` lists a memory root and holds its writers' lock.
"""

from memscribe.store.atomic import write_new_file
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

__all__ = [
    "MemoryRoot",
    "archive_path",
    "make_slug",
    "memory_path",
    "new_id",
    "parse_memory_file",
    "render_playbook",
    "render_profile",
    "write_new_file",
]
