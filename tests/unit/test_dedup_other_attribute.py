"""Words in common restate only the same attribute (issue 11): a new statement that predicates
another attribute of what a stored memory names ("is allergic to dogs" / "has a dog") is a new
fact, never dropped as a restatement, however many of its words the memory holds. Paraphrases
whose first content word the memory holds, or that open with a light verb ("works as", "edits
code in Neovim"), are still restatements. The kept pairs were dropped before
:func:`memscribe.model.embedded.dedup_compare.predicates_other`."""

from __future__ import annotations

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.stages.dedup import dedup

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def _outcome(stored: str, new: str, stored_slug: str = "stored-fact", new_slug: str = "new-fact") -> str:
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
    ("stored", "new"),
    [
        ("User has a dog.", "User is allergic to dogs."),
        ("User plays guitar.", "User hates playing guitar in public."),
        ("User runs three times a week.", "User does yoga three times a week."),
    ],
)
def test_another_attribute_of_the_stored_thing_is_a_new_fact(stored: str, new: str) -> None:
    assert _outcome(stored, new) == "keep"
    assert _outcome(stored, new, "pet-dog", "allergy") == "keep"


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("User uses Neovim as their editor.", "User edits code in Neovim."),
        ("User works at a bakery.", "User works at a small family bakery in Porto."),
        ("User is a nurse.", "User works as a registered nurse in an ICU."),
        ("User is vegan.", "User follows a vegan diet."),
        ("User uses Vim.", "用户一直用 vim。"),
        ("User has a dog.", "User has a dog."),
        ("User works from home.", "User mostly works from home."),
    ],
)
def test_the_same_attribute_in_other_words_is_still_a_restatement(stored: str, new: str) -> None:
    assert _outcome(stored, new) == "drop"
