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
