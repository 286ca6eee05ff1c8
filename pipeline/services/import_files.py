"""Reading an import file (``memscribe import``): a memscribe export (JSONL records), a mem0
export (a JSON document or JSONL with ``memory`` fields) or a CLAUDE.md / MEMORY.md, as
:class:`ImportItem` s that :func:`memscribe.curation.import_items` hands to the write tools.
Reads only; nothing here writes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memscribe.errors import InputError, UserError

IMPORT_FORMATS = ("jsonl", "markdown", "mem0")

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(?P<text>.+?)\s*$")
_HEADING = re.compile(r"^\s*#{1,6}\s")


@dataclass(frozen=True)
class ImportItem:
    """One thing to import: a memscribe record (kind, slug, ttl, body) or a plain statement."""

    text: str
    kind: str | None = None
    slug: str | None = None
    ttl: str | None = None
    origin: str = ""


def detect_format(path: Path, text: str, document: list[Any] | None) -> str:
    """The import format of ``text``; ``document`` is its records when it reads as one JSON
    document (:func:`_parse_document`), else None."""
    if path.suffix.lower() in (".md", ".markdown", ".txt"):
        return "markdown"
    stripped = text.strip()
    if not (path.suffix.lower() in (".jsonl", ".ndjson", ".json") or stripped.startswith(("{", "["))):
        return "markdown"
    # A whole JSON document first (a pretty-printed ``{"results": [...]}``, or an array: mem0's,
    # or memscribe's own export as ``jq -s .`` makes it), else records a "\n" at a time
    # (json_items): the first record that parses says which export it is, so a bad first record
    # does not turn the file into markdown statements.
    for record in document if document is not None else _line_records(text):
        if isinstance(record, dict):
            mem0 = ("memory" in record or "text" in record) and "body" not in record
            return "mem0" if mem0 else "jsonl"
    return "mem0" if stripped.startswith("[") else "jsonl"


def _line_records(text: str) -> Iterator[Any]:
    """Each "\n"-separated line of ``text`` that parses as JSON, decoded, read as needed."""
    for line in text.split("\n"):
        try:
            yield json.loads(line)
        except ValueError:
            continue


def _parse_document(stripped: str) -> tuple[list[Any] | None, json.JSONDecodeError | None]:
    """The records of ``stripped`` read as one JSON document (a list, a ``results`` or
    ``memories`` list, or one record), and the error when it starts as one and does not parse;
    (None, None) when it does not start as one (JSONL or text)."""
    if not stripped.startswith(("[", "{")):
        return None, None
    try:
        loaded = json.loads(stripped)
    except json.JSONDecodeError as exc:
        return None, exc
    if isinstance(loaded, dict):
        listed = next((loaded[key] for key in ("results", "memories") if key in loaded), None)
        loaded = listed if isinstance(listed, list) else [loaded]
    return (loaded if isinstance(loaded, list) else []), None


def markdown_items(text: str, origin: str) -> list[ImportItem]:
    """One item per list entry or paragraph of a CLAUDE.md / MEMORY.md (headings and code skipped)."""
    items: list[ImportItem] = []
    in_code = False
    paragraph: list[str] = []

    def flush(line_no: int) -> None:
        if paragraph:
            items.append(ImportItem(text=" ".join(paragraph), origin=f"{origin}:{line_no}"))
            paragraph.clear()

    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("```"):
            in_code = not in_code
            flush(n)
            continue
        if in_code or _HEADING.match(line) or line.strip().startswith(("<!--", "---", "|", ">")):
            flush(n)
            continue
        bullet = _BULLET.match(line)
        if bullet:
            flush(n)
            items.append(ImportItem(text=bullet["text"], origin=f"{origin}:{n}"))
        elif line.strip():
            paragraph.append(line.strip())
        else:
            flush(n)
    flush(len(text.splitlines()))
    return [i for i in items if len(i.text) >= 3]


_NO_MEMORY = "no memory in the record (a profile or playbook body, or a memory text)"


def json_items(
    text: str,
    fmt: str,
    origin: str,
    *,
    strict: bool = False,
    parsed: tuple[list[Any] | None, json.JSONDecodeError | None] | None = None,
) -> tuple[list[ImportItem], list[str]]:
    """Items of a memscribe export (JSONL records) or a mem0 export (``memory`` fields), and the
    records skipped (``<origin>:<line>: <why>``, the file's own line numbers, or ``<origin>
    record <n>: <why>`` in a JSON document over several lines; never the record's text, which may
    quote a secret). The whole text is read as one JSON document first, then as JSONL.

    Raises:
        InputError: a JSON array that does not parse (naming its line), a file with records but
            no good one, or (``strict``) the first bad record.
    """
    stripped = text.strip()
    # The whole text as one JSON document first (a mem0 ``{"results": [...]}`` pretty-printed
    # over many lines is one document), then JSONL; an array that does not parse is no JSONL.
    records, error = parsed if parsed is not None else _parse_document(stripped)
    if error is not None and stripped.startswith("["):
        at = error.lineno + text[: len(text) - len(text.lstrip())].count("\n")
        raise InputError(f"not JSON: {error.msg} (column {error.colno})", path=origin, line=at)
    if records is not None:
        # a one-line file is JSONL's line: its record keeps the line's name
        first_line = text[: len(text) - len(text.lstrip())].count("\n") + 1 if "\n" not in stripped else None
        return _document_items(records, fmt, origin, line=first_line, strict=strict)
    items: list[ImportItem] = []
    bad: list[tuple[int, str]] = []
    # "\n" only: a record may hold U+2028 or other characters str.splitlines breaks at
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            bad.append((n, f"bad JSON: {exc.msg} (column {exc.colno})"))
        else:
            item = _json_item(record, fmt, f"{origin}:{n}")
            if item is not None:
                items.append(item)
            else:
                bad.append((n, _NO_MEMORY))
        if bad and strict:
            break
    if bad and (strict or not items):
        first, why = bad[0]
        raise InputError(
            why if strict else f"{why} (no record in the file could be imported)", path=origin, line=first
        )
    return items, [f"{origin}:{n}: {why}" for n, why in bad]


def _document_items(
    records: list[Any], fmt: str, origin: str, *, line: int | None, strict: bool
) -> tuple[list[ImportItem], list[str]]:
    """:func:`json_items` of a whole JSON document: its record ``n`` is ``<origin> record n`` (a
    pretty-printed document has no line per record), a one-line file's one record ``<origin>:<line>``
    as in JSONL; one without a memory is skipped and reported as a bad JSONL line is, and a
    document with records but no good one fails."""
    single = line if len(records) == 1 else None
    items: list[ImportItem] = []
    bad: list[str] = []
    for n, record in enumerate(records, start=1):
        item = _json_item(record, fmt, f"{origin}:{single}" if single else f"{origin} record {n}")
        if item is not None:
            items.append(item)
            continue
        bad.append(_NO_MEMORY if single else f"record {n}: {_NO_MEMORY}")
        if strict:
            break
    if bad and (strict or not items):
        why = bad[0] if strict else f"{bad[0]} (no record in the file could be imported)"
        raise InputError(why, path=origin, line=single)
    return items, [f"{origin}:{single}: {why}" if single else f"{origin} {why}" for why in bad]


def _json_item(record: Any, fmt: str, origin: str) -> ImportItem | None:
    """One record's item (None: not an object, or no memory text in it)."""
    if not isinstance(record, dict):
        return None
    if fmt == "mem0" or ("memory" in record and "body" not in record):
        memory = record.get("memory") or record.get("text")
        if isinstance(memory, str) and memory.strip():
            return ImportItem(text=memory.strip(), origin=origin)
        return None
    body = record.get("body")
    if isinstance(body, str) and body.strip() and record.get("kind") in ("profile", "playbook"):
        return ImportItem(
            text=body.strip(),
            kind=str(record["kind"]),
            slug=record.get("slug") if isinstance(record.get("slug"), str) else None,
            ttl=record.get("ttl") if isinstance(record.get("ttl"), str) else None,
            origin=origin,
        )
    return None


def read_import(
    path: Path, fmt: str | None = None, *, strict: bool = False
) -> tuple[str, list[ImportItem], list[str]]:
    """The format, the items of an import file and the JSONL lines skipped (see :func:`json_items`).

    Raises:
        InputError: unreadable, or not the format named (naming the line where known).
        UserError: unknown format.
    """
    from memscribe.inputs import read_file_bytes

    try:
        text = read_file_bytes(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", path=str(path)) from None
    parsed = _parse_document(text.strip())  # once, for the format and the records
    fmt = fmt or detect_format(path, text, parsed[0])
    if fmt not in IMPORT_FORMATS:
        raise UserError(f"unknown --format {fmt!r}; choose one of {', '.join(IMPORT_FORMATS)}")
    if fmt == "markdown":
        return fmt, markdown_items(text, str(path)), []
    items, bad = json_items(text, fmt, str(path), strict=strict, parsed=parsed)
    return fmt, items, bad
