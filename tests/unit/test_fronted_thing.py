"""Foreign self-statements (issue 11): a clause that fronts a definite thing before the speaker acts
on it once is about that thing (German V2 with the object first, Spanish with a resumptive clitic),
not a statement of the speaker's; a present tense clause (now, a habit) or an event since a time
still is one (test_fronted_tense.py: the tense test, RV1 F1). The whole embedded detector is asked,
so the rule is seen where it acts."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.detect import extract
from memscribe.model.embedded.topic_first import about_fronted_thing
from memscribe.transcript import parse_transcript


def _profiles(said: str) -> list[str]:
    turns = parse_transcript(f"User: {said}\n\nAssistant: Noted.\n", source="probe", fmt="text").turns
    return [p.body for p in extract(turns).profiles]


@pytest.mark.parametrize(
    "said",
    [
        "Das Auto hab ich im März verkauft.",
        "Den Job bei Siemens habe ich letztes Jahr gekündigt.",
        "Die Katze habe ich letzte Woche zum Tierarzt gebracht.",
        "Das Klavier hab ich geerbt.",
        "El coche lo vendimos en marzo.",
    ],
)
def test_a_thing_fronted_and_acted_on_once_writes_no_profile(said: str) -> None:
    assert _profiles(said) == []


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("Die Buchhaltung mache ich jetzt mit Lexoffice.", "Lexoffice"),
        ("Die Wohnung haben wir seit 2019.", "seit 2019"),
        ("Das Fahrrad nehme ich jeden Tag zur Arbeit.", "jeden Tag"),
        ("El piso lo tenemos desde 2019.", "desde 2019"),
        # the speaker first, or a time first: the usual statement, untouched
        ("Ich arbeite seit drei Jahren bei Bosch in Stuttgart.", "Bosch"),
        ("Seit Oktober arbeite ich komplett remote.", "remote"),
        ("Mehr als 50 Minuten hab ich nicht.", "50 Minuten"),
        ("Soy enfermera en Valencia.", "enfermera"),
    ],
)
def test_a_state_that_holds_is_still_the_speakers(said: str, quoted: str) -> None:
    bodies = _profiles(said)
    assert any(quoted in b for b in bodies), bodies


def test_only_german_and_spanish_order_is_read() -> None:
    # French says the thing apart with a clitic clause, English has no such order in talk: the
    # rule reads neither (their own rules decide them)
    assert about_fronted_thing("das Auto hab ich im März verkauft", "de")
    assert about_fronted_thing("el coche lo vendimos en marzo", "es")
    assert not about_fronted_thing("la voiture je l'ai vendue en mars", "fr")
    assert not about_fronted_thing("the car I sold in March", "en")
    assert not about_fronted_thing("Ich habe das Auto im März verkauft", "de")


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("Die Kinder und ich wohnen seit Mai in Köln.", "Köln"),
        ("Die Kinder und ich wohnen in Köln.", "Köln"),
        ("Das Team und ich arbeiten komplett remote.", "remote"),
    ],
)
def test_a_phrase_joined_to_the_speaker_is_the_subject(said: str, quoted: str) -> None:
    # "und" after the phrase joins it to the speaker: no fronted object, no finite verb before "ich"
    assert not about_fronted_thing(said.rstrip("."), "de")
    bodies = _profiles(said)
    assert any(quoted in b for b in bodies), bodies


@pytest.mark.parametrize(
    "said", ["Das weiß ich nicht.", "Sowas mache ich nur nebenbei.", "Das bin ich gewohnt."]
)
def test_a_demonstrative_fronted_points_back_into_the_talk(said: str) -> None:
    # "das", "sowas" before the verb take up what was said, as an object clitic does
    assert _profiles(said) == []


def test_a_demonstrative_with_a_habit_still_states_one() -> None:
    assert any("abends" in b for b in _profiles("Das mache ich sowieso nur abends."))
    assert about_fronted_thing("eso lo hago yo", "es")
    assert not about_fronted_thing("Das ist mein Job", "de")
