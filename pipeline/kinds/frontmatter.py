"""The frontmatter every memory file starts with: a flat ``key: value`` block between two ``---``
lines (FORMATS.md §2). Pure text, no disk.

Writing is deliberately not a YAML dump, so the layout written is byte-exact and a stored text
can never smuggle structure into it. Reading accepts any YAML mapping of scalars and lists
(block lists, quoted values, comments, extra spacing — what an editor or a person writes), read
with PyYAML's ``BaseLoader`` (every scalar a string: no dates, numbers or objects), and the flat
layout the writer produces even where it is not valid YAML (a free-text ``archive_reason`` with
a ``: `` in it). Keys no kind models (``superseded_by``, ``superseded_at``, ``archive_reason`` in
archived files, or whatever another tool adds) are returned by :func:`split_frontmatter` and
ignored by the parsers.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from memscribe.errors import StoreError
from memscribe.schemas.memory import NAMESPACE_RE

FENCE = "---"

_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_LIST_RE = re.compile(r"^\[(?P<items>[^\]]*)\]")
#: A flat value YAML would read differently: a leading indicator (quote, flow, block, anchor,
#: tag, comment …) or a `` #`` comment. Such values send the block to the YAML reader.
_YAML_SYNTAX = re.compile(r"""^[-?:,\[\]{}#&*!|>'"%@`]|\s#""")

_PLAIN_ID_LIST = re.compile(r"^\[[A-Za-z0-9_, ]*\]$")

if TYPE_CHECKING:
    import yaml


@functools.cache
def _strict_loader() -> type[yaml.BaseLoader]:
    """``BaseLoader`` (all scalars strings) that refuses a repeated key instead of keeping the last.

    PyYAML is loaded on the first frontmatter that needs it (a quoted value, YAML syntax): the
    writer's own flat layout is read without it (~14 ms of start-up in every process that reads
    or writes a memory file, the session-end hook's among them)."""
    import yaml

    loader: type[yaml.BaseLoader] = getattr(yaml, "CBaseLoader", yaml.BaseLoader)

    class StrictLoader(loader):  # type: ignore[misc]
        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
            seen: set[object] = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    mark = key_node.start_mark
                    raise yaml.constructor.ConstructorError(None, None, f"repeated key {key!r}", mark)
                seen.add(key)
            result: dict[Any, Any] = super().construct_mapping(node, deep=deep)
            return result

    return StrictLoader


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

    The body loses the one blank line after the closing fence and its trailing whitespace.
    Values are strings; a list (``supersedes`` as a flow or block list) is returned in the
    writer's ``[a, b]`` form, a nested mapping as its JSON text.

    Raises:
        StoreError: no frontmatter, an unterminated one, a block that is neither YAML nor the
            flat layout, or a repeated key.
    """
    lines = normalise_newlines(text.removeprefix("\ufeff")).split("\n")
    if not lines or lines[0].strip() != FENCE:
        raise StoreError(f"{path}: no frontmatter (file must start with '---')", path=path)
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == FENCE)
    except StopIteration:
        raise StoreError(f"{path}: frontmatter is not closed with '---'", path=path) from None
    body = "\n".join(lines[end + 1 :]).strip()
    block = lines[1:end]
    flat, flat_error = _read_flat(block, path)
    if flat is not None and not any(_yaml_reads_differently(k, v) for k, v in flat.items()):
        return flat, body  # the writer's layout: YAML would read it the same way
    meta, yaml_error = _read_yaml(block, path)
    if meta is not None:
        return meta, body
    if flat is not None:
        return flat, body  # the writer's free text (``archive_reason: x: y``) is not YAML
    error = yaml_error or flat_error
    assert error is not None
    raise error


def _yaml_reads_differently(key: str, value: str) -> bool:
    if key == "supersedes" and _PLAIN_ID_LIST.match(value):
        return False
    return _YAML_SYNTAX.search(value) is not None


def _read_flat(block: Sequence[str], path: str) -> tuple[dict[str, str] | None, StoreError | None]:
    """The writer's layout: one ``key: value`` per line at column 0 (blank and ``#`` lines skipped);
    a quoted value is unquoted as YAML would."""
    meta: dict[str, str] = {}
    for number, line in enumerate(block, start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or not _KEY_RE.match(key):
            error = f"{path}:{number}: malformed frontmatter line"
            return None, StoreError(error, path=path, line=number)
        if key in meta:
            error = f"{path}:{number}: repeated frontmatter key {key!r}"
            return None, StoreError(error, path=path, line=number)
        value = value.strip()
        if value[:1] in {'"', "'"}:
            unquoted = _yaml_scalar(value)
            if unquoted is not None:
                value = unquoted
        meta[key] = value
    return meta, None


def _yaml_scalar(value: str) -> str | None:
    import yaml

    try:
        loaded = yaml.load(value, Loader=_strict_loader())  # noqa: S506 - BaseLoader builds only str/list/dict
    except yaml.YAMLError:
        return None
    return loaded if isinstance(loaded, str) else None


def _read_yaml(block: Sequence[str], path: str) -> tuple[dict[str, str] | None, StoreError | None]:
    """The block as a YAML mapping (``BaseLoader``: scalars stay strings), values flattened."""
    import yaml

    try:
        loaded = yaml.load("\n".join(block), Loader=_strict_loader())  # noqa: S506 - see _yaml_scalar
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        where = f"{path}:{line}" if line is not None else path
        return None, StoreError(f"{where}: frontmatter is not valid YAML ({problem})", path=path, line=line)
    if loaded is None or loaded == "":
        return {}, None
    if not isinstance(loaded, dict):
        return None, StoreError(f"{path}: malformed frontmatter (not a key: value mapping)", path=path)
    meta: dict[str, str] = {}
    for key, value in loaded.items():
        if not isinstance(key, str) or not _KEY_RE.match(key):
            return None, StoreError(f"{path}: malformed frontmatter key {key!r}", path=path)
        if isinstance(value, list):
            meta[key] = (
                "["
                + ", ".join(str(item) if isinstance(item, str) else json.dumps(item) for item in value)
                + "]"
            )
        elif isinstance(value, dict):
            meta[key] = json.dumps(value, ensure_ascii=False)
        else:
            meta[key] = str(value).strip()
    return meta, None


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
    cr = "\r" if eol == "\r\n" else ""
    values = [(key, " ".join(value.split())) for key, value in extra]
    added = [f"{key}: {value}{cr}" for key, value in values]
    merged = "\n".join([*lines[:end], *added, *lines[end:]])
    try:
        split_frontmatter(text, path)
    except StoreError:
        return merged  # unreadable already: archived as it is, the reader reports it
    try:
        meta, _ = split_frontmatter(merged, path)
    except StoreError:
        meta = {}
    if all(meta.get(key) == value for key, value in values):
        return merged  # plain lines read back as written (always, in the writer's own layout)
    # A hand-edited YAML block: a value with YAML syntax in it must be quoted to read back.
    added = [f"{key}: {json.dumps(value, ensure_ascii=False)}{cr}" for key, value in values]
    return "\n".join([*lines[:end], *added, *lines[end:]])
