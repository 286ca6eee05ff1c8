"""One statement about the speaker said in several strokes, one of them reporting a change, is one
memory (issue 11): "Seit Oktober arbeite ich komplett remote, das Münchner Büro sehe ich nur noch
zweimal im Jahr" is one new arrangement, not two facts. The strokes join only when they follow one
another (a refused clause between them is not quoted again), name at most one facet and none is
negated. The town of a role is read in the role's own clause only, so a joined statement gives no
town from a later stroke ("... und habe das B1-Zertifikat in Spanisch")."""

from __future__ import annotations

import pytest

from memscribe.lexicon.langs import LANGUAGES as ROWS
from memscribe.model.embedded.places import place_in_role
from memscribe.model.embedded.profiles import profiles_from_turn
from memscribe.model.embedded.statements import _pieces, foreign_statements
from memscribe.schemas.transcript import SourcePos, Turn
from tests.support.turns import make_transcript

SRC = SourcePos(file="-", line=1)


def _said(text: str) -> list[str]:
    return [c.body for c in foreign_statements(Turn(index=0, role="user", text=text, source=SRC))]


def _profiles(text: str) -> list[str]:
    turn = make_transcript(("user", text)).turns[0]
    return [c.body for c in profiles_from_turn(turn, correction_turn=False, conversation=True)]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Seit Oktober arbeite ich komplett remote, das Münchner Büro sehe ich nur noch zweimal im Jahr.",
            ("remote", "Münchner Büro"),
        ),
        (
            "Je cours trois fois par semaine et depuis septembre je travaille chez Airbus.",
            ("cours", "Airbus"),
        ),
        ("Ich bin inzwischen Teamleiterin und wohne seit Mai in Graz.", ("Teamleiterin", "Graz")),
        ("Vivo en Valencia y ahora tengo dos perros.", ("Valencia", "perros")),
    ],
)
def test_a_change_said_in_one_of_several_strokes_is_one_memory(text: str, words: tuple[str, ...]) -> None:
    bodies = _said(text)
    assert len(bodies) == 1, bodies
    assert all(w in bodies[0] for w in words), bodies


def test_a_refused_clause_between_the_strokes_keeps_them_apart() -> None:
    bodies = _said(
        "J'ai soutenu ma thèse en juin, donc je ne suis plus doctorante, je suis postdoc maintenant."
    )
    assert len(bodies) == 2, bodies
    assert not any("doctorante" in b for b in bodies), bodies
    assert any("postdoc" in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        # two facets (home, work): two facts, each updated on its own
        "Seit Mai wohne ich in Graz und arbeite bei Siemens als Ingenieurin.",
        # a negated stroke is a fact of its own
        "Seit März bin ich Vegetarierin, aber ich trinke keinen Alkohol.",
    ],
)
def test_strokes_on_two_facets_or_negated_stay_apart(text: str) -> None:
    assert len(_said(text)) == 2, _said(text)


def test_a_clause_after_a_preposition_with_its_own_subject_is_cut_as_a_clause() -> None:
    pieces = _pieces("Ich wohne in Leipzig, mit meiner Frau wohne ich seit 2020 dort.", ROWS["de"], "de")
    assert len(pieces) == 2, pieces


def test_a_joined_statement_gives_no_town_from_a_later_stroke() -> None:
    bodies = _profiles("Ich arbeite als Ärztin und habe seit Mai das B1-Zertifikat in Spanisch.")
    assert not any("based in" in b for b in bodies), bodies
    assert any("B1-Zertifikat" in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("body", "place"),
    [
        ('User, in their words: "Ich arbeite als Ärztin in Graz und lerne Spanisch".', "Graz"),
        ("User is 34, self-employed graphic designer in Ireland, no employer pension.", "Ireland"),
        ('User, in their words: "Soy maestra en Zaragoza y doy clases de inglés".', "Zaragoza"),
        ('User, in their words: "Ich arbeite als Ärztin und habe das B1-Zertifikat in Spanisch".', None),
        ('User, in their words: "Ich unterrichte in Englisch".', None),
    ],
)
def test_the_town_of_a_role_is_read_in_its_own_clause(body: str, place: str | None) -> None:
    assert place_in_role(body) == place
