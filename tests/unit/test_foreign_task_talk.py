"""Clauses of es/ja/de/fr turns that are no statement about the speaker although they look like
one (memscribe.model.embedded.statements): a list item dictated for the task, a Spanish activity
in progress, a Japanese conditional."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.places import is_place_fact
from tests.support.turns import embedded_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "dropped", "kept"),
    [
        # the activity in progress is the task; the job said beside it is the speaker's
        (
            "Trabajo como enfermera en un hospital de Bilbao y ahora estoy preparando un informe para mi jefa.",
            "preparando",
            "enfermera",
        ),
        # dictated bullets for a document are the document's, not the speaker's
        (
            "私は小学校の先生をしています。スライドに入れて:\n・毎朝の挨拶はとても大切です",
            "挨拶",
            "先生",
        ),
        (
            "Ich bin Lehrerin an einer Grundschule in Bremen. Folie:\n- Wir lernen jeden Tag zusammen",
            "lernen",
            "Lehrerin",
        ),
        # a case put ("if it is fixed on the left …") is no fact
        (
            "私はエンジニアとして働いています。左に固定だと自分で操作するとき毎回不便です",
            "固定",
            "エンジニア",
        ),
    ],
)
def test_task_talk_is_dropped_and_the_statement_kept(text: str, dropped: str, kept: str) -> None:
    bodies = _bodies(text)
    assert not any(dropped in b for b in bodies), bodies
    assert any(kept in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Ahora estoy viviendo en Valencia con mi pareja.", "Valencia"),  # a state, said as progressive
        ("Estoy trabajando en una cooperativa agrícola de Mendoza.", "cooperativa"),
    ],
)
def test_a_progressive_state_is_kept(text: str, fragment: str) -> None:
    bodies = _bodies(text)
    assert any(fragment in b for b in bodies), bodies


def test_zh_the_users_unit_is_kept() -> None:
    bodies = _bodies("我们公司主要做跨境电商")
    assert any("跨境电商" in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "Je suis boulangère à Lyon, je fais tout le pain seule et je livre les restaurants du quartier.",
        "Ich bin Tischlerin, ich baue vor allem Küchen und ich arbeite meistens allein.",
    ],
)
def test_one_statement_in_several_strokes_is_one_memory(text: str) -> None:
    # one memory, quoting the user's words as said (their own links kept)
    # (the town of a role is a fact of its own, beside the statement: test_embedded_places)
    assert [b for b in _bodies(text) if not is_place_fact(b)] == [
        f'User, in their words: "{text.rstrip(".")}".'
    ]


@pytest.mark.parametrize(
    "text",
    [
        # something of the speaker's as the subject: a fact of its own
        "Ich bin Datenanalystin in Hamburg, unsere Berichte laufen alle mit Python.",
        # a negated state beside the one that holds
        "je suis pas développeuse du tout, je suis comptable.",
        # a topic other than the speaker
        "私はフロントエンド担当で、このチームは全部Reactで書いてる",
    ],
)
def test_separate_facts_stay_separate(text: str) -> None:
    assert len([b for b in _bodies(text) if not is_place_fact(b)]) == 2, _bodies(text)
