"""Something the user got rid of (sold, gave away, gave up, cancelled) beside what holds now, in
es/de/fr/ja: the leaving names only the old value, as a cessation ("ya no", "nicht mehr", "ne …
plus") does and as English "I sold my car" does in a working session (issue 11)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.statements import foreign_statements
from memscribe.schemas.transcript import SourcePos, Turn


def _found(text: str) -> list[tuple[str, str]]:
    turn = Turn(index=0, role="user", text=text, source=SourcePos(file="-", line=1))
    return [(c.slug, c.body) for c in foreign_statements(turn)]


@pytest.mark.parametrize(
    ("text", "now", "old"),
    [
        (
            "Das Auto hab ich im März verkauft, ich mach inzwischen alles mit dem Lastenrad.",
            "Lastenrad",
            "verkauft",
        ),
        ("J'ai vendu ma voiture, maintenant je fais tout à vélo.", "vélo", "vendu"),
        ("Je suis végétarienne depuis dix ans, j'ai abandonné la viande.", "végétarienne", "abandonné"),
        ("車は去年売った、今は自転車で通勤しています。", "自転車", "売った"),
        ("J'ai quitté la banque, maintenant je suis prof de maths.", "prof de maths", "quitté"),
        ("Renuncié al banco y ahora trabajo como profesora.", "profesora", "Renuncié"),
    ],
)
def test_what_was_left_beside_what_holds_now_is_not_written(text: str, now: str, old: str) -> None:
    found = _found(text)
    assert found, text
    assert any(now in body for _, body in found), found
    assert not any(old in body for _, body in found), found  # before: the whole span, sale included


def test_the_new_state_takes_the_facet_of_what_it_replaces() -> None:
    (slug, _), *_ = _found("Das Auto hab ich im März verkauft, ich mach inzwischen alles mit dem Lastenrad.")
    assert slug.startswith("commute-")


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("Ich habe das Auto verkauft.", "Ich habe das Auto verkauft"),  # said alone, the leaving is the fact
        ("Hola. Vendimos el coche hace un año y no lo echamos de menos.", "Vendimos el coche"),
        ("私は市場でパンを売っています。", "パンを売っています"),  # selling is no sale made
        ("J'ai arrêté de fumer.", "arrêté de fumer"),
    ],
)
def test_a_leaving_said_alone_is_kept(text: str, clause: str) -> None:
    assert any(clause in body for _, body in _found(text)), _found(text)


def test_a_negated_reaction_pointing_back_is_no_statement() -> None:
    # "no lo echamos de menos" (we don't miss it): an object pronoun pointing back, negated
    assert not any(
        "echamos de menos" in body for _, body in _found("Vendimos el coche y no lo echamos de menos.")
    )
