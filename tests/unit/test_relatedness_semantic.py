"""The one relatedness rule with meaning: slugs that share a topic word, semantic scores, the
fallback shortlist, restatements that keep their polarity."""

from __future__ import annotations

import pytest

from memscribe import semantic
from memscribe.relatedness import (
    FALLBACK_SIZE,
    SHORTLIST_SCORE,
    Pooled,
    blend,
    may_shortlist,
    related,
    restates,
    score,
    select,
    shares_topic_word,
    slug_words,
    topical,
)
from memscribe.semantic import wordllama

needs_model = pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed")


pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.fixture
def lexical_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(semantic.ENV_VAR, "off")


def pool(*rows: tuple[str, str, str]) -> list[Pooled]:
    return [Pooled(i, slug, text, "2026-01-01T00:00:00Z") for i, slug, text in rows]


def test_slug_words_drop_generic_and_valueless_parts() -> None:
    assert slug_words("home-city-glasgow") == {"home", "city", "glasgow"}
    assert slug_words("user-prefers-dark-mode") == {"dark", "mode"}
    assert slug_words("preference") == frozenset()
    assert slug_words("pref-3fa2b1") == frozenset()  # a hash names no topic


def test_value_in_the_stored_slug_still_shares_the_topic() -> None:
    assert shares_topic_word("home-city", "home-glasgow")
    assert topical("home-city", "home-city-berlin")  # the prefix rule
    assert not shares_topic_word("editor", "work-language-go")


def test_blend_is_the_larger_score() -> None:
    assert blend(0.2, None) == 0.2
    assert blend(0.2, 0.5) == 0.5
    assert blend(0.6, 0.1) == 0.6


def test_restatement_needs_the_same_polarity() -> None:
    assert restates("User drinks coffee.", "user drinks coffee")
    assert not restates("User never drinks coffee.", "User drinks coffee.")
    assert not restates("User no longer uses Vim.", "User uses Vim.")


def test_lexical_rule_without_the_model(lexical_only: None) -> None:
    assert semantic.similarity("coffee", "caffeine") is None
    assert not related("coffee", "I've started drinking coffee again", "diet", "User avoids caffeine")
    assert related("home-city", "User lives in Leeds", "home-glasgow", "User lives in Glasgow")


def test_fallback_takes_the_best_few_only_when_nothing_is_related(lexical_only: None) -> None:
    entries = pool(
        ("prof_a", "editor-vim", "User edits code in Vim in the morning."),
        ("prof_b", "pets", "User has two cats."),
        ("prof_c", "diet", "User cooks vegetarian food in the morning."),
    )
    # One word shared with two entries: not related, but the best of what there is.
    items = select("schedule", "User runs at six in the morning.", entries)
    assert 0 < len(items) <= FALLBACK_SIZE
    assert all(i.score < SHORTLIST_SCORE for i in items)
    assert {i.id for i in items} <= {"prof_a", "prof_c"}
    # Nothing in common at all: empty.
    assert select("schedule", "Zebra quantum xylophone.", entries) == []
    # Something related: only related entries, no fallback.
    items = select("editor", "User uses Vim as the editor.", entries)
    assert [i.id for i in items] == ["prof_a"]


@needs_model
@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("I've started drinking coffee again, one cup in the morning", "User avoids caffeine"),
        ("I switched from Android to an iPhone last month", "User uses an Android phone (Pixel 8)"),
        ("User uses a Mac", "User works on macOS"),
        ("User wants answers kept short", "User prefers concise answers"),
    ],
)
def test_one_topic_without_shared_words_is_shortlisted(new: str, old: str) -> None:
    items = select("x-new", new, pool(("prof_old", "y-old", old), ("prof_far", "pets", "User has two cats.")))
    assert items and items[0].id == "prof_old" and items[0].score >= SHORTLIST_SCORE
    assert "prof_far" not in [i.id for i in items]
    assert related("x-new", new, "y-old", old) and may_shortlist("x-new", new, "y-old", old)


@needs_model
def test_score_is_symmetric_and_bounded() -> None:
    a, b = "User avoids caffeine", "User drinks coffee every morning"
    assert score(a, b) == score(b, a)
    assert 0.0 <= score(a, b) <= 1.0
