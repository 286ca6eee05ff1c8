"""Adversarial probes of issue 11's supersession rules (a review): each archived a true memory,
or wrote a garbled body, before its fix; the controls still update what they should.

- an acquisition for somebody else ("a car for my daughter", "meiner Tochter", "给女儿"), by
  somebody else ("我哥哥买了"), or of a thing the kind word only modifies ("a car charger") does
  not turn the stored "has no car";
- a completion whose object is another, longer thing ("the JLPT N2 practice test", "the exam
  study guide to my colleague") or not reached ("almost finished", "casi aprobé") ends no pursuit;
- a stored former state ("used to live in Paris") is not replaced by a value of now;
- "still" and "also" keep a value beside the stored one ("I still use Vim for quick edits" /
  "editor is Helix"), though both are filed under the same slug;
- a time said first ("最近は妻がMacを…") leaves a relative the subject: the wife's change;
- an adverb before the verb takes no agreement ("User now earns 75k", not "nows earn").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.text import third_singular
from memscribe.semantic.pursuit import completes
from memscribe.semantic.updates import acquired_what_was_lacked
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

NO_CAR = "User has no car"
AWS = "User is preparing for the AWS Solutions Architect exam"


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("transport", NO_CAR, "I bought a car for my daughter"),
        ("transport", NO_CAR, "I bought a car charger for my phone"),
        ("transport", NO_CAR, "I bought car insurance for my rental"),
        ("transport", NO_CAR, "Ich habe meiner Tochter ein Auto gekauft"),
        ("transport", NO_CAR, "J'ai acheté une voiture pour ma fille"),
        ("transport", NO_CAR, "我给女儿买了一辆车"),
        ("transport", NO_CAR, "我哥哥买了一辆车"),
        ("transport", NO_CAR, "J'ai acheté un chargeur de voiture"),
        ("transport", NO_CAR, "Compré un seguro de coche"),
        ("exam-aws", AWS, "I passed the AWS Solutions Architect exam study guide to my colleague"),
        (
            "exam-jlpt",
            "User is studying for JLPT N2",
            "I passed the JLPT N2 practice test, the real one is in July",
        ),
        ("education", "User is a student at TU Munich", "I almost finished TU Munich's application form"),
        ("exam-bar", "User is studying for the bar exam", "I passed on the bar exam this year"),
        ("home-city", "User used to live in Paris", "I live in Lyon now"),
        ("home-city", "User lived in Paris for ten years", "I live in Lyon now"),
        ("job", "User worked at Google until 2020", "I work at Stripe now"),
        ("editor", "User's editor is Helix", "I still use Vim for quick edits"),
        ("editor", "User's editor is Helix", "I also use Vim for quick edits"),
        # somebody else after a time said first (a853d54's 最近は / 現在は cues)
        ("os", "User develops on Windows at work", "最近は妻がMacを使っている"),
        ("os", "User develops on Windows at work", "現在は兄がMacを使っている"),
        ("home-city", "User lives in Osaka", "最近は妻が東京に引っ越した"),
    ],
)
def test_nothing_true_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("transport", NO_CAR, "I bought a car last week"),
        ("exam-aws", AWS, "I passed the AWS Solutions Architect exam last week."),
        ("home-city", "User lives in Paris", "I live in Lyon now"),
        ("editor", "User's editor is Helix", "I switched to Vim last month"),
        ("salary", "User earns 60k", "I now earn 75k"),
        ("os", "User develops on Windows at work", "最近はMacを使っている"),
        ("home-city", "User used to live in Paris", "Actually I never lived in Paris"),
    ],
)
def test_the_stored_value_changed_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("new", "old", "turned"),
    [
        ("User bought a car.", NO_CAR, True),
        ("User bought a car for their daughter.", NO_CAR, False),
        ("User bought a car charger for their phone.", NO_CAR, False),
        ('User, in their words: "Le compré un coche a mi hija".', NO_CAR, False),
        ('User, in their words: "娘に車を買った".', NO_CAR, False),
    ],
)
def test_acquired_for_the_user(new: str, old: str, turned: bool) -> None:
    assert acquired_what_was_lacked(new, old) is turned


@pytest.mark.parametrize(
    ("new", "old", "done"),
    [
        ("User passed the AWS Solutions Architect exam.", AWS, True),
        ("User graduated from TU Munich in July.", "User is a student at TU Munich", True),
        ("User passed the JLPT N2 practice test.", "User is studying for the JLPT N2", False),
        ("User almost finished the Berlin Marathon.", "User is training for the Berlin Marathon", False),
        ('User, in their words: "Casi aprobé el DELE C1".', "User is studying for the DELE C1", False),
    ],
)
def test_completion_of_the_pursuit(new: str, old: str, done: bool) -> None:
    assert completes(new, old) is done


@pytest.mark.parametrize(
    ("verb", "agreed"),
    [
        ("now earn", "now earns"),
        ("almost finished", "almost finished"),
        ("still use", "still uses"),
        ("apply to jobs", "applies to jobs"),
        ("rely on", "relies on"),
    ],
)
def test_adverb_before_the_verb(verb: str, agreed: str) -> None:
    assert third_singular(verb) == agreed


def test_now_earns_body(tmp_path: Path) -> None:
    _, written = run(tmp_path, "salary", "User earns 60k", "I now earn 75k")
    assert "User now earns 75k." in written, written
