"""The index's light read path (memscribe.index.query): same hits as the full path when the index
is current, None (the full path's turn) whenever it is not or the layout is not safe to open."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memscribe import namespace
from memscribe.index import open_index
from memscribe.index import query as light
from memscribe.index.sql import CHANGES_FILE, REFLEXIO_DIR
from memscribe.kinds import kind
from memscribe.kinds.layout import REFLEXIO_DIR as KINDS_REFLEXIO_DIR
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.store import confine
from memscribe.store.changes import MEMORY_DIRS
from memscribe.store.files import memory_path, render_profile
from memscribe.store.transaction import apply_plan
from tests.support.store_helpers import write_playbook, write_profile

QUERIES = ["typescript backend", "dark mode editor", "pnpm dependencies", "lisbon", "kubernetes helm charts"]


def _age(root: Path) -> None:
    past = time.time_ns() - 60 * 10**9
    for rel in MEMORY_DIRS:
        if (root / rel).is_dir():
            os.utime(root / rel, ns=(past, past))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write_profile(tmp_path, "prof_lang0001", "language", "User prefers TypeScript for backend work.")
    write_profile(tmp_path, "prof_comp0001", "company", "User's company uses Kubernetes and Helm charts.")
    write_profile(tmp_path, "prof_edit0001", "editor", "User likes dark mode in every editor.")
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Lisbon.", namespace="researcher")
    write_playbook(
        tmp_path, "pbk_pnpm0001", "pnpm", "Installing TypeScript backend dependencies", "Use pnpm."
    )
    _age(tmp_path)
    with open_index(tmp_path, refresh=False) as index:
        index.refresh(full=True)
    return tmp_path


def _full(root: Path, query: str, ns: str | None, kind_name: str | None = None) -> list[light.SearchHit]:
    with open_index(root) as index:
        return index.search(query, namespace=ns, default="default", kind=kind_name, min_relevance=0.1)


def test_same_hits_as_the_full_path_when_current(root: Path) -> None:
    for query in QUERIES:
        for ns in ("default", "researcher", None):
            for kind_name in (None, "profile", "playbook"):
                fast = light.search_current(root, query, namespace=ns, kind=kind_name, min_relevance=0.1)
                assert fast is not None, (query, ns)
                assert fast == _full(root, query, ns, kind_name)
    assert [h.id for h in light.search_current(root, "typescript backend", namespace="default") or []] == [
        "prof_lang0001",
        "pbk_pnpm0001",
    ]


def test_a_write_not_yet_refreshed_sends_the_search_to_the_full_path(root: Path) -> None:
    body = "User prefers TypeScript strict mode."
    text = render_profile(
        id="prof_strict01", created=dt.datetime(2026, 1, 1, tzinfo=dt.UTC), ttl="infinity", body=body
    )
    op = WriteOp(
        kind="profile",
        id="prof_strict01",
        slug="strict",
        path=memory_path("profile", "strict", "prof_strict01"),
        text=text,
        body=body,
        ttl="infinity",
        evidence=[0],
    )
    apply_plan(
        Plan(transcript="t", format="claude", model="m", created="2026-01-01T00:00:00Z", operations=[op]),
        root,
    )
    assert light.search_current(root, "typescript strict", namespace="default") is None
    assert "prof_strict01" in [h.id for h in _full(root, "typescript strict", "default")]
    _age(root)
    with open_index(root) as index:
        index.refresh(full=True)
    fast = light.search_current(root, "typescript strict", namespace="default")
    assert fast is not None and "prof_strict01" in [h.id for h in fast]


def test_a_hand_edit_or_an_unsafe_layout_is_not_answered_here(root: Path) -> None:
    (root / ".reflexio" / "profiles" / "new-handmade.md").write_text(
        "x", encoding="utf-8"
    )  # folder mtime moves
    assert light.search_current(root, "typescript", namespace="default") is None
    _age(root)
    with open_index(root) as index:
        index.refresh(full=True)
    assert light.search_current(root, "typescript", namespace="default") is not None
    wal = root / ".reflexio" / ".index" / "memscribe.sqlite3-wal"
    wal.unlink(missing_ok=True)
    wal.symlink_to(root / "elsewhere")
    assert light.search_current(root, "typescript", namespace="default") is None
    wal.unlink()
    log = root / CHANGES_FILE
    log.unlink(missing_ok=True)
    log.symlink_to(root / "elsewhere")
    assert light.search_current(root, "typescript", namespace="default") is None
    assert light.search_current(root / "missing", "typescript", namespace="default") is None


def test_a_no_op_refresh_writes_nothing(root: Path) -> None:
    db = root / ".reflexio" / ".index" / "memscribe.sqlite3"
    with open_index(root, refresh=False) as index:
        before = dict(index.conn.execute("SELECT key, value FROM meta").fetchall())
        stats = index.refresh()
        after = dict(index.conn.execute("SELECT key, value FROM meta").fetchall())
    assert (stats.files, stats.scanned_dirs, stats.read) == (5, 0, 0)
    assert before == after and int(after["active"]) == 5
    assert db.exists()


def test_the_light_constants_and_display_match_the_kinds() -> None:
    assert REFLEXIO_DIR == KINDS_REFLEXIO_DIR
    assert CHANGES_FILE == confine.CHANGES_FILE
    assert light.DEFAULT_NAMESPACE == namespace.DEFAULT_NAMESPACE
    samples = {
        "profile": ["User  prefers\ntabs.", " a\tb "],
        "playbook": [
            "When: Deploying the API\nWhat: Run the smoke tests first.",
            "What: only this",
            "When: x",
        ],
    }
    for name, texts in samples.items():
        for text in texts:
            assert light.display_line(name, text) == kind(name).display_line(text)
    assert light.display_line("other", "x") is None


def test_the_search_command_answers_from_a_current_index_without_the_schemas(root: Path) -> None:
    probe = (
        "import json, sys\n"
        "from memscribe.cli import main\n"
        "sys.argv = ['memscribe', 'search', 'typescript backend', '--memory-dir', sys.argv[1], '--json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write('\\nLOADED ' + json.dumps(sorted(m for m in sys.modules if m.startswith('memscribe'))))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe, str(root)], capture_output=True, text=True, timeout=120
    )
    loaded = json.loads(proc.stderr[proc.stderr.rfind("LOADED ") + 7 :])
    assert [h["id"] for h in json.loads(proc.stdout)] == ["prof_lang0001", "pbk_pnpm0001"]
    heavy = [m for m in loaded if m.startswith(("memscribe.schemas", "memscribe.kinds", "memscribe.store"))]
    assert heavy == [] and "memscribe.index.db" not in loaded
