"""A markdown list entry and an unindented line after it are two memories on import. Stop 45 reverted a change
(efe19ea9) that joined every following line into the entry (to glue back a key wrapped over two lines): a later update
of one fact then archived the other with it (RV9 G2, HIGH)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.store.root import MemoryRoot

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("# Profile\n- User lives in Berlin.\nUser's favourite editor is Vim.\n", 2),
        ("- Der Nutzer wohnt in Köln.\nEr trinkt gern Kölsch.\n", 2),
        ("- 我住在柏林。\n我喜欢喝绿茶。\n", 2),
    ],
)
def test_a_line_after_a_list_entry_is_its_own_memory(tmp_path: Path, text: str, facts: int) -> None:
    source = tmp_path / "notes.md"
    source.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["import", str(source), "--memory-dir", str(tmp_path / "m")])
    assert result.exit_code == 0, result.output
    assert len(MemoryRoot(tmp_path / "m").entries()) == facts, result.output
