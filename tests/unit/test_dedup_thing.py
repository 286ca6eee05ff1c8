"""Issue 11, two faults of the embedded dedup decision (memscribe.model.embedded.dedup_thing):

* a statement about a thing the user has ("User's car was stolen") was dropped as a restatement
  of having it ("User has a car": every content word of it is in the new one, or the vectors
  score 0.82), so the end of the thing was lost and the stale fact stayed;
* a new value on a slug topic that holds several ("languages", "editor") archived the stored one
  though it stays true ("is learning French" / "speaks Spanish", "uses Neovim" / "uses VS Code").
"""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.dedup_compare import restates
from memscribe.model.embedded.dedup_thing import about_thing, other_slot, predicate, says_ended, thing_ended
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.stages.dedup import DedupResult, dedup


def item(i: str, slug: str, text: str, score: float) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(slug: str, text: str, *items: ShortlistItem, said: str = "") -> tuple[str, list[str]]:
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=items, said=said))
    return d.action, d.existing_ids


@pytest.mark.parametrize(
    ("slug", "new", "old_slug", "old", "score"),
    [
        ("car-was-stolen", "User's car was stolen last night.", "car", "User has a car.", 0.62),
        ("cat-passed-away", "User's cat passed away last week.", "pets", "User has a cat.", 0.82),
        ("dog-rex-died", "User's dog Rex died in March.", "pets-dog", "User has a dog named Rex.", 0.45),
        ("bike", "User's road bike got stolen from the station.", "bike", "User owns a road bike.", 0.7),
    ],
)
def test_the_end_of_a_thing_the_user_has_supersedes_it(
    slug: str, new: str, old_slug: str, old: str, score: float
) -> None:
    stored = item("prof_old", old_slug, old, score)
    assert thing_ended(new, old)
    assert not restates(new, stored)
    assert decide(slug, new, stored) == ("supersede_old", ["prof_old"])


@pytest.mark.parametrize(
    ("slug", "new", "old_slug", "old", "score"),
    [
        ("car-was-repaired", "User's car was repaired yesterday and it runs great again.", "car", "User has a car.", 0.51),
        ("cat", "User's cat is called Miso, she is very fluffy.", "pets", "User has a cat.", 0.62),
    ],
)  # fmt: skip
def test_another_predicate_of_the_thing_archives_nothing(
    slug: str, new: str, old_slug: str, old: str, score: float
) -> None:
    """Before: the repaired car archived "User has a car" as a newer statement of the slug topic
    ("car-was-repaired" / "car"). The stored fact stays; a detail that says the thing is still
    there may be dropped as a restatement, as before (restatement_pairs.py's pairs unchanged)."""
    stored = item("prof_old", old_slug, old, score)
    assert about_thing(new, old) and not thing_ended(new, old)
    assert decide(slug, new, stored)[0] in ("keep_both", "drop_new")


def test_a_thing_of_somebody_else_or_a_stored_possessed_subject_is_no_thing_of_the_user() -> None:
    assert not about_thing("User's sister's car was stolen.", "User has a car.")
    assert not about_thing("User's car was stolen.", "User's car is a Tesla.")
    assert not about_thing("User's car was stolen.", "User lives in Leeds.")
    assert not thing_ended("User's cat is called Miso.", "User has a cat.")


def test_restatements_of_having_the_thing_are_still_dropped() -> None:
    stored = item("prof_car", "car", "User has a car.", 0.9)
    assert decide("car", "User owns a car.", stored)[0] == "drop_new"


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("User is learning French now.", "learn"),
        ("User speaks Spanish.", "speak"),
        ("User uses Neovim.", "us"),
        ("User is now using Neovim", "us"),
        ("User has been a data analyst at the council.", "be"),
        ("User is a nurse.", "be"),
        ("User has a car.", "have"),
        ("User owns a road bike.", "have"),
        ("User mostly writes Kotlin.", "writ"),
        ("User no longer uses VS Code.", "us"),
        ("User doesn't drink coffee.", "drink"),
        ("User does not eat meat.", "eat"),
        ("User used to live in Paris.", "live"),
        ("User nowadays runs to work.", "run"),
        ("User's car was stolen.", None),
        ('User, in their words: "je parle espagnol".', None),
        ("用户会说西班牙语。", None),
    ],
)
def test_predicate(text: str, verb: str | None) -> None:
    assert predicate(text) == verb


def test_another_slot_on_one_slug_topic_archives_nothing() -> None:
    spanish = item("prof_es", "languages", "User speaks Spanish.", 0.08)
    assert other_slot("User is learning French now.", spanish.text)
    assert decide("languages", "User is learning French now.", spanish) == ("keep_both", [])
    vscode = item("prof_vsc", "editor", "User uses VS Code.", 0.0)
    assert decide("editor", "User uses Neovim.", vscode) == ("keep_both", [])
    assert decide("editor", "User uses Neovim for quick edits over ssh.", vscode) == ("keep_both", [])


def test_a_new_value_of_one_slot_still_supersedes() -> None:
    vscode = item("prof_vsc", "editor", "User uses VS Code.", 0.0)
    assert decide("editor", "User now uses Neovim.", vscode) == ("supersede_old", ["prof_vsc"])
    # a negator is no verb: the same slot, its polarity flipped
    assert not other_slot("User doesn't use VS Code anymore.", vscode.text)
    assert decide("editor", "User doesn't use VS Code anymore.", vscode) == ("supersede_old", ["prof_vsc"])
    # the change said in the user's words, not the candidate's
    assert decide("editor", "User uses Neovim.", vscode, said="I moved to Neovim this year.") == (
        "supersede_old",
        ["prof_vsc"],
    )
    # one facet, whatever the verbs: a job filed under "job"
    job = item("prof_job", "job", "User works as an accountant.", 0.3)
    assert not other_slot("User has been a data analyst at the council.", job.text, ("job", "job"))
    glasgow = item("prof_city", "home-city-glasgow", "User lives in Glasgow.", 0.4)
    assert decide("home-city", "User is based in Leeds.", glasgow) == ("supersede_old", ["prof_city"])


def test_the_dedup_stage_archives_the_ended_thing_and_writes_the_new_fact() -> None:
    """Through the stage (shortlist, the stage's own duplicate test, the embedded decision):
    before, the candidate was skipped as a duplicate of "User has a car" and the car stayed."""
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.relatedness import ListView
    from memscribe.schemas.candidates import ProfileCandidate
    from memscribe.schemas.memory import MemoryEntry
    from memscribe.stages.dedup import dedup

    car = MemoryEntry(
        kind="profile",
        id="prof_car00001",
        path="profile/car.md",
        slug="car",
        created="2026-01-01T00:00:00Z",
        body="User has a car.",
    )
    stolen = ProfileCandidate(
        slug="car-was-stolen", ttl="one_year", body="User's car was stolen last night.", evidence_turns=[0]
    )
    repaired = ProfileCandidate(
        slug="car-was-repaired",
        ttl="one_year",
        body="User's car was repaired, it runs again.",
        evidence_turns=[0],
    )
    for cand, archived in ((stolen, ("prof_car00001",)), (repaired, ())):
        result = dedup([cand], [], [car], model=EmbeddedModel(), view=ListView([car]))
        assert [a.supersedes for a in result.accepted] == [archived]
        assert result.skipped == []


def test_a_weak_match_is_kept_for_the_end_of_a_thing() -> None:
    """The stored memory names the thing by its name only ("drives a Toyota Corolla"): a fallback
    match of the shortlist, dropped for a candidate with no change cue before; the end of the
    thing keeps it for the embedded decision, which archives it. The LLM path's shortlist (and
    so its prompt) is as it was."""
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.relatedness import ListView
    from memscribe.schemas.candidates import ProfileCandidate
    from memscribe.schemas.memory import MemoryEntry
    from memscribe.stages.dedup import Priors, prepare

    corolla = MemoryEntry(
        kind="profile",
        id="prof_car00002",
        path="profile/car.md",
        slug="car",
        created="2026-01-01T00:00:00Z",
        body="User drives a Toyota Corolla.",
    )
    body = "User's corolla got written off in a crash last week, nobody was hurt."
    cand = ProfileCandidate(slug="corolla-got-written", ttl="one_year", body=body, evidence_turns=[0])
    view = ListView([corolla])
    assert says_ended(body) and not says_ended("User's corolla is red.")
    for embedded in (True, False):
        result = DedupResult()
        pending = prepare("profile", cand, view, result, Priors(), across_languages=embedded)
        shown = [s.id for s in pending.request.shortlist] if pending is not None else []
        assert shown == (["prof_car00002"] if embedded else [])
    result = dedup([cand], [], [corolla], model=EmbeddedModel(), view=view)
    assert [a.supersedes for a in result.accepted] == [("prof_car00002",)]


def test_having_another_thing_ends_none_of_those_had() -> None:
    """ "User now has a dog" archived "User has a cat" (by the slug topic, rule 1, or by the
    change and a strong topic score, rule 3). A count of the same thing, or the thing named by
    its kind, is still an update."""
    cat = item("prof_cat", "pets", "User has a cat.", 0.08)
    assert decide("pets", "User now has a dog.", cat) == ("keep_both", [])
    assert decide("new-fact", "User now has a dog.", item("prof_cat", "pets", "User has a cat.", 0.6)) == (
        "keep_both",
        [],
    )
    kids = item("prof_kids", "kids", "User has two kids.", 0.7)
    assert decide("kids", "User now has three kids.", kids) == ("supersede_old", ["prof_kids"])
    car = item("prof_car", "pets", "User has a car.", 0.5)
    assert decide("new-fact", "User now has a Honda Civic.", car) == ("supersede_old", ["prof_car"])


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("User's car was stolen last night.", True),
        ("User's bike got stolen and was never found.", True),
        ("User's corolla got written off in a crash last week, nobody was hurt.", True),
        ("User's cat was lost for two days but came back.", False),
        ("User's laptop was stolen, the police got it back.", False),
        ("User's car was nearly stolen last night.", False),
        ("User's dog almost died in March.", False),
        ("User's car wasn't stolen.", False),
        ("User's car was never stolen.", False),
        ("User's car is red.", False),
        ("User sold the car.", False),  # the user's own act: the change cues' business, not a thing's end
    ],
)
def test_an_ending_denied_near_or_taken_back_is_none(text: str, ended: bool) -> None:
    assert says_ended(text) is ended
    stored = "User has a car." if "car" in text else "User owns a road bike." if "bike" in text else ""
    if stored:
        assert thing_ended(text, stored) is ended
