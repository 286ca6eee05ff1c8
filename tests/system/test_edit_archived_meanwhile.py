"""An edit whose memory was archived meanwhile (review RV4 F3): another edit, a forget, or the
write's own expiry sweep. Before, the write fell back to a plain write (an unlinked second
version stored) and the edit then failed 'no active memory'; two concurrent edits left both new
versions active. Now the write refuses, writes nothing, and the CLI exits as for its other
refusals (2); the write's own sweep never archives the memory it replaces."""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pytest

from memscribe.curation import edit_memory, forget_memory
from memscribe.errors import UserError
from memscribe.mcp_server import MemoryTools
from memscribe.model.factory import make_model
from memscribe.store.filestore import FileMemoryStore
from memscribe.store.root import MemoryRoot
from tests.support.integration_support import invoke


def _root(tmp_path: Path, *statements: str) -> tuple[Path, dict[str, str]]:
    source = tmp_path / "facts.md"
    source.write_text("".join(f"- {s}\n" for s in statements), encoding="utf-8")
    root = tmp_path / "root"
    result = invoke(["import", str(source), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return root, {e.body.strip(): e.id for e in MemoryRoot(root).entries()}


def _active(root: Path) -> list[str]:
    return sorted(e.body.strip() for e in MemoryRoot(root).entries())


def _tools(root: Path, now: dt.datetime | None = None) -> MemoryTools:
    return MemoryTools(root, lambda: make_model(None), now=(lambda: now) if now else None)


def test_two_concurrent_edits_leave_one_new_version(tmp_path: Path) -> None:
    root, ids = _root(tmp_path, "User drinks tea.", "User lives in Berlin.")
    tea = ids["User drinks tea."]

    def second_editor(text: str) -> str:  # another edit of the same memory finishes first
        inner = edit_memory(
            root,
            tea,
            edit=lambda t: t.replace("drinks tea", "drinks coffee"),
            tools=_tools(root),
            now=dt.datetime.now(dt.UTC),
        )
        assert inner["changed"] is True
        return text.replace("drinks tea", "drinks water")

    with pytest.raises(UserError, match="no longer active"):
        edit_memory(root, tea, edit=second_editor, tools=_tools(root), now=dt.datetime.now(dt.UTC))
    assert _active(root) == ["User drinks coffee.", "User lives in Berlin."]


def test_an_edit_of_a_memory_forgotten_meanwhile_writes_nothing(tmp_path: Path) -> None:
    root, ids = _root(tmp_path, "User drinks tea.", "User lives in Berlin.")
    tea = ids["User drinks tea."]

    def editor(text: str) -> str:
        forget_memory(root, tea, reason="wrong", now=dt.datetime.now(dt.UTC))
        return text.replace("drinks tea", "drinks coffee")

    with pytest.raises(UserError, match="no longer active"):
        edit_memory(root, tea, edit=editor, tools=_tools(root), now=dt.datetime.now(dt.UTC))
    assert _active(root) == ["User lives in Berlin."]
    archived = list((root / ".reflexio" / ".archive" / "profiles").glob("*.md"))
    assert len(archived) == 1 and "forgotten: wrong" in archived[0].read_text(encoding="utf-8")


def test_the_writes_own_sweep_does_not_archive_the_edited_memory(tmp_path: Path) -> None:
    root, ids = _root(tmp_path, "User drinks tea.", "User lives in Berlin.")
    tea = ids["User drinks tea."]
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=800)  # both memories expired
    done = edit_memory(
        root,
        tea,
        edit=lambda t: t.replace("drinks tea", "drinks coffee"),
        tools=_tools(root, later),
        now=later,
    )
    assert done["changed"] is True and done["replaces"] == tea, done
    assert _active(root) == ["User drinks coffee."]  # Berlin swept as expired
    texts = {
        p.read_text(encoding="utf-8") for p in (root / ".reflexio" / ".archive" / "profiles").glob("*.md")
    }
    [edited] = [t for t in texts if f"id: {tea}" in t]
    assert f"superseded_by: {done['id']}" in edited and "archive_reason: edited" in edited


class _RacingStore(FileMemoryStore):
    """A store where another run archives ``victim`` just before this write takes the lock."""

    def __init__(self, root: Path, victim: str) -> None:
        super().__init__(root)
        self.victim = victim

    def lock(self, timeout: float = 5.0):  # type: ignore[no-untyped-def]
        forget_memory(self.root, self.victim, reason="raced", now=dt.datetime.now(dt.UTC))
        return super().lock(timeout)


def test_an_archive_between_the_view_and_the_lock_is_refused(tmp_path: Path) -> None:
    from memscribe.schemas.candidates import ProfileCandidate
    from memscribe.services.scope import Scope
    from memscribe.services.write import write_candidates

    root, ids = _root(tmp_path, "User drinks tea.", "User lives in Berlin.")
    tea = ids["User drinks tea."]
    candidate = ProfileCandidate(slug="drink", ttl="one_year", body="User drinks coffee.", evidence_turns=[])
    with pytest.raises(UserError, match="no longer active"):
        write_candidates(
            _RacingStore(root, tea),
            [candidate],
            [],
            scope=Scope("default", "default"),
            model=make_model(None),
            now=dt.datetime.now(dt.UTC),
            source="test",
            replacing=tea,
        )
    assert _active(root) == ["User lives in Berlin."]


_EDITOR = """import sys, datetime as dt
from pathlib import Path
from memscribe.curation import forget_memory
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
forget_memory(Path(sys.argv[2]), sys.argv[3], reason="gone", now=dt.datetime.now(dt.UTC))
open(path, "w", encoding="utf-8").write(text.replace("drinks tea", "drinks coffee"))
"""


def test_the_cli_refuses_with_the_user_error_exit_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, ids = _root(tmp_path, "User drinks tea.", "User lives in Berlin.")
    tea = ids["User drinks tea."]
    script = tmp_path / "editor.py"
    script.write_text(_EDITOR, encoding="utf-8")
    wrapper = tmp_path / "ed.sh"  # the editor gets the file last: root and id come first
    wrapper.write_text(f'#!/bin/sh\nexec {sys.executable} {script} "$1" {root} {tea}\n', encoding="utf-8")
    wrapper.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(wrapper))
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", tea, "--memory-dir", str(root), "--json"])
    assert result.exit_code == 2, result.output
    assert "no longer active" in json.loads(result.stdout)["error"]["message"]
    assert _active(root) == ["User lives in Berlin."]
