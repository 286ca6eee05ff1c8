"""The memory-file format, as the store and older callers name it: rendering and parsing live
with the kinds (:mod:`memscribe.kinds`), the layout in :mod:`memscribe.kinds.layout`.

Nothing here touches the disk; this module re-exports those names for the store's own modules
and for callers written before the kinds package.
"""

from __future__ import annotations

from memscribe.kinds.frontmatter import FENCE, split_frontmatter, utc_stamp, with_archive_metadata
from memscribe.kinds.layout import (
    ARCHIVE_DIR,
    KIND_DIRS,
    MAX_SLUG,
    REFLEXIO_DIR,
    archive_path,
    make_slug,
    memory_path,
    slug_from_path,
)
from memscribe.kinds.parse import parse_memory_file
from memscribe.kinds.playbook import parse_playbook_sections, playbook_body, render_playbook
from memscribe.kinds.profile import render_profile

__all__ = [
    "ARCHIVE_DIR",
    "FENCE",
    "KIND_DIRS",
    "MAX_SLUG",
    "REFLEXIO_DIR",
    "archive_path",
    "make_slug",
    "memory_path",
    "parse_memory_file",
    "parse_playbook_sections",
    "playbook_body",
    "render_playbook",
    "render_profile",
    "slug_from_path",
    "split_frontmatter",
    "utc_stamp",
    "with_archive_metadata",
]
