"""A generated fallback slug names no topic (stop 46, HQ4 item 1).

``memory`` was the slug of every statement with no Latin letter (zh, ja, ko) before stop 45; now
such a statement gets ``memory-<6 hex>``. ``same_topic`` took a slug plus a dash and anything as
the same topic (``home-city`` / ``home-city-berlin``), so in a root holding an old ``memory``
entry every imported or edited ``memory-<hex>`` statement superseded it (archived an unrelated
memory), or was dropped as "restates it in another script". A topic takes a value only where it
names one (a word that is not generic: ``memory``, ``preference``, ``rule`` do not), and the
topic indexes (the batch job's ``topic_keys``/``topic_probes``, the SQLite ``topic_sql``) agree."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from memscribe.batch.discovery import discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.index.query import topic_sql
from memscribe.kinds.layout import make_slug
from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.dedup import dedup_decision
from memscribe.relatedness import names_topic, same_topic, topic_keys, topic_probes, topical
from memscribe.schemas.requests import DedupRequest
from memscribe.services.extract import extract_unscoped
from memscribe.store import open_store
from memscribe.store.root import MemoryRoot
from memscribe.transcript import parse_transcript
from tests.support.integration_support import invoke
from tests.support.store_helpers import write_profile

OLD_ID = "prof_crjsc978"
LATER = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)

SLUGS = [
    "memory",
    make_slug("我住在北京。"),
    make_slug("私は京都に住んでいます。"),
    "memory-abcdef",
    "preference",
    "preference-1e2383",
    "rule",
    "rule-9f00aa",
    "2024",
    "2024-trip",
    "home",
    "home-city",
    "notes",
    "notes-app",
    "user-info",
    "general",
    "fact",
    "fact-residence",
    "home-city-berlin",
    "based-in",
    "based-in-3c1d2e",
    "editor",
    "user-prefers-dark-mode",
    "about-3c1d2e",
    "about-user",
    # model-written slugs whose word has a digit, one letter, or is a stopword: each names a topic
    "python3",
    "python3-3-12",
    "python3-version-3-10",
    "3d",
    "3d-printer-prusa-mk4",
    "k8s",
    "k8s-1-29",
    "s3-region-eu-west-1",
    "s3",
    "ps5",
    "401k-fidelity",
    "401k",
    "r",
    "r-version-4-3",
    "likes",
    "likes-hiking",
    "no-smoking",
]


def _old_root(tmp_path: Path, body: str, slug: str = "memory") -> Path:
    root = tmp_path / "root"
    write_profile(root, OLD_ID, slug, body)
    return root


def _archived(root: Path) -> list[str]:
    return sorted(e.id for e in MemoryRoot(root).archived_entries())


@pytest.mark.parametrize(
    "old",
    ["我是一名护士。", "User likes hiking in the Alps.", "ユーザーは猫が好きです。"],
)
def test_importing_cjk_statements_keeps_an_old_memory_entry(tmp_path: Path, old: str) -> None:
    root = _old_root(tmp_path, old)
    notes = tmp_path / "NOTES.md"
    said = ["我的狗叫旺财。", "私は京都に住んでいます。", "我每天早上喝咖啡。", "주말에는 테니스를 칩니다."]
    notes.write_text("".join(f"- {s}\n" for s in said), encoding="utf-8")
    result = invoke(["import", str(notes), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stored"] == 4, [a["skipped"] for a in data["answers"]]
    assert [w["supersedes"] for a in data["answers"] for w in a["written"]] == [[]] * 4
    assert _archived(root) == []
    assert sorted(e.body for e in MemoryRoot(root).entries()) == sorted([old, *said])


def test_editing_a_cjk_memory_keeps_an_old_memory_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _old_root(tmp_path, "ユーザーは猫が好きです。")
    dog = "我的狗叫旺财。"
    write_profile(root, "prof_xvpgu6l9", make_slug(dog), dog)
    monkeypatch.setenv("EDITOR", "sed -i s/我的狗叫旺财。/我每天早上喝咖啡。/")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", "prof_xvpgu6l9", "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["changed"] is True
    assert _archived(root) == ["prof_xvpgu6l9"]  # the edited memory's previous version only
    assert sorted(e.body for e in MemoryRoot(root).entries()) == [
        "ユーザーは猫が好きです。",
        "我每天早上喝咖啡。",
    ]


def test_a_generated_slug_is_no_topic_of_another() -> None:
    assert not names_topic("memory") and not names_topic("preference-1e2383") and not names_topic("2024")
    assert not same_topic("memory", make_slug("我住在北京。"))
    assert not same_topic(make_slug("我住在北京。"), "memory")
    assert not same_topic("preference", "preference-1e2383") and not same_topic("rule-9f00aa", "rule")
    assert not topical("memory", "memory-abcdef")
    # a topic that names one still takes a value
    assert same_topic("home-city", "home-city-berlin") and same_topic("home-city-berlin", "home")
    assert same_topic("based-in-3c1d2e", "based-in") and same_topic("python3", "python3")
    # nor is a generated slug the topic of the same generated slug
    assert not same_topic("memory", "memory") and not same_topic("memory-abcdef", "memory-abcdef")
    assert not topical("preference", "preference") and not topical("2024", "2024")


def test_consolidate_does_not_group_old_memory_entries_by_their_slug(tmp_path: Path) -> None:
    """Before stop 45 every zh/ja statement was slugged ``memory``: three unrelated ones are no
    cluster to merge (at 6b9f63c8 they were one, by the equal slug), and the index shortlists
    none of them for a ``memory`` candidate that shares no word with them."""
    root = tmp_path / "root"
    said = ["我住在上海。", "User likes hiking in the Alps.", "ユーザーは猫が好きです。"]
    for n, body in enumerate(said):
        write_profile(root, f"prof_{n}2345678", "memory", body)
    result = invoke(["consolidate", "--memory-dir", str(root), "--dry-run", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["clusters"] == []
    with open_store(root).view("default", "default") as view:
        assert view.shortlist("profile", "memory", "Bought a new bicycle.") == []


MODEL_SLUGS = [
    ("python3", "python3-3-12"),
    ("python3", "python3-version-3-10"),
    ("3d", "3d-printer-prusa-mk4"),
    ("k8s", "k8s-1-29"),
    ("s3", "s3-region-eu-west-1"),
    ("401k", "401k-fidelity"),
    ("r", "r-version-4-3"),
    ("likes", "likes-hiking"),
    # a model's own slug of generic words (review RV3 F1 of 413bdbf1 / 7a289ac0)
    ("notes", "notes-app"),
    ("user-info", "user-info-teacher"),
    ("general", "general-short-replies"),
    ("fact", "fact-residence"),
]


@pytest.mark.parametrize(("topic", "valued"), MODEL_SLUGS)
def test_a_model_slug_with_digits_or_one_letter_takes_a_value(topic: str, valued: str) -> None:
    """Only the generated fallback slugs name no topic: ``python3``, ``3d``, ``k8s``, ``r``,
    ``likes`` do, so a value appended to one is on its topic (both ways, and by the keys)."""
    assert names_topic(topic) and names_topic(valued)
    assert same_topic(topic, valued) and same_topic(valued, topic)
    assert same_topic(topic, topic) and same_topic(valued, valued)
    assert topic_probes(valued) & topic_keys(topic) and topic_probes(topic) & topic_keys(valued)
    assert (
        not names_topic("about-3c1d2e") and not names_topic("about-user") and not names_topic("memory-2024")
    )


@pytest.mark.parametrize(
    ("stored_slug", "stored", "slug", "said"),
    [
        (
            "python3",
            "User's default Python 3 is 3.10.",
            "python3-version-3-12",
            "User's default Python 3 is 3.12.",
        ),
        (
            "3d",
            "User's 3D printer is an Ender 3.",
            "3d-printer-prusa-mk4",
            "User's 3D printer is a Prusa MK4.",
        ),
    ],
)
def test_a_new_value_of_a_model_slug_supersedes_through_the_index(
    tmp_path: Path, stored_slug: str, stored: str, slug: str, said: str
) -> None:
    """The store's index shortlists the stored entry as on the candidate's topic (also for a text
    sharing no word with it), and the decision supersedes it: a new value for the topic."""
    write_profile(tmp_path, OLD_ID, stored_slug, stored)
    write_profile(tmp_path, "prof_xvpgu6l9", "editor", "User writes code in Neovim.")
    with open_store(tmp_path).view("default", "default") as view:
        shortlist = view.shortlist("profile", slug, said)
        assert [s.id for s in shortlist] == [OLD_ID]
        assert [s.id for s in view.shortlist("profile", slug, "Switched last week.")] == [OLD_ID]
    request = DedupRequest(kind="profile", slug=slug, text=said, shortlist=tuple(shortlist))
    decision = dedup_decision(request)
    assert (decision.action, decision.existing_ids) == ("supersede_old", [OLD_ID]), decision.reason


def test_the_topic_indexes_agree_with_same_topic() -> None:
    """``topic_probes(a) & topic_keys(b)`` iff ``topical(a, b)``; the SQLite condition selects
    exactly the slugs ``same_topic`` takes (words aside: the index looks those up apart)."""
    with closing(sqlite3.connect(":memory:")) as conn:  # closed: Python 3.13 warns of one left open
        conn.execute("CREATE TABLE files (slug TEXT)")
        conn.executemany("INSERT INTO files VALUES (?)", [(s,) for s in SLUGS])
        for a in SLUGS:
            sql, params = topic_sql(a, names_topic)
            found = {str(r[0]) for r in conn.execute(f"SELECT f.slug FROM files f WHERE {sql}", params)}
            assert found == {b for b in SLUGS if same_topic(a, b)}, a
            for b in SLUGS:
                assert bool(topic_probes(a) & topic_keys(b)) == topical(a, b), (a, b)


class HashedSlugs(EmbeddedModel):
    """The embedded default, its profile slugs the store's own for text with no Latin word
    (``memory-<hex>``), as a model following the store's convention writes them."""

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        out = super().generate(task=task, messages=messages, response_model=response_model, request=request)
        if task == "detect":
            profiles = [p.model_copy(update={"slug": make_slug(p.body)}) for p in out.profiles]
            out = out.model_copy(update={"profiles": profiles})
        return out


SAID = ["我每天早上喝咖啡。", "我喜欢用Vim写代码。"]


def _session(said: str) -> str:
    return f"User: {said}\nAssistant: OK.\nUser: Can you help me with an email?\nAssistant: Sure.\n"


@pytest.mark.parametrize("old", ["ユーザーは猫が好きです。", "User likes hiking in the Alps."])
def test_extract_and_batch_keep_an_old_memory_entry(tmp_path: Path, old: str) -> None:
    root = _old_root(tmp_path, old)
    for said in SAID:
        transcript = parse_transcript(_session(said), source="t.txt", fmt="text")
        extract_unscoped(open_store(root), transcript, HashedSlugs(), context_tokens=16000, now=LATER)
    bodies = sorted(e.body for e in MemoryRoot(root).entries())
    assert _archived(root) == [] and old in bodies and "用户每天早上喝咖啡。" in bodies, bodies
    batched = tmp_path / "batched"
    write_profile(batched, OLD_ID, "memory", old)
    folder = tmp_path / "t"
    folder.mkdir()
    for n, said in enumerate(SAID):
        (folder / f"s{n}.txt").write_text(_session(said), encoding="utf-8")
    report = run_batch(discover([str(folder)]), BatchConfig(root=batched), HashedSlugs)
    assert report.failed == 0 and report.writes >= 2
    assert _archived(batched) == [] and old in {e.body for e in MemoryRoot(batched).entries()}
