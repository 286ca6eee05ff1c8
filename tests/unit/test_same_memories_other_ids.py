"""Two roots holding the same memories under other ids decide and list alike (issue 14).

Memory ids are drawn at random (:mod:`memscribe.kinds.ids`) and ``created`` is stamped to the
second, so entries made in one second were ordered by id: which one a consolidation kept as the
newest (its wording and slug survive), which pair of restatements it merged, and the order a
recall block or a session's context listed memories in changed with the ids drawn. Here each
root holds the same memories, all made in one second, with the ids given in one order and then
the other: every test fails when a decision or a listing depends on the ids.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.index.db import open_index
from memscribe.index.query import FTS_CANDIDATES, search_current
from memscribe.integrations.context import build_context
from memscribe.model.embedded import EmbeddedModel
from memscribe.schemas.plan import WriteOp
from memscribe.services.maintenance import consolidate_root, history
from memscribe.services.recall import recall
from memscribe.services.scope import Scope
from memscribe.store import open_store
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import ScriptedModel, write_profile

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
ONE_SECOND = dt.datetime(2026, 1, 1, 9, 0, tzinfo=dt.UTC)
runner = CliRunner()
IDS = ["prof_a0000001", "prof_a0000002", "prof_a0000003", "prof_a0000004"]


def _roots(tmp_path: Path, memories: Sequence[tuple[str, str]]) -> list[Path]:
    """Two roots with ``memories`` (slug, body), made in one second: ids ascending, then descending."""
    roots = []
    for name, ids in (("up", IDS), ("down", IDS[::-1])):
        root = tmp_path / name
        for mem_id, (slug, body) in zip(ids, memories, strict=False):
            write_profile(root, mem_id, slug, body, created=ONE_SECOND)
        roots.append(root)
    return roots


def _active(root: Path) -> list[tuple[str, str]]:
    return sorted((e.slug, e.body) for e in MemoryRoot(root).entries())


RESTATED = [
    ("editor", "User uses Neovim as their editor."),
    ("code-editor", "User uses Neovim as their code editor."),
    ("editor-choice", "User uses Neovim as their main code editor."),
]


def test_consolidation_keeps_the_same_wording_and_slug_whatever_the_ids(tmp_path: Path) -> None:
    kept = []
    for root in _roots(tmp_path, RESTATED):
        result, _ = consolidate_root(root, model=EmbeddedModel(), now=NOW)
        assert [c.action for c in result.clusters] == ["merge_all"]
        kept.append(_active(root))
    assert kept[0] == kept[1]
    assert len(kept[0]) == 1  # one entry: the wording of one of the three, whichever the ids


def test_the_model_is_shown_a_cluster_in_the_same_order_whatever_the_ids(tmp_path: Path) -> None:
    shown = []
    for root in _roots(tmp_path, RESTATED):
        model = ScriptedModel({"action": "merge_all", "reason": "restatements", "merged_body": None})
        result, _ = consolidate_root(root, model=model, now=NOW, dry_run=True)
        [(_, _, request)] = model.calls
        [write] = [op for op in result.plan.operations if isinstance(op, WriteOp)]
        shown.append(([item.text for item in request.items], write.slug, write.body))
    assert shown[0] == shown[1]
    assert shown[0][0] == sorted(text for _, text in RESTATED)  # one second: by text


def test_the_same_pair_of_restatements_is_merged_whatever_the_ids(tmp_path: Path) -> None:
    """Two pairs of restatements on one topic: the embedded decision merges one pair (the
    newest anchor's); which one was decided by the ids when all were made in one second."""
    memories = [
        ("editor", "User uses Neovim as their editor."),
        ("editor", "User uses Neovim as their code editor."),
        ("editor", "User writes Rust in Helix every day."),
        ("editor", "User writes Rust in Helix on most days."),
    ]
    kept = []
    for root in _roots(tmp_path, memories):
        result, _ = consolidate_root(root, model=EmbeddedModel(), now=NOW)
        assert [c.action for c in result.clusters] == ["merge_subset"]
        kept.append(_active(root))
    assert kept[0] == kept[1] and len(kept[0]) == 3


TEA = [
    ("tea", "User likes green tea."),
    ("tea", "User likes black tea."),
    ("tea", "User likes white tea."),
]


@pytest.mark.parametrize("light", [False, True])
def test_recall_lists_memories_of_one_score_in_the_same_order_whatever_the_ids(
    tmp_path: Path, light: bool
) -> None:
    listed = []
    for root in _roots(tmp_path, TEA):
        if light:  # the CLI's path: a current index, read without the pipeline
            for folder in [root, *root.rglob("*")]:  # written a while ago: the index trusts them
                if folder.is_dir():
                    os.utime(folder, (1_700_000_000, 1_700_000_000))
            assert runner.invoke(app, ["index", "--memory-dir", str(root)]).exit_code == 0
            hits = search_current(root, "tea", namespace="default")
            assert hits is not None
            listed.append([h.text for h in hits])
        else:
            block = recall(open_store(root), "tea", scope=Scope(namespace="default", default="default"))
            listed.append([line for line in block.splitlines() if line[:1].isdigit()])
    assert listed[0] == listed[1]
    assert len(listed[0]) == 3


def test_a_session_start_lists_profiles_in_the_same_order_whatever_the_ids(tmp_path: Path) -> None:
    texts = [
        build_context(root, namespace="default", default="default").text for root in _roots(tmp_path, TEA)
    ]
    assert texts[0] == texts[1]
    assert all(body in texts[0] for _, body in TEA)


def test_history_follows_the_same_successor_whatever_the_ids(tmp_path: Path) -> None:
    """An entry two later ones say they supersede (two runs each replaced it): ``history``
    follows one of them, the same one in both roots."""
    followed = []
    for name, ids in (("up", IDS[:2]), ("down", IDS[1::-1])):
        root = tmp_path / name
        write_profile(root, "prof_old00001", "tea", "User likes tea.", created=ONE_SECOND)
        for mem_id, body in zip(ids, ["User likes green tea.", "User likes black tea."], strict=True):
            write_profile(root, mem_id, "tea", body, created=ONE_SECOND, supersedes=["prof_old00001"])
        found = history(root, "prof_old00001")
        assert found is not None
        followed.append([s.entry.body for s in found.successors])
    assert followed[0] == followed[1] == ["User likes black tea."]


def test_stored_topics_of_one_score_are_listed_alike_whatever_the_ids(tmp_path: Path) -> None:
    """The detect prompt's stored topics (a large namespace's, from the index): two topics whose
    entries score alike were cut at ``limit`` in path order, where ``tea-<id>`` sorts before or
    after ``tea-black-<id>`` by the id's first character."""
    listed = []
    for name, ids in (
        ("up", ["prof_a0000001", "prof_z0000002"]),
        ("down", ["prof_z0000002", "prof_a0000001"]),
    ):
        root = tmp_path / name
        for mem_id, slug in zip(ids, ["tea", "tea-black"], strict=True):
            write_profile(root, mem_id, slug, "User drinks tea daily.", created=ONE_SECOND)
        with open_index(root) as index:
            listed.append(
                index.top_slugs("I drink tea daily", namespace="default", default="default", limit=1)
            )
    assert listed[0] == listed[1] == [("profile", "tea")]


def test_search_cuts_more_ties_than_it_ranks_by_text_whatever_the_ids(tmp_path: Path) -> None:
    """More memories of one BM25 value than the FTS_CANDIDATES kept for ranking: the cut took
    those SQLite yielded first (rowid, so path, so id order); all three doors listed others."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = [a + b + c for a in "bdfg" for b in "aeiou" for c in "klmnpr"][: FTS_CANDIDATES * 2 + 24]
    ids = [f"prof_{letters[i // 26]}{letters[i % 26]}000000" for i in range(len(words))]
    listed = []
    for name, order in (("up", ids), ("down", ids[::-1])):
        root = tmp_path / name
        for mem_id, word in zip(order, words, strict=True):
            write_profile(root, mem_id, "tea", f"User likes {word} tea.", created=ONE_SECOND)
        for folder in [root, *root.rglob("*")]:  # written a while ago: the index trusts them
            if folder.is_dir():
                os.utime(folder, (1_700_000_000, 1_700_000_000))
        with open_index(root) as index:
            full = index.search("User likes tea", namespace="default", default="default", min_relevance=0)
        light = search_current(root, "User likes tea", namespace="default", min_relevance=0)
        assert light is not None
        block = recall(
            open_store(root), "User likes tea", scope=Scope(namespace="default", default="default")
        )
        numbered = [line for line in block.splitlines() if line[:1].isdigit()]
        listed.append(([h.text for h in full], [h.text for h in light], numbered))
    assert listed[0] == listed[1]
    assert listed[0][0] == listed[0][1]  # the light path is the full one's lexical half
    assert all(len(found) == 5 for found in listed[0])


def test_history_follows_the_newest_successor_whatever_its_text(tmp_path: Path) -> None:
    """Two successors made a month apart: ``history`` follows the newer one, though the older
    one's text sorts first (and whatever the ids)."""
    month = [dt.datetime(2026, m, 1, tzinfo=dt.UTC) for m in (1, 2, 3)]
    followed = []
    for name, ids in (("up", IDS[:2]), ("down", IDS[1::-1])):
        root = tmp_path / name
        write_profile(root, "prof_old00001", "tea", "User likes tea.", created=month[0])
        for mem_id, body, created in zip(
            ids, ["User likes white tea.", "User likes black tea."], [month[2], month[1]], strict=True
        ):
            write_profile(root, mem_id, "tea", body, created=created, supersedes=["prof_old00001"])
        found = history(root, "prof_old00001")
        assert found is not None
        followed.append([s.entry.body for s in found.successors])
    assert followed[0] == followed[1] == ["User likes white tea."]
