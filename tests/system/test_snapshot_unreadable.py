"""One unreadable or corrupt daily snapshot file (stop 45, HQ3 item 5): before, ``snapshot recall``,
``snapshot status`` and the session-start context failed on it ("cannot read memory/…", exit 5)
and no snapshot came back. Now a file that cannot be read is skipped, one with bytes that are
not UTF-8 is read with them replaced (review RV2 F6: one stray byte dropped the whole day), and
either is reported once (stderr, ``unreadable`` under ``--json``)."""

from __future__ import annotations

import json
import re
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
    assert "memory/2099-01-01.md: skipped" in result.stderr
    assert "memory/2099-01-02.md: not UTF-8 from byte 12" in result.stderr


def test_recall_for_a_person_says_what_it_skipped(tmp_path: Path) -> None:
    root = _root(tmp_path)
    result = invoke(["snapshot", "recall", "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Latest snapshot ")
    assert "memscribe: snapshot file memory/2099-01-01.md: skipped: cannot read it" in result.stderr


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


def _stray_byte_in_the_newest_day(tmp_path: Path) -> tuple[Path, str]:
    """Review RV2 F6 (its repro): today's file gets a Latin-1 ``é`` from an editor; an older day
    holds a copy of the snapshot. Before, the whole newest day was skipped and the older one
    recalled (and given to the agent) as the latest."""
    root = root_with_memories(tmp_path)
    save_snapshot(root)
    memory = root / "memory"
    [today] = [p for p in memory.iterdir() if p.suffix == ".md"]
    (memory / "2000-01-01.md").write_text(
        re.sub(today.stem, "2000-01-01", today.read_text(encoding="utf-8")), encoding="utf-8"
    )
    today.write_bytes(today.read_bytes() + "\nnote: caf\xe9\n".encode("latin-1"))
    return root, today.stem


def test_one_stray_byte_keeps_the_days_snapshots(tmp_path: Path) -> None:
    root, day = _stray_byte_in_the_newest_day(tmp_path)
    recall = invoke(["snapshot", "recall", "--memory-dir", str(root), "--json"])
    assert recall.exit_code == 0, recall.output
    data = json.loads(recall.stdout)
    assert data["snapshot"]["snapshot_id"] == f"{day}-01"
    [damaged] = data["unreadable"]
    assert damaged["path"] == f"memory/{day}.md" and "not UTF-8" in damaged["error"]
    context = invoke(["context"], claude_payload("SessionStart", root, source="compact"))
    assert context.exit_code == 0 and f"{day}-01" in context.stdout and "2000-01-01-01" not in context.stdout
    status = invoke(["snapshot", "status", "--memory-dir", str(root), "--json"])
    assert status.exit_code == 0, status.output
    assert json.loads(status.stdout)["snapshots_today"] == 1


def test_each_damaged_file_is_reported_once(tmp_path: Path) -> None:
    """Review RV2 F9: the store's warning and the command's line both reached stderr."""
    root = _root(tmp_path)
    for command in (["snapshot", "recall"], ["snapshot", "status"]):
        result = invoke([*command, "--memory-dir", str(root)])
        assert result.exit_code == 0, result.output
        for name in ("2099-01-01.md", "2099-01-02.md"):
            assert result.stderr.count(f"memory/{name}") == 1, result.stderr


def test_context_says_a_newer_daily_file_could_not_be_read(tmp_path: Path) -> None:
    """Review RV5 G6: a newer daily file that cannot be read made the context give an older
    snapshot as "the latest", with no word to the agent (stderr only)."""
    root = _root(tmp_path)
    result = invoke(["context"], claude_payload("SessionStart", root, source="compact"))
    assert result.exit_code == 0, result.output
    assert "A newer daily file, memory/2099-01-01.md, could not be read" in result.stdout
    assert "memory/2099-01-02.md, could not" not in result.stdout  # read, its bytes replaced
