"""One unreadable or corrupt daily snapshot file (stop 45, HQ3 item 5): before, ``snapshot recall``,
``snapshot status`` and the session-start context failed on it ("cannot read memory/…", exit 5)
and no snapshot came back. Now that file is skipped and reported (stderr, ``unreadable`` under
``--json``), the others recalled."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.integration_support import claude_payload, invoke, root_with_memories, save_snapshot


def _root(tmp_path: Path) -> Path:
    root = root_with_memories(tmp_path)
    save_snapshot(root)
    memory = root / "memory"
    (memory / "2099-01-02.md").write_bytes(b"# Snapshots\n\xff\xfe not UTF-8 \x80\n")  # corrupt
    (memory / "2099-01-01.md").mkdir()  # a daily name that cannot be read as a file
    return root


def test_recall_skips_and_reports_an_unreadable_daily_file(tmp_path: Path) -> None:
    root = _root(tmp_path)
    result = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["snapshot"] is not None and data["snapshot"]["goal"]
    assert [u["path"] for u in data["unreadable"]] == ["memory/2099-01-01.md", "memory/2099-01-02.md"]
    assert "memory/2099-01-02.md" in result.stderr and "skipped" in result.stderr


def test_recall_for_a_person_says_what_it_skipped(tmp_path: Path) -> None:
    root = _root(tmp_path)
    result = invoke(["snapshot", "recall", "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Latest snapshot ")
    assert "memscribe: skipped unreadable snapshot file memory/2099-01-02.md" in result.stderr


def test_status_counts_what_it_can_read(tmp_path: Path) -> None:
    root = _root(tmp_path)
    result = invoke(["snapshot", "status", "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["latest"] is not None and data["suggestion"] == "memscribe snapshot recall"


def test_session_start_context_still_restores_the_snapshot(tmp_path: Path) -> None:
    root = _root(tmp_path)
    result = invoke(["context"], claude_payload("SessionStart", root, source="compact"))
    assert result.exit_code == 0, result.output
    assert "[SNAPSHOT] Active Goal" in result.stdout
