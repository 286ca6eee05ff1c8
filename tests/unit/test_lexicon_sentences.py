"""Sentence splitting (lexicon.langs.sentences): a full stop after an ordinal or inside a number
continues the sentence; after a longer number (a year, a model number) it ends it."""

from __future__ import annotations

from memscribe.lexicon.langs import sentences


def test_a_year_before_a_full_stop_ends_the_sentence() -> None:
    text = "Ich wohne seit 2019 in Graz. Wie komme ich zum Bahnhof?"
    assert sentences(text) == ["Ich wohne seit 2019 in Graz.", "Wie komme ich zum Bahnhof?"]


def test_ordinals_and_numbers_stay_inside_their_sentence() -> None:
    text = "Am 3. Oktober ist Feiertag. Die 12. Klasse fährt weg. Es kostet 280.000 €. Gut."
    assert sentences(text) == [
        "Am 3. Oktober ist Feiertag.",
        "Die 12. Klasse fährt weg.",
        "Es kostet 280.000 €.",
        "Gut.",
    ]
