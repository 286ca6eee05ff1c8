"""Verbs of ending in German, French and Spanish name what they end as left behind.

"Wir haben Jira im Januar abgeschafft", "Nous avons abandonné Jira pour Linear", "En enero
dejamos Jira" reported no change and left nothing behind, so the stored "uses Jira" stayed active.
German puts the perfect's participle last: the object between the auxiliary and it is what ends.
"""

from __future__ import annotations

import pytest

from memscribe.semantic.updates import change_cue, names_left_behind

JIRA = "User's team uses Jira for issue tracking."


@pytest.mark.parametrize(
    "said",
    [
        "Wir haben Jira im Januar abgeschafft.",
        "Ich habe Jira letztes Jahr aufgegeben.",
        "Nous avons abandonné Jira pour Linear en janvier.",
        "On a laissé tomber Jira l'an dernier.",
        "En enero dejamos Jira.",
        "Hemos abandonado Jira por Linear.",
    ],
)
def test_an_ending_names_its_object_left_behind(said: str) -> None:
    assert change_cue(said)
    assert names_left_behind(said, JIRA)


@pytest.mark.parametrize(
    "said",
    [
        "Wir haben Jira im Januar eingeführt.",  # a start, not an ending
        "Nous avons abandonné Trello pour Jira.",  # Jira is the new value
        "Dejé de usar Trello, ahora todo va en Jira.",
    ],
)
def test_the_new_value_is_not_left_behind(said: str) -> None:
    assert not names_left_behind(said, JIRA)
