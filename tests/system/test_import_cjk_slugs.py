"""Statements with no Latin word (zh, ja) get a slug of their own (stop 45, RV6 F4).

Before, ``make_slug`` gave every such statement the slug ``memory``: one slug topic, so each
imported statement superseded the one before it ("5 stored", 3 active, the rest archived).
An agent's write whose slug was unusable fell back to the same ``memory``."""

from __future__ import annotations

import json
from pathlib import Path

from memscribe.kinds.layout import make_slug
from tests.support.integration_support import invoke, memory_files

STATEMENTS = [
    "我在上海工作。",
    "我每天早上喝咖啡。",
    "我的狗叫旺财。",
    "私は京都に住んでいます。",
    "週末はテニスをします。",
]


def test_every_imported_zh_ja_statement_stays_active(tmp_path: Path) -> None:
    notes = tmp_path / "NOTES.md"
    notes.write_text("".join(f"- {s}\n" for s in STATEMENTS), encoding="utf-8")
    root = tmp_path / "root"
    result = invoke(["import", str(notes), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stored"] == 5
    assert [w["supersedes"] for a in data["answers"] for w in a["written"]] == [[]] * 5
    assert len(memory_files(root)) == 5
    assert list((root / ".reflexio").glob(".archive/*/*.md")) == []


def test_a_slug_of_non_latin_text_is_its_own() -> None:
    slugs = [make_slug(s) for s in STATEMENTS]
    assert len(set(slugs)) == 5 and all(s.startswith("memory-") for s in slugs)
    assert make_slug(STATEMENTS[0]) == make_slug(STATEMENTS[0])  # stable: same text, same slug
    assert make_slug("") == "memory" and make_slug("User lives in Lyon.") == "user-lives-in-lyon"


def test_an_import_says_when_one_of_its_records_replaced_another(tmp_path: Path) -> None:
    """'4 stored' with 2 active: the answer names the item each update replaced (RV6 F4)."""
    notes = tmp_path / "NOTES.md"
    notes.write_text(
        "- User's favourite editor is Vim.\n- User's favourite editor is now Helix.\n"
        "- User lives in Berlin.\n- User now lives in Munich.\n",
        encoding="utf-8",
    )
    result = invoke(["import", str(notes), "--memory-dir", str(tmp_path / "a"), "--json"])
    answers = json.loads(result.stdout)["answers"]
    assert [a.get("supersedes_this_import") for a in answers] == [None, [f"{notes}:1"], None, [f"{notes}:3"]]
    shown = invoke(["import", str(notes), "--memory-dir", str(tmp_path / "b")])
    assert f"{notes}:2: replaces {notes}:1 of this import" in shown.stdout
    assert f"{notes}:4: replaces {notes}:3 of this import" in shown.stdout
    assert len(memory_files(tmp_path / "b")) == 2
