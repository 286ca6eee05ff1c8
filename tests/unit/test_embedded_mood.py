"""Passing, supposed or decided in the moment (issue 11): a state said with its end, an occasion
of one day or of a counted stay, the conditional mood, and a decision drawn as a conclusion give
no profile in es/de/fr; the same facts said as habits or states are kept."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.profiles import profiles_from_turn
from tests.support.turns import make_transcript


def _bodies(text: str) -> list[str]:
    turn = make_transcript(("user", text)).turns[0]
    return [c.body for c in profiles_from_turn(turn, correction_turn=False, conversation=True)]


@pytest.mark.parametrize(
    "text",
    [
        "Estoy de vacaciones en casa de mi hermana hasta el domingo.",
        "Bis Ende März wohne ich bei meinem Bruder.",
        "Je garde le chat de ma voisine jusqu'à lundi.",
        "Ich hätte gern ein leichteres Zelt für die Alpen.",
        "Je prendrais plutôt la version bleue.",
        "Je fête mon anniversaire samedi avec toute la famille.",
        "Am Samstag spiele ich ein Konzert in Dresden.",
        "En agosto me voy dos semanas a Galicia con mis primos.",
        "Así que me quedo con el modelo pequeño.",
        "Donc je prends la version rouge.",
        "Je prends celle-ci alors.",
    ],
)
def test_passing_supposed_or_decided_gives_no_profile(text: str) -> None:
    assert _bodies(text) == []


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Je joue au rugby le samedi avec mon club.", "rugby"),
        ("Samstags spiele ich Fußball im Verein.", "Fußball"),
        ("Ich arbeite drei Tage pro Woche im Homeoffice.", "Homeoffice"),
        ("Je cours deux fois par semaine au parc.", "parc"),
        ("Ich arbeite von 7 bis 15 Uhr in der Kantine.", "Kantine"),
        ("Je suis infirmière de nuit depuis dix ans.", "infirmière"),
    ],
)
def test_habits_and_states_are_kept(text: str, word: str) -> None:
    assert any(word in b for b in _bodies(text)), _bodies(text)
