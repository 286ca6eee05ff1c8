"""An 'en'/'in' phrase after a predicate adjective names the adjective's field, not where the
speaker is (issue 11): 'Soy muy nuevo en Python.' wrote 'User is based in Python.'. A role noun or a
verb of work or residence keeps its place."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.places import place_in_role


@pytest.mark.parametrize(
    "body",
    [
        'User, in their words: "Soy muy nuevo en Python".',
        'User, in their words: "Je suis nouveau en Python".',
        'User, in their words: "Soy bastante buena en Excel".',
        'User, in their words: "Je suis très bon en Java".',
        'User, in their words: "Soy experta en SAP".',
        'User, in their words: "Ich bin sehr gut in Mathe".',
    ],
)
def test_a_phrase_after_a_predicate_adjective_is_no_place(body: str) -> None:
    assert place_in_role(body) is None


@pytest.mark.parametrize(
    ("body", "place"),
    [
        ('User, in their words: "Soy enfermera en Sevilla".', "Sevilla"),
        ('User, in their words: "Soy profesora en Zaragoza".', "Zaragoza"),
        ('User, in their words: "Yo trabajo en Madrid".', "Madrid"),
        ('User, in their words: "Je suis développeur en Bretagne".', "Bretagne"),
        ('User, in their words: "Je suis infirmière à Lyon".', "Lyon"),
        ('User, in their words: "Ich bin Lehrerin in Freiburg".', "Freiburg"),
        ('User, in their words: "Soy nueva enfermera en Sevilla".', "Sevilla"),
        ("User is a nurse in Leeds.", "Leeds"),
    ],
)
def test_a_role_noun_or_a_verb_of_work_keeps_its_place(body: str, place: str) -> None:
    assert place_in_role(body) == place
