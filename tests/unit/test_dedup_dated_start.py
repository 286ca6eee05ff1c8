"""A state dated from its start (issue 11, embedded dedup rule 3): "I've worked as a paramedic
since last year" reports a change as "started" does, though the statement written from it ("User
has worked as a paramedic") lost the time; and like a start it begins a new activity beside the
ones held ("I've been playing the guitar since January" / "plays the piano"), in every language
("Seit letztem Jahr bin ich allergisch gegen Schalentiere" / "allergic to peanuts").

The two updates failed before (the stale fact kept beside the new one), and so did the German and
French siblings (the true "allergic to peanuts" archived). The restatements stay duplicates.

Review RV1 (F2, F3) of that change: another activity sharing only the time it is done in ("plays
the piano every evening" / "I've played the guitar every evening since last year"), a lone
"Actually" in the user's clause, and a plan dated from a start to come ("从下个月开始我在上海工作")
archived a true memory; "since"/"desde"/"depuis" before a clause's subject or a place, and
从…开始 / …から with a time ahead, read as dated starts. Those cases fail at fe078dd..c35668e.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup_scope import said_clause
from memscribe.semantic.dated import dated_start, without_dated_start
from memscribe.semantic.updates import change_cue
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("text", "dated"),
    [
        ("I've been at ASML as a software engineer since May", True),
        ("I have lived here since 2019", True),
        ("We've had the flat since last year", True),
        ("Seit März wohne ich in Köln", True),
        ("Depuis septembre je suis maîtresse de conférences", True),
        ("Desde marzo vivo en Sevilla", True),
        ("从去年开始我在上海工作", True),
        ("去年から大阪に住んでいます", True),
        ("Desde hace dos años vivo en Sevilla", True),
        ("Depuis trois ans je cours le matin", True),
        ("4月から東京で働いています", True),  # a state going on (ています)
        ("从九月起我一直在宝马工作", True),  # 一直: going on since
        ("Since it rains, I stay home", False),  # the causal "since"
        ("Since May is busy, I stay home", False),  # a clause's subject, causal
        ("Since 2000 users signed up, I work at Meta", False),  # a number of things
        ("Trabajo desde casa", False),  # a place
        ("Je travaille depuis la maison", False),  # a place
        ("从现在开始我每天跑步", False),  # "from now on": a plan
        ("来月から東京に住みます", False),  # from next month: a plan
        # plans dated from a start to come (review RV1 F3): from next month, from tomorrow;
        # a time that may lie ahead, with a verb of no state going on
        ("从下个月开始我在上海工作", False),
        ("从明天起我在宝马工作", False),
        ("4月から東京で働きます", False),
        ("夏から大阪に住みます", False),
    ],
)
def test_dated_start(text: str, dated: bool) -> None:
    assert dated_start(text) is dated


def test_a_dated_start_is_no_change_cue_of_the_extractor() -> None:
    # read as a change cue, "I've used VS Code since 2019" would be written as news ("User has
    # used VS Code now.") beside the stored "uses VS Code"
    assert not change_cue("I've used VS Code since 2019")
    assert not dated_start(without_dated_start("Seit März wohne ich in Köln, seit 2019 in Berlin"))


def test_the_users_clause_of_the_candidate() -> None:
    said = "I moved to Berlin in May, and I'm allergic to shellfish."
    assert said_clause("User is allergic to shellfish.", said) == "I'm allergic to shellfish."
    said = "Quick update: I've been at ASML as a software engineer since May."
    clause = said_clause("User has been at ASML as a software engineer.", said)
    assert dated_start(clause) and "ASML" in clause
    assert said_clause("User plays chess.", said) == ""


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("drink", "User drinks coffee with milk.", "I've drunk my coffee black since January."),
        ("job", "User works as a nurse.", "I've worked as a paramedic since last year."),
        ("job", "用户在北京工作。", "从去年开始我在上海工作。"),
    ],
)
def test_the_update_supersedes(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("hobby", "User plays the piano.", "I've been playing the guitar since January."),
        ("allergy", "User is allergic to peanuts.", "I've been allergic to shellfish since last year."),
        (
            "allergy",
            "User is allergic to peanuts.",
            "Seit letztem Jahr bin ich allergisch gegen Schalentiere.",
        ),
        (
            "allergy",
            "User is allergic to peanuts.",
            "Depuis l'an dernier je suis allergique aux fruits de mer.",
        ),
        ("allergy", "User is allergic to peanuts.", "Desde el año pasado soy alérgico al marisco."),
        ("allergy", "User is allergic to peanuts.", "从去年开始我对海鲜过敏。"),
        ("allergy", "User is allergic to peanuts.", "去年から甲殻類アレルギーがあります。"),
        ("language", "User speaks Spanish.", "I've been learning Japanese since April."),
        ("job", "User works as a nurse.", "I've been volunteering at an animal shelter since May."),
        ("home-city", "User lives in Leeds.", "I've been commuting to Manchester since March."),
    ],
)
def test_a_sibling_begun_is_kept(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("home-city", "User lives in Leeds.", "I've lived in Leeds since 2019."),
        ("job", "User works as a nurse.", "I've worked as a nurse since 2015."),
        ("editor", "User uses VS Code.", "I've used VS Code since 2019."),
        ("diet", "User is vegetarian.", "I've been vegetarian since 2015."),
    ],
)
def test_a_restatement_stays_a_duplicate(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    assert run(tmp_path, slug, stored, said) == ([], [])


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # another activity dated from its start shares only the time or setting it is done in
        # (review RV1 F2): the stored one goes on, and the new one is written beside it
        (
            "hobby",
            "User plays the piano every evening.",
            "I've played the guitar every evening since last year.",
        ),
        ("sport", "User runs 5 km every morning.", "I've been swimming every morning since April."),
        ("sport", "User runs 5 km every morning.", "I've been cycling to work every morning since April."),
        ("drink", "User drinks tea every morning.", "I've been drinking coffee every morning since January."),
        ("drink", "User drinks tea at breakfast.", "I've been drinking orange juice at breakfast since May."),
        ("language", "User speaks Spanish at home.", "I've spoken English at home since 2021."),
    ],
)
def test_another_activity_at_the_same_time_is_kept_and_written(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
    assert len(written) == 1 and "User has" in written[0], written


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        # read as character pairs, Chinese and Japanese share the time and the verb's grammar
        # ("每天晚上弹…", "毎晩…を弾いています"), not the instrument
        ("用户每天晚上弹钢琴。", "从去年开始我每天晚上弹吉他。"),
        ('User, in their words: "毎晩ピアノを弾いています".', "去年から毎晩ギターを弾いています。"),
    ],
)
def test_another_activity_at_the_same_time_is_kept_in_chinese_and_japanese(
    tmp_path: Path, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, "hobby", stored, said)
    assert archived == [], written
    assert len(written) == 1 and ("吉他" in written[0] or "ギター" in written[0]), written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # a change cue of the user's clause alone ("Actually") names no value as changed (F2)
        ("job", "User works as a nurse.", "Actually I work night shifts at the hospital."),
        ("allergy", "User is allergic to peanuts.", "Actually I'm allergic to shellfish."),
        ("language", "User speaks Spanish.", "Actually I speak Japanese."),
        # a plan dated from a start to come leaves what holds now (F3: "from next month I work
        # in Shanghai"; "from tomorrow on I work at BMW")
        ("job", "用户在北京工作。", "从下个月开始我在上海工作。"),
        ("job", "用户在西门子工作。", "从明天起我在宝马上班。"),
    ],
)
def test_no_change_of_the_stored_value_is_reported(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
