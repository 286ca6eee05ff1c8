"""The embedded dedup's same-slug fallback archives only what is really outdated (issue 11): a
statement of a topic that holds several values at once (pets, languages, hobbies, tools: no
single-valued facet of :mod:`memscribe.semantic.facets`), one about a property of the thing the
stored entry says the user has ("User's dog is allergic to chicken" / "User has a dog"), or one
more of it ("adopted another cat") leaves the stored fact active. Each pair was superseded before
(the last rule of :func:`memscribe.model.embedded.dedup.dedup_decision`, or rule 1 for a property
of the entry's thing). A newer statement of a single-valued facet still replaces the older one."""

from __future__ import annotations

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.stages.dedup import dedup

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def _outcome(stored: str, new: str, stored_slug: str, new_slug: str) -> str:
    """``drop``, ``supersede`` or ``keep``: the dedup stage's outcome for ``new`` beside ``stored``."""
    entry = MemoryEntry(
        kind="profile", id="p-stored", path=f"profile/{stored_slug}.md", slug=stored_slug,
        created="2026-01-01", body=stored,
    )  # fmt: skip
    cand = ProfileCandidate(slug=new_slug, ttl="infinity", body=new, evidence_turns=[0])
    result = dedup([cand], [], [entry], model=EmbeddedModel(), view=ListView([entry]))
    if result.skipped:
        return "drop"
    return "supersede" if result.accepted[0].supersedes else "keep"


@pytest.mark.parametrize(
    ("stored", "new", "slug"),
    [
        # a topic of several values at once: another statement of it leaves the stored one true
        ("User has a dog.", "User walks their dog every morning.", "pet-dog"),
        ("User uses Figma.", "User pays for Figma's professional plan.", "tools"),
        # a property of the entry's thing, not a new value of its topic
        ("User has a dog.", "User's dog is allergic to chicken.", "pet-dog"),
        ("User has a dog named Rex.", "User's dog Rex is twelve years old.", "pets"),
        ("User has a car.", "User's car is red.", "car"),
        ("User drives a Toyota.", "User's Toyota is in the shop.", "car"),
        # one more of what the entry names, on a topic of one value or of several
        ("User has a cat.", "User adopted another cat.", "pet-cat"),
        ("User owns a car.", "User bought another car.", "car"),
    ],
)
def test_a_still_true_fact_is_not_archived(stored: str, new: str, slug: str) -> None:
    assert _outcome(stored, new, slug, slug) == "keep"


@pytest.mark.parametrize(
    ("stored", "new", "stored_slug", "new_slug"),
    [
        # a single-valued facet (a daily rhythm): the newer statement of the topic replaces the older
        ("User wakes up early.", "User is an early riser who wakes up early on weekdays.", "sleep", "sleep"),
        # a name filling the slot, with a change: a new value
        ("User has an Android phone.", "User's phone is a Pixel now.", "phone", "phone"),
    ],
)  # fmt: skip
def test_a_newer_value_still_replaces_the_stored_one(
    stored: str, new: str, stored_slug: str, new_slug: str
) -> None:
    assert _outcome(stored, new, stored_slug, new_slug) == "supersede"
