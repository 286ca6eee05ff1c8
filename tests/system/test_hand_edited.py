"""A memory file edited by hand (block lists, quoted values, comments) is read, deduplicated
against and searchable; `forget` then `list` shows it archived (issue 13 item 5)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.integration_support import invoke

HAND_EDITED = """---
# tidied up in an editor
type: "profile"
id:   'prof_hand0001'
created: "2026-03-01T10:00:00Z"
ttl: 'infinity'    # keep it
expires: never
supersedes:
  - prof_old00001
---

User prefers the Helix editor for all code editing.
"""


def test_hand_edited_file_is_read_deduplicated_searchable_and_forgotten(tmp_path: Path) -> None:
    root = tmp_path / "root"
    folder = root / ".reflexio" / "profiles"
    folder.mkdir(parents=True)
    (folder / "helix-editor-hand0001.md").write_text(HAND_EDITED, encoding="utf-8")

    listed = json.loads(invoke(["list", "--memory-dir", str(root), "--json"]).output)
    assert listed["unreadable"] == []
    assert [m["id"] for m in listed["memories"]] == ["prof_hand0001"]

    found = json.loads(invoke(["search", "Helix editor", "--memory-dir", str(root), "--json"]).output)
    hits = found["results"] if isinstance(found, dict) else found
    assert [h["id"] for h in hits] == ["prof_hand0001"]

    duplicate = tmp_path / "again.jsonl"
    duplicate.write_text(
        json.dumps({"kind": "profile", "body": "User prefers the Helix editor for all code editing."}) + "\n"
    )
    imported = json.loads(invoke(["import", str(duplicate), "--memory-dir", str(root), "--json"]).output)
    assert imported["stored"] == 0, imported
    assert len(list(folder.glob("*.md"))) == 1

    gone = invoke(["forget", "prof_hand0001", "--reason", "switched: back to vim", "--memory-dir", str(root)])
    assert gone.exit_code == 0, gone.output
    assert json.loads(invoke(["list", "--memory-dir", str(root), "--json"]).output)["memories"] == []
    archived = json.loads(invoke(["list", "--archived", "--memory-dir", str(root), "--json"]).output)
    [entry] = archived["memories"]
    assert entry["id"] == "prof_hand0001" and entry["archive_reason"] == "forgotten: switched: back to vim"
    assert archived["unreadable"] == []
