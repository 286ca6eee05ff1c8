"""An update said in another language than the stored memory (issue 11): no word is shared and no
English vector scores it, but the user's words name the stored memory's names."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.index import IndexView, open_index
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.semantic.updates import names_in, names_said, spoken_language
from memscribe.stages.dedup import DedupResult, dedup
from tests.support.store_helpers import ScriptedModel, write_profile

SAID = (
    "Das Setup-Skript im README ist noch für PowerShell geschrieben. Ich bin inzwischen komplett auf "
    "Linux umgestiegen, Fedora 41 auf dem Laptop, Windows ist runter."
)
SWITCHED = 'User, in their words: "Ich bin inzwischen komplett auf Linux umgestiegen".'
WINDOWS = "User develops on Windows 11 with PowerShell."


def item(i: str, slug: str, text: str, score: float = 0.0) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(text: str, said: str, *items: ShortlistItem) -> tuple[str, list[str]]:
    request = DedupRequest(kind="profile", slug="about-linux", text=text, shortlist=items, said=said)
    d = dedup_decision(request)
    return d.action, d.existing_ids


def test_names_of_an_english_memory_and_the_language_of_a_quote() -> None:
    assert names_in(WINDOWS) == {"window", "powershell"}
    assert names_said(SAID, WINDOWS) == {"window", "powershell"}
    assert names_said(SAID, "User is a freelance web developer.") == set()
    assert spoken_language(SWITCHED) == "de" and spoken_language(WINDOWS) == "en"


def test_a_change_whose_words_name_the_stored_memory_supersedes_it() -> None:
    old = item("prof_win", "os-windows", WINDOWS)
    other = item("prof_free", "freelancer", "User is a freelance web developer.")
    assert decide(SWITCHED, SAID, old, other) == ("supersede_old", ["prof_win"])


def test_without_a_change_or_in_one_language_nothing_is_archived() -> None:
    old = item("prof_win", "os-windows", WINDOWS)
    # no change reported: another fact said beside the names (a value of no class: a member of
    # one, Fedora, with the change said beside it, is memscribe.semantic.values' update)
    assert decide('User, in their words: "Ich mag das Terminal sehr".', SAID, old)[0] == "keep_both"
    # one language: the lexical and semantic rules decide, not the names said
    english = "User has switched to a standing desk at home."
    said = "I've switched to a standing desk at home. The PowerShell script on Windows is gone."
    assert decide(english, said, item("prof_win", "os-windows", WINDOWS, 0.1))[0] == "keep_both"
    # ...and the value classes (memscribe.semantic.values): another operating system named in a
    # reported change is an update in one language too
    english = "User has switched to Linux, Fedora 41 on the laptop."
    assert decide(english, said, item("prof_win", "os-windows", WINDOWS, 0.1)) == (
        "supersede_old",
        ["prof_win"],
    )


def test_two_memories_named_alike_are_both_kept() -> None:
    a = item("prof_a", "editor-vim", "User develops in Vim.")
    b = item("prof_b", "shell", "User scripts in PowerShell.")
    said = SAID.replace("Windows ist runter", "Vim ist runter")
    assert decide(SWITCHED, said, a, b)[0] == "keep_both"


def test_a_value_class_tells_which_of_two_named_memories_is_updated() -> None:
    """Windows and PowerShell are both named; only Windows is an operating system like Linux
    (memscribe.semantic.values): that memory is updated, the shell kept."""
    a = item("prof_a", "os-windows", "User develops on Windows.")
    b = item("prof_b", "shell", "User scripts in PowerShell.")
    assert decide(SWITCHED, SAID, a, b) == ("supersede_old", ["prof_a"])


@pytest.fixture
def root(tmp_path: Path) -> Path:
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    write_profile(tmp_path, "prof_win00001", "os-windows", WINDOWS, created=when)
    write_profile(tmp_path, "prof_free0001", "freelancer", "User is a freelance web developer.", created=when)
    return tmp_path


def _transcript(text: str) -> Transcript:
    turn = Turn(index=0, role="user", kind="message", text=text, source=SourcePos(file="t.txt", line=1))
    return Transcript(source="t.txt", format="text", turns=(turn,))


def _dedup(root: Path, model: object) -> DedupResult:
    cand = ProfileCandidate(slug="about-linux", ttl="one_year", body=SWITCHED, evidence_turns=[0])
    with open_index(root) as index:
        return dedup(
            [cand],
            [],
            [],
            model=model,
            view=IndexView(index, "default"),
            transcript=_transcript(SAID),  # type: ignore[arg-type]
        )


def test_the_embedded_decision_is_shown_the_named_memory_and_replaces_it(root: Path) -> None:
    result = _dedup(root, EmbeddedModel())
    assert [a.supersedes for a in result.accepted] == [("prof_win00001",)]


def test_a_batching_model_is_not_shown_it(root: Path) -> None:
    """A model reads both languages: its shortlist (and so its prompt) stays as it was."""
    model = ScriptedModel()
    model.batches_dedup = True  # type: ignore[attr-defined]
    result = _dedup(root, model)
    assert model.calls == [] and [a.supersedes for a in result.accepted] == [()]


def test_a_statement_in_another_language_naming_only_a_stored_name_restates_it() -> None:
    figma = item("prof_figma", "design-tool-figma", "User designs in Figma.", 0.48)
    said = 'User, in their words: "Figmaはいつも使ってるからそれで大丈夫".'
    assert decide(said, "", figma) == ("drop_new", ["prof_figma"])
    wsl = item("prof_wsl", "dev-env-windows-wsl2", "User develops on Windows inside WSL2 (Ubuntu).", 0.26)
    assert decide("用户是在WSL2里面跑的。", "", wsl)[0] == "drop_new"


def test_a_new_name_or_one_language_is_not_a_restatement() -> None:
    figma = item("prof_figma", "design-tool-figma", "User designs in Figma.", 0.48)
    # a name the memory does not hold: something new
    assert decide('User, in their words: "FigmaとFramerを使ってる".', "", figma)[0] == "keep_both"
    # one language: the lexical rule decides ("uses Figma for prototypes" adds to it)
    assert decide("User uses Figma for prototypes at work.", "", figma)[0] == "keep_both"
