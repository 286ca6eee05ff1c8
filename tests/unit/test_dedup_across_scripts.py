"""A restatement in another script (issue 11): "用户是做前端的" on the slug topic of "User is a
frontend engineer", with no word of change, says the stored fact again and is not written a
second time (it was kept beside it: a duplicate). A cue, a negation, an added value or another
slug topic keeps the old behaviour: an update by its cue, or both kept.

The drops failed before :func:`memscribe.model.embedded.dedup_rules.restated_across_scripts`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def decide(slug: str, text: str, old_slug: str, old: str) -> tuple[str, list[str]]:
    item = ShortlistItem(id="prof_old", slug=old_slug, text=old, created="2026-01-01T00:00:00Z", score=0.0)
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=(item,)))
    return d.action, d.existing_ids


@pytest.mark.parametrize(
    ("slug", "text", "old_slug", "old"),
    [
        (
            "role",
            "用户是做前端的。",
            "role-frontend",
            "User is a frontend engineer at an e-commerce company.",
        ),
        ("home-city", "用户住在大阪。", "home-city-osaka", "User lives in Osaka."),
        (
            "role",
            'User, in their words: "フロントエンドエンジニアです".',
            "role-frontend",
            "User is a frontend engineer.",
        ),
        (
            "home-city",
            'User, in their words: "大阪に住んでいます".',
            "home-city-osaka",
            "User lives in Osaka.",
        ),
    ],
)
def test_a_restatement_in_another_script_is_dropped(slug: str, text: str, old_slug: str, old: str) -> None:
    assert decide(slug, text, old_slug, old) == ("drop_new", ["prof_old"])


@pytest.mark.parametrize(
    ("slug", "text", "old_slug", "old", "action"),
    [
        # a change cue: rule 6 (facet) updates
        ("home-city", "用户现在住在东京。", "home-city-osaka", "User lives in Osaka.", "supersede_old"),
        (
            "home-city",
            'User, in their words: "今は東京に住んでいます".',
            "home-city-osaka",
            "User lives in Osaka.",
            "supersede_old",
        ),
        # a negation: another proposition
        ("diet", "用户不是素食者。", "diet-vegetarian", "User is vegetarian.", "keep_both"),
        # an added value
        ("pet", "用户也养了一只狗。", "pet-cat", "User has a cat.", "keep_both"),
        # another slug topic (a facet's word only)
        ("employer", "用户在一家银行工作。", "role-frontend", "User is a frontend engineer.", "keep_both"),
        # the same script: the words decide, as before
        (
            "role",
            "User is a backend engineer.",
            "role-frontend",
            "User is a frontend engineer.",
            "supersede_old",
        ),
    ],
)
def test_a_cue_a_negation_or_another_topic_is_not_dropped(
    slug: str, text: str, old_slug: str, old: str, action: str
) -> None:
    assert decide(slug, text, old_slug, old)[0] == action


def test_end_to_end_the_chinese_restatement_is_not_written(tmp_path: Path) -> None:
    archived, written = run(
        tmp_path, "role-frontend", "User is a frontend engineer at an e-commerce company.", "我是做前端的。"
    )
    assert (archived, written) == ([], [])
