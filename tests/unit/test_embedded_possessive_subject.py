"""Issue 11: in Spanish, German and French, a clause whose subject is a possessive of "I" ("mein
Bassist schwört auf Ableton", "meine Steuerberaterin macht alles mit DATEV", "mon vieux Dell dort
au placard") is about that person or thing, not the speaker: no quote of it is written. A
possessive of "we" as the subject (the household's or team's arrangement) is still the speaker's
to say, as is a clause with the speaker as its subject beside it."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    "text",
    [
        "Mein Bassist schwört auf Ableton und will mich ständig bekehren.",
        "Meine Steuerberaterin macht alles mit DATEV.",
        "Mon vieux Dell dort au placard depuis des mois.",
    ],
)
def test_a_clause_about_my_someone_or_something_gives_no_quote(text: str) -> None:
    assert embedded_profile_bodies(text) == []


def test_the_speakers_clause_beside_it_is_still_quoted() -> None:
    bodies = embedded_profile_bodies(
        "Meine Steuerberaterin macht alles mit DATEV, ich schicke ihr nur die PDFs."
    )
    assert bodies == ['User, in their words: "ich schicke ihr nur die PDFs".']


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("Unsere Pipelines laufen alle mit Snakemake auf einem SLURM-Cluster.", "Snakemake"),
        ("Ich bin Grundschullehrerin in Freiburg und hab eine 3. Klasse.", "Grundschullehrerin"),
    ],
)
def test_a_we_possessive_or_the_speaker_as_subject_is_still_quoted(text: str, quoted: str) -> None:
    assert any(quoted in b for b in embedded_profile_bodies(text))
