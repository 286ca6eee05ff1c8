"""Issue 11: a changed value is never a duplicate.

The dedup stage (its own duplicate test, then the embedded decision's lexical, containment and
semantic restatement tests) must not drop a candidate that holds another number, or another name
in the same slot, or another word inside one frame, or that adds a number to the stored fact: dropping it leaves a stale memory and
loses the new fact. Restatements with the same values (an acronym, a numeronym, a demonym, more
detail) are still dropped.
"""

from __future__ import annotations

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.semantic.changed import value_differs
from memscribe.stages.dedup import dedup

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def _dropped(stored: str, new: str) -> bool:
    """The stage skips ``new`` as a duplicate of ``stored`` (neutral slugs: the texts decide)."""
    entry = MemoryEntry(
        kind="profile",
        id="p-stored",
        path="profile/stored-fact.md",
        slug="stored-fact",
        created="2026-01-01",
        body=stored,
    )
    cand = ProfileCandidate(slug="new-fact", ttl="infinity", body=new, evidence_turns=[0])
    result = dedup([cand], [], [entry], model=EmbeddedModel(), view=ListView([entry]))
    return bool(result.skipped)


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("User owns a Canon EOS R5.", "User owns a Canon EOS R6."),  # a model name in one slot
        ("User's twins are 3.", "User's twins are 6."),  # other numbers
        ("User has a cat.", "User feeds the cat at 7am every day."),  # a time added
        (
            "User's team uses Node.",
            "User's team is stuck on Node 14 for the billing service.",
        ),  # a version added
        # one word swapped inside one frame
        ("User plays padel every Sunday morning.", "User plays tennis every Sunday morning."),
        ("User drinks green tea every afternoon.", "User drinks mint tea every afternoon."),
    ],
)
def test_a_changed_value_is_not_dropped(stored: str, new: str) -> None:
    assert not _dropped(stored, new)


@pytest.mark.parametrize(
    ("stored", "new"),
    [
        ("User is from Brazil.", "User is Brazilian."),
        ("User is 41 years old.", "User is 41."),
        ("User works at a bakery.", "User works at a small family bakery in Porto."),
    ],
)
def test_a_restatement_with_the_same_values_is_dropped(stored: str, new: str) -> None:
    assert _dropped(stored, new)


@pytest.mark.parametrize(
    ("a", "b", "differs"),
    [
        ("User's main language is TypeScript.", "User's main language is Go.", True),
        ("User runs about 30 km a week.", "User runs roughly thirty kilometres weekly.", False),
        ("User hosts everything on AWS.", "User hosts everything on Amazon Web Services.", False),
        ("User works with Kubernetes daily.", "User works with k8s daily.", False),
        ("User goes to bed around 11pm.", "User usually sleeps at about 11 pm.", False),
        # two names in two slots are two facts beside each other, not one value changed
        ("User lives in Zaragoza, Spain.", 'User, in their words: "envío desde Zaragoza con Correos"', False),
        ("User develops inside WSL2 (Ubuntu).", "用户是在WSL2里面跑的。", False),
    ],
)
def test_value_differs(a: str, b: str, differs: bool) -> None:
    assert value_differs(a, b) is differs
    assert value_differs(b, a) is differs
