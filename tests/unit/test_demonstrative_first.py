"""Foreign self-statements (issue 11): a German or Spanish clause that fronts a demonstrative
pronoun ("das weiß ich nicht", "eso lo hago yo") points back into the talk, not a statement of the
speaker's (model/embedded/demonstrative_first.py). A definite thing fronted ("den Kaffee habe ich
immer schwarz getrunken") is read as at e10c801: the rule once added for it dropped statements
(reviews RV1 F1, RV2 G1-G8) and is gone. The whole embedded detector is asked, so the rule is seen
where it acts."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.demonstrative_first import points_back
from memscribe.model.embedded.detect import extract
from memscribe.transcript import parse_transcript


def _profiles(said: str) -> list[str]:
    turns = parse_transcript(f"User: {said}\n\nAssistant: Noted.\n", source="probe", fmt="text").turns
    return [p.body for p in extract(turns).profiles]


@pytest.mark.parametrize(
    "said", ["Das weiß ich nicht.", "Sowas mache ich nur nebenbei.", "Das bin ich gewohnt."]
)
def test_a_demonstrative_fronted_points_back_into_the_talk(said: str) -> None:
    # "das", "sowas" before the verb take up what was said, as an object clitic does
    assert _profiles(said) == []


def test_a_demonstrative_with_a_habit_still_states_one() -> None:
    assert any("abends" in b for b in _profiles("Das mache ich sowieso nur abends."))
    assert points_back("eso lo hago yo", "es")
    assert not points_back("eso lo hago cada día", "es")
    assert not points_back("Das ist mein Job", "de")


def test_a_demonstrative_before_a_noun_is_no_pronoun() -> None:
    # a fronted definite or demonstrative phrase is not read; neither French nor English is
    assert not points_back("Das Backend schreibe ich in Go", "de")
    assert not points_back("Das Auto hab ich im März verkauft", "de")
    assert not points_back("El coche lo vendimos en marzo", "es")
    assert not points_back("ça je le sais pas", "fr")
    assert not points_back("that I don't know", "en")


#: The probe sentences of reviews RV1 (/tmp/rv43a/fronted.txt) and RV2 (/tmp/rv43b/fronted*.txt,
#: f_min.txt), each with what e10c801 wrote for it; the fronted-thing rule (21ad0cea..55854d6a)
#: wrote nothing for most of them (G1 a habit in the perfect, G2 a negated event, G3 lower case,
#: G6 a time noun, G8 a duration).
_AS_AT_E10C801 = [
    ("Das Auto hab ich im März verkauft.", ['User, in their words: "Das Auto hab ich im März verkauft".']),
    ("El coche lo vendimos en marzo.", ['User, in their words: "El coche lo vendimos en marzo".']),
    (
        "Die meiste Zeit arbeite ich von zu Hause.",
        ['User, in their words: "Die meiste Zeit arbeite ich von zu Hause".'],
    ),
    ("Das Backend schreibe ich in Go.", ['User, in their words: "Das Backend schreibe ich in Go".']),
    ("Die Kinder und ich wohnen in Köln.", ['User, in their words: "ich wohnen in Köln".']),
    (
        "Den Kaffee habe ich immer schwarz getrunken.",
        ['User, in their words: "Den Kaffee habe ich immer schwarz getrunken".'],
    ),
    (
        "El café lo he tomado siempre sin azúcar.",
        ['User, in their words: "El café lo he tomado siempre sin azúcar".'],
    ),
    ("El café siempre lo tomé sin azúcar.", ['User, in their words: "El café siempre lo tomé sin azúcar".']),
    (
        "Den Führerschein habe ich nie gemacht.",
        ['User, in their words: "Den Führerschein habe ich nie gemacht".'],
    ),
    ("El carné nunca lo saqué.", ['User, in their words: "El carné nunca lo saqué".']),
    ("die wohnung haben wir in erfurt", ['User, in their words: "die wohnung haben wir in erfurt".']),
    ("die praxis habe ich in erlangen", ['User, in their words: "die praxis habe ich in erlangen".']),
    (
        "Die Kindheit habe ich in Polen verbracht.",
        ['User, in their words: "Die Kindheit habe ich in Polen verbracht".'],
    ),
    (
        "Den Januar habe ich in Thailand verbracht.",
        ['User, in their words: "Den Januar habe ich in Thailand verbracht".'],
    ),
    (
        "Das Haus hatten wir zehn Jahre lang.",
        ['User, in their words: "Das Haus hatten wir zehn Jahre lang".'],
    ),
    ("Die Firma habe ich 2015 gegründet.", ['User, in their words: "Die Firma habe ich 2015 gegründet".']),
    (
        "Das Motorrad habe ich verkauft und fahre jetzt Fahrrad.",
        [
            'User, in their words: "Das Motorrad habe ich verkauft".',
            'User, in their words: "fahre jetzt Fahrrad".',
        ],
    ),
    ("El padre de la bebé soy yo.", ['User, in their words: "El padre de la bebé soy yo".']),
    (
        "El coche lo venderé el mes que viene.",
        ['User, in their words: "El coche lo venderé el mes que viene".'],
    ),
]


@pytest.mark.parametrize(("said", "written"), _AS_AT_E10C801)
def test_a_fronted_thing_is_written_as_at_e10c801(said: str, written: list[str]) -> None:
    assert _profiles(said) == written
