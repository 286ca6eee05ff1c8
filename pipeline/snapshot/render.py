"""The daily-file snapshot block (FORMATS.md §2 "Task snapshots"): render, parse, number. Pure.

A block is appended to ``memory/YYYY-MM-DD.md``::

    ---

    ## Task Snapshot -- HH:MM

    <!-- BIG-MEMORY-SNAPSHOT v1 -->
    <!-- timestamp: YYYY-MM-DDTHH:MM:SS -->
    <!-- snapshot-id: YYYY-MM-DD-NN -->

    ### [SNAPSHOT] Active Goal
    ...
    <!-- /BIG-MEMORY-SNAPSHOT -->

Every one of the eight sections is present, ``none`` where empty. Stored text can never close
the block or open a section early: comment markers and section headings inside it are escaped.
"""

from __future__ import annotations

import datetime as dt
import re

from memscribe.schemas.snapshot import SnapshotDraft, StoredSnapshot

OPEN = "<!-- BIG-MEMORY-SNAPSHOT v1 -->"
CLOSE = "<!-- /BIG-MEMORY-SNAPSHOT -->"
SECTION = "### [SNAPSHOT] "
SECTIONS = (
    "Active Goal",
    "Current State",
    "Files In Play",
    "Decisions Made",
    "Code Context",
    "Key Names & Values",
    "Blockers & Open Questions",
    "Next Steps",
)
NONE = "none"
DAILY_RE = re.compile(r"^\d{4}-\d{2}-\d{2}\.md$")

_BLOCK_RE = re.compile(re.escape(OPEN) + r"(?P<body>.*?)" + re.escape(CLOSE), re.DOTALL)
_TIMESTAMP_RE = re.compile(r"<!-- timestamp: (?P<v>[0-9T:-]+) -->")
_ID_RE = re.compile(r"<!-- snapshot-id: (?P<v>\d{4}-\d{2}-\d{2}-(?P<n>\d{2,})) -->")
_SECTION_RE = re.compile(r"^### \[SNAPSHOT\] (?P<title>.+)$", re.MULTILINE)


def daily_path(moment: dt.datetime) -> str:
    """``memory/YYYY-MM-DD.md`` for the day of ``moment``."""
    return f"memory/{moment:%Y-%m-%d}.md"


def stamp(moment: dt.datetime) -> str:
    return f"{moment:%Y-%m-%dT%H:%M:%S}"


def _inline(text: str) -> str:
    """One line of stored text: newlines folded, comment markers neutralised."""
    return " ".join(_escape(text).split())


def _escape(text: str) -> str:
    text = text.replace("<!--", "&lt;!--").replace("-->", "--&gt;")
    return re.sub(r"^(\s*)(#{1,6} )", r"\1\\\2", text, flags=re.MULTILINE)


def _or_none(lines: list[str]) -> str:
    return "\n".join(lines) if lines else NONE


def _code(text: str) -> str:
    body = text.strip("\n")
    if not body.strip():
        return NONE
    body = _escape(body)
    if body.lstrip().startswith("```"):
        return body
    fence = "~~~~" if "```" in body else "```"
    return f"{fence}\n{body}\n{fence}"


def section_texts(draft: SnapshotDraft) -> list[str]:
    """The eight section bodies, in schema order."""
    blocked = f"yes -- {_inline(draft.blocked_reason) or 'reason not stated'}" if draft.blocked else "no"
    state = [
        f"- Phase: {draft.phase}",
        f"- Branch: {_inline(draft.branch) or 'n/a'}",
        f"- Blocked: {blocked}",
        f"- Progress: {_inline(draft.progress) or NONE}",
    ]
    files = [f"- `{_inline(f.path)}` -- {_inline(f.note) or NONE}" for f in draft.files_in_play]
    decisions = [
        f"{n}. {_inline(d.decision)} -- {_inline(d.rationale) or 'rationale not stated'}"
        for n, d in enumerate(draft.decisions, start=1)
    ]
    names = [f"- {_inline(k.label)}: `{_inline(k.value)}`" for k in draft.key_names]
    blockers = [f"- {_inline(b)}" for b in draft.blockers if b.strip()]
    steps = [f"{n}. {_inline(s)}" for n, s in enumerate([s for s in draft.next_steps if s.strip()], start=1)]
    return [
        _inline(draft.active_goal) or NONE,
        "\n".join(state),
        _or_none(files),
        _or_none(decisions),
        _code(draft.code_context),
        _or_none(names),
        _or_none(blockers),
        _or_none(steps),
    ]


def render_block(draft: SnapshotDraft, *, snapshot_id: str, moment: dt.datetime) -> str:
    """The whole block to append (starts with the horizontal rule, ends with a newline)."""
    parts = [
        "---",
        "",
        f"## Task Snapshot -- {moment:%H:%M}",
        "",
        OPEN,
        f"<!-- timestamp: {stamp(moment)} -->",
        f"<!-- snapshot-id: {snapshot_id} -->",
        "",
    ]
    for title, body in zip(SECTIONS, section_texts(draft), strict=True):
        parts += [f"{SECTION}{title}", body, ""]
    parts.append(CLOSE)
    return "\n".join(parts) + "\n"


def with_snapshot_id(block: str, snapshot_id: str) -> str:
    """``block`` renumbered (the store may find the planned number taken by another process)."""
    return _ID_RE.sub(f"<!-- snapshot-id: {snapshot_id} -->", block, count=1)


def appended(existing: str | None, block: str, *, day: str) -> str:
    """The daily file after appending ``block``: ``existing`` is kept byte for byte as a prefix."""
    if existing is None:
        return f"# {day}\n\n{block}"
    if not existing:
        return block
    sep = "" if existing.endswith("\n\n") else ("\n" if existing.endswith("\n") else "\n\n")
    return existing + sep + block


def parse_snapshots(text: str, path: str) -> list[StoredSnapshot]:
    """Every well-formed snapshot block in a daily file, in file order (malformed ones skipped)."""
    found: list[StoredSnapshot] = []
    for match in _BLOCK_RE.finditer(text):
        body = match.group("body")
        ts = _TIMESTAMP_RE.search(body)
        sid = _ID_RE.search(body)
        if ts is None or sid is None:
            continue
        heads = list(_SECTION_RE.finditer(body))
        sections: dict[str, str] = {}
        for i, head in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(body)
            sections[head.group("title").strip()] = body[head.end() : end].strip()
        found.append(
            StoredSnapshot(
                path=path,
                snapshot_id=sid.group("v"),
                timestamp=ts.group("v"),
                sections=sections,
                text=match.group(0),
            )
        )
    return found


def next_snapshot_id(existing: list[StoredSnapshot], day: str) -> str:
    """``day-NN`` with NN one past the highest number already used on ``day`` (01 first)."""
    numbers = [int(s.snapshot_id.rsplit("-", 1)[1]) for s in existing if s.snapshot_id.startswith(day + "-")]
    return f"{day}-{max(numbers, default=0) + 1:02d}"


def latest(snapshots: list[StoredSnapshot]) -> StoredSnapshot | None:
    """The latest snapshot wins: by timestamp, then by id (same second), then file order."""
    if not snapshots:
        return None
    ranked = sorted(
        enumerate(snapshots),
        key=lambda item: (item[1].timestamp, int(item[1].snapshot_id.rsplit("-", 1)[1]), item[0]),
    )
    return ranked[-1][1]
