"""``memscribe history`` lists a memory's previous versions, kept when a dedup merge updated it in
place (same id, previous text archived with ``updated_at``), besides what it replaced and what
replaced it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from memscribe.batch.discovery import WorkItem
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.cli import app
from tests.system.test_batch_update import NOW, MergeModel, _lexical, _said  # noqa: F401 (fixture)

runner = CliRunner()


def _history(root: Path, memory_id: str, *extra: str) -> str:
    out = runner.invoke(app, ["history", memory_id, "--memory-dir", str(root), *extra])
    assert out.exit_code == 0, out.output
    return out.stdout


def test_history_lists_the_versions_a_merge_replaced_in_place(tmp_path: Path) -> None:
    root = tmp_path / "m"
    folder = tmp_path / "t"
    folder.mkdir()
    for n, value in enumerate(["alpha", "bravo", "delta"]):  # a memory, then two merges into it
        path = folder / f"s-{n}.txt"
        path.write_text(_said(value), encoding="utf-8")
        assert run_batch([WorkItem(path.resolve())], BatchConfig(root=root, now=NOW), MergeModel).failed == 0
    (active,) = (root / ".reflexio" / "profiles").glob("*.md")
    head = active.read_text(encoding="utf-8").splitlines()
    memory_id = next(line.removeprefix("id: ") for line in head if line.startswith("id: "))

    shown = json.loads(_history(root, memory_id, "--json"))
    assert shown["entry"]["status"] == "active"
    assert shown["entry"]["path"] == active.relative_to(root).as_posix()
    assert shown["entry"]["text"] == "User uses alpha for editing, bravo, delta."
    assert [(v["id"], v["text"]) for v in shown["versions"]] == [
        (memory_id, "User uses alpha for editing."),
        (memory_id, "User uses alpha for editing, bravo."),
    ]
    assert all(v["status"] == "previous version" and v["updated_at"] for v in shown["versions"])
    assert shown["ancestors"] == [] and shown["successors"] == []
    human = _history(root, memory_id)
    assert human.count("previous version") == 2 and "replaced in place at" in human

    # replaced later (a supersession): the memory is the archived copy the new one superseded,
    # not one of its previous versions, and its versions are still listed
    path = folder / "s-9.txt"
    path.write_text(_said("zulu"), encoding="utf-8")
    assert run_batch([WorkItem(path.resolve())], BatchConfig(root=root, now=NOW), MergeModel).failed == 0
    shown = json.loads(_history(root, memory_id, "--json"))
    assert shown["entry"]["status"] == "archived"
    assert shown["entry"]["text"] == "User uses alpha for editing, bravo, delta."
    assert [s["text"] for s in shown["successors"]] == ["User uses zulu for editing."]
    assert len(shown["versions"]) == 2


def test_show_prints_the_memory_itself_and_lists_its_previous_versions(tmp_path: Path) -> None:
    root = tmp_path / "m"
    folder = tmp_path / "t"
    folder.mkdir()
    for n, value in enumerate(["alpha", "bravo", "delta", "zulu"]):  # two merges, then a supersession
        path = folder / f"s-{n}.txt"
        path.write_text(_said(value), encoding="utf-8")
        assert run_batch([WorkItem(path.resolve())], BatchConfig(root=root, now=NOW), MergeModel).failed == 0
    shown = json.loads(_history(root, _first_id(root), "--json"))
    memory_id = shown["id"]
    out = runner.invoke(app, ["show", memory_id, "--memory-dir", str(root), "--json"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    # the archived copy the supersession made, not one of the copies the merges archived
    assert got["memory"]["path"] == shown["entry"]["path"]
    assert got["memory"]["body"] == "User uses alpha for editing, bravo, delta."
    assert "alpha for editing, bravo, delta." in got["text"]
    versions = [h for h in got["history"] if h["relation"] == "previous_version"]
    assert [h["body"] for h in versions] == [
        "User uses alpha for editing.",
        "User uses alpha for editing, bravo.",
    ]
    assert all(h["updated_at"] and h["id"] == memory_id for h in versions)
    assert [h["relation"] for h in got["history"]].count("superseded_by") == 1
    human = runner.invoke(app, ["show", memory_id, "--memory-dir", str(root)])
    assert human.exit_code == 0 and human.stdout.count("previous version") == 2


def _first_id(root: Path) -> str:
    """The id of the first memory written (its previous versions carry it too)."""
    from memscribe.curation import open_root_index

    with open_root_index(root) as index:
        ids = sorted({e.id for e in index.entries(archived=True)} | {e.id for e in index.entries()})
        return next(i for i in ids if len(index.lookup(i)) > 1)
