"""Issue 11: a state said to go on, in another language than the stored memory, restates it.

"ich bleibe bei Figma, da kenne ich jede Komponente" beside "User designs in Figma" was written as
a second memory: every German noun is capitalised, so "Komponente" counted as a name the stored
memory lacks and the continuation was not read as a restatement. Across languages one name in
common stands for the topic. Controls: a change in the same sentence, no name in common."""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("design-tool", "User designs in Figma.", "Sketch ist nett, aber ich bleibe bei Figma, da kenne ich jede Komponente."),
        ("editor", "User writes code in Neovim.", "Je reste sur Neovim, avec mes Plugins de toujours."),
    ],
)  # fmt: skip
def test_a_state_that_goes_on_in_another_language_writes_no_duplicate(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [] and written == []


def test_a_change_said_with_it_is_still_a_change(tmp_path: Path) -> None:
    archived, written = run(
        tmp_path,
        "design-tool",
        "User designs in Figma.",
        "Ich bleibe bei Figma nicht mehr, jetzt ist es Penpot.",
    )
    assert archived == ["prof_stored00"] and written


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        # no name in common
        ('User, in their words: "Ich bleibe bei meinem Plan, jeden Morgen zu laufen".', "User designs in Figma."),
        # the state denied, not said to go on
        ('User, in their words: "No sigo con Postgres".', "User uses Postgres for most projects."),
    ],
)  # fmt: skip
def test_near_misses_keep_both(text: str, stored: str) -> None:
    item = ShortlistItem(id="prof_old", slug="tool", text=stored, created="2026-01-01T00:00:00Z", score=0.4)
    decision = dedup_decision(DedupRequest(kind="profile", slug="about-x", text=text, shortlist=(item,)))
    assert decision.action != "drop_new"
