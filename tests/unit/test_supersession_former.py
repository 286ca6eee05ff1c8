"""A former state is no new value (issue 11): "I used to live in Paris as a student" says what was
so once, not where the user lives now, so it archives no stored home; what a statement names as
former ("used to be vegetarian", "used to live in Lyon, now …") is left behind and is archived.

The wrong supersessions here (a true memory archived) and the misses each failed before
:func:`memscribe.semantic.updates.reports_change` and the former-state scope of
:func:`memscribe.semantic.updates.left_behind`; the controls show the same shapes still update.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.updates import change_cue, left_behind, reports_change
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def decide(
    slug: str, text: str, old_slug: str, old: str, score: float = 0.0, said: str = ""
) -> tuple[str, list[str]]:
    item = ShortlistItem(id="prof_old", slug=old_slug, text=old, created="2026-01-01T00:00:00Z", score=score)
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=(item,), said=said))
    return d.action, d.existing_ids


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("home-city", "User lives in Lyon", "I used to live in Paris as a student."),
        ("phone-iphone", "User uses an iPhone", "I used to have an Android phone."),
        ("diet-vegetarian", "User is vegetarian", "I used to eat a lot of meat."),
        ("editor-vim", "User's editor is Vim", "I used to use Emacs years ago."),
    ],
)
def test_a_former_state_alone_archives_nothing(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("home-city", "User lives in Lyon", "I used to live in Lyon, now I live in Nantes."),
        ("diet-vegetarian", "User is vegetarian", "I used to be vegetarian."),
        ("editor-vim", "User's editor is Vim", "I used to use Vim, now it's Emacs."),
        (
            "phone-android",
            "User uses an Android phone",
            "I used to have an Android phone, now I'm on an iPhone.",
        ),
    ],
)
def test_the_value_named_as_former_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "text", "old_slug", "old"),
    [
        (
            "job-beijing",
            "用户以前在北京的一家公司上班。",
            "job-bank-shanghai",
            "User works at a bank in Shanghai.",
        ),
        (
            "home-tokyo",
            'User, in their words: "前は東京に住んでいた".',
            "home-city-osaka",
            "User lives in Osaka.",
        ),
        (
            "home-paris",
            'User, in their words: "Früher wohnte ich in Paris".',
            "home-city-lyon",
            "User lives in Lyon.",
        ),
        (
            "home-madrid",
            'User, in their words: "Solía vivir en Madrid".',
            "home-city-lyon",
            "User lives in Lyon.",
        ),
        (
            "home-paris",
            'User, in their words: "Autrefois j\'habitais à Paris".',
            "home-city-lyon",
            "User lives in Lyon.",
        ),
    ],
)
def test_a_former_state_in_other_languages_keeps_the_stored_one(
    slug: str, text: str, old_slug: str, old: str
) -> None:
    assert decide(slug, text, old_slug, old) == ("keep_both", [])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            'User, in their words: "jetzt wohne ich in Nantes".',
            "Früher habe ich in Lyon gewohnt, jetzt wohne ich in Nantes.",
        ),
        ('User, in their words: "ahora vivo en Nantes".', "Solía vivir en Lyon, ahora vivo en Nantes."),
        ("用户现在住在南特。", "我以前住在里昂，现在住在南特。"),
    ],
)
def test_a_new_home_said_beside_the_former_one_supersedes_it(text: str, said: str) -> None:
    assert decide("home-nantes", text, "home-city-lyon", "User lives in Lyon.", said=said) == (
        "supersede_old",
        ["prof_old"],
    )


@pytest.mark.parametrize(
    ("text", "former", "cue"),
    [
        ("I used to live in Paris as a student", "live in Paris as", False),
        ("I used to live in Lyon, now I live in Nantes", "live in Lyon", True),
        ("Solía vivir en Lyon, ahora vivo en Nantes", "vivir en Lyon", True),
        ("以前住在里昂，现在住在南特", "住在里昂", True),
        ("前は大阪に住んでた", "大阪", False),
    ],
)
def test_former_scope_and_present_cue(text: str, former: str, cue: bool) -> None:
    assert left_behind(text) == former
    assert reports_change(text) is cue
    assert change_cue("I used to live in Paris") is True  # still a cue for what it names as former
