"""``memscribe edit`` with a TTL-only change (stop 45, HQ3 item 3): before, the unchanged body went
through the write path, was a ``duplicate`` of itself and the TTL change was dropped ("not
stored: duplicate"). Now the memory is updated in place: same id and file, the new ``ttl`` and
``expires``, the previous version archived with the reason (history shows it)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.integration_support import invoke, root_with_memories


def _profile(root: Path) -> tuple[str, Path]:
    [entry] = [e for e in MemoryRoot(root).entries() if e.kind == "profile"][:1]
    return entry.id, root / entry.path


def test_a_ttl_only_edit_updates_the_memory_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = root_with_memories(tmp_path)
    memory_id, path = _profile(root)
    before = path.read_text(encoding="utf-8")
    assert "ttl: one_year" in before
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^ttl:.one_year$/ttl:\\ one_week/")
    monkeypatch.delenv("VISUAL", raising=False)
    days = [dt.datetime.now(dt.UTC).date()]
    result = invoke(["edit", memory_id, "--memory-dir", str(root), "--json"])
    days.append(dt.datetime.now(dt.UTC).date())
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["changed"] is True and data["id"] == memory_id
    after = path.read_text(encoding="utf-8")
    created = next(line for line in before.splitlines() if line.startswith("created: "))
    # expires counts from the edit (``updated``), as for every update in place
    expires = {f"expires: {day + dt.timedelta(days=7)}" for day in days}
    assert "ttl: one_week" in after and created in after
    assert any(line in expires for line in after.splitlines()), after
    assert any(line.startswith(f"updated: {day}") for day in days for line in after.splitlines())
    assert before.split("---", 2)[2] == after.split("---", 2)[2]  # the body as it was
    [entry] = [e for e in MemoryRoot(root).entries() if e.id == memory_id]
    assert entry.ttl == "one_week" and entry.path == path.relative_to(root).as_posix()
    archived = list((root / ".reflexio" / ".archive" / "profiles").glob("*.md"))
    assert len(archived) == 1
    old = archived[0].read_text(encoding="utf-8")
    assert (
        "ttl: one_year" in old and "archive_reason: updated in place: edited: ttl one_year -> one_week" in old
    )
    journals = [p.name for p in (root / ".reflexio" / ".journal").iterdir()]
    assert journals and all(name.endswith(".done.json") for name in journals)  # every journal closed


def test_a_ttl_only_edit_is_said_to_a_person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = root_with_memories(tmp_path)
    memory_id, _ = _profile(root)
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^ttl:.one_year$/ttl:\\ infinity/")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", memory_id, "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert f"{memory_id} updated in place: ttl one_year -> infinity" in result.stdout
    [entry] = [e for e in MemoryRoot(root).entries() if e.id == memory_id]
    assert entry.ttl == "infinity"


def test_an_expires_only_edit_is_refused_not_dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``expires`` follows ``ttl``: an edit of it alone is said to change nothing, not silently lost."""
    root = root_with_memories(tmp_path)
    memory_id, path = _profile(root)
    before = path.read_text(encoding="utf-8")
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^expires:.*$/expires:\\ 2099-01-01/")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", memory_id, "--memory-dir", str(root)])
    assert result.exit_code == 2 and "ttl" in result.output and "nothing changed" in result.output
    assert path.read_text(encoding="utf-8") == before


def test_a_new_ttl_on_an_old_fact_counts_from_the_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before (review RV1 F5): ``expires`` counted from ``created``, so lengthening ``infinity`` to
    ``one_year`` on a fact stated in 2024 gave an ``expires`` already past; the edit said "updated
    in place" and the next sweep archived the memory."""
    root = tmp_path / "root"
    profiles = root / ".reflexio" / "profiles"
    profiles.mkdir(parents=True)
    path = profiles / "user-is-vegetarian-ab12cd34.md"
    path.write_text(
        "---\ntype: profile\nid: prof_ab12cd34\ncreated: 2024-01-10T10:00:00Z\nttl: infinity\n---\n\n"
        "User is vegetarian\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^ttl:.infinity$/ttl:\\ one_year/")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", "prof_ab12cd34", "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    expires = next(
        line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("expires: ")
    )
    assert dt.date.fromisoformat(expires.removeprefix("expires: ")) > dt.datetime.now(dt.UTC).date()
    swept = invoke(["sweep", "--memory-dir", str(root), "--json"])
    assert swept.exit_code == 0, swept.output
    assert path.exists() and [e.id for e in MemoryRoot(root).entries()] == ["prof_ab12cd34"]


def test_an_edit_says_the_frontmatter_comments_stay_in_the_archive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rewritten memory is in the store's layout: a hand-written comment is kept in the
    archived copy only, and the edit now says so (before: dropped without a word; RV1 F7)."""
    root = tmp_path / "root"
    profiles = root / ".reflexio" / "profiles"
    profiles.mkdir(parents=True)
    path = profiles / "user-likes-tea-cd34ab12.md"
    path.write_text(
        "---\ntype: profile\nid: prof_cd34ab12\n# checked with the user in May\ncreated: 2026-01-10T10:00:00Z\n"
        "ttl: infinity\n---\n\nUser likes tea\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^ttl:.infinity$/ttl:\\ one_year/")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", "prof_cd34ab12", "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert "frontmatter comments are kept in the archived version only" in result.stdout
    assert "# checked" not in path.read_text(encoding="utf-8")
    [archived] = (root / ".reflexio" / ".archive" / "profiles").glob("*.md")
    assert "# checked with the user in May" in archived.read_text(encoding="utf-8")


def _tea(root: Path, comment: str = "") -> Path:
    profiles = root / ".reflexio" / "profiles"
    profiles.mkdir(parents=True)
    path = profiles / "user-likes-tea-cd34ab12.md"
    path.write_text(
        f"---\ntype: profile\nid: prof_cd34ab12\n{comment}created: 2026-01-10T10:00:00Z\n"
        "ttl: infinity\n---\n\nUser likes tea\n",
        encoding="utf-8",
    )
    return path


def _on_disk(root: Path) -> str:
    return " ".join(p.read_text(encoding="utf-8") for p in root.rglob("*.md"))


@pytest.mark.parametrize(
    ("script", "changed"),
    [
        ("s/^ttl:.infinity$/ttl:\\ one_year\\ \\ #\\ HR\\ said\\ so,\\ keep/", True),  # with a TTL change
        ("s/^ttl:.infinity$/ttl:\\ infinity\\ #\\ HR\\ said\\ so,\\ keep/", False),  # the comment alone
        ('"/^id:/a\\\\# HR said so, keep"', False),  # a comment line
    ],
)
def test_a_comment_typed_during_an_edit_is_said_to_be_not_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, changed: bool
) -> None:
    """Before: the note looked at the original file only, so a comment typed in $EDITOR was in no
    file and nothing was said (RV3 F4; ``ttl: one_year  # HR said so, keep``)."""
    root = tmp_path / "root"
    _tea(root)
    monkeypatch.setenv("EDITOR", f"sed -i.bak {script}")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", "prof_cd34ab12", "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert "comments typed into the frontmatter are not stored" in result.stdout
    assert ("No change." in result.stdout) is not changed
    assert "archived version only" not in result.stdout
    assert "HR said so" not in _on_disk(root)
    again = tmp_path / "again"
    _tea(again)
    data = json.loads(invoke(["edit", "prof_cd34ab12", "--memory-dir", str(again), "--json"]).stdout)
    assert data["changed"] is changed and data["comments_not_stored"] is True


def test_a_comment_kept_as_it_was_is_not_said_to_be_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    _tea(root, "# checked with the user in May\n")
    monkeypatch.setenv("EDITOR", "sed -i.bak s/^ttl:.infinity$/ttl:\\ one_year/")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", "prof_cd34ab12", "--memory-dir", str(root)])
    assert result.exit_code == 0, result.output
    assert "archived version only" in result.stdout and "not stored" not in result.stdout
