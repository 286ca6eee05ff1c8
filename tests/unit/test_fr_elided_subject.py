"""A French clause whose subject is left out after "et", coordinated with one of the speaker's, is
the speaker's ("Je vis à Lyon et travaille à Genève"); a bare word coordinated with a bare word of
the clause before, an infinitive, a participle and an apposition after a comma are not, and a
carried clause is hedged as the speaker's would be."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("Je vis à Lyon et travaille à Genève.", "travaille à Genève"),
        ("Je vis à Lyon, et travaille à Genève.", "travaille à Genève"),
        ("J'habite à Paris et adore la ville.", "adore la ville"),
        ("Je bosse chez Orange et vis en banlieue.", "vis en banlieue"),
        ("Je vis à Lyon et préfère le train.", "préfère le train"),
    ],
)
def test_a_second_clause_without_its_subject_is_the_speakers(text: str, quoted: str) -> None:
    bodies = _bodies(text)
    assert f'User, in their words: "{quoted}".' in bodies, bodies


@pytest.mark.parametrize(
    ("text", "not_quoted"),
    [
        ("Je parle français et anglais au travail.", "anglais"),
        ("Je suis fatigué et malade depuis hier.", "malade"),
        ("Je dois finir mon script et calculer des moyennes journalières.", "calculer"),
        ("J'ai enfin un week-end, fini les factures de freelance.", "fini les factures"),
        ("Mon frère vit à Lyon et travaille à Genève.", "travaille"),
        ("J'aime le thé et le café.", "le café"),
        # appositions after a comma (RV2): a noun, not a verb with its subject left out
        ("Je travaille chez Renault, entreprise de voitures.", "entreprise"),
        ("J'habite à Lyon, capitale de la gastronomie.", "capitale"),
        ("Je vis à Nantes, ville des ducs de Bretagne.", "ville"),
        # a carried clause is hedged as "je pense …" is (RV2)
        ("Je travaille chez Renault, et pense à partir.", "pense"),
    ],
)
def test_a_list_item_an_infinitive_or_another_subject_is_not(text: str, not_quoted: str) -> None:
    bodies = _bodies(text)
    assert not any(b.startswith(f'User, in their words: "{not_quoted}') for b in bodies), bodies
