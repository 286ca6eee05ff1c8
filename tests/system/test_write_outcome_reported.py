"""A write the disk refused after it changed the memory is reported as made (review RV2 F3 of
51e3ba1f): the MCP tools answer ``"stored": true`` with ``changed`` (at 51e3ba1f:
``{"stored": false, "refused": true}``, so an agent wrote it again), and ``memscribe edit``
says the edit was written (at 51e3ba1f: "could not be written: …; every change is made")."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from memscribe.mcp_server import MemoryTools
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import recover_interrupted
from tests.support.integration_support import invoke, root_with_memories


def _journal_close_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """os.rename of an open journal to ``.done.json`` refused (EIO): every change is made."""
    real = os.rename

    def refused(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if os.fsdecode(dst).endswith(".done.json"):
            raise OSError(errno.EIO, "Input/output error", os.fsdecode(src))
        real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "rename", refused)


def test_mcp_answers_stored_for_a_write_whose_journal_close_was_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = MemoryTools(tmp_path, EmbeddedModel)
    with monkeypatch.context() as patch:
        _journal_close_refused(patch)
        answer = tools.write_profile("tea", "one_year", "User drinks green tea every morning.")
    assert answer["stored"] is True and answer["refused"] is False, answer
    assert answer["changed"] == "all" and "every change is made" in answer["detail"]
    assert [e.body for e in MemoryRoot(tmp_path).entries()] == ["User drinks green tea every morning."]
    recover_interrupted(tmp_path)
    again = tools.write_profile("tea", "one_year", "User drinks green tea every morning.")
    assert not again["stored"] and again["reason"] == "duplicate", again


EDITORS = {
    "ttl": ("sed -i.bak s/^ttl:.one_year$/ttl:\\ one_week/", "ttl: one_week"),
    "body": ("sed -i.bak '$s/$/ (in every repository, always)/'", "(in every repository, always)"),
}


@pytest.mark.parametrize("edit", sorted(EDITORS))
def test_an_edit_whose_journal_close_was_refused_says_it_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: str
) -> None:
    root = root_with_memories(tmp_path)
    entry = next(e for e in MemoryRoot(root).entries() if e.kind == "profile")
    editor, made = EDITORS[edit]
    monkeypatch.setenv("EDITOR", editor)
    monkeypatch.delenv("VISUAL", raising=False)
    with monkeypatch.context() as patch:
        _journal_close_refused(patch)
        result = invoke(["edit", entry.id, "--memory-dir", str(root)])
    assert result.exit_code == 5, result.output
    assert "could not be written" not in result.output, result.output
    assert "every change is made" in result.output, result.output
    assert any(made in p.read_text(encoding="utf-8") for p in (root / ".reflexio" / "profiles").glob("*.md"))
