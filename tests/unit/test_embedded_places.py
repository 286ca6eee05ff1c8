"""A town said inside a statement of the user's role or business is a fact of its own (issue 11):
a move changes the place and leaves the job. Residence said as such is not doubled, and a
department, ward, field or school year written with a capital is no town."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.places import place_in_role
from memscribe.model.embedded.profiles import profiles_from_turn
from tests.support.turns import make_transcript


def _bodies(text: str) -> list[str]:
    turn = make_transcript(("user", text)).turns[0]
    return [c.body for c in profiles_from_turn(turn, correction_turn=False, conversation=True)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm a veterinary nurse in Dundee.", "Dundee"),
        ("I run a small bike repair shop in Utrecht.", "Utrecht"),
        ("Ich bin Tischlerin in Rostock.", "Rostock"),
        ("Soy enfermero en Bilbao.", "Bilbao"),
        ("Je suis kiné à Grenoble.", "Grenoble"),
    ],
)
def test_the_town_of_a_role_is_a_fact_of_its_own(text: str, place: str) -> None:
    bodies = _bodies(text)
    assert len(bodies) == 2, bodies
    assert sum(place in b for b in bodies) == 2, bodies


@pytest.mark.parametrize(
    "text",
    [
        "I live in Dundee.",
        "I've been daydreaming about a second shop up in Utrecht.",
        "I'm an analyst in Marketing.",
        "I'm a registrar in Radiology.",
        "I'm a nurse in ICU.",
        "Ich arbeite als Erzieherin in Teilzeit.",
        "Soy profesora en Secundaria.",
        "Je suis prof en Terminale.",
    ],
)
def test_no_town_fact(text: str) -> None:
    assert not any("based in" in b for b in _bodies(text)), _bodies(text)


# The town is the speaker's only in a clause whose subject is the speaker, and a word its language
# forms as a language or nationality is no town (issue 11: "User is based in Französisch", a
# daughter's city written as the user's).


@pytest.mark.parametrize(
    "text",
    [
        "Ich bin Übersetzerin in Französisch.",
        "Ich arbeite als Lehrerin in Spanisch und Englisch.",
        "Je suis traductrice en allemand.",
        "I'm a translator in Portuguese.",
        "Soy profesora en inglés.",
        "I'm a nurse, and he works in Leeds.",
        "我女儿在上海工作。",
        "我的女儿在上海工作。",
        "我女儿是老师，现在在上海工作。",
        "我是老师，我女儿在上海工作。",
        "My sister lives in Paris.",
        "My sister is a nurse in Paris.",
        "Mi hermano trabaja en Madrid.",
        "Meine Tochter arbeitet in Hamburg.",
        "Ma fille est médecin à Lyon.",
        "娘は大阪で働いています。",
    ],
)
def test_no_town_of_a_language_or_of_someone_else(text: str) -> None:
    bodies = _bodies(text)
    assert not any("based in" in b or b.startswith("用户在") for b in bodies), bodies


def test_a_clause_carried_over_from_someone_else_is_not_the_users() -> None:
    # "现在在上海工作" goes on about the daughter, not the speaker
    assert _bodies("我女儿是老师，现在在上海工作。") == ["用户女儿是老师。"]


@pytest.mark.parametrize(
    "body",
    [
        'User, in their words: "Ich bin Lehrerin, meine Tochter arbeitet in Hamburg".',
        'User, in their words: "Ich arbeite als Ingenieurin und mein Mann ist Lehrer in Hamburg".',
        'User, in their words: "Soy profesora y mi hermano trabaja en Madrid".',
        'User, in their words: "Je suis prof et ma sœur travaille à Lyon".',
        "User is a nurse and User's husband works in Leeds.",
        "User is a nurse; she works in Leeds.",
        "用户是老师，女儿在上海工作。",
        "用户的女儿在上海工作。",
        "用户老板在上海开了一家店。",
    ],
)
def test_no_place_from_another_subjects_clause(body: str) -> None:
    assert place_in_role(body) is None


@pytest.mark.parametrize(
    ("body", "place"),
    [
        ('User, in their words: "Ich arbeite als Lehrerin in Hamburg".', "Hamburg"),
        ('User, in their words: "Je suis prof à Lyon".', "Lyon"),
        ('User, in their words: "Je suis prof à Calais".', "Calais"),
        ('User, in their words: "Soy profesora de francés en Madrid".', "Madrid"),
        ("User is a nurse in Leeds.", "Leeds"),
        ("User is a nurse in Leeds and User's husband works in York.", "Leeds"),
        ("User runs a bakery with their sister in Leeds.", "Leeds"),
        ("User is a designer, in Leeds.", "Leeds"),
        ("用户在上海工作。", "上海"),
        ("用户是老师，现在在上海工作。", "上海"),
        ("用户和老公在成都开了一家火锅店。", "成都"),
        # the speaker named in the other subject: the place is the speaker's too
        ('User, in their words: "Ich bin Lehrerin, meine Tochter und ich wohnen in Hamburg".', "Hamburg"),
        ("User is a nurse, and my wife and I run a café in Leeds.", "Leeds"),
        ('User, in their words: "Soy profesora y mi hija y yo vivimos en Madrid".', "Madrid"),
        # towns and regions ending as a language word does in Spanish or French
        ('User, in their words: "Soy profesora en Valdés".', "Valdés"),
        ('User, in their words: "Je suis vigneron en Beaujolais".', "Beaujolais"),
        ('User, in their words: "Je suis guide en Tyrol".', "Tyrol"),
    ],
)
def test_the_speakers_own_place_is_kept(body: str, place: str) -> None:
    assert place_in_role(body) == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("我在上海工作。", "上海"),
        ("我是程序员，现在在杭州工作。", "杭州"),
        ("I'm a nurse in Leeds.", "Leeds"),
        ("Je suis prof à Lyon.", "Lyon"),
    ],
)
def test_the_speakers_own_town_is_still_a_fact(text: str, place: str) -> None:
    bodies = _bodies(text)
    assert any(b in (f"User is based in {place}.", f"用户在{place}。") for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "I work remotely for a company based in Berlin.",
        "I work remotely for a firm in Berlin.",
        "I'm a developer at a startup headquartered in Austin.",
        "I work for a company that is based in Berlin.",
        "Ich arbeite remote für eine Firma mit Sitz in Berlin.",
        "Je travaille pour une entreprise basée à Lyon.",
        "Trabajo para una empresa con sede en Madrid.",
    ],
)
def test_the_employers_place_is_not_the_speakers(text: str) -> None:
    bodies = _bodies(text)
    assert bodies, text  # the statement itself is still written
    assert not any(b.startswith("User is based in") for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm a designer based in Leeds.", "Leeds"),
        ("I'm a nurse at a hospital in Leeds.", "Leeds"),
        ("Je travaille chez Airbus à Toulouse.", "Toulouse"),
        ("Ich arbeite bei Siemens in München.", "München"),
        ("I run a café located in Bristol.", "Bristol"),
    ],
)
def test_a_role_or_workplace_placed_by_the_speaker_keeps_its_town(text: str, place: str) -> None:
    assert f"User is based in {place}." in _bodies(text)


@pytest.mark.parametrize(
    "text",
    [
        "我在华为工作。",
        "我在腾讯做产品经理。",
        "我在小米当工程师。",
        "我在医院工作。",
        "我在银行上班。",
        "我在超市上班。",
    ],
)
def test_a_chinese_employer_or_workplace_is_no_town(text: str) -> None:
    bodies = _bodies(text)
    assert bodies == [text.replace("我", "用户", 1)], bodies


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("我在北京工作。", "北京"),
        ("我在广州开了一家店。", "广州"),
        ("我在伦敦读书。", "伦敦"),
        ("我在新加坡工作。", "新加坡"),
        ("我在杭州市工作。", "杭州市"),
        ("我在深圳做嵌入式开发。", "深圳"),
    ],
)
def test_a_chinese_town_of_work_is_still_a_fact(text: str, place: str) -> None:
    assert f"用户在{place}。" in _bodies(text)
