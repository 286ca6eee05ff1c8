"""Issue 11: the embedded profile path restates only clauses that are statements.

A simple past telling an occasion (today's task, "I reran it", "… then …", "… and it failed") is
no durable fact; a closed-class word or a plural-looking form cannot be a clause's verb; a run of
function words side by side is no clause, though a first-person clause after it still is; a past
form keeps its form in the third person. Biography, habits and preferences are still written.
"""

from __future__ import annotations

import pytest

from memscribe.lexicon.grammar import is_simple_past
from memscribe.model.embedded.clause_shape import verb_slot_ok, well_formed_tail
from memscribe.model.embedded.places import is_place_fact
from tests.support.turns import embedded_profile_bodies as _bodies
from tests.support.turns import extracted_profile_bodies

NARRATION = [
    "the build failed so I reran it with verbose logging and checked the config",
    "I then reran the tests and they passed on the second try",
    "I tried Docker yesterday and it failed",
    "I made a lasagna last night and it was awesome",
]


@pytest.mark.parametrize("conversation", [True, False])
@pytest.mark.parametrize("text", NARRATION[:1])
def test_an_anaphoric_past_is_narration_in_any_session(text: str, conversation: bool) -> None:
    assert _bodies(text, conversation=conversation) == []


@pytest.mark.parametrize("text", NARRATION)
def test_narration_of_an_occasion_is_no_profile(text: str) -> None:
    assert _bodies(text, conversation=True) == []


@pytest.mark.parametrize(
    "text",
    ["and I tests logging again the cache", "I then again because the and again try verbose"],
)
@pytest.mark.parametrize("conversation", [True, False])
def test_no_verb_in_the_verb_slot_is_no_statement(text: str, conversation: bool) -> None:
    assert _bodies(text, conversation=conversation) == []


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I grew up in Ohio.", "User grew up in Ohio."),
        ("I studied law.", "User studied law."),
        ("I was a nurse for 20 years.", "User was a nurse for 20 years."),
        ("I lived in Paris for ten years.", "User lived in Paris for ten years."),
        ("I just bought an Italian cookbook.", "User just bought an Italian cookbook."),
        ("I joined the payments squad after the reorg.", "User joined the payments squad after the reorg."),
        ("I signed up for a local football league this week!", "User signed up for a local football league."),
        ("I ditched that keto diet.", "User ditched that keto diet."),
        ("I usually run before work.", "User runs before work."),
        ("I discuss politics with my dad every week.", "User discusses politics with their dad every week."),
        ("I prefer tea over coffee.", "User prefers tea over coffee."),
    ],
)
def test_biography_habits_and_tastes_are_still_written(text: str, body: str) -> None:
    # (the town of a role is a fact of its own, beside the statement: test_embedded_places)
    assert [b for b in _bodies(text, conversation=True) if not is_place_fact(b)] == [body]


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I outgrew my fear of dogs.", "User outgrew their fear of dogs."),
        ("I overslept every day in college.", "User overslept every day in college."),
        ("I haven't owned a car in years.", "User hasn't owned a car in years."),
    ],
)
def test_a_past_form_keeps_its_form(text: str, body: str) -> None:
    # (the town of a role is a fact of its own, beside the statement: test_embedded_places)
    assert [b for b in _bodies(text, conversation=True) if not is_place_fact(b)] == [body]


def test_a_statement_after_a_run_of_function_words_is_still_found() -> None:
    said = "the cache the because again the I prefer tabs over spaces."
    assert _bodies(said, conversation=True) == ["User prefers tabs over spaces."]
    assert well_formed_tail("port the because of the I live in Lisbon") == "I live in Lisbon"
    assert well_formed_tail("the of the because the they") is None


@pytest.mark.parametrize(
    "clause",
    [
        "We use the for loop style in the config",  # code talk: no salad
        "I live their if it is cheap",  # a homophone typo
        "I got an A in maths and the IT team hired me",
        "I know that that is odd",
    ],
)
def test_one_slip_or_code_talk_is_no_salad(clause: str) -> None:
    assert well_formed_tail(clause) == clause


def test_word_salad_with_facts_keeps_the_facts() -> None:
    """bench/extract.py's shape: babble with a real fact run on at the end of the turn."""
    bodies = extracted_profile_bodies(
        "I then again because the and again try verbose failed of tests the because and of tests again"
        " cache logging again then again logging failed so config the I prefer tabs over spaces.",
        "port build for path the reran passed reran the for the and the the build the logging port the the"
        " and the of reran the failed for I live in Lisbon.",
    )
    assert "User prefers tabs over spaces." in bodies
    assert "User lives in Lisbon." in bodies
    assert not any("becauses" in b or "rerans" in b for b in bodies)


@pytest.mark.parametrize(
    ("word", "past"),
    [
        ("reran", True),
        ("overslept", True),
        ("outgrew", True),
        ("checked", True),
        ("need", False),
        ("run", False),
    ],
)
def test_simple_past_forms(word: str, past: bool) -> None:
    assert is_simple_past(word) is past


@pytest.mark.parametrize(
    ("word", "ok"),
    [
        ("because", False),
        ("the", False),
        ("then", False),
        ("tests", False),
        ("discuss", True),
        ("focus", True),
        ("live", True),
    ],
)
def test_what_can_be_a_verb(word: str, ok: bool) -> None:
    assert verb_slot_ok(word) is ok


@pytest.mark.parametrize(
    "text",
    [
        "Ensuite j'ai relancé le build et il est passé.",
        "Dann habe ich den Build neu gestartet.",
        "Ich habe die Tests nochmal laufen lassen und die Config geprüft.",
        "私はさっきビルドをやり直した。",
        "我又跑了一遍测试，然后检查了配置。",
    ],
)
def test_a_past_step_with_then_or_again_is_narration_in_other_languages(text: str) -> None:
    assert _bodies(text, conversation=True) == []


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("J'ai grandi à Lyon.", 'User, in their words: "J\'ai grandi à Lyon".'),
        (
            "Je suis végétarienne depuis dix ans.",
            'User, in their words: "Je suis végétarienne depuis dix ans".',
        ),
        ("Ich habe Jura studiert.", 'User, in their words: "Ich habe Jura studiert".'),
        (
            "Gestern bin ich nach Berlin gezogen.",
            'User, in their words: "Gestern bin ich nach Berlin gezogen".',
        ),
        (
            "Vivo en Madrid desde hace cinco años.",
            'User, in their words: "Vivo en Madrid desde hace cinco años".',
        ),
        ("私は東京に住んでいます。", 'User, in their words: "私は東京に住んでいます".'),
        ("我在杭州做跨境电商。", "用户在杭州做跨境电商。"),
        ("我从2019年开始吃素。", "用户从2019年开始吃素。"),
    ],
)
def test_biography_and_changes_in_other_languages_are_still_written(text: str, body: str) -> None:
    # (the town of a role is a fact of its own, beside the statement: test_embedded_places)
    assert [b for b in _bodies(text, conversation=True) if not is_place_fact(b)] == [body]


def test_a_word_said_twice_is_a_slip_twice_a_salad() -> None:
    assert well_formed_tail("failed config config path the I use Neovim") == "I use Neovim"
    assert well_formed_tail("I check the config config daily") == "I check the config config daily"
    assert well_formed_tail("I really really love love love pizza") == "I really really love love love pizza"


@pytest.mark.parametrize(
    ("word", "ok"), [("logging", False), ("setting", False), ("bring", True), ("spring", True)]
)
def test_a_participle_is_no_finite_verb(word: str, ok: bool) -> None:
    assert verb_slot_ok(word) is ok


@pytest.mark.parametrize("conversation", [True, False])
def test_use_to_is_the_former_habit_used_to(conversation: bool) -> None:
    said = "I use to dumpster dive to recycle clothes for the homeless."
    assert _bodies(said, conversation=conversation) == [
        "User used to dumpster dive to recycle clothes for the homeless."
    ]
    assert _bodies("I always use to-do lists.", conversation=conversation) == [
        "User always uses to-do lists."
    ]
