"""A write that first completes an earlier write's open journal, and is refused there, reports
itself not written (review RV10 F1 of stop 49): the refusal's ``changed`` ("all": only the
earlier journal's close failed) was read as this write's outcome, and the MCP answer said
``stored: true`` for a memory that was never written, so an agent would not write it again."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from memscribe.mcp_server import MemoryTools
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.root import MemoryRoot


def test_a_refused_completion_of_an_earlier_journal_is_no_stored_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = MemoryTools(tmp_path, EmbeddedModel)
    real = os.rename

    def refuse_close(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if os.fsdecode(dst).endswith(".done.json"):
            raise OSError(errno.EIO, "Input/output error", os.fsdecode(src))
        real(src, dst)

    monkeypatch.setattr(os, "rename", refuse_close)
    first = tools.write_profile("tea", "one_year", "User drinks green tea every morning.")
    assert first["stored"] and first["changed"] == "all", first
    second = tools.write_profile("city", "one_year", "User lives in Lisbon since 2024.")
    monkeypatch.setattr(os, "rename", real)
    bodies = [e.body for e in MemoryRoot(tmp_path).entries()]
    assert not any("Lisbon" in b for b in bodies), bodies
    assert second["stored"] is False and "changed" not in second, second
    assert "nothing of this one was written" in second["detail"], second
