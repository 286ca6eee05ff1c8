"""``replacing=`` through the Python API (review RV4 F4): the write archived any id the view showed,
a memory of another namespace (an agent's view also shows the default namespace) or of another
kind. Now the replaced memory must be of the write's own namespace and kind, else a clear
refusal and nothing written."""

from __future__ import annotations

from pathlib import Path

from memscribe.mcp_server import MemoryTools
from memscribe.model.factory import make_model
from memscribe.store.root import MemoryRoot

_PLAYBOOK = (
    "## When\nthe user asks for a commit\n\n## What\nwrite the message in English\n\n## Why\nasked for it\n"
)


def _active(root: Path) -> list[tuple[str, str | None, str]]:
    return sorted((e.id, e.namespace, e.body.strip()) for e in MemoryRoot(root).entries())


def test_a_write_in_an_agent_namespace_cannot_replace_a_default_memory(tmp_path: Path) -> None:
    tools = MemoryTools(tmp_path, lambda: make_model(None))
    tea = tools.write_profile("tea", "one_year", "User drinks tea.")["written"][0]["id"]
    before = _active(tmp_path)
    answer = tools.write_profile("editor", "one_year", "User's editor is Vim.", "coder", replacing=tea)
    assert answer["stored"] is False and answer["refused"] is True, answer
    assert "namespace" in answer["detail"] and tea in answer["detail"]
    assert _active(tmp_path) == before  # nothing archived, nothing written
    assert not (tmp_path / ".reflexio" / ".archive").exists() or not any(
        (tmp_path / ".reflexio" / ".archive").rglob("*.md")
    )


def test_a_playbook_cannot_replace_a_profile(tmp_path: Path) -> None:
    tools = MemoryTools(tmp_path, lambda: make_model(None))
    tea = tools.write_profile("tea", "one_year", "User drinks tea.")["written"][0]["id"]
    before = _active(tmp_path)
    answer = tools.write_playbook("commits", _PLAYBOOK, replacing=tea)
    assert answer["stored"] is False and answer["refused"] is True, answer
    assert "profile" in answer["detail"] and "playbook" in answer["detail"]
    assert _active(tmp_path) == before


def test_a_write_of_the_same_namespace_and_kind_replaces(tmp_path: Path) -> None:
    tools = MemoryTools(tmp_path, lambda: make_model(None), agent="coder")
    vim = tools.write_profile("editor", "one_year", "User's editor is Vim.")["written"][0]["id"]
    answer = tools.write_profile("editor", "one_year", "User's editor is Helix.", replacing=vim)
    assert answer["stored"] is True, answer
    assert [(ns, body) for _, ns, body in _active(tmp_path)] == [("coder", "User's editor is Helix.")]
