"""An episode of the day (issue 11): a clause anchored within the current day or telling an
attempt already made at the work is the task's history, not a lasting fact about the user; a
life's time ("last month", "in April") still tells one."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.profiles import profiles_from_turn
from tests.support.turns import make_transcript


def _bodies(text: str, *, conversation: bool = True) -> list[str]:
    turn = make_transcript(("user", text)).turns[0]
    return [c.body for c in profiles_from_turn(turn, correction_turn=False, conversation=conversation)]


@pytest.mark.parametrize(
    "text",
    [
        "I restarted the ingest workers twenty minutes ago and the queue is still stuck.",
        "I already reinstalled the printer driver, no luck.",
        "I rebuilt the index this morning and the search still returns nothing.",
        "I've been fighting this webpack config since 8am.",
        "I flashed the router firmware at lunch, same problem.",
        "Ich habe den Cache vor zehn Minuten geleert, der Fehler bleibt.",
        "J'ai relancé le serveur ce matin et ça plante toujours.",
        "Reinicié el contenedor hace una hora y sigue fallando.",
    ],
)
def test_an_episode_of_the_day_gives_no_profile(text: str) -> None:
    assert _bodies(text) == []


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I passed my driving test last month.", "driving test"),
        ("I moved to Bristol in April.", "Bristol"),
        ("I work as a physiotherapist in a sports clinic.", "physiotherapist"),
    ],
)
def test_a_life_event_or_lasting_fact_is_kept(text: str, word: str) -> None:
    assert any(word in b for b in _bodies(text))


def test_the_activity_a_request_is_for_gives_no_profile() -> None:
    bodies = _bodies("I'm writing the best-man speech for my brother, can you help me tighten it?")
    assert not any("speech" in b for b in bodies)


def test_a_change_under_way_in_a_request_is_kept() -> None:
    bodies = _bodies("I'm switching careers into nursing, can you help me with my CV?")
    assert any("nursing" in b for b in bodies)
