"""A degree word before a predicate that relates the user to a field, a skill or a substance
("totally new to networking", "really bad at admin", "super allergic to cats") does not make it a
passing state: the fact is written. A degree word before a mood or a feeling ("so tired", "very
excited about the trip") still marks a passing state (issue 11)."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I'm totally new to networking.", "User is totally new to networking."),
        ("I'm really bad at admin.", "User is really bad at admin."),
        ("I'm very new to Python.", "User is very new to Python."),
        ("I'm super allergic to cats.", "User is super allergic to cats."),
        ("I'm really into bouldering.", "User is really into bouldering."),
        ("I'm really not into horror films.", "User is really not into horror films."),
        ("I'm pretty rusty at French.", "User is pretty rusty at French."),
        ("I'm quite experienced with Kubernetes.", "User is quite experienced with Kubernetes."),
    ],
)
def test_a_degree_word_before_a_lasting_relation_keeps_the_fact(text: str, body: str) -> None:
    assert extracted_profile_bodies(text) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "I'm so tired.",
        "I'm very excited about the trip.",
        "I'm really bad at this.",
        "I'm so into this idea.",
        "I'm really into that show you mentioned.",
    ],
)
def test_a_degree_word_before_a_mood_or_a_pointer_gives_nothing(text: str) -> None:
    assert extracted_profile_bodies(text) == []
