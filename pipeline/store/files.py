"""Pure rendering and parsing of memory files (FORMATS.md §2, Reflexio layout).

Nothing here touches the disk. Frontmatter is a flat ``key: value`` block between two
``---`` lines; it is deliberately not YAML, so the layout written is byte-exact and a
stored text can never smuggle structure into it.

Reading is tolerant: keys this module does not model (``superseded_by``,
``superseded_at``, ``archive_reason`` in archived files, or whatever another tool adds)
are ignored by :func:`parse_memory_file` and available from :func:`split_frontmatter`.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

from pydantic import ValidationError

from memscribe.errors import StoreError
from memscribe.store.ids import ID_RE, PREFIXES, id_suffix, kind_of_id
from memscribe.schemas.memory import NAMESPACE_RE, SLUG_RE, TTL_DAYS, MemoryEntry, MemoryKind, expires_for

REFLEXIO_DIR = ".reflexio"
KIND_DIRS: dict[str, str] = {"profile": "profiles", "playbook": "playbooks"}
ARCHIVE_DIR = f"{REFLEXIO_DIR}/.archive"
FENCE = "---"
MAX_SLUG = 48

_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_LIST_RE = re.compile(r"^\[(?P<items>[^\]]*)\]")


def utc_stamp(moment: dt.datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SSZ`` in UTC. A naive datetime is taken to be UTC already."""
    return _as_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


def _as_utc(moment: dt.datetime) -> dt.datetime:
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC, microsecond=0)
    return moment.astimezone(dt.UTC).replace(microsecond=0)


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _check_id(memory_id: str, kind: MemoryKind) -> None:
    if kind_of_id(memory_id) != kind:
        raise ValueError(f"invalid {kind} id {memory_id!r} (expected {PREFIXES[kind]}<alphanumeric>)")


def _frontmatter(
    lines: Sequence[tuple[str, str]], supersedes: Iterable[str], namespace: str | None = None
) -> str:
    sup = list(supersedes)
    for old in sup:
        if not ID_RE.match(old):
            raise ValueError(f"invalid superseded id {old!r}")
    out = [FENCE, *(f"{key}: {value}" for key, value in lines)]
    if sup:
        out.append(f"supersedes: [{', '.join(sup)}]")
    if namespace is not None:
        if not NAMESPACE_RE.match(namespace):
            raise ValueError(f"invalid namespace {namespace!r}")
        out.append(f"namespace: {namespace}")
    out.append(FENCE)
    return "\n".join(out) + "\n"


def render_profile(
    *,
    id: str,
    created: dt.datetime,
    ttl: str,
    body: str,
    supersedes: Sequence[str] = (),
    namespace: str | None = None,
) -> str:
    """The exact text of a profile file.

    Args:
        id: ``prof_…`` id.
        created: creation time; written as UTC ``YYYY-MM-DDTHH:MM:SSZ``.
        ttl: one of :data:`memscribe.schemas.memory.TTL`; ``expires`` is derived from it.
        body: the fact; surrounding whitespace is stripped, newlines normalised.
        supersedes: ids this entry replaces; the line is written only when non-empty.
        namespace: the agent namespace; None (the default namespace) writes no line.

    Raises:
        ValueError: bad id, ttl, superseded id, namespace, or an empty body.
    """
    _check_id(id, "profile")
    if ttl not in TTL_DAYS:
        raise ValueError(f"invalid ttl {ttl!r}")
    text = _normalise_newlines(body).strip()
    if not text:
        raise ValueError("empty profile body")
    when = _as_utc(created)
    head = _frontmatter(
        [
            ("type", "profile"),
            ("id", id),
            ("created", utc_stamp(when)),
            ("ttl", ttl),
            ("expires", expires_for(when, ttl)),
        ],
        supersedes,
        namespace,
    )
    return f"{head}\n{text}\n"


def playbook_body(*, when: str, what: str, why: str) -> str:
    """The three-section playbook body, without a trailing newline."""
    parts = {
        name: _normalise_newlines(value).strip()
        for name, value in (("When", when), ("What", what), ("Why", why))
    }
    for name, value in parts.items():
        if not value:
            raise ValueError(f"empty playbook section {name!r}")
    return "\n\n".join(f"## {name}\n{value}" for name, value in parts.items())


def render_playbook(
    *,
    id: str,
    created: dt.datetime,
    when: str,
    what: str,
    why: str,
    supersedes: Sequence[str] = (),
    namespace: str | None = None,
) -> str:
    """The exact text of a playbook file (``## When`` / ``## What`` / ``## Why``).

    Raises:
        ValueError: bad id, superseded id, or an empty section.
    """
    _check_id(id, "playbook")
    body = playbook_body(when=when, what=what, why=why)
    head = _frontmatter(
        [("type", "playbook"), ("id", id), ("created", utc_stamp(created))], supersedes, namespace
    )
    return f"{head}\n{body}\n"


def split_frontmatter(text: str, path: str) -> tuple[dict[str, str], str]:
    """Split a memory file into its frontmatter keys and its body.

    The body loses the one blank line after the closing fence and its trailing
    whitespace. Blank lines and ``#`` comment lines inside the frontmatter are skipped.

    Raises:
        StoreError: no frontmatter, an unterminated one, a malformed line or a repeated key.
    """
    lines = _normalise_newlines(text.removeprefix("\ufeff")).split("\n")
    if not lines or lines[0].strip() != FENCE:
        raise StoreError(f"{path}: no frontmatter (file must start with '---')", path=path)
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    except StopIteration:
        raise StoreError(f"{path}: frontmatter is not closed with '---'", path=path) from None
    meta: dict[str, str] = {}
    for number, line in enumerate(lines[1:end], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or not _KEY_RE.match(key):
            raise StoreError(f"{path}:{number}: malformed frontmatter line", path=path, line=number)
        if key in meta:
            raise StoreError(f"{path}:{number}: repeated frontmatter key {key!r}", path=path, line=number)
        meta[key] = value.strip()
    body = "\n".join(lines[end + 1 :]).strip()
    return meta, body


def _parse_list(value: str, path: str) -> tuple[str, ...]:
    match = _LIST_RE.match(value)
    if not match:
        raise StoreError(f"{path}: supersedes must be a [list]", path=path)
    items = tuple(item.strip() for item in match["items"].split(",") if item.strip())
    for item in items:
        if not ID_RE.match(item):
            raise StoreError(f"{path}: invalid id {item!r} in supersedes", path=path)
    return items


def slug_from_path(path: str, memory_id: str) -> str:
    """The slug in ``<slug>-<id suffix>[-N].md``; a file named otherwise gets ``make_slug(stem)``."""
    stem = PurePosixPath(path).stem
    suffix = re.escape(id_suffix(memory_id))
    match = re.match(rf"^(?P<slug>.+)-{suffix}(?:-\d+)?$", stem)
    if match and SLUG_RE.match(match["slug"]):
        return match["slug"]
    return make_slug(stem)


def parse_memory_file(text: str, path: str) -> MemoryEntry:
    """Parse a memory file's text into a :class:`MemoryEntry`.

    Args:
        text: the whole file content.
        path: path relative to the memory root; stored on the entry and used for the slug
            and in error messages.

    Unknown frontmatter keys (archive metadata, other tools' keys) are ignored.

    Raises:
        StoreError: the text is not a valid profile or playbook (the message names ``path``).
    """
    meta, body = split_frontmatter(text, path)
    kind = meta.get("type")
    if kind not in KIND_DIRS:
        raise StoreError(f"{path}: type must be profile or playbook, got {kind!r}", path=path)
    memory_id = meta.get("id", "")
    if kind_of_id(memory_id) != kind:
        raise StoreError(f"{path}: invalid {kind} id {memory_id!r}", path=path)
    created = meta.get("created", "")
    if not created:
        raise StoreError(f"{path}: missing created", path=path)
    if not body:
        raise StoreError(f"{path}: empty body", path=path)
    supersedes = _parse_list(meta["supersedes"], path) if "supersedes" in meta else ()
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


def parse_playbook_sections(body: str) -> dict[str, str]:
    """``{"when": …, "what": …, "why": …}`` from a playbook body (missing sections are absent)."""
    sections: dict[str, str] = {}
    current: str | None = None
    buffer: list[str] = []
    for line in body.split("\n"):
        header = re.match(r"^## (When|What|Why)\s*$", line)
        if header:
            if current is not None:
                sections[current] = "\n".join(buffer).strip()
            current, buffer = header[1].lower(), []
        elif current is not None:
            buffer.append(line)
    if current is not None:
        sections[current] = "\n".join(buffer).strip()
    return sections


def memory_path(kind: MemoryKind, slug: str, id: str) -> str:
    """``.reflexio/profiles/<slug>-<id suffix>.md`` (or ``playbooks``), relative to the root.

    Raises:
        ValueError: the slug does not match SLUG_RE or the id is not a ``kind`` id.
    """
    if not SLUG_RE.match(slug):
        raise ValueError(f"invalid slug {slug!r}")
    _check_id(id, kind)
    return f"{REFLEXIO_DIR}/{KIND_DIRS[kind]}/{slug}-{id_suffix(id)}.md"


def archive_path(entry_path: str) -> str:
    """``.reflexio/.archive/<kind dir>/<same file name>`` for an active entry path.

    Raises:
        ValueError: the path is not directly inside ``.reflexio/profiles`` or ``playbooks``.
    """
    parts = PurePosixPath(entry_path).parts
    if len(parts) != 3 or parts[0] != REFLEXIO_DIR or parts[1] not in KIND_DIRS.values():
        raise ValueError(f"not an active memory path: {entry_path!r}")
    return f"{ARCHIVE_DIR}/{parts[1]}/{parts[2]}"


def with_archive_metadata(text: str, path: str, extra: Sequence[tuple[str, str]]) -> str:
    """Insert ``key: value`` lines just before the frontmatter's closing fence.

    Values are collapsed to one line so they can never end the frontmatter early.

    Raises:
        StoreError: the text has no frontmatter.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r").strip() != FENCE:
        raise StoreError(f"{path}: no frontmatter", path=path)
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].rstrip("\r").strip() == FENCE)
    except StopIteration:
        raise StoreError(f"{path}: frontmatter is not closed with '---'", path=path) from None
    eol = "\r\n" if lines[0].endswith("\r") else "\n"
    added = [f"{key}: {' '.join(value.split())}" + ("\r" if eol == "\r\n" else "") for key, value in extra]
    return "\n".join([*lines[:end], *added, *lines[end:]])


def make_slug(text: str) -> str:
    """A kebab-case slug that always matches SLUG_RE (ascii-folded, ≤48 chars, else ``memory``)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    slug = slug[:MAX_SLUG].rstrip("-")
    return slug if slug and SLUG_RE.match(slug) else "memory"
