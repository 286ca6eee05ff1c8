"""Aspect across the user's turn (issue 11): a state said to go on restates, a goal set after one
reached replaces it.

"No meat, same as ever, I'm still veggie" (the candidate "User avoids meat") archived "User is
vegetarian" as a new value of the slug topic; a continuative sentence (still, same as ever,
ich bleibe bei, toujours) restates the stored fact instead. A new goal said beside the stored
one's completion ("Now I'm preparing for N2. I passed the JLPT N3") is the stored pursuit's
successor. Near misses keep both: another value kept beside ("I still use Vim for quick edits" /
"editor is Helix"), somebody else's state.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.aspect import continued, goal_after_completion
from memscribe.semantic.frames import continues
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("diet", "User is vegetarian.", "No meat, same as ever, I'm still veggie."),
        ("daw", "User records with Logic Pro.", "Ableton ist schick, aber ich bleibe bei Logic."),
        ("home-city", "User lives in Lyon.", "J'habite toujours à Lyon."),
    ],
)
def test_a_state_that_goes_on_restates(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [] and written == []


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("editor", "User's editor is Helix.", "I still use Vim for quick edits."),
        ("diet", "User is vegetarian.", "My sister is still vegan."),
    ],
)
def test_near_misses_keep_both(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [] and written


def test_the_next_goal_replaces_the_one_reached(tmp_path: Path) -> None:
    import datetime as dt

    from memscribe.model.embedded import EmbeddedModel
    from memscribe.run import extract
    from memscribe.schemas.plan import WriteOp
    from memscribe.store.root import MemoryRoot
    from memscribe.transcript import parse_transcript
    from tests.support.store_helpers import write_profile

    write_profile(tmp_path, "prof_stored00", "jlpt", "User is studying for the JLPT N3.")
    memory = MemoryRoot(tmp_path)
    said = "Now I'm preparing for N2. I passed the JLPT N3 in December!"
    transcript = parse_transcript(f"User: {said}\nAssistant: ok\n", source="t.txt", fmt="text")
    now = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)
    plan = extract(
        transcript, model=EmbeddedModel(), existing=memory.entries(), taken_ids=memory.taken_ids(),
        context_tokens=16000, now=now,
    )  # fmt: skip
    writes = {op.body: op.supersedes for op in plan.operations if isinstance(op, WriteOp)}
    # the new goal, not the completion, is the stored pursuit's successor
    assert writes["User is preparing for N2."] == ["prof_stored00"]


@pytest.mark.parametrize(
    ("new", "said", "old", "expected"),
    [
        (
            "User is preparing for N2.",
            "Now I'm preparing for N2. I passed the JLPT N3!",
            "User is studying for the JLPT N3.",
            True,
        ),
        # nothing reached, or the same goal said again
        (
            "User is preparing for N2.",
            "Now I'm preparing for N2.",
            "User is studying for the JLPT N3.",
            False,
        ),
        (
            "User is studying for the JLPT N3.",
            "I passed the JLPT N3 mock!",
            "User is studying for the JLPT N3.",
            False,
        ),
    ],
)
def test_goal_after_completion(new: str, said: str, old: str, expected: bool) -> None:
    assert goal_after_completion(new, said, old) is expected


@pytest.mark.parametrize(
    ("new", "said", "old", "expected"),
    [
        ("User avoids meat.", "No meat, same as ever, I'm still veggie.", "User is vegetarian.", True),
        # a name the entry lacks, or a change in the same sentence
        ("User still uses Vim.", "I still use Vim for quick edits.", "User's editor is Helix.", False),
        (
            "User still lives in Berlin.",
            "I still live in Berlin now that I switched jobs.",
            "User lives in Berlin.",
            False,
        ),
    ],
)
def test_continued(new: str, said: str, old: str, expected: bool) -> None:
    assert continued(new, said, old) is expected


def test_continues_in_each_language() -> None:
    for sentence in ("I'm still veggie", "Ich wohne immer noch in Köln", "J'habite toujours à Lyon",
                     "Sigo viviendo en Madrid", "我还是住在上海", "相変わらず大阪に住んでいます"):  # fmt: skip
        assert continues(sentence), sentence
    assert not continues("I moved to Hamburg")


@pytest.mark.parametrize(
    ("slug", "stored", "said", "archives"),
    [
        # a denial of something the stored fact does not say contradicts nothing there
        ("diet", "User is vegetarian.", "I don't eat meat.", False),
        # a denial of what it says, or one reporting a change, still replaces it
        ("car", "User drives a VW Golf.", "I don't have a car anymore.", True),
        (
            "vpn",
            "User always uses a VPN when working remotely.",
            "I never use a VPN when working remotely.",
            True,
        ),
    ],
)
def test_a_denial_replaces_only_what_it_denies(
    tmp_path: Path, slug: str, stored: str, said: str, archives: bool
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == (["prof_stored00"] if archives else []), written


def _decide(text: str, old: str, slug: str = "topic") -> str:
    from memscribe.model.embedded.dedup import dedup_decision
    from memscribe.schemas.requests import DedupRequest, ShortlistItem

    item = ShortlistItem(id="prof_old00000", slug=slug, text=old, score=0.7, created="2026-01-01T00:00:00Z")
    request = DedupRequest(kind="profile", slug=slug, text=text, shortlist=(item,))
    return dedup_decision(request).action


@pytest.mark.parametrize(
    ("text", "old", "slug"),
    [
        # a wish, a plan, a possibility: not so yet (each archived the stored fact before)
        ("User wants to wake up at 5.", "User wakes up at 6am.", "wake-time"),
        ("User might cut down to one coffee a day.", "User drinks three coffees a day.", "coffee"),
        ("User hopes to reach B1 in Spanish.", "User is learning Spanish at A2 level.", "learning"),
        ("User's team will grow to 8 people next year.", "User manages a team of 5.", "team"),
        ("User plans to move to Hamburg.", "User lives in Berlin.", "home-city"),
        ("User is thinking about moving to Hamburg.", "User lives in Berlin.", "home-city"),
        ('User, in their words: "Me gustaría mudarme a Madrid".', "User lives in Berlin.", "home-city"),
        ('User, in their words: "我打算搬到上海"', "User lives in Berlin.", "home-city"),
    ],
)
def test_a_wish_or_plan_replaces_nothing(text: str, old: str, slug: str) -> None:
    assert _decide(text, old, slug) != "supersede_old"


def test_a_new_goal_still_replaces_a_goal() -> None:
    assert (
        _decide("User wants to run a full marathon.", "User wants to run a half marathon.", "goal")
        == "supersede_old"
    )


def test_a_quote_slug_names_no_facet(tmp_path: Path) -> None:
    # "Im Job" (at work) files the quote as "about-job-…": its words, not a new job
    archived, written = run(tmp_path, "job", "User works as a nurse.", "Im Job nutze ich jetzt ein MacBook.")
    assert archived == [], written
