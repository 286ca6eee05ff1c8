"""``memscribe edit`` of a memory's value (stop 46, HQ5 item 1): before, the edited text went through
dedup against every active memory, the edited one included, and a one-word change restated it
("ユーザーは猫が好きです。" → "ユーザーは犬が好きです。": "not stored: duplicate … restates prof_… (score
0.94)"): the user's explicit edit was lost. Now the memory being edited is no dedup target of its
new version, which supersedes it in the same transaction (archived with the reason, history
linked). An edit that restates *another* active memory is still not stored, and says which."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.integration_support import invoke

_EDITOR = """import os, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
assert os.environ["HQ5_OLD"] in text, text
open(path, "w", encoding="utf-8").write(text.replace(os.environ["HQ5_OLD"], os.environ["HQ5_NEW"]))
"""


def _root(tmp_path: Path, *statements: str) -> Path:
    source = tmp_path / "facts.md"
    source.write_text("".join(f"- {s}\n" for s in statements), encoding="utf-8")
    root = tmp_path / "root"
    result = invoke(["import", str(source), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert sorted(e.body.strip() for e in MemoryRoot(root).entries()) == sorted(statements)
    return root


def _edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, root: Path, memory_id: str, old: str, new: str
) -> dict[str, object]:
    script = tmp_path / "editor.py"
    script.write_text(_EDITOR, encoding="utf-8")
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("HQ5_OLD", old)
    monkeypatch.setenv("HQ5_NEW", new)
    result = invoke(["edit", memory_id, "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは猫が好きです。", "ユーザーは犬が好きです。"),
        ("用户喜欢猫。", "用户喜欢狗。"),
        ("사용자는 고양이를 좋아합니다.", "사용자는 개를 좋아합니다."),
        ("User drinks tea.", "User drinks coffee."),
        ("Der Nutzer trinkt Tee.", "Der Nutzer trinkt Kaffee."),
    ],
)
def test_an_edit_replaces_the_memory_it_edits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> None:
    root = _root(tmp_path, old, "User works at Thales.")
    [before] = [e for e in MemoryRoot(root).entries() if e.body.strip() == old]
    data = _edit(tmp_path, monkeypatch, root, before.id, old, new)
    assert data["changed"] is True, data
    assert data["replaces"] == before.id and data["id"] != before.id
    active = {e.id: e.body.strip() for e in MemoryRoot(root).entries()}
    assert sorted(active.values()) == sorted([new, "User works at Thales."])  # the other one kept
    assert active[str(data["id"])] == new
    [archived] = list((root / ".reflexio" / ".archive" / "profiles").glob("*.md"))
    text = archived.read_text(encoding="utf-8")
    assert f"id: {before.id}" in text and old in text
    assert f"superseded_by: {data['id']}" in text and "archive_reason: edited" in text
    history = invoke(["history", str(data["id"]), "--memory-dir", str(root), "--json"])
    assert history.exit_code == 0, history.output
    assert before.id in history.stdout


def test_an_edit_that_repeats_another_memory_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cat_text, tokyo_text = "ユーザーは猫が好きです。", "ユーザーは東京に住んでいます。"
    root = _root(tmp_path, cat_text, tokyo_text)
    entries = {e.body.strip(): e for e in MemoryRoot(root).entries()}
    cat, tokyo = entries[cat_text], entries[tokyo_text]
    data = _edit(tmp_path, monkeypatch, root, cat.id, cat_text, tokyo_text)
    assert data["changed"] is False and data["repeats"] == [tokyo.id], data
    assert {e.id for e in MemoryRoot(root).entries()} == {cat.id, tokyo.id}  # nothing archived
    assert not (root / ".reflexio" / ".archive").exists() or not any(
        (root / ".reflexio" / ".archive").rglob("*.md")
    )
    said = invoke(["edit", cat.id, "--memory-dir", str(root)])
    assert said.exit_code == 0, said.output
    assert f"repeats another active memory, {tokyo.id}" in said.output
    assert f"{cat.id} is unchanged" in said.output
