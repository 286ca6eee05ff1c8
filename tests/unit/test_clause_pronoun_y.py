"""French "y" is a pronoun after its subject ("il y a deux ans", "on y va"), not the Spanish link
"y" at which a clause is split: the sentence keeps its time and place whole."""

from __future__ import annotations

from tests.support.turns import extracted_profile_bodies as _bodies


def test_french_il_y_a_is_not_cut_at_y() -> None:
    bodies = _bodies("J'ai arrêté de fumer il y a deux ans.")
    assert bodies == ['User, in their words: "J\'ai arrêté de fumer il y a deux ans".'], bodies


def test_french_pronoun_y_after_a_subject_leaves_no_clause_of_its_own() -> None:
    bodies = _bodies("Je travaille comme infirmière. Il y a un an j'ai commencé le vélo.")
    assert not any(b.startswith('User, in their words: "a ') for b in bodies), bodies
    bodies = _bodies("Je suis végétarienne depuis qu'il y a eu ce documentaire.")
    assert not any(b.endswith("qu'il\".") for b in bodies), bodies


def test_spanish_y_still_links_two_clauses() -> None:
    bodies = _bodies("Vivo en Sevilla y trabajo como enfermera.")
    assert 'User, in their words: "Vivo en Sevilla".' in bodies, bodies
    assert 'User, in their words: "trabajo como enfermera".' in bodies, bodies


def test_french_y_after_a_noun_or_before_an_infinitive_is_a_pronoun_too() -> None:
    """Review RV1 F6: the subject-pronoun list left "ma sœur y habite" and "je compte y rester"
    cut; French "y" is never a link."""
    bodies = _bodies("Je vis à Lyon parce que ma sœur y habite.")
    assert not any(b.endswith('ma sœur".') for b in bodies), bodies
    bodies = _bodies("J'habite à Nantes et je compte y rester longtemps.")
    assert not any(b.endswith('je compte".') for b in bodies), bodies
