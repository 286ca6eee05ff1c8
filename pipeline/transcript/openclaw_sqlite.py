"""OpenClaw's SQLite transcript store (current releases): sessions out, as OpenClaw JSONL.

Current OpenClaw keeps each agent's sessions in ``agents/<agentId>/agent/openclaw-agent.sqlite``
under the state directory; JSONL files are only migration input. The table
``transcript_events(session_id, seq, event_json, …)`` holds, per session, the exact logical
JSONL records in order, and ``session_windows(session_id, session_key, …)`` names the session
key. So a session read from the database is parsed by the same OpenClaw reader as a file.

The batch job works on files (its ledger is keyed by path and classifies appended bytes), so
:func:`export_sessions` mirrors each session into a cache folder laid out like OpenClaw's own
(``agents/<agent>/sessions/<id>.jsonl`` plus a ``sessions.json`` index for the session keys):
the agent id still names the namespace, and a session that grows is an append.

The database is opened read-only (``mode=ro``) and every connection is closed.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from memscribe.config import cache_dir
from memscribe.errors import InputError
from memscribe.schemas.transcript import Transcript

DB_NAME = "openclaw-agent.sqlite"
#: ``<database>#<session id>``: how one session in a database is named on the command line.
SESSION_SEP = "#"


@dataclass(frozen=True)
class SqliteSession:
    """One transcript-bearing session of an agent database."""

    agent: str
    database: Path
    session_id: str
    session_key: str | None
    events: int


def agent_databases(state_dir: Path) -> list[tuple[str, Path]]:
    """``(agent id, database)`` for every agent with a database under ``state_dir``."""
    return [(db.parent.parent.name, db) for db in sorted(Path(state_dir).glob(f"agents/*/agent/{DB_NAME}"))]


@contextlib.contextmanager
def _connect(database: Path) -> Iterator[sqlite3.Connection]:
    try:
        conn = sqlite3.connect(f"{Path(database).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise InputError(f"cannot open the OpenClaw database: {exc}", path=str(database)) from None
    with contextlib.closing(conn):
        yield conn


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def list_sessions(database: Path, agent: str | None = None) -> list[SqliteSession]:
    """The sessions of ``database`` that hold transcript events, by session id.

    Raises:
        InputError: not an SQLite database, or no ``transcript_events`` table.
    """
    agent = agent or Path(database).parent.parent.name
    with _connect(database) as conn:
        try:
            tables = _tables(conn)
            if "transcript_events" not in tables:
                raise InputError(
                    "not an OpenClaw agent database (no transcript_events table)", path=str(database)
                )
            keys: dict[str, str] = {}
            if "session_windows" in tables:
                for sid, key in conn.execute("SELECT session_id, session_key FROM session_windows"):
                    if isinstance(key, str) and key:
                        keys[str(sid)] = key
            rows = conn.execute(
                "SELECT session_id, count(*) FROM transcript_events GROUP BY session_id ORDER BY session_id"
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise InputError(f"cannot read the OpenClaw database: {exc}", path=str(database)) from None
    return [SqliteSession(agent, Path(database), str(sid), keys.get(str(sid)), int(n)) for sid, n in rows]


def session_jsonl(database: Path, session_id: str) -> str:
    """The session's records as OpenClaw JSONL text (``""`` when it has none).

    Raises:
        InputError: the database cannot be read.
    """
    with _connect(database) as conn:
        try:
            rows = conn.execute(
                "SELECT event_json FROM transcript_events WHERE session_id = ? ORDER BY seq", (session_id,)
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise InputError(f"cannot read the OpenClaw database: {exc}", path=str(database)) from None
    return "".join(f"{row[0]}\n" for row in rows if isinstance(row[0], str) and row[0].strip())


def read_sqlite_session(database: Path, session_id: str, *, skip_bad_lines: bool = False) -> Transcript:
    """One session of an OpenClaw database as a :class:`Transcript` (session key filled in).

    Raises:
        InputError: unreadable database, unknown session, bad record.
    """
    from memscribe.transcript import parse_transcript

    source = f"{database}{SESSION_SEP}{session_id}"
    text = session_jsonl(database, session_id)
    if not text:
        raise InputError(f"no transcript events for session {session_id!r}", path=str(database))
    transcript = parse_transcript(text, source=source, fmt="openclaw", skip_bad_lines=skip_bad_lines)
    key = next((s.session_key for s in list_sessions(database) if s.session_id == session_id), None)
    return transcript.model_copy(update={"session_key": key}) if key else transcript


def split_session_ref(ref: str) -> tuple[Path, str] | None:
    """``(database, session id)`` for ``…/openclaw-agent.sqlite#<id>``; None for anything else."""
    base, sep, session_id = ref.rpartition(SESSION_SEP)
    if not sep or not session_id or not base.endswith(".sqlite"):
        return None
    return Path(base), session_id


def default_cache_dir() -> Path:
    """Where exported sessions live: :func:`memscribe.config.cache_dir`."""
    return cache_dir()


def _write_if_changed(path: Path, text: str) -> None:
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(tmp, path)


def export_session(session: SqliteSession, cache_dir: Path) -> Path | None:
    """Mirror one session to ``<cache>/openclaw-sqlite/agents/<agent>/sessions/<id>.jsonl``."""
    text = session_jsonl(session.database, session.session_id)
    if not text:
        return None
    folder = Path(cache_dir) / "openclaw-sqlite" / "agents" / session.agent / "sessions"
    target = folder / f"{session.session_id}.jsonl"
    _write_if_changed(target, text)
    if session.session_key:
        index_file = folder / "sessions.json"
        try:
            index = json.loads(index_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            index = {}
        if not isinstance(index, dict):
            index = {}
        entry = {"sessionId": session.session_id, "sessionFile": str(target)}
        if index.get(session.session_key) != entry:
            index[session.session_key] = entry
            _write_if_changed(index_file, json.dumps(index, indent=2, sort_keys=True) + "\n")
    return target


def export_sessions(state_dir: Path, cache_dir: Path | None = None) -> list[Path]:
    """Mirror every session of every agent database under ``state_dir``; returns the files.

    A database that cannot be read is skipped (discovery must go on with the other agents).
    """
    cache = cache_dir or default_cache_dir()
    found: list[Path] = []
    for agent, database in agent_databases(state_dir):
        try:
            sessions = list_sessions(database, agent)
            for session in sessions:
                path = export_session(session, cache)
                if path is not None:
                    found.append(path)
        except (InputError, OSError):
            continue
    return found
