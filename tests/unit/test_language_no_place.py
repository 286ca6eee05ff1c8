"""A programming language after "in/en/à" in a statement of the speaker's role is no place: "Soy muy
nuevo en Python." wrote "User is based in Python.". True places said so stay (12906b3's adjective
rule lost them: "Soy nuevo en Madrid.", "Ich bin sehr glücklich in Berlin.")."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "Soy muy nuevo en Python.",
        "Ich bin Expertin in Kotlin.",
        "Je suis développeuse en Java.",
        "I'm an expert in Rust.",
    ],
)
def test_a_programming_language_is_no_place(text: str) -> None:
    bodies = _bodies(text)
    assert bodies, bodies
    assert not any(b.startswith("User is based in") for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Soy nuevo en Madrid.", "Madrid"),
        ("Ich bin sehr glücklich in Berlin.", "Berlin"),
        ("Je suis très heureux à Paris.", "Paris"),
        ("Soy profesora en Sevilla.", "Sevilla"),
        ("I'm a developer in Leeds.", "Leeds"),
    ],
)
def test_true_places_stay(text: str, place: str) -> None:
    assert f"User is based in {place}." in _bodies(text)
