"""Where memory files live, relative to the memory root (the Reflexio layout, FORMATS.md §2).

``.reflexio/<kind folder>/<slug>-<id suffix>.md`` for active entries, the same name under
``.reflexio/.archive/<kind folder>/`` once archived. Pure paths: the store does the I/O.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import PurePosixPath

from memscribe.kinds import KINDS, kind
from memscribe.kinds.ids import id_suffix
from memscribe.schemas.memory import SLUG_RE, MemoryKind

REFLEXIO_DIR = ".reflexio"
ARCHIVE_DIR = f"{REFLEXIO_DIR}/.archive"
KIND_DIRS: dict[str, str] = {k.name: k.folder for k in KINDS}
MAX_SLUG = 48


def memory_path(kind_name: MemoryKind, slug: str, id: str) -> str:
    """``.reflexio/profiles/<slug>-<id suffix>.md`` (or the kind's folder), relative to the root.

    Raises:
        ValueError: the slug does not match SLUG_RE or the id is not an id of that kind.
    """
    if not SLUG_RE.match(slug):
        raise ValueError(f"invalid slug {slug!r}")
    spec = kind(kind_name)
    spec.check_id(id)
    return f"{REFLEXIO_DIR}/{spec.folder}/{slug}-{id_suffix(id)}.md"


def archive_path(entry_path: str) -> str:
    """``.reflexio/.archive/<kind dir>/<same file name>`` for an active entry path.

    Raises:
        ValueError: the path is not directly inside an active kind folder.
    """
    parts = PurePosixPath(entry_path).parts
    if len(parts) != 3 or parts[0] != REFLEXIO_DIR or parts[1] not in KIND_DIRS.values():
        raise ValueError(f"not an active memory path: {entry_path!r}")
    return f"{ARCHIVE_DIR}/{parts[1]}/{parts[2]}"


def make_slug(text: str) -> str:
    """A kebab-case slug that always matches SLUG_RE (ascii-folded, ≤48 chars).

    Text with no Latin letter or digit (zh, ja, …) gets ``memory-<6 hex of its sha1>``, as the
    extractor's hashed slugs for such clauses: one plain ``memory`` for all of them made every
    such statement the same slug topic, so each superseded the one before. Text with no letter
    or digit gets ``memory``."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    slug = slug[:MAX_SLUG].rstrip("-")
    if slug and SLUG_RE.match(slug):
        return slug
    if not any(c.isalnum() for c in text):
        return "memory"
    return f"memory-{hashlib.sha1(text.strip().encode('utf-8')).hexdigest()[:6]}"


#: What may follow the id suffix in a file name's stem: a copy number, then the end.
_AFTER_SUFFIX_RE = re.compile(r"(?:-\d+)?$")


def slug_from_path(path: str, memory_id: str) -> str:
    r"""The slug in ``<slug>-<id suffix>[-N].md``; a file named otherwise gets ``make_slug(stem)``.

    The slug is what ``^(?P<slug>.+)-<suffix>(?:-\d+)?$`` captures (its greedy ``.+``: the last
    place the suffix ends the stem), found without compiling that pattern: it holds the id, so
    each memory's is new to ``re``'s cache (~0.2 ms a file, once per memory written or read)."""
    stem = PurePosixPath(path).stem
    marker = "-" + id_suffix(memory_id)
    start = stem.rfind(marker)
    while start >= 1:
        if "\n" not in stem[:start] and _AFTER_SUFFIX_RE.match(stem, start + len(marker)):
            slug = stem[:start]
            return slug if SLUG_RE.match(slug) else make_slug(stem)
        start = stem.rfind(marker, 0, start + len(marker) - 1)
    return make_slug(stem)
