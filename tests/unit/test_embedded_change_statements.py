"""The sentence stating a change gives its new fact (issue 11): a time adverbial fronted before the
subject, a former state said before what holds now. Task narration, hedges, plans and questions
said the same ways stay unwritten."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.fronting import time_fronted_last
from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    ("clause", "moved"),
    [
        ("since May I've been a data analyst", "I've been a data analyst since May"),
        ("As of March I'm salaried", "I'm salaried as of March"),
        ("Last year I moved to Lisbon", "I moved to Lisbon last year"),
        ("Two months ago we adopted a dog", "we adopted a dog two months ago"),
        ("现在我用Neovim。", "我现在用Neovim。"),
        ("上个月我从腾讯离职了", "我上个月从腾讯离职了"),
        # no time fronted: unchanged (a clause of its own, a weekday, an event of the task)
        ("since I moved, I cycle", "since I moved, I cycle"),
        ("Since Monday I'm on call", "Since Monday I'm on call"),
        ("After the meeting I updated the config", "After the meeting I updated the config"),
    ],
)
def test_fronted_time_goes_after_the_clause(clause: str, moved: str) -> None:
    assert time_fronted_last(clause) == moved


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("since May I've been a data analyst at the council.", "data analyst"),
        ("As of March I'm a full-time employee at a branding agency.", "branding agency"),
        ("In 2024 I moved to Lisbon.", "Lisbon"),
        ("Since my surgery I've been swimming three times a week.", "swimming"),
        ("现在我用Neovim。", "Neovim"),
    ],
)
@pytest.mark.parametrize("conversation", [True, False])
def test_a_change_with_its_time_fronted_is_written(text: str, word: str, conversation: bool) -> None:
    bodies = embedded_profile_bodies(text, conversation=conversation)
    assert any(word in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "word", "old"),
    [
        ("I used to live in Berlin, now I live in Munich.", "Munich", "Berlin"),
        ("I used to use VS Code but now I'm on Neovim.", "Neovim", "VS Code"),
        ("以前周末都在打麻将，现在不打了，我每天早上去公园打太极。", "太极", "麻将"),
        ("以前我用VS Code，现在我用Neovim。", "Neovim", "VS Code"),
    ],
)
def test_what_holds_now_after_a_former_state_is_written(text: str, word: str, old: str) -> None:
    bodies = embedded_profile_bodies(text)  # a working session: the former state refused the sentence
    assert any(word in b for b in bodies), bodies
    assert not any(old in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "Last week I fixed the bug in the parser.",
        "Since Monday I'm on call for the team.",
        "Since the last deploy I've been seeing timeouts in the API.",
        "After the meeting I updated the config file.",
        "After the reorg I might move to the payments team.",
        "Since May I've been thinking about moving to Berlin.",
        "Now I need to fix the tests.",
        "Now I'm running the migration.",
        "I used to use vim, maybe now I'd try emacs.",
        "I used to live in Berlin.",
        "以前我用VS Code，现在我用Neovim吗？",
        "以前我住在北京，现在可能要搬到上海。",
    ],
)
def test_narration_hedges_and_questions_said_so_stay_unwritten(text: str) -> None:
    assert embedded_profile_bodies(text) == []


def test_a_give_up_with_an_adverb_is_no_fact() -> None:
    # read as German since 'jetzt' counts: "ich schreib's schnell selbst" is about the task
    text = "Hm, jetzt klingt's wie vom Amt. Ach egal, ich schreib's schnell selbst."
    assert embedded_profile_bodies(text) == []
    assert embedded_profile_bodies("Ich mache meine Steuererklärung selbst.") != []


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("we adopted a retired greyhound called Pip in April.", "greyhound"),
        ("In January we switched from Jira to Linear.", "Linear"),
        ("We moved to Munich last year.", "Munich"),
        ("We closed on a house in Evanston in February.", "house"),
    ],
)
def test_what_we_did_dated_on_a_life_scale_is_written(text: str, word: str) -> None:
    bodies = embedded_profile_bodies(text, conversation=True)
    assert any(word in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "we fixed the bug yesterday.",
        "we deployed the new version last week.",
        "We moved the meeting to Friday.",
        "we reran it in April.",
        "we discussed it in May.",
        "We went for a walk and it rained.",
    ],
)
def test_what_we_did_as_an_occasion_stays_unwritten(text: str) -> None:
    assert embedded_profile_bodies(text, conversation=True) == []


def test_what_was_left_beside_what_holds_now_is_not_a_fact_of_its_own() -> None:
    bodies = embedded_profile_bodies("上个月我从腾讯离职了，现在在一家做跨境电商的创业公司。")
    assert any("创业公司" in b for b in bodies), bodies
    assert not any("腾讯" in b for b in bodies), bodies
    # a move names its destination: the new value, kept
    bodies = embedded_profile_bodies("我从北京搬到了上海，现在住在浦东。")
    assert any("上海" in b for b in bodies) and any("浦东" in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("以前は東京に住んでいたけど、今は大阪に住んでいます。", "大阪"),
        ("最近は毎朝本を読んでいます。", "本"),
    ],
)
def test_a_japanese_progressive_after_a_voiced_stem_is_a_state(text: str, word: str) -> None:
    bodies = embedded_profile_bodies(text)
    assert any(word in b for b in bodies), bodies
    assert not any("東京" in b for b in bodies), bodies


@pytest.mark.parametrize("text", ["明日は大阪で飲んでいますか？", "東京に住んでいたら便利だと思う。"])
def test_a_japanese_question_or_case_stays_unwritten(text: str) -> None:
    assert embedded_profile_bodies(text) == []


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I ditched Jira for Linear in January.", "Linear"),
        ("I left Google for a startup last year.", "startup"),
    ],
)
def test_leaving_one_thing_for_another_is_a_change_in_a_working_session(text: str, word: str) -> None:
    bodies = embedded_profile_bodies(text)
    assert any(word in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "I dropped the table for the migration.",
        "I stopped the server for the deploy last week.",
        "I quit my job in March.",
        "I ditched Jira for Linear.",
    ],
)
def test_leaving_with_no_new_value_or_as_a_task_step_stays_unwritten(text: str) -> None:
    assert embedded_profile_bodies(text) == []


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Non, en Python. Depuis que le labo a abandonné R l'an dernier, je fais tout avec pandas.",
            "pandas",
        ),
        (
            "Nein, das Auto hab ich im März verkauft, ich mach inzwischen alles mit dem Lastenrad.",
            "Lastenrad",
        ),
    ],
)
def test_a_correction_keeps_the_new_state_of_a_sentence_reporting_a_change(text: str, word: str) -> None:
    bodies = embedded_profile_bodies(text, correction=True)
    assert any(word in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "Non, je préfère les tableaux en euros, je travaille avec des clients allemands.",
        "No, uso euros, vivo en Alemania.",
        "Nein, ich meinte die andere Datei, ich arbeite mit der neuen Version.",
    ],
)
def test_a_correction_with_no_change_reported_gives_no_fact(text: str) -> None:
    assert embedded_profile_bodies(text, correction=True) == []
