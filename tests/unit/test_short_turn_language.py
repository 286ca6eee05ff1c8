"""A short turn in German, Spanish or French is placed in its language (issue 11): the speaker's
first person opening it in a form English never writes counts twice, and German is counted the
function words it shares with English ("in"). English with a foreign name or word stays English."""

from __future__ import annotations

import pytest

from memscribe.lexicon.identify import language_of
from memscribe.model.embedded.detect import extract
from tests.support.turns import make_transcript


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Ich wohne in Hamburg.", "de"),
        ("Ich arbeite in Berlin.", "de"),
        ("Ich spiele Gitarre.", "de"),
        ("Ich komme aus Wien.", "de"),
        ("Soy enfermera.", "es"),
        ("Tengo dos hijos.", "es"),
        ("Estoy casada.", "es"),
        ("Yo trabajo en Madrid.", "es"),
    ],
)
def test_a_short_foreign_turn_is_placed_in_its_language(text: str, lang: str) -> None:
    assert language_of(text) == lang


@pytest.mark.parametrize(
    "text",
    [
        "I moved to München.",
        "I love tapas.",
        "I love tapas y sangria.",
        "I live in Málaga.",
        "Soy milk is great.",
        "Yo, is it up?",
        "Meet me in Berlin.",
        "plot x vs y",
    ],
)
def test_english_with_a_foreign_word_stays_english(text: str) -> None:
    assert language_of(text) == "en"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ich wohne in Hamburg.", "Ich wohne in Hamburg"),
        ("Soy enfermera.", "Soy enfermera"),
        ("Tengo dos hijos.", "Tengo dos hijos"),
        ("Ich spiele Gitarre.", "Ich spiele Gitarre"),
    ],
)
def test_a_short_foreign_statement_is_written(text: str, said: str) -> None:
    transcript = make_transcript(("user", text), ("assistant", "OK."))
    bodies = [p.body for p in extract(transcript.turns).profiles]
    assert f'User, in their words: "{said}".' in bodies


def test_an_english_statement_with_a_foreign_town_is_read_as_english() -> None:
    transcript = make_transcript(("user", "I moved to München."), ("assistant", "OK."))
    bodies = [p.body for p in extract(transcript.turns).profiles]
    assert bodies == ["User lives in München (moved there recently)."]


@pytest.mark.parametrize(
    "text", ["Me quedo con este entonces.", "Je prends celle-ci alors.", "Ich nehme den blauen dann!"]
)
def test_a_decision_closed_by_a_link_of_consequence_and_a_stop_gives_nothing(text: str) -> None:
    """'alors', 'entonces', 'dann' closing the clause mark a decision of the moment with its full
    stop too (the stop hid it: read as French, 'Je prends celle-ci alors.' was written)."""
    transcript = make_transcript(("user", text), ("assistant", "OK."))
    assert extract(transcript.turns).profiles == []
