"""An MCP write the disk refused after it changed the memory (``StoreError.changed`` ``"all"`` or
``"partly"``) answers ``stored: true`` *with* what it stored in ``written`` (at 81def265 and
b013f8d9 ``written`` was empty: the plan did not come back with the error, so an agent could not
tell which memory it had made)."""

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


def _refuse(monkeypatch: pytest.MonkeyPatch, name: str, refused_when: Any) -> None:
    real = getattr(os, name)

    def fake(*args: Any, **kwargs: Any) -> Any:
        if refused_when(*args):
            raise OSError(errno.EIO, "Input/output error", os.fsdecode(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, fake)


def test_a_write_whose_journal_close_was_refused_lists_what_it_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = MemoryTools(tmp_path, EmbeddedModel)
    with monkeypatch.context() as patch:
        # the journal's close (renamed to .done.json) is the step after which every change is made
        _refuse(patch, "rename", lambda src, dst, *_: os.fsdecode(dst).endswith(".done.json"))
        answer = tools.write_profile("tea", "one_year", "User drinks green tea every morning.")
    assert answer["stored"] is True and answer["changed"] == "all", answer
    stored = {e.id: e for e in MemoryRoot(tmp_path).entries()}
    assert [w["id"] for w in answer["written"]] == list(stored), answer
    (written,) = answer["written"]
    assert written["kind"] == "profile" and written["body"] == stored[written["id"]].body
    assert (tmp_path / written["path"]).is_file()


def test_an_edit_left_partly_made_lists_the_new_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = MemoryTools(tmp_path, EmbeddedModel)
    first = tools.write_profile("tea", "one_year", "User drinks green tea every morning.")
    (old,) = first["written"]
    with monkeypatch.context() as patch:
        # the archived original's removal from the active folder: the new version is written already
        _refuse(patch, "unlink", lambda path, *_: os.fsdecode(path).endswith(Path(old["path"]).name))
        answer = tools.write_profile(
            "tea", "one_year", "User drinks black coffee every morning, no longer tea.", replacing=old["id"]
        )
    assert answer["stored"] is True and answer["changed"] == "partly", answer
    (new,) = answer["written"]
    assert new["supersedes"] == [old["id"]] and new["body"].startswith("User drinks black coffee")
    assert (tmp_path / new["path"]).is_file()
    recover_interrupted(tmp_path)
    assert [(e.id, e.body) for e in MemoryRoot(tmp_path).entries()] == [(new["id"], new["body"])]


def test_a_rolled_back_write_is_pending_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The new memory's file is refused and rolled back, then the journal's removal is refused:
    # 'partly', and the memory is not on disk until the next extract, apply or batch (review RV7
    # F2 of 1df42f39: 'written' listed it, and reflexio_get answered not_found).
    tools = MemoryTools(tmp_path, EmbeddedModel)
    with monkeypatch.context() as patch:
        _refuse(patch, "chmod", lambda path, *_: "/profiles/" in os.fsdecode(path))
        _refuse(patch, "unlink", lambda path, *_: "/.journal/" in os.fsdecode(path))
        answer = tools.write_profile("tea", "one_year", "User drinks green tea every morning.")
    assert answer["stored"] is True and answer["changed"] == "partly", answer
    assert answer["written"] == [] and not MemoryRoot(tmp_path).entries()
    (pending,) = answer["pending"]
    assert not (tmp_path / pending["path"]).exists()
    recover_interrupted(tmp_path)
    assert [e.id for e in MemoryRoot(tmp_path).entries()] == [pending["id"]]


def test_memory_store_answers_like_the_write_tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # memory_store (extract_transcript) whose journal close is refused: every change is made, and
    # 'written' lists it (review RV7 F4 of 1df42f39: an empty list, unlike reflexio_write_profile).
    tools = MemoryTools(tmp_path, EmbeddedModel)
    with monkeypatch.context() as patch:
        _refuse(patch, "rename", lambda src, dst, *_: os.fsdecode(dst).endswith(".done.json"))
        answer = tools.store("I always drink green tea in the morning, never coffee.")
    assert answer["stored"] is True and answer["changed"] == "all", answer
    stored = {e.id: e for e in MemoryRoot(tmp_path).entries()}
    assert stored and [w["id"] for w in answer["written"]] == list(stored), answer
    assert answer["pending"] == []
