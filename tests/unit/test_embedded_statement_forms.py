"""Verb forms the embedded extractor reads as the speaker's statements (es, ja) and a change
reported in two strokes kept as one update (de)."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # a negated first-person verb opening the clause
        ("No como carne desde hace años. Necesito ideas de cenas rápidas.", "No como carne"),
        # a reflexive in the first person present
        ("Me dedico a la fotografía de bodas. ¿Cómo escribo una biografía para mi web?", "fotografía"),
        # the continuative of a state, linked to the next clause
        ("東京に住んでいて、猫を二匹飼っています。", "東京に住んでいて"),
    ],
)
def test_statement_forms(text: str, kept: str) -> None:
    bodies = _bodies(text)
    assert any(kept in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "Me encanta.",  # a reaction: "me" is no subject
        "No sé.",  # no first-person -o verb
    ],
)
def test_not_statements(text: str) -> None:
    assert _bodies(text) == []


def test_ja_conjunctive_particle_is_not_part_of_the_statement() -> None:
    bodies = _bodies("毎朝ジョギングしていますが、最近膝が痛いです。ストレッチを教えてください。")
    assert 'User, in their words: "毎朝ジョギングしています".' in bodies, bodies


def test_a_change_in_two_strokes_on_one_facet_is_one_memory() -> None:
    bodies = _bodies("Ich habe den Job gewechselt und arbeite jetzt bei Bosch. Hilfst du mir?")
    assert bodies == ['User, in their words: "Ich habe den Job gewechselt und arbeite jetzt bei Bosch".'], (
        bodies
    )


@pytest.mark.parametrize(
    "text",
    [
        "I'm a manager in Sales.",
        "I'm a nurse in ICU.",
        "Soy enfermera en Urgencias.",
        "Je suis prof en Terminale.",
    ],
)
def test_a_capitalised_word_after_in_is_no_home_town(text: str) -> None:
    """A department, a ward or a school year written with a capital is not where the user lives: no
    residence memory is made of it (such a memory would also replace the user's real home town)."""
    bodies = _bodies(text)
    assert bodies and not any("based in" in b or "lives in" in b for b in bodies), bodies
