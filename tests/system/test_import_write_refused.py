"""``memscribe import`` whose write the disk refused after it changed the memory: the MCP answer
is ``stored: true`` (changed ``"all"`` or ``"partly"``), and the import still prints the error; a
change left partly made exits 5 (at 1df42f39: "1 stored", exit 0, the error not printed)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.support.integration_support import invoke


def _refuse(patch: pytest.MonkeyPatch, name: str, when: Any) -> None:
    real = getattr(os, name)

    def fake(*args: Any, **kwargs: Any) -> Any:
        if when(*(os.fsdecode(a) if isinstance(a, (str, bytes, os.PathLike)) else a for a in args)):
            raise OSError(errno.EIO, "Input/output error", os.fsdecode(args[0]))
        return real(*args, **kwargs)

    patch.setattr(os, name, fake)


def _notes(tmp_path: Path) -> Path:
    notes = tmp_path / "CLAUDE.md"
    notes.write_text("# Notes\n\n- The user prefers tabs over spaces in Go code.\n", encoding="utf-8")
    return notes


def test_a_refused_journal_close_is_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "m"
    root.mkdir()
    with monkeypatch.context() as patch:
        _refuse(patch, "rename", lambda src, dst, *_: dst.endswith(".done.json"))
        result = invoke(["import", str(_notes(tmp_path)), "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output  # every change is made
    assert "1 items, 1 stored" in result.output
    assert "CLAUDE.md:3: stored, but error (cannot close journal" in result.output, result.output


@pytest.mark.parametrize("as_json", [False, True])
def test_a_change_left_partly_made_is_printed_and_exits_5(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    root = tmp_path / "m"
    root.mkdir()
    with monkeypatch.context() as patch:
        # the new memory's file is refused, then the roll-back's removal of the journal
        _refuse(patch, "chmod", lambda path, *_: "/profiles/" in path)
        _refuse(patch, "unlink", lambda path, *_: "/.journal/" in path)
        result = invoke(
            ["import", str(_notes(tmp_path)), "--memory-dir", str(root), *(["--json"] if as_json else [])]
        )
    assert result.exit_code == 5, result.output
    assert "partly made" in result.output
    if as_json:
        (answer,) = json.loads(result.stdout)["answers"]
        assert answer["changed"] == "partly" and answer["reason"] == "error", answer
    else:
        assert "CLAUDE.md:3: stored, but error (cannot write" in result.output, result.output


def test_a_change_a_later_item_completed_exits_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review RV10 F2 of stop 49: the next item's write completes the open journal first, so the
    import ends with every memory on disk and no journal open; it exited 5 saying the next
    extract, apply or batch would complete it."""
    from memscribe.mcp_server import MemoryTools
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.store.root import MemoryRoot

    root = tmp_path / "m"
    root.mkdir()
    old = MemoryTools(root, EmbeddedModel).write_profile(
        "tea", "one_year", "User drinks green tea every morning."
    )
    name = Path(old["written"][0]["path"]).name
    notes = tmp_path / "notes.md"
    notes.write_text(
        "- User drinks black coffee every morning now, no longer green tea.\n- User plays the cello.\n",
        encoding="utf-8",
    )
    refused: list[str] = []

    def once(path: str, *_: Any) -> bool:
        if path.endswith(name) and not refused:
            refused.append(path)
            return True
        return False

    with monkeypatch.context() as patch:
        _refuse(patch, "unlink", once)
        result = invoke(["import", str(notes), "--memory-dir", str(root), "--model", "embedded"])
    assert refused, "the archived original's removal was never refused"
    assert not MemoryRoot(root).pending_journals()
    assert result.exit_code == 0, result.output
    assert "completed later in this import" in result.output, result.output
