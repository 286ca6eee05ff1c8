"""Issue 17: a statement's facets are asked of an ASCII text only when it holds one of the words
every match of the facet's pattern holds (lowered); the facets found are those of every pattern
asked of every text."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.semantic import facets

_TABLES = (
    (facets._STATEMENT, facets._STATEMENT_WORDS),
    (facets._VALUED, facets._VALUED_WORDS),
)
#: Every word the patterns name, as written in their source, and the prefilters' words.
_WORDS = sorted(
    {w for table, _ in _TABLES for p in table.values() for w in re.findall(r"[^\W\d_]+", p.pattern)}
    | {w.strip() for _, words in _TABLES for ws in words.values() for w in ws}
)
#: A statement for each ASCII alternative of the patterns (drawn whole too: most alternatives are
#: phrases, which words drawn one by one rarely make).
_PHRASES = (
    *("lives in Lyon", "living out in Leeds", "moved back to Porto", "moved into the flat"),
    *("relocated", "based in Oslo", "wohne in Bonn", "umgezogen", "ziehe nach Graz", "habite"),
    *("vis en Suisse", "vivo en Madrid", "nos mudamos", "mudada"),
    *("works as a nurse", "worked remotely for a bank", "working full-time at Acme", "joined Stripe"),
    *("new job", "job at Acme", "hired", "employed full-time", "heading the research team"),
    *("leads a lab", "manages our data group", "head the payments squad", "leading a division"),
    *("arbeite bei SAP", "Job", "Stelle", "angestellt", "leite das kleine Team"),
    *("leite unsere Abteilung", "travaille chez Airbus", "boulot", "poste"),
    *("dirige le service", "trabajo en Madrid", "curro", "puesto", "contratado"),
    *("asalariada", "dirijo el equipo", "lidero un grupo", "coordino mi departamento"),
    *("phd", "post-doc", "postdocs", "doctoral", "doctorante", "doktorandin", "doctorandos"),
    *("drives", "driving", "drove", "my old car", "commutes", "cargo bike", "by bike", "by train"),
    *("Auto", "Lastenrad", "Fahrrad", "E-Rad", "pendle", "fahre", "voiture", "je roule", "permis"),
    *("coche", "carro", "conduzco", "bici", "bicicleta"),
    *("night owl", "early riser", "early bird", "morning person", "wake up", "got up", "go to bed"),
    *("after midnight", "sleeps", "Nachteule", "aufstehe", "stehe um sechs auf", "schlafe"),
    *("couche-tard", "me couche", "je dors", "madrugadora", "me levanto", "me acuesto", "duermo"),
)
_FILLER = [
    "the",
    "a",
    "my",
    "our",
    "to",
    "in",
    "at",
    "as",
    "for",
    "up",
    "new",
    "now",
    "Berlin",
    "it's",
    "x-y",
]
_GLUE = [" ", " ", "  ", "\t", "\n", ", ", ". ", "-", "", "'s ", "’"]


@st.composite
def _texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(_WORDS + _FILLER + list(_PHRASES)), max_size=10))
    out = ""
    for w in words:
        if draw(st.booleans()):
            w = draw(st.sampled_from([w.upper(), w.capitalize(), w.lower()]))
        out += w + draw(st.sampled_from(_GLUE))
    return out


def _read_in_full(text: str) -> set[str]:
    return {f for table, _ in _TABLES for f, p in table.items() if p.search(text)}


@settings(max_examples=4000, deadline=None)
@given(_texts())
def test_every_match_in_an_ascii_text_holds_one_of_its_words(text: str) -> None:
    for table, words in _TABLES:
        for facet, pattern in table.items():
            for m in pattern.finditer(text):
                if m.group().isascii():
                    said = m.group().lower()
                    assert any(w in said for w in words[facet]), (facet, m.group())
    assert facets.statement_facets(text) == _read_in_full(text)


def test_written_statements_name_the_same_facets() -> None:
    cases = [
        "User lives in Lyon",
        "User moved to Berlin for a new job",
        "User works remotely for a bank",
        "User is heading the research team now",
        "User drives a VW Golf",
        "User gets up at 5",
        "User is a night owl",
        "User is a postdoc",
        "User is employed full-time",
        "Ich wohne in Köln",
        "Je travaille chez Airbus",
        "我住在上海",
        "User's favorite color is blue",
        "",
    ]
    for text in cases:
        assert facets.statement_facets(text) == _read_in_full(text)
    assert facets.statement_facets("User lives in Lyon") == {"residence"}
    assert facets.statement_facets("User moved to Berlin for a new job") == {"residence", "work"}


def test_each_alternative_holds_one_of_its_words() -> None:
    for phrase in _PHRASES:
        for text in (phrase, f"User {phrase} now", phrase.upper(), f"I {phrase.capitalize()}."):
            found = _read_in_full(text)
            assert facets.statement_facets(text) == found, text
            for table, words in _TABLES:
                for facet, pattern in table.items():
                    for m in pattern.finditer(text):
                        assert any(w in m.group().lower() for w in words[facet]), (facet, text)
        assert _read_in_full(phrase), phrase  # each phrase is a match of some pattern


def test_no_letter_beyond_ascii_in_a_pattern_matches_an_ascii_letter() -> None:
    # what makes the words sound for an ASCII text: its letters can only match the ASCII ones
    for table, _ in _TABLES:
        for pattern in table.values():
            for ch in {c for c in pattern.pattern if not c.isascii()}:
                for code in range(128):
                    assert re.fullmatch(re.escape(ch), chr(code), pattern.flags) is None, (ch, code)
