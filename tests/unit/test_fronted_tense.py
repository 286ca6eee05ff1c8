"""Issue 11, review RV1 F1/F7: the fronted-thing rule (model/embedded/topic_first.py) reads only an
EVENT told once about the fronted thing (German perfect or preterite, Spanish preterite or perfect
after a real clitic), never a present tense clause, a fronted time or measure phrase, or an article
taken for a clitic. The whole embedded detector is asked, so the rule is seen where it acts."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.detect import extract
from memscribe.model.embedded.topic_first import about_fronted_thing
from memscribe.transcript import parse_transcript


def _profiles(said: str) -> list[str]:
    turns = parse_transcript(f"User: {said}\n\nAssistant: Noted.\n", source="probe", fmt="text").turns
    return [p.body for p in extract(turns).profiles]


#: RV1 F1 and F7: each written (quoted) at e10c801, nothing written at de9f77a8.
_WRITTEN_AT_E10C801 = [
    ("Die meiste Zeit arbeite ich von zu Hause.", "von zu Hause"),
    ("Die letzten drei Jahre habe ich bei Bosch gearbeitet.", "Bosch"),
    ("Den Großteil meiner Arbeit mache ich in Python.", "Python"),
    ("Das Backend schreibe ich in Go.", "Go"),
    ("Den Laden führe ich mit meiner Schwester.", "Schwester"),
    ("Die Infrastruktur betreue ich bei uns.", "Infrastruktur"),
    ("Das Unternehmen wo ich arbeite heißt Acme.", "Acme"),
    ("Den Rest der Woche arbeite ich im Büro.", "Büro"),
    ("Das Wochenende verbringe ich mit meiner Familie.", "Familie"),
    ("El resto de la semana trabajo en la oficina.", "oficina"),
    ("El backend lo escribo en Go.", "Go"),
    ("El equipo lo dirijo yo.", "equipo"),
    ("Die Kinder plus ich wohnen in Köln.", "Köln"),
    ("Die Kinder wie ich lieben Pizza.", "Pizza"),
]


@pytest.mark.parametrize(("said", "quoted"), _WRITTEN_AT_E10C801)
def test_a_present_statement_or_a_fronted_time_is_written(said: str, quoted: str) -> None:
    bodies = _profiles(said)
    assert any(quoted in b for b in bodies), bodies


@pytest.mark.parametrize(
    "said",
    [
        "das Auto hab ich im März verkauft",
        "Den Job bei Siemens habe ich gekündigt",
        "el coche lo vendimos en marzo",
        "Das Backend habe ich in Go geschrieben.",
        "La casa la he vendido.",
        "La empresa la fundé yo en 2015.",
    ],
)
def test_a_thing_acted_on_once_is_still_not_the_speakers(said: str) -> None:
    assert _profiles(said) == []


@pytest.mark.parametrize(
    ("clause", "lang"),
    [
        # present tense: a state of the speaker's, whatever stands first
        ("Das Team leite ich", "de"),
        ("Die Abende verbringe ich mit Lesen", "de"),
        ("El piso lo compartimos con dos amigos", "es"),  # -imos alone: present as well
        ("Los fines de semana los pasamos en la sierra", "es"),
        # a time or measure phrase first, even in the perfect
        ("Die ganze Woche habe ich im Büro gearbeitet", "de"),
        ("Die Arbeitszeit habe ich reduziert", "de"),
        # the perfect without its participle closing the clause: a possession, not an event
        ("Die Wohnung haben wir in Berlin", "de"),
        # an event since a time holds still
        ("Die Leitung habe ich seit Januar übernommen", "de"),
        # presents that end like a preterite: no stem in -t/-d before -ete
        ("Die Wohnung vermiete ich an Studenten", "de"),
        ("Die Firma vertrete ich auf Messen", "de"),
        ("Esas cosas las sé", "es"),
        # a place closing a clause of having is no participle (a noun, in capitals)
        ("Die Wohnung haben wir in Erfurt", "de"),
        ("Die Praxis habe ich in Erlangen", "de"),
    ],
)
def test_no_event_told_once_is_not_read(clause: str, lang: str) -> None:
    assert not about_fronted_thing(clause, lang)


@pytest.mark.parametrize(
    ("clause", "lang"),
    [
        ("Das Projekt leitete ich bis 2019", "de"),
        ("Die Wohnung vermietete ich an Studenten", "de"),
        ("Die Katze hatten wir nur zwei Jahre", "de"),
        ("La empresa la fundamos en 2015", "es"),  # -amos with a year gone by: a preterite
        ("El backend lo escribí en Go", "es"),
        ("Los muebles los compraron mis padres", "es"),
    ],
)
def test_a_preterite_is_an_event(clause: str, lang: str) -> None:
    assert about_fronted_thing(clause, lang)
