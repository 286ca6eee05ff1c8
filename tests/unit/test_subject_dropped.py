"""First-person statements whose subject is left out or whose verb looks like an imperative
(memscribe.lexicon.langs rows, read by memscribe.model.embedded.statements)."""

from __future__ import annotations

import pytest

from memscribe.lexicon.langs import LANGUAGES
from memscribe.model.embedded.statements import foreign_statements
from memscribe.schemas.transcript import SourcePos, Turn


def _quoted(text: str) -> list[str]:
    turn = Turn(index=0, role="user", text=text, source=SourcePos(file="-", line=1))
    return [c.body for c in foreign_statements(turn)]


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # German drops the subject of a first-person verb: "bin", "hab(e)", a lower-case -e form
        ("Bin Erzieherin in einer Kita und das ist mir wichtig.", "Bin Erzieherin in einer Kita"),
        ("Also, hab eine Laktoseintoleranz, das wissen die wenigsten.", "hab eine Laktoseintoleranz"),
        ("Ich bin Bäcker, wohne in Graz seit 2019.", "wohne in Graz seit 2019"),
        # a verb form that is also an imperative, after its subject, is a statement
        ("Ich mach ehrenamtlich die Buchhaltung für unseren Sportverein.", "Ich mach ehrenamtlich"),
        ("Je fais du vélo tous les dimanches avec mon club.", "Je fais du vélo"),
    ],
)
def test_a_first_person_statement_is_kept(text: str, clause: str) -> None:
    assert any(clause in body for body in _quoted(text))


@pytest.mark.parametrize(
    "text",
    [
        "Mach bitte die Tabelle kürzer und schreib die Summen dazu.",  # imperatives: requests
        "Fais un résumé du rapport pour mon équipe.",
        "Das sind die Mitglieder, die den Jahresbeitrag noch nicht bezahlt haben.",  # a relative
        "Okay, danke. Nein, lass gut sein, ich schreib's selbst.",  # giving up on the task
        "Meine Kollegin wohnt in Graz und die Kinder gehen dort zur Schule.",  # someone else
    ],
)
def test_requests_relatives_and_give_ups_are_not(text: str) -> None:
    assert _quoted(text) == []


@pytest.mark.parametrize(
    ("clause", "first"),
    [
        ("wohne in Wien", True),
        ("arbeite als Bäcker", True),
        ("bin farbenblind", True),
        ("eine Katze hab ich auch", False),  # the subject is there, later: the pronoun says so
        ("letzte Woche war hart", False),  # an adjective before its noun
        ("heute gerne wieder", False),
        ("Woche war hart", False),
    ],
)
def test_the_german_row_reads_a_dropped_subject_from_the_verb(clause: str, first: bool) -> None:
    opening = LANGUAGES["de"].first_person.match(clause) is not None
    assert opening is first


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # Japanese drops the subject, and the polite progressive its "い" as it is spoken
        ("週末は地元の少年野球でコーチやってます。", "少年野球でコーチやってます"),
        ("毎晩寝る前にギターを練習してます", "ギターを練習してます"),
    ],
)
def test_a_japanese_spoken_progressive_is_a_statement(text: str, clause: str) -> None:
    assert any(clause in body for body in _quoted(text))


@pytest.mark.parametrize(
    "text",
    [
        "いま駅のホームで電車を待っています",  # this moment ("now" said bare)
        "報告書の第2節を書いてるところです",  # the middle of a task
        "転職するかどうかずっと迷っています",  # undecided: a hedge
        "締め切りが近すぎて本当に焦っています",  # a passing state
    ],
)
def test_a_japanese_progressive_of_the_moment_or_undecided_is_not(text: str) -> None:
    assert _quoted(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "wenn ich im Lotto gewinn, kauf ich mir ein Segelboot am Gardasee",  # a condition
        "je crois que je deviens allergique au pollen, j'ai les yeux qui piquent",  # a belief
        "Mi hermana dice que tengo que cambiar de trabajo, yo trabajo demasiado",  # reported
    ],
)
def test_a_hedge_reaches_over_the_clauses_after_it(text: str) -> None:
    assert _quoted(text) == []


def test_an_obligation_does_not_reach_over_the_clause_after_it() -> None:
    bodies = _quoted("Ich muss jeden Morgen um vier raus, ich bin Bäckerin in Graz.")
    assert any("ich bin Bäckerin in Graz" in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "ich glaub ich hab ne Glutenunverträglichkeit",  # spoken German drops the hedge's "-e"
        "würd ich mir nie im Leben antun, so nen Marathon",
    ],
)
def test_a_german_hedge_with_its_ending_dropped_is_a_hedge(text: str) -> None:
    assert _quoted(text) == []


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # Spanish drops the subject of a first-person verb in the preterite (-é) and the plural
        ("Hola. Aprobé el examen de inglés y ahora doy clases.", "Aprobé el examen de inglés"),
        ("Hola. Terminé la carrera en junio y ahora trabajo en una farmacia.", "Terminé la carrera"),
        ("Hola. El año pasado nos mudamos a Valencia con los niños.", "nos mudamos a Valencia"),
        ("Hola. Vendimos el coche hace un año y no lo echamos de menos.", "Vendimos el coche"),
    ],
)
def test_a_spanish_first_person_verb_names_the_speaker(text: str, clause: str) -> None:
    assert any(clause in body for body in _quoted(text))


@pytest.mark.parametrize(
    "text",
    [
        "Hola, ¿qué tal? El café de aquí está muy rico.",  # -é of a noun or pronoun: no verb
        "Los últimos días fueron muy largos para todos.",  # -imos of an adjective
        "Aquí en Valencia decimos 'fesols' para las judías.",  # a verb of saying: words, not a fact
    ],
)
def test_spanish_words_that_only_look_first_person_are_not(text: str) -> None:
    assert _quoted(text) == []


def test_a_german_only_now_names_the_new_state_beside_a_change() -> None:
    # "nur noch" restricts to what holds now ("only by bike now"): the new value, not a cessation
    # that only names the old one beside it
    said = _quoted("Hallo. Das Auto haben wir letztes Jahr verkauft, ich fahre nur noch Rad.")
    assert any("ich fahre nur noch Rad" in body for body in said)
