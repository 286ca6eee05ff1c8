"""Another noun in one frame is another value in Chinese and Japanese too (stop 46, HQ5 item 1):
character bigrams scored "ユーザーは猫が好きです。" / "ユーザーは犬が好きです。" 0.73 lexically and 0.94
on the shortlist, and the embedded dedup dropped the second as restating the first ("restates …
(score 0.94)"), where "User likes cats." / "User likes dogs." are two facts. The word-level slot
test (:func:`memscribe.semantic.changed.slot_swapped`) has no words to compare in a script written
without spaces; :func:`cjk_slot_swapped` compares characters. A character swapped inside a
compound, a spelling in another script, or more said around the same word stays a restatement."""

from __future__ import annotations

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.dedup_compare import restates
from memscribe.relatedness import ListView, shortlist
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.stages.dedup import dedup


def _stored(text: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile",
        id="prof_aaaaaaaa",
        path=".reflexio/profiles/stored-fact-aaaaaaaa.md",
        created="2026-01-01T00:00:00Z",
        body=text,
        slug="stored-fact",
        ttl="one_year",
        expires="2027-01-01",
    )


def _restates(old: str, new: str) -> bool:
    [item] = shortlist("profile", "new-fact", new, [_stored(old)])
    return restates(new, item)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは猫が好きです。", "ユーザーは犬が好きです。"),
        ("ユーザーは東京に住んでいます。", "ユーザーは大阪に住んでいます。"),
        ("用户喜欢猫。", "用户喜欢狗。"),
        ("用户每天早上喝咖啡。", "用户每天早上喝茶。"),
        ("ﾕｰｻﾞｰはｺｰﾋｰが好きです。", "ﾕｰｻﾞｰはﾋﾞｰﾙが好きです。"),
    ],
)
def test_another_noun_in_one_frame_is_no_restatement(old: str, new: str) -> None:
    assert not _restates(old, new)
    decided = dedup(
        [ProfileCandidate(slug="new-fact", ttl="one_year", body=new, evidence_turns=[])],
        [],
        [],
        model=EmbeddedModel(),
        view=ListView([_stored(old)]),
    )
    assert [a.candidate.body for a in decided.accepted] == [new], decided.skipped
    from memscribe.model.embedded.dedup_compare import cjk_slot_swapped

    assert cjk_slot_swapped(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは猫が好きです。", "ユーザーは猫が大好きです。"),  # more said, same word
        ("ユーザーは猫が好きです。", "ユーザーは猫が好きだ。"),  # inflection (hiragana)
        ("ユーザーはコーヒーが好きです。", "ユーザーは珈琲が好きです。"),  # two scripts, one word
        ("用户每天早上喝咖啡。", "用户每天早晨喝咖啡。"),  # a character inside a compound
        ("用户喜欢猫。", "用户很喜欢猫。"),
        ("User likes cats.", "User likes dogs."),  # spaced scripts: the word-level tests
    ],
)
def test_what_is_no_slot_swap(old: str, new: str) -> None:
    from memscribe.model.embedded.dedup_compare import cjk_slot_swapped

    assert not cjk_slot_swapped(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("ユーザーは猫が好きです。", "ユーザーは猫が大好きです。"),
        ("ユーザーは毎朝コーヒーを飲む。", "ユーザーは毎朝コーヒーを飲みます。"),
        ("用户每天早上喝咖啡。", "用户每天早晨喝咖啡。"),
        ("用户喜欢猫。", "用户很喜欢猫。"),
    ],
)
def test_a_restatement_stays_one(old: str, new: str) -> None:
    assert _restates(old, new)
