"""Value classes and the new facets: a change that names another value of one slot (which phone,
operating system, browser, editor, diet; how the user gets around, when they sleep, an academic
role) updates the stored memory of that slot, in any language; another slot, the same value, or
no change reported archives nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.model.embedded.dedup import dedup_decision
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.facets import SLUG_HEAD, slug_facet, statement_facet, without_facet_words
from memscribe.semantic.values import members, other_value
from memscribe.stages.dedup import DedupResult, Priors, prepare
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import write_profile


@pytest.mark.parametrize(
    ("text", "cls", "names"),
    [
        ("I'm on an iPhone 15 now", "phone", {"iPhone"}),
        ("用户现在用Mac了。", "operating system", {"macOS"}),
        ("User develops on Windows 11 inside WSL2.", "operating system", {"Windows"}),
        ("Je suis passée à Firefox", "browser", {"Firefox"}),
        ("Ich esse inzwischen vegetarisch, eigentlich vegan", "diet", {"vegan"}),
        ("User's editor is Neovim.", "editor", {"Neovim"}),
    ],
)
def test_members_are_found_in_any_script(text: str, cls: str, names: set[str]) -> None:
    assert members(text)[cls] == names


def test_words_that_only_contain_a_member_name_nothing() -> None:
    assert members("the user's favourite vimeo channel, a chromatic scale, a windowsill") == {}


def test_another_value_needs_one_class_and_two_values() -> None:
    assert other_value("User is on an iPhone now.", "User uses an Android phone.") == "phone"
    assert other_value("User is on an iPhone now.", "User's iPhone is an iPhone 12.") is None
    assert other_value("User is on an iPhone now.", "User's browser is Firefox.") is None


def item(i: str, slug: str, text: str, score: float = 0.0) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(slug: str, text: str, *items: ShortlistItem, said: str = "") -> tuple[str, list[str]]:
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=items, said=said))
    return d.action, d.existing_ids


def test_a_reported_change_to_another_member_supersedes_the_best_entry_only() -> None:
    phone = item("prof_phone", "phone", "User uses an Android phone (Pixel 8).", 0.1)
    laptop = item("prof_os", "laptop", "User's laptop runs Windows 11.", 0.05)
    new = "User moved over to an iPhone 16 in March."
    assert decide("iphone", new, phone, laptop) == ("supersede_old", ["prof_phone"])
    # the change may be in the user's words only
    quoted = 'User, in their words: "ich nutze Firefox"'
    browser = item("prof_browser", "browser", "User uses Chrome as their browser.")
    assert decide("about-firefox", quoted, browser, said="Chrome ist runter, ich nutze jetzt Firefox")[0] == (
        "supersede_old"
    )


def test_no_change_reported_or_another_polarity_keeps_the_entry() -> None:
    phone = item("prof_phone", "phone", "User uses an Android phone (Pixel 8).", 0.1)
    assert decide("iphone", "User has an iPhone for work.", phone)[0] != "supersede_old"
    meat = item("prof_diet", "diet", "User doesn't eat meat.", 0.1)
    assert decide("about-vegan", "User has been vegan for years now.", meat)[0] != "supersede_old"


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ('User, in their words: "das Auto hab ich im März verkauft".', "transport"),
        ("User drives a diesel VW Golf for errands.", "transport"),
        ("用户这两个月作息彻底变了：每天早上五点半起床跑步。", "rhythm"),
        ("User is a night owl who does their best work after midnight.", "rhythm"),
        ('User, in their words: "je suis postdoc maintenant".', "work"),
        ("User is a PhD student in linguistics.", "work"),
        ("User drives to work at the hospital.", None),  # two facets: no one value
        ("voy en bici al trabajo todos los días", "transport"),  # "al trabajo": where, not a job
        ("Trabajo en un banco", "work"),
    ],
)
def test_new_facets_from_statements(text: str, facet: str | None) -> None:
    assert statement_facet(text) == facet


def test_new_facets_from_slugs_and_their_values_are_not_blanked() -> None:
    assert slug_facet("commute-car-vw-golf") == "transport"
    assert slug_facet("night-owl") == "rhythm"
    assert {"transport", "rhythm"} <= set(SLUG_HEAD)
    # a vehicle or a role is the value itself: kept where the verbs of a facet are blanked
    assert "bike" in without_facet_words("User commutes by bike.")
    assert "PhD" in without_facet_words("User is a PhD student.")


def test_a_change_of_vehicle_in_german_supersedes_the_stored_car() -> None:
    car = item("prof_car", "commute-car-vw-golf", "User drives a diesel VW Golf for errands and commuting.")
    city = item("prof_city", "home-city-freiburg", "User lives in Freiburg im Breisgau, Germany.")
    sold = 'User, in their words: "das Auto hab ich im März verkauft".'
    assert decide("commute-auto-hab-ich", sold, car, city) == ("supersede_old", ["prof_car"])


def _prepare(tmp_path: Path, text: str, said: str) -> list[str]:
    write_profile(tmp_path, "prof_os000001", "laptop-windows", "User uses a Windows laptop for work.")
    write_profile(tmp_path, "prof_pets0001", "pets", "User has two cats.")
    view = ListView(MemoryRoot(tmp_path).entries())
    cand = ProfileCandidate(slug="preference-abc123", ttl="one_year", body=text, evidence_turns=[0])
    pending = prepare("profile", cand, view, DedupResult(), Priors(), said, across_languages=True)
    return [] if pending is None else [s.id for s in pending.request.shortlist]


def test_the_stage_brings_an_entry_naming_another_member_onto_the_shortlist(tmp_path: Path) -> None:
    assert _prepare(tmp_path, "用户现在用Mac了。", "我现在用Mac了，公司给换的。") == ["prof_os000001"]


def test_without_a_change_no_member_look_up_is_made(tmp_path: Path) -> None:
    assert _prepare(tmp_path, "用户有一台Mac。", "我有一台Mac。") == []


def test_extract_supersedes_the_stored_phone_from_an_english_session(tmp_path: Path) -> None:
    memory = tmp_path / "memory"
    memory.mkdir()
    old = write_profile(memory, "prof_phon0001", "phone-android", "User uses an Android phone (Pixel 8).")
    keep = write_profile(memory, "prof_pets0001", "pets", "User has two cats.")
    transcript = tmp_path / "session.txt"
    transcript.write_text(
        "User: Heads up, I switched to an iPhone 16 last month. How do I move my chats?\n"
        "Assistant: Use the transfer option in the settings.\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["extract", str(transcript), "--memory-dir", str(memory), "--json"])
    assert result.exit_code == 0, result.output
    plan, _ = json.JSONDecoder().raw_decode(result.output)
    writes = [op for op in plan["operations"] if op["op"] == "write"]
    assert any("iPhone" in w["body"] and w["supersedes"] == ["prof_phon0001"] for w in writes), writes
    assert not (memory / old).exists() and (memory / keep).exists()


def test_the_statement_of_what_holds_now_supersedes_before_the_cessation(tmp_path: Path) -> None:
    """ "das Auto hab ich verkauft. Ich mach inzwischen alles mit dem Lastenrad": both could update
    the stored car; the cessation is decided last, so the new value is the one that replaces it."""
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.stages.dedup import dedup_all

    write_profile(
        tmp_path, "prof_car00001", "commute-car-vw-golf", "User drives a diesel VW Golf for errands."
    )
    view = ListView(MemoryRoot(tmp_path).entries())
    sold = ProfileCandidate(
        slug="commute-auto-hab",
        ttl="one_year",
        body='User, in their words: "das Auto hab ich im März verkauft".',
        evidence_turns=[0],
    )
    bike = ProfileCandidate(
        slug="commute-mach-inzwischen",
        ttl="one_year",
        body='User, in their words: "Ich mach inzwischen alles mit dem Lastenrad".',
        evidence_turns=[0],
    )
    result = dedup_all({"profile": [sold, bike]}, view, model=EmbeddedModel())
    by_body = {a.candidate.body: a.supersedes for a in result.accepted}
    assert by_body[bike.body] == ("prof_car00001",)
    assert by_body[sold.body] == ()
