"""An index written by an earlier schema (memscribe before schema 7: no ``filevecs`` table, no
``files_pick`` index) is upgraded in place when it is opened (schema 6; any other is rebuilt),
and then answers as a fresh index does; the vectors of the entries it indexes are kept by rowid,
and a shortlist's pool reads them there."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import open_index
from memscribe.index.sql import SCHEMA_VERSION, index_path
from memscribe.semantic import wordllama
from tests.support.store_helpers import write_profile

pytestmark = [
    pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed"),
    pytest.mark.usefixtures("fresh_semantic"),  # tests/conftest.py
]

BODIES = {
    "prof_car00001": ("transport", "User drives an automobile to the office."),
    "prof_bus00001": ("transport-mode", "User takes the bus when it rains."),
    "prof_veg00001": ("diet", "User is vegan."),
    "prof_ide00001": ("editor", "User writes code in Neovim."),
}
QUERIES = [
    ("commute", "User commutes by car to work."),
    ("diet", "User eats no meat or dairy."),
    ("editor", "User codes in Vim."),
]


def _shortlists(root: Path) -> list[list[tuple[str, float]]]:
    semantic.reset()  # a new process
    with open_index(root) as index:
        return [[(i.id, i.score) for i in index.shortlist("profile", *q, namespace=None)] for q in QUERIES]


def _as_schema_6(root: Path) -> None:
    """Make the root's index what memscribe wrote before schema 7 (without stored vectors: the
    semantic model was off then)."""
    conn = sqlite3.connect(index_path(root))
    with conn:
        conn.execute("DROP TABLE filevecs")
        conn.execute("DROP INDEX files_pick")
        conn.execute("UPDATE meta SET value = '6' WHERE key = 'schema'")
    conn.close()


def test_an_index_of_the_previous_schema_without_vectors_answers_as_a_fresh_one(tmp_path: Path) -> None:
    for mem_id, (slug, body) in BODIES.items():
        write_profile(tmp_path, mem_id, slug, body)
    fresh = _shortlists(tmp_path)
    assert all(fresh)
    _as_schema_6(tmp_path)
    assert _shortlists(tmp_path) == fresh
    conn = sqlite3.connect(index_path(tmp_path))
    try:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (SCHEMA_VERSION,)
        by_rowid = conn.execute(
            "SELECT count(*) FROM files f JOIN filevecs v ON v.file = f.rowid WHERE f.archived = 0"
        ).fetchone()[0]
    finally:
        conn.close()
    assert by_rowid == len(BODIES)  # every active entry's vector, kept by rowid


def test_a_pool_reads_its_vectors_with_its_rows(tmp_path: Path) -> None:
    """A shortlist's semantic pool is read in one query, vectors included: no look-up by text
    digest, and a vector kept by rowid that is not this text's is not used."""
    for mem_id, (slug, body) in BODIES.items():
        write_profile(tmp_path, mem_id, slug, body)
    expected = _shortlists(tmp_path)
    semantic.reset()
    with open_index(tmp_path) as index:
        statements: list[str] = []
        index.conn.set_trace_callback(statements.append)
        index.shortlist("profile", *QUERIES[0], namespace=None)
    assert not [s for s in statements if "FROM textvecs" in s]
    conn = sqlite3.connect(index_path(tmp_path))
    with conn:  # a stale row: another text's digest
        conn.execute("UPDATE filevecs SET sha = 'stale' WHERE file = (SELECT min(file) FROM filevecs)")
    conn.close()
    assert _shortlists(tmp_path) == expected


def _as_written_by_schema_6(root: Path) -> None:
    """Make the root's index what memscribe wrote at schema 6: each active entry's vector kept
    by text (``textvecs``), no ``filevecs`` or ``files_pick``; plus a mark a rebuild would lose."""
    conn = sqlite3.connect(index_path(root))
    with conn:
        conn.execute("INSERT OR REPLACE INTO textvecs(model, sha, vec) SELECT model, sha, vec FROM filevecs")
        conn.execute("DROP TABLE filevecs")
        conn.execute("DROP INDEX files_pick")
        conn.execute("UPDATE meta SET value = '6' WHERE key = 'schema'")
        conn.execute("INSERT INTO meta(key, value) VALUES ('written_by', 'schema 6')")
    conn.close()


def _table(root: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(index_path(root))
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_an_index_of_schema_6_is_upgraded_in_place_and_answers_as_a_fresh_one(tmp_path: Path) -> None:
    """Opened by this memscribe, a schema-6 index is upgraded, not rebuilt: its rows (and the
    mark) stay, each active entry's stored vector moves to ``filevecs``, and
    its shortlists (ids, order, scores) are those of a freshly built index."""
    for mem_id, (slug, body) in BODIES.items():
        write_profile(tmp_path, mem_id, slug, body)
    fresh = _shortlists(tmp_path)
    vectors = _table(tmp_path, "SELECT file, model, sha, vec FROM filevecs ORDER BY file")
    assert len(vectors) == len(BODIES)
    _as_written_by_schema_6(tmp_path)
    rows = _table(tmp_path, "SELECT rowid, path FROM files ORDER BY rowid")
    assert _shortlists(tmp_path) == fresh
    assert _table(tmp_path, "SELECT value FROM meta WHERE key IN ('schema', 'written_by') ORDER BY key") == [
        (SCHEMA_VERSION,),
        ("schema 6",),
    ]
    assert _table(tmp_path, "SELECT rowid, path FROM files ORDER BY rowid") == rows
    assert _table(tmp_path, "SELECT file, model, sha, vec FROM filevecs ORDER BY file") == vectors
    assert _table(tmp_path, "SELECT count(*) FROM textvecs") == [(0,)]  # moved, as a fresh index keeps them
    assert _table(tmp_path, "SELECT name FROM sqlite_master WHERE name = 'files_pick'") == [("files_pick",)]


def test_an_upgrade_that_fails_leaves_a_rebuilt_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error in the middle of the upgrade rolls it back whole; the index is then rebuilt."""
    from memscribe.index import textvecs

    for mem_id, (slug, body) in BODIES.items():
        write_profile(tmp_path, mem_id, slug, body)
    fresh = _shortlists(tmp_path)
    _as_written_by_schema_6(tmp_path)

    def broken(*_: object) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(textvecs, "index_texts", broken)
    semantic.reset()
    with open_index(tmp_path, refresh=False):
        pass
    assert _table(tmp_path, "SELECT value FROM meta WHERE key IN ('schema', 'written_by')") == [
        (SCHEMA_VERSION,)
    ]
    monkeypatch.undo()
    assert _shortlists(tmp_path) == fresh
