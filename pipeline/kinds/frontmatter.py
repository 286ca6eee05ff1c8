"""The frontmatter every memory file starts with: a flat ``key: value`` block between two ``---``
lines (FORMATS.md §2). Pure text, no disk.

It is deliberately not YAML, so the layout written is byte-exact and a stored text can never
smuggle structure into it. Reading is tolerant: keys no kind models (``superseded_by``,
``superseded_at``, ``archive_reason`` in archived files, or whatever another tool adds) are
returned by :func:`split_frontmatter` and ignored by the parsers.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence

from memscribe.errors import StoreError
from memscribe.schemas.memory import NAMESPACE_RE

FENCE = "---"

_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_LIST_RE = re.compile(r"^\[(?P<items>[^\]]*)\]")


def utc_stamp(moment: dt.datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SSZ`` in UTC. A naive datetime is taken to be UTC already."""
    return as_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


def as_utc(moment: dt.datetime) -> dt.datetime:
    """``moment`` in UTC without microseconds (a naive datetime is taken to be UTC)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC, microsecond=0)
    return moment.astimezone(dt.UTC).replace(microsecond=0)


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def render_frontmatter(
    lines: Sequence[tuple[str, str]], supersedes: Iterable[str], namespace: str | None = None
) -> str:
    """The frontmatter block: ``lines`` in order, then ``supersedes`` and ``namespace`` when set.

    Raises:
        ValueError: a superseded id or the namespace is malformed.
    """
    from memscribe.kinds.ids import ID_RE

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


def split_frontmatter(text: str, path: str) -> tuple[dict[str, str], str]:
    """Split a memory file into its frontmatter keys and its body.

    The body loses the one blank line after the closing fence and its trailing
    whitespace. Blank lines and ``#`` comment lines inside the frontmatter are skipped.

    Raises:
        StoreError: no frontmatter, an unterminated one, a malformed line or a repeated key.
    """
    lines = normalise_newlines(text.removeprefix("\ufeff")).split("\n")
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


def parse_id_list(value: str, path: str) -> tuple[str, ...]:
    """The ids of a ``[a, b]`` frontmatter value (``supersedes``).

    Raises:
        StoreError: not a list, or an item is not a memory id.
    """
    from memscribe.kinds.ids import ID_RE

    match = _LIST_RE.match(value)
    if not match:
        raise StoreError(f"{path}: supersedes must be a [list]", path=path)
    items = tuple(item.strip() for item in match["items"].split(",") if item.strip())
    for item in items:
        if not ID_RE.match(item):
            raise StoreError(f"{path}: invalid id {item!r} in supersedes", path=path)
    return items


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
