"""Statements of change the embedded extractor reads from grammar: the Spanish present perfect
(first-person auxiliary and participle) and the Chinese clause that drops its subject."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.profiles import with_dropped_subject
from memscribe.semantic.updates import change_cue
from tests.support.turns import extracted_profile_bodies as _bodies


def test_spanish_present_perfect_is_a_first_person_statement_and_a_change() -> None:
    bodies = _bodies("Buenas, me he mudado a Valencia este verano. ¿Qué barrios tienen bibliotecas?")
    assert any("Valencia" in b for b in bodies), bodies
    assert change_cue("me he mudado a Valencia") and change_cue("he vuelto a comer pescado")
    assert not change_cue("he leído tu mensaje")  # a perfect of no change verb is no change


def test_spanish_perfect_cessation_gives_way_to_the_new_state() -> None:
    bodies = _bodies("He dejado el hospital; ahora trabajo como profesora de biología en un instituto.")
    assert any("profesora" in b for b in bodies), bodies
    assert not any("hospital" in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("我上个月辞职了，现在在上海一家游戏公司做产品经理。", "产品经理"),
        ("我已经不用Windows了，现在换成Mac了。", "Mac"),
        ("雅思我已经考过了，现在开始准备GRE。", "GRE"),
    ],
)
def test_zh_clause_without_subject_continues_the_speakers(text: str, kept: str) -> None:
    bodies = _bodies(text)
    assert any(kept in b and b.startswith("用户") for b in bodies), bodies


def test_zh_subject_is_carried_only_from_the_speaker() -> None:
    assert with_dropped_subject(["我在杭州", "现在做电商"]) == ["我在杭州", "我现在做电商"]
    # a clause of someone else's, or a request ("帮我…"), hands no subject on
    assert with_dropped_subject(["他辞职了", "现在在上海"]) == ["他辞职了", "现在在上海"]
    assert with_dropped_subject(["帮我看看", "现在怎么办"]) == ["帮我看看", "现在怎么办"]
    # a clause with a subject of its own is left as said
    assert with_dropped_subject(["我辞职了", "公司在上海"]) == ["我辞职了", "公司在上海"]


def test_zh_clause_with_its_own_subject_after_the_adverb_keeps_it() -> None:
    clauses = ["我在一家医疗器械公司做嵌入式开发", "现在这个输液泵固件里有个环形缓冲区"]
    assert with_dropped_subject(clauses) == clauses


def test_zh_a_referent_brought_in_by_count_takes_the_dropped_subject() -> None:
    bodies = _bodies("我养了一只柯基，最近老是掉毛，怎么办？")
    assert any("柯基" in b for b in bodies), bodies
    assert not any("掉毛" in b for b in bodies), bodies  # the dog sheds, not the user


def test_zh_approximately_before_a_number_is_no_hedge() -> None:
    bodies = _bodies("我平时骑车上班，大概二十分钟。今天下雨怎么办？")
    assert any("骑车上班" in b for b in bodies), bodies
    assert _bodies("我大概会搬去上海。") == []  # a hedged plan stays out


def test_zh_sentence_opening_without_subject_on_how_things_stand_is_the_speakers() -> None:
    bodies = _bodies("现在在杭州一家游戏公司上班，周末偶尔回老家。")
    assert any("游戏公司" in b and b.startswith("用户") for b in bodies), bodies
    assert with_dropped_subject(["每周去两次健身房"]) == ["我每周去两次健身房"]
    # a step done, a passing activity, or a place pointed at is not how things stand
    for clause in ("已经装了Node 20", "最近在追一部韩剧", "在这里改一下配置"):
        assert with_dropped_subject([clause]) == [clause]
