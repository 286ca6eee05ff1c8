"""Foreign self-statements (issue 11) that bring no new fact of the user's: a state said to go on
("still", "as ever": given, it restates), a thing parted with beside what holds now or in a
working session (sold, given away: the old value only), and, in a turn asking for help, an undertaking under way (looking for, preparing,
planning: the goal of the asks). A parting that dates the state a main clause says now holds
("since I sold …, I …"), a parting said alone in a chat (the change: it archives the stored
value) and a statement beside them are kept."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.statements import foreign_statements
from memscribe.schemas.transcript import SourcePos, Turn

SRC = SourcePos(file="-", line=1)


def _said(text: str, **session: bool) -> list[str]:
    turn = Turn(index=0, role="user", text=text, source=SRC)
    return [c.body for c in foreign_statements(turn, **session)]


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        ("Sigo trabajando en la misma gestoría de Murcia.", "gestoría"),
        ("Je joue encore au badminton le mardi soir.", "badminton"),
        ("週末は相変わらず山に登っています。", "山に登"),
        ("私はまだ高校の数学教師をしています。", "数学教師"),
        ("Ich spiele nach wie vor Cello im Orchester.", "Cello"),
    ],
)
def test_a_state_said_to_go_on_is_given_not_new(text: str, dropped: str) -> None:
    bodies = _said(text)
    assert not any(dropped in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "dropped", "kept"),
    [
        (
            "Meinen Roller habe ich letztes Jahr verkauft. Ich fahre jetzt mit der Straßenbahn zur Uni.",
            "Roller",
            "Straßenbahn",
        ),
        ("J'ai vendu ma moto en mai. Je fais tout à vélo maintenant.", "moto", "vélo"),
        ("Vendí la furgoneta en enero. Ahora tengo un abono de tren.", "furgoneta", "tren"),
    ],
)
def test_a_thing_parted_with_is_the_old_value(text: str, dropped: str, kept: str) -> None:
    bodies = _said(text)
    assert not any(dropped in b for b in bodies), bodies
    assert any(kept in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Bei Siemens habe ich gekündigt.", "Siemens"),
        ("J'ai résilié mon abonnement à la salle de sport.", "abonnement"),
        ("Vendí el coche en enero.", "coche"),
    ],
)
def test_a_parting_said_alone_in_a_chat_is_the_change(text: str, kept: str) -> None:
    """The end of a state a memory may hold, said alone: the evidence that archives it (issue 11)."""
    assert any(kept in b for b in _said(text)), _said(text)
    assert not any(kept in b for b in _said(text, working=True))  # a working session: the old value


def test_a_parting_that_dates_a_new_state_is_kept() -> None:
    bodies = _said("Desde que vendí el piso de Sevilla vivo de alquiler en Cádiz.")
    assert any("Cádiz" in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        ("Je cherche un vélo électrique pour la ville, tu peux me conseiller ?", "vélo"),
        ("Ich plane eine Radreise an der Donau, kannst du mir eine Packliste schreiben?", "Radreise"),
        ("Busco un portátil ligero para la facultad, ¿me puedes recomendar alguno?", "portátil"),
    ],
)
def test_an_undertaking_in_a_turn_of_asks_is_the_task(text: str, dropped: str) -> None:
    bodies = _said(text)
    assert not any(dropped in b for b in bodies), bodies


def test_an_undertaking_told_without_asks_is_kept() -> None:
    bodies = _said("Je prépare le concours de l'agrégation depuis deux ans.")
    assert any("agrégation" in b for b in bodies), bodies
