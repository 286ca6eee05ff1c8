"""Parse a memory file of any registered kind into a :class:`MemoryEntry` (pure)."""

from __future__ import annotations

import functools

from pydantic import ValidationError

from memscribe.errors import StoreError
from memscribe.kinds import BY_NAME
from memscribe.kinds.frontmatter import parse_id_list, split_frontmatter
from memscribe.kinds.ids import kind_of_id
from memscribe.kinds.layout import slug_from_path
from memscribe.schemas.memory import MemoryEntry


def parse_memory_file(text: str, path: str) -> MemoryEntry:
    """Parse a memory file's text into a :class:`MemoryEntry`.

    Args:
        text: the whole file content.
        path: path relative to the memory root; stored on the entry and used for the slug
            and in error messages.

    Unknown frontmatter keys (archive metadata, other tools' keys) are ignored.

    Raises:
        StoreError: the text is not a valid memory file (the message names ``path``).
    """
    meta, body = split_frontmatter(text, path)
    kind = meta.get("type")
    if kind not in BY_NAME:
        raise StoreError(f"{path}: type must be {' or '.join(BY_NAME)}, got {kind!r}", path=path)
    memory_id = meta.get("id", "")
    if kind_of_id(memory_id) != kind:
        raise StoreError(f"{path}: invalid {kind} id {memory_id!r}", path=path)
    created = meta.get("created", "")
    if not created:
        raise StoreError(f"{path}: missing created", path=path)
    if not body:
        raise StoreError(f"{path}: empty body", path=path)
    supersedes = parse_id_list(meta["supersedes"], path) if "supersedes" in meta else ()
    try:
        return MemoryEntry.model_validate(
            {
                "kind": kind,
                "id": memory_id,
                "path": path,
                "slug": slug_from_path(path, memory_id),
                "created": created,
                "ttl": meta.get("ttl") or None,
                "expires": meta.get("expires") or None,
                "supersedes": supersedes,
                "body": body,
                "namespace": meta.get("namespace") or None,
            }
        )
    except ValidationError as exc:
        problem = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise StoreError(f"{path}: {problem}", path=path) from None


@functools.lru_cache(maxsize=2048)
def parse_written(text: str, path: str) -> MemoryEntry:
    """:func:`parse_memory_file`, remembered for the last 2048 texts (the same text and path give
    the same entry: a pure function of both, and the entry is frozen).

    A text a batch run writes is parsed where its plan is made (the plan's delta), checked by the
    writer (the text parses back to its op) and indexed after the write; each asks this, so the
    text is parsed once. A text that does not parse is not remembered (each call raises).
    """
    return parse_memory_file(text, path)
