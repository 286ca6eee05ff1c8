"""The offline encoder's vectors of entry texts, stored in the index when the entries are
indexed: a shortlist scores its entries with the stored vectors (the encoder's own floats, so
the same shortlist) and encodes its own text only."""

from __future__ import annotations

import sqlite3
from array import array
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import open_index, textvecs
from memscribe.semantic import wordllama
from memscribe.semantic.encoder import StaticEncoder
from memscribe.services.maintenance import reindex
from tests.support.store_helpers import write_profile

pytestmark = [
    pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed"),
    pytest.mark.usefixtures("fresh_semantic"),  # tests/conftest.py
]

BODIES = {
    "prof_car00001": ("transport", "User drives an automobile to the office."),
    "prof_veg00001": ("diet", "User is vegan."),
    "prof_tea00001": ("drinks", "User drinks green tea every morning."),
    "prof_ide00001": ("editor", "User writes code in Neovim."),
}
QUERY = ("commute", "User commutes by car to work.")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for mem_id, (slug, body) in BODIES.items():
        write_profile(tmp_path, mem_id, slug, body, namespace="ops" if "tea" in mem_id else None)
    return tmp_path


@pytest.fixture
def embedded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the encoder computes a vector for (memo and stored vectors aside)."""
    seen: list[str] = []
    original = StaticEncoder._embed

    def counting(self: StaticEncoder, texts: list[str]) -> list[tuple[float, ...]]:
        seen.extend(texts)
        return original(self, texts)

    monkeypatch.setattr(StaticEncoder, "_embed", counting)
    return seen


def stored(root: Path) -> dict[str, bytes]:
    conn = sqlite3.connect(root / ".reflexio" / ".index" / "memscribe.sqlite3")
    try:
        found = {str(s): bytes(v) for s, v in conn.execute("SELECT sha, vec FROM filevecs")}  # by rowid
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'textvecs'").fetchone():
            found.update((str(s), bytes(v)) for s, v in conn.execute("SELECT sha, vec FROM textvecs"))
        return found
    finally:
        conn.close()


def shortlist(root: Path) -> list[tuple[str, float]]:
    with open_index(root) as index:
        found = index.shortlist("profile", *QUERY, namespace=None)
    return [(item.id, item.score) for item in found]


def test_vectors_are_stored_when_the_entries_are_indexed(root: Path, embedded: list[str]) -> None:
    with open_index(root):
        pass
    assert set(stored(root)) == {textvecs._sha(body) for _, body in BODIES.values()}
    semantic.reset()  # a new process: nothing in the encoder's memo
    embedded.clear()
    first = shortlist(root)
    assert len(embedded) == 2  # the query and the probe only: every entry's vector was stored
    semantic.reset()
    assert shortlist(root) == first


def test_a_new_entry_gets_its_vector_from_the_refresh_that_indexes_it(root: Path) -> None:
    shortlist(root)
    write_profile(root, "prof_new00001", "commute", "User cycles to work.")
    with open_index(root):
        pass
    assert textvecs._sha("User cycles to work.") in stored(root)


def test_stored_vectors_are_the_encoders_own(root: Path) -> None:
    shortlist(root)
    semantic.reset()
    encoder = semantic.default_encoder()
    assert encoder is not None
    expected = {
        textvecs._sha(text): array("d", vec).tobytes()
        for text, vec in zip(
            [body for _, body in BODIES.values()],
            encoder.encode([b for _, b in BODIES.values()]),
            strict=True,
        )
    }
    assert stored(root) == expected


def test_a_changed_vector_is_what_the_next_run_uses(root: Path) -> None:
    """The stored vectors are read, not recomputed: a vector made to match the query makes its
    entry score as the query itself."""
    assert "prof_ide00001" not in dict(shortlist(root))
    semantic.reset()
    encoder = semantic.default_encoder()
    assert encoder is not None
    query = encoder.encode([QUERY[1]])[0]
    conn = sqlite3.connect(root / ".reflexio" / ".index" / "memscribe.sqlite3")
    with conn:  # stored by text and, for the semantic pool, by rowid
        for table in ("textvecs", "filevecs"):
            conn.execute(
                f"UPDATE {table} SET vec = ? WHERE sha = ?",
                (array("d", query).tobytes(), textvecs._sha(BODIES["prof_ide00001"][1])),
            )
    conn.close()
    semantic.reset()
    assert dict(shortlist(root)).get("prof_ide00001") == 1.0


def test_another_encoder_of_the_same_name_never_reuses_them(root: Path) -> None:
    shortlist(root)
    semantic.reset()
    real = semantic.default_encoder()
    assert real is not None
    other = StaticEncoder(name=real.name, table=real.table, token_ids=lambda texts: [[7] for _ in texts])
    assert textvecs.identity(other) != textvecs.identity(real)
    with open_index(root) as index:
        rows = index.conn.execute("SELECT rowid, text FROM files WHERE ok = 1 AND archived = 0").fetchall()
        texts, rowids = [str(r[1]) for r in rows], [int(r[0]) for r in rows]  # kept by rowid
        assert textvecs.prepare(index.conn, other, texts, rowids=rowids) == texts
        assert textvecs.prepare(index.conn, real, texts, rowids=rowids) == []


def test_index_command_stores_every_namespace_pool_and_drops_the_rest(
    root: Path, embedded: list[str]
) -> None:
    with open_index(root) as index:
        conn = index.conn
        conn.execute(textvecs._TABLE)
        with conn:
            conn.execute("INSERT INTO textvecs VALUES ('old-model#0', 'x', x'00')")
    reindex(root)
    assert set(stored(root)) == {textvecs._sha(body) for _, body in BODIES.values()}
    semantic.reset()
    embedded.clear()
    shortlist(root)
    assert len(embedded) == 2  # the query and the probe


def test_a_busy_index_still_shortlists_and_keeps_nothing(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(semantic.ENV_VAR, "off")  # indexed without vectors
    with open_index(root):
        pass
    monkeypatch.delenv(semantic.ENV_VAR)
    semantic.reset()
    with open_index(root) as index:  # current: from here on only the vectors would be written
        other = sqlite3.connect(root / ".reflexio" / ".index" / "memscribe.sqlite3")
        other.execute("BEGIN IMMEDIATE")  # another process writing
        try:
            busy = [(i.id, i.score) for i in index.shortlist("profile", *QUERY, namespace=None)]
        finally:
            other.rollback()
            other.close()
        assert index.conn.execute("PRAGMA busy_timeout").fetchone()[0] == 10000  # restored
    assert stored(root) == {}
    semantic.reset()
    assert shortlist(root) == busy
    assert len(stored(root)) == len(BODIES)  # the shortlist that met them without one kept them
