"""Which transcripts a batch run covers (FORMATS.md §1 for the paths).

With no paths: OpenClaw sessions (``$OPENCLAW_STATE_DIR`` or ``~/.openclaw``:
``agents/<agent>/sessions/*.jsonl``; the agent id is the namespace), Claude Code projects
(``~/.claude/projects/*/*.jsonl``) and Codex sessions (``$CODEX_HOME`` or ``~/.codex``:
``sessions/YYYY/MM/DD/rollout-*.jsonl``). With paths: files, folders (searched recursively for
``*.jsonl``, ``*.json`` and ``*.txt``) and globs. OpenClaw reset archives (``*.reset.*``) and
``sessions.json`` indexes are skipped unless asked for.
"""

from __future__ import annotations

import datetime as dt
import glob
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from memscribe.errors import UserError

TRANSCRIPT_SUFFIXES = (".jsonl", ".json", ".txt")
_INDEX_NAMES = {"sessions.json"}


class WorkItem:
    """One transcript to process. Sorted by path (component-wise): the commit order of a run.

    Holds the path as a string (``key``); the :class:`~pathlib.Path` is built when first asked
    for, so a run over many transcripts of which few changed builds few of them.
    """

    __slots__ = ("_path", "agent", "explicit", "key")

    def __init__(self, path: Path | str, agent: str | None = None, explicit: bool = False) -> None:
        self.key = str(path)
        self._path = path if isinstance(path, Path) else None
        self.agent = agent  # OpenClaw agent id (the namespace) when known
        #: Named on the command line. A file only *found* in a folder, a glob or an agent's
        #: state that turns out not to be a transcript is skipped (``not_a_transcript``), not a
        #: failure.
        self.explicit = explicit

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = Path(self.key)
        return self._path

    def _order(self) -> tuple[list[str], str | None, bool]:
        return (_path_order(self.key), self.agent, self.explicit)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WorkItem):
            return NotImplemented
        return (self.key, self.agent, self.explicit) == (other.key, other.agent, other.explicit)

    def __lt__(self, other: WorkItem) -> bool:
        return self._order() < other._order()

    def __hash__(self) -> int:
        return hash((self.key, self.agent, self.explicit))

    def __repr__(self) -> str:
        return f"WorkItem({self.key!r}, agent={self.agent!r}, explicit={self.explicit!r})"


def openclaw_state_dir() -> Path:
    return Path(os.environ.get("OPENCLAW_STATE_DIR") or Path.home() / ".openclaw")


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")


def agent_of(path: Path | str) -> str | None:
    """``<id>`` of ``…/agents/<id>/sessions/<file>``."""
    parts = path.split(os.sep) if isinstance(path, str) else path.parts
    for i in range(len(parts) - 3, -1, -1):
        if parts[i] == "agents" and parts[i + 2] == "sessions":
            return parts[i + 1]
    return None


def is_reset_archive(path: Path) -> bool:
    return ".reset." in path.name


def default_sources() -> list[Path]:
    """Every transcript of every agent this machine knows of.

    OpenClaw sessions come from both stores: the per-agent SQLite databases (current releases;
    each session mirrored to a JSONL file in the cache, see
    :mod:`memscribe.transcript.openclaw_sqlite`) and the JSONL files, which are only migration
    input once a database holds the same session (the database wins).
    """
    from memscribe.transcript.openclaw_sqlite import export_sessions

    found: list[Path] = []
    exported = export_sessions(openclaw_state_dir())
    in_db = {p.name for p in exported}
    found += sorted(exported)
    found += sorted(
        p
        for p in openclaw_state_dir().glob("agents/*/sessions/*.jsonl*")
        if p.name.split(".reset.")[0] not in in_db
    )
    found += sorted((Path.home() / ".claude" / "projects").glob("*/*.jsonl"))
    found += sorted((codex_home() / "sessions").glob("*/*/*/rollout-*.jsonl"))
    return found


def _is_transcript_name(name: str) -> bool:
    return name.endswith(TRANSCRIPT_SUFFIXES) or ".jsonl.reset." in name


def _path_order(path: str) -> list[str]:
    """Sort key of an absolute path string: component-wise, the order of ``Path`` objects."""
    return path.split(os.sep)


def _walk(directory: Path) -> list[str]:
    """Transcript-named files under ``directory``, as canonical paths, in path order.

    One ``scandir`` per folder and one ``realpath`` per walk (not per file: a run over many
    transcripts costs a directory listing). Each folder's entries are visited sorted by name,
    so the walk yields the component-wise path order without sorting the whole list (unless a
    symlinked file resolved elsewhere). Like ``rglob``, symlinked folders are not entered; a
    symlinked file is resolved to its target.
    """
    found: list[str] = []
    resolved_links = False

    def visit(folder: str) -> None:
        nonlocal resolved_links
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=_name)
        except OSError:
            return
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    visit(entry.path)
                elif _is_transcript_name(entry.name) and entry.is_file():
                    if entry.is_symlink():
                        found.append(os.path.realpath(entry.path))
                        resolved_links = True
                    else:
                        found.append(entry.path)
            except OSError:
                continue

    visit(str(directory.resolve()))
    return sorted(found, key=_path_order) if resolved_links else found


def _name(entry: os.DirEntry[str]) -> str:
    return entry.name


def _expand(arg: str) -> list[tuple[str, bool]]:
    """The files an argument names (canonical paths), each with whether it was named explicitly."""
    path = Path(arg).expanduser()
    if path.is_file():
        return [(os.path.realpath(path), True)]
    if path.is_dir():
        return [(p, False) for p in _walk(path)]
    if glob.has_magic(arg):
        return sorted(
            (
                (os.path.realpath(p), False)
                for p in glob.glob(os.path.expanduser(arg), recursive=True)
                if Path(p).is_file()
            ),
            key=lambda hit: _path_order(hit[0]),
        )
    raise UserError(f"no such transcript, folder or glob: {arg}")


def parse_since(text: str | None) -> dt.datetime | None:
    """``--since``: an ISO date or date-time (UTC when no zone is given)."""
    if not text:
        return None
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise UserError(f"--since: not an ISO date: {text!r} (e.g. 2026-04-17)") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def discover(
    paths: Sequence[str],
    *,
    since: dt.datetime | None = None,
    include_resets: bool = False,
    candidates: Iterable[Path] | None = None,
) -> list[WorkItem]:
    """The transcripts to process, each once, sorted by absolute path."""
    # Strings until the end: a run over many transcripts costs its directory listing, not
    # a Path object per comparison.
    canonical = candidates is None and bool(paths)  # _expand resolves what it finds
    found: list[tuple[str, bool]] = [(str(p), False) for p in candidates] if candidates is not None else []
    if candidates is None:
        if paths:
            found = [hit for arg in paths for hit in _expand(arg)]
        else:
            found = [(str(p), False) for p in default_sources()]
    if len(found) > 1 and len(paths) == 1 and candidates is None and not found[0][1]:
        walked = [path for path, _ in found]
        if len(set(walked)) == len(walked):  # two links to one file: the general path below
            return _from_walk(walked, since=since, include_resets=include_resets)
    explicitly: dict[str, bool] = {}
    for path, explicit in found:
        name = os.path.basename(path)
        if name in _INDEX_NAMES or name.startswith("."):
            continue
        if ".reset." in name and not include_resets:  # is_reset_archive
            continue
        resolved = path if canonical else os.path.realpath(path)
        if since is not None and _older(resolved, since):
            continue
        explicitly[resolved] = explicitly.get(resolved, False) or explicit
    return [
        WorkItem(path, agent_of(path) if "agents" in path else None, explicit=explicitly[path])
        for path in sorted(explicitly, key=_path_order)
    ]


def _older(path: str, since: dt.datetime) -> bool:
    try:
        mtime = dt.datetime.fromtimestamp(os.stat(path).st_mtime, dt.UTC)
    except OSError:
        return False
    return mtime < since


def _from_walk(paths: list[str], *, since: dt.datetime | None, include_resets: bool) -> list[WorkItem]:
    """The work items of one folder's walk: canonical, unique and in path order already."""
    items: list[WorkItem] = []
    for path in paths:
        name = path[path.rfind(os.sep) + 1 :]
        if name in _INDEX_NAMES or name[0] == ".":
            continue
        if ".reset." in name and not include_resets:
            continue
        if since is not None and _older(path, since):
            continue
        items.append(WorkItem(path, agent_of(path) if "agents" in path else None))
    return items
