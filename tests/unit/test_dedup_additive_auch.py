"""German "auch" adds a value beside the stored one (issue 11; a fix of lost data).

"Ich spiele Klavier." was archived by "Ich spiele jetzt auch Gitarre." (likewise a dog beside a
cat, Italian beside Spanish): the additive focus words (:func:`memscribe.semantic.updates.additive`)
held "also", "zusätzlich", "aussi", "también", "也", but not German "auch". "auch wenn" (even if)
and "auch wieder" (again: a return, as "started … again") add nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.updates import additive
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("Ich spiele Klavier.", "Ich spiele jetzt auch Gitarre."),
        ("Ich habe eine Katze.", "Ich habe jetzt auch einen Hund."),
        ("Ich lerne Spanisch.", "Ich lerne jetzt auch Italienisch."),
    ],
)
def test_a_value_added_with_auch_replaces_nothing(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("Ich wohne in Berlin.", "Ich wohne jetzt in München."),
        ("Ich esse vegetarisch.", "Ich esse jetzt auch wieder Fisch."),
        ("Ich trinke Kaffee.", "Ich trinke jetzt Tee, auch wenn ich Kaffee mag."),
        ("Ich arbeite bei Siemens.", "Ich arbeite jetzt bei Bosch."),
        # a stop said with an additive word is still a stop (review RV1)
        ("Ich trinke gern Wein.", "Ich trinke jetzt auch keinen Alkohol mehr."),
        ("I drink wine.", "I also don't drink alcohol anymore."),
    ],
)
def test_a_change_is_still_an_update(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


def test_additive_auch() -> None:
    assert additive('User, in their words: "Ich spiele jetzt auch Gitarre".')
    assert not additive('User, in their words: "Ich esse jetzt auch wieder Fisch".')
    assert not additive('User, in their words: "Ich trinke jetzt Tee, auch wenn ich Kaffee mag".')
    assert not additive('User, in their words: "Ich spiele jetzt Gitarre".')
    assert not additive('User, in their words: "Ich trinke jetzt auch keinen Alkohol mehr".')
    assert not additive("User also no longer eats meat.")
    assert not additive('User, in their words: "Je ne bois plus de vin non plus".')
    assert not additive("用户也不再喝酒。")
