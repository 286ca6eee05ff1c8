"""A sibling value on a stored slug topic is kept beside it (issue 11; a fix of lost data).

The embedded extractor files "I'm allergic to shellfish" as ``allergy``, as it filed the stored
"User is allergic to peanuts"; the dedup decision's rule 1 took one slug for one value and
archived the peanut allergy (at e10c801 and 57d7587). Allergies, languages spoken, pets,
children, hobbies hold several values at once: another value on the topic replaces the stored
one only when both cannot hold (:mod:`memscribe.model.embedded.dedup_slot`): a change reported,
a single-valued facet, a value class, a count, a named slot, a denial; else both are kept.
Each sibling below was superseded before (the end-to-end ones archived the stored memory); the
updates and restatements are decided as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.dedup_slot import modifier_swapped
from memscribe.relatedness import scores
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def _statement(text: str) -> str:
    """An English memory as written, anything else as the extractor quotes the user's words."""
    return text if text.startswith(("User", "用户")) else f'User, in their words: "{text}".'


def decide(slug: str, old: str, new: str) -> str:
    """The embedded decision on ``new`` against ``old``, both filed under ``slug``."""
    old, new = _statement(old), _statement(new)
    score = min(max(scores(new, [old])[0], 0.0), 1.0)
    item = ShortlistItem(id="prof_old", slug=slug, text=old, created="2026-01-01T00:00:00Z", score=score)
    request = DedupRequest(kind="profile", slug=slug, text=new, shortlist=(item,), said=new)
    return dedup_decision(request).action


@pytest.mark.parametrize(
    ("slug", "old", "new"),
    [
        ("allergy", "User is allergic to peanuts.", "User is allergic to shellfish."),
        ("allergy", "Ich bin allergisch gegen Erdnüsse", "Ich bin allergisch gegen Schalentiere"),
        ("allergy", "Je suis allergique aux arachides", "Je suis allergique aux fruits de mer"),
        ("allergy", "Soy alérgico a los cacahuetes", "Soy alérgico al marisco"),
        ("allergy", "用户对花生过敏。", "用户对海鲜过敏。"),
        ("language", "User speaks Spanish.", "User speaks Japanese."),
        ("language", "Ich spreche Spanisch", "Ich spreche Japanisch"),
        ("language", "Je parle espagnol", "Je parle japonais"),
        ("language", "用户会说西班牙语。", "用户会说日语。"),
        ("pet", "User has a cat.", "User has a dog."),
        ("pet", "Ich habe eine Katze", "Ich habe einen Hund"),
        ("pet", "J'ai un chat", "J'ai un chien"),
        ("hobby", "User enjoys hiking in the Alps.", "User enjoys skiing in the Alps."),
        ("child", "User has a daughter named Mia.", "User has a son named Leo."),
        ("instrument", "User plays the piano.", "User plays the violin."),
        # a denial of another value denies nothing stored
        ("language", "User speaks Spanish.", "User doesn't speak French."),
        # a second thing said of one possessed noun, or another number of another thing: review
        # RV3 K1/K2 (432d0dfb took any "User's <noun> is" for one slot, any number for one value)
        ("brother", "User's brother is a doctor.", "User's brother is called Tom."),
        ("dog", "User's dog is a golden retriever.", "User's dog is named Max."),
        ("hobby", "User's hobby is painting.", "User's hobby is chess."),
        ("daughter", "User's daughter is 5 years old.", "User's daughter is in first grade."),
        ("brother", "User has a brother aged 12.", "User has a brother aged 15."),
        # a frame with no value of the slot in it: review RV5 M3/M4 (4e6fe60f read the frame only)
        ("son", "User's son is named Max.", "User's son is named after his grandfather."),
        ("favorite-color", "User's favorite color is blue.", "User's favorite color is definitely not green."),
    ],
)
def test_a_sibling_value_is_kept_beside(slug: str, old: str, new: str) -> None:
    assert decide(slug, old, new) == "keep_both"


@pytest.mark.parametrize(
    ("slug", "old", "new"),
    [
        ("home-city", "User lives in Lyon.", "User lives in Berlin."),  # a facet, no change said
        ("home-city", "Ich wohne in Lyon", "Ich wohne jetzt in Berlin"),
        ("home-city", "J'habite à Lyon", "J'habite à Berlin maintenant"),
        ("home-city", "Vivo en Lyon", "Ahora vivo en Berlín"),
        ("home-city", "用户住在里昂。", "用户现在住在柏林。"),
        ("home-city", "リヨンに住んでいます", "今はベルリンに住んでいます"),
        ("diet", "User eats meat.", "User doesn't eat meat."),  # a denial
        ("diet", "User eats meat.", "User no longer eats meat."),
        ("diet", "Ich esse Fleisch", "Ich esse kein Fleisch mehr"),
        ("diet", "Je mange de la viande", "Je ne mange plus de viande"),
        ("diet", "Como carne", "Ya no como carne"),
        ("diet", "用户吃肉。", "用户不再吃肉了。"),
        ("pet", "User has a cat.", "User no longer has a cat."),
        ("language", "User speaks Spanish.", "User switched from Spanish to Japanese."),
        ("budget-app", "User's budget app is YNAB.", "User's budget app is Actual Budget."),  # a named slot
        ("editor", "User uses Vim.", "User uses VS Code."),  # a value class
        ("coffee", "User drinks two coffees a day.", "User drinks three coffees a day."),  # a count
        ("goal", "User wants to run a half marathon.", "User wants to run a full marathon."),
        ("pets", "User has two kids.", "User has two kids and a dog."),  # holds it and more
    ],
)
def test_an_update_still_supersedes(slug: str, old: str, new: str) -> None:
    assert decide(slug, old, new) == "supersede_old"


@pytest.mark.parametrize(
    ("slug", "old", "new"),
    [
        ("allergy", "User is allergic to peanuts.", "User is allergic to peanuts."),
        ("language", "User speaks Spanish.", "User speaks Spanish fluently."),
        ("pet", "Ich habe eine Katze", "Ich habe eine Katze"),
    ],
)
def test_a_restatement_stays_a_duplicate(slug: str, old: str, new: str) -> None:
    assert decide(slug, old, new) == "drop_new"


@pytest.mark.parametrize(
    ("slug", "stored", "said", "written"),
    [
        ("allergy", "User is allergic to peanuts.", "I'm allergic to shellfish.", "shellfish"),
        ("allergy", "User is allergic to peanuts.", "Ich bin allergisch gegen Schalentiere.", "Schalentiere"),
        ("allergy", "User is allergic to peanuts.", "Je suis allergique aux fruits de mer.", "fruits de mer"),
        ("allergy", "User is allergic to peanuts.", "Soy alérgico al marisco.", "marisco"),
        ("allergy", "User is allergic to peanuts.", "私は甲殻類アレルギーがあります。", "甲殻類"),
        ("language", "User speaks Spanish.", "I speak Japanese.", "Japanese"),
        ("pet", "User has a cat.", "I have a dog.", "dog"),
        ("pet", "User has a cat.", "我有一只狗。", "狗"),
    ],
)
def test_the_stored_sibling_stays_active(
    tmp_path: Path, slug: str, stored: str, said: str, written: str
) -> None:
    archived, bodies = run(tmp_path, slug, stored, said)
    assert archived == [], bodies
    assert any(written in body for body in bodies), bodies


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("home-city", "User lives in Lyon.", "I moved from Lyon to Berlin."),
        ("home-city", "User lives in Lyon.", "J'ai déménagé de Lyon à Berlin."),
        ("home-city", "User lives in Lyon.", "我从里昂搬到了柏林。"),
        ("home-city", "User lives in Lyon.", "リヨンからベルリンに引っ越しました。"),
        ("diet", "User eats meat.", "I no longer eat meat."),
        ("allergy", "User is allergic to peanuts.", "I'm not allergic to peanuts anymore."),
    ],
)
def test_a_reported_change_still_archives(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, bodies = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], bodies


def test_a_modifier_of_the_same_thing() -> None:
    assert modifier_swapped("User wants to run a full marathon.", "User wants to run a half marathon.")
    assert not modifier_swapped("User is allergic to shellfish.", "User is allergic to peanuts.")
    assert not modifier_swapped("User drinks coffee every morning.", "User drinks tea every morning.")
