"""A short turn placed in English for want of evidence is read in the session's language: "Vivo en
Sevilla." beside Spanish messages is Spanish; beside English ones, or with an English function
word, or without a first-person form of that language, it is read as before."""

from __future__ import annotations

from memscribe.lexicon import langs
from memscribe.model.embedded.detect import extract
from tests.support.turns import make_transcript

_ES = (
    ("user", "Hola, estoy organizando mi semana y quiero un plan de comidas sencillo."),
    ("assistant", "Claro, ¿tienes alguna restricción alimentaria o preferencia?"),
)


def _bodies(*turns: tuple[str, str]) -> list[str]:
    return [p.body for p in extract(make_transcript(*turns).turns).profiles]


def test_a_short_spanish_turn_in_a_spanish_session_is_read_as_spanish() -> None:
    bodies = _bodies(
        *_ES,
        ("user", "Vivo en Sevilla."),
        ("assistant", "Perfecto, usaré productos de temporada de Andalucía."),
        ("user", "Empecé a tocar la guitarra."),
        ("assistant", "¡Qué bien!"),
    )
    assert 'User, in their words: "Vivo en Sevilla".' in bodies, bodies
    assert 'User, in their words: "Empecé a tocar la guitarra".' in bodies, bodies


def test_the_same_turn_in_an_english_session_is_not_read_as_spanish() -> None:
    bodies = _bodies(
        ("user", "Hi, I need help planning my week, I'm pretty busy."),
        ("assistant", "Sure, what's on your plate?"),
        ("user", "Vivo en Sevilla."),
        ("assistant", "Got it."),
    )
    assert not any("Sevilla" in b for b in bodies), bodies


def test_an_answer_without_a_first_person_form_stays_as_it_was() -> None:
    bodies = _bodies(
        ("user", "Hallo, ich brauche Hilfe bei der Planung meiner Woche und der Pipeline."),
        ("assistant", "Gerne, wie viel Speicher und Laufzeit braucht der Job?"),
        ("user", "ja, 40000 und runtime 120 Minuten"),
        ("assistant", "Danke für die Angaben."),
    )
    assert not any("runtime" in b for b in bodies), bodies


def test_reading_beside_a_prior() -> None:
    assert langs.language_of("Vivo en Sevilla.") == "en"  # alone: no evidence either way
    assert langs.maybe_other("Vivo en Sevilla.")
    assert langs.read_beside("Vivo en Sevilla.", "es") == "es"
    assert langs.read_beside("I'm new in Django.", "es") == "en"  # an English function word
    assert langs.read_beside("Django REST framework.", "es") == "en"  # nothing of Spanish's
    assert not langs.maybe_other("Noted.")


def test_the_session_language_needs_a_majority_placed_by_evidence() -> None:
    spanish = [t for _, t in _ES]
    assert langs.session_language([*spanish, "Vivo en Sevilla.", "Noted."]) == "es"
    assert langs.session_language([*spanish, "I need help with this, it is broken.", "And this too."]) is None
