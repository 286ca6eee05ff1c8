"""A cessation in another language than the stored memory: the value left behind is found by
its stem, a quoted statement is never read as English, and English subjects are not looked for
in its words (semantic.updates)."""

from __future__ import annotations

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.relatedness import ListView
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.requests import DedupRequest
from memscribe.semantic.updates import change_cue, names_said, someone_else, spoken_language
from memscribe.stages.dedup_extras import named_across_languages

SAID = "Ya no soy vegana, he vuelto a comer pescado. ¿Me das una receta con salmón?"
QUOTE = 'User, in their words: "he vuelto a comer pescado".'


def test_a_long_word_left_behind_is_named_by_its_stem() -> None:
    assert names_said(SAID, "User is vegan.") == {"vegan"}
    # said as holding (no cessation), the same word names no value left behind
    assert names_said("Soy vegana desde hace años.", "User is vegan.") == set()
    # a short word is not enough
    assert names_said("Ya no uso Go.", "User codes in go.") == set()


def test_a_quote_is_not_english_and_has_no_english_subject() -> None:
    assert spoken_language(QUOTE) != "en"
    assert spoken_language("User is vegan.") == "en"
    assert not someone_else(QUOTE)
    assert someone_else("User's dad switched to an iPhone.")


def test_cessation_across_languages_supersedes_the_stored_value() -> None:
    old = MemoryEntry(
        kind="profile",
        id="prof_old00001",
        path="profiles/diet-vegan.md",
        slug="diet-vegan",
        created="2026-01-01T00:00:00Z",
        body="User is vegan.",
    )
    shortlist = named_across_languages("profile", QUOTE, SAID, ListView([old]), change_cue(QUOTE))
    assert [s.id for s in shortlist] == ["prof_old00001"]
    request = DedupRequest(
        kind="profile", slug="about-vuelto-comer-pescado", text=QUOTE, shortlist=tuple(shortlist), said=SAID
    )
    decision = dedup_decision(request)
    assert decision.action == "supersede_old" and decision.existing_ids == ["prof_old00001"]
