"""A duplicate's stored memories travel as data (``Skipped.same_as``), not only as words in its
detail (stop 48, HQ7 item 3): ``memscribe edit`` says which memories an edited text repeats from
them, where at 88edb493 it parsed ids back out of the refusal's text (an id a model's reason
mentioned in passing was named too)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.curation import _repeats
from memscribe.index import IndexView, open_index
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.plan import Skipped
from memscribe.stages.dedup import DedupResult, dedup
from tests.support.store_helpers import ScriptedModel, write_profile

MAC = "prof_macos001"
CITY = "prof_city0001"
RESTATED = ProfileCandidate(slug="laptop", ttl="one_year", body="User works on macOS.", evidence_turns=[0])
SAME = ProfileCandidate(
    slug="laptop", ttl="one_year", body="User works on a MacBook with macOS.", evidence_turns=[0]
)
TEA = ProfileCandidate(
    slug="tea", ttl="one_year", body="User drinks green tea every morning.", evidence_turns=[1]
)


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(semantic.ENV_VAR, "off")
    semantic.reset()
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    write_profile(tmp_path, MAC, "laptop", "User works on a MacBook with macOS.", created=when)
    write_profile(tmp_path, CITY, "home-city", "User lives in Glasgow, Scotland.", created=when)
    return tmp_path


def _run(root: Path, model: ScriptedModel, *cands: ProfileCandidate) -> DedupResult:
    with open_index(root) as index:
        return dedup(list(cands), [], [], model=model, view=IndexView(index, "default"))


@pytest.mark.parametrize(
    ("answer", "cands", "same_as"),
    [
        ({"action": "supersede_old", "existing_ids": [MAC], "reason": "newer"}, [RESTATED], [[MAC]]),
        ({"action": "drop_new", "existing_ids": [MAC], "reason": f"as {CITY} says"}, [RESTATED], [[MAC]]),
        ({"action": "drop_new", "existing_ids": [], "reason": "known"}, [RESTATED], [[]]),
        (None, [SAME, TEA, TEA], [[MAC], []]),  # the stored text itself; one of this run
    ],
    ids=["restated", "dropped", "dropped-unnamed", "same-text"],
)
def test_each_duplicate_names_the_memories_it_restates(
    root: Path, answer: dict[str, object] | None, cands: list[ProfileCandidate], same_as: list[list[str]]
) -> None:
    result = _run(root, ScriptedModel(*([answer] if answer else [])), *cands)
    assert [s.reason for s in result.skipped] == ["duplicate"] * len(same_as)
    assert [s.same_as for s in result.skipped] == same_as
    assert all("same_as" not in s.model_dump() for s in result.skipped)  # no new output field


def test_an_edit_names_only_the_memories_it_restates() -> None:
    said = Skipped(kind="profile", reason="duplicate", detail=f"{MAC}: as {CITY} says", same_as=[MAC])
    answer = {"reason": "duplicate", "detail": said.detail, "same_as": said.same_as}
    assert _repeats(answer, "prof_edited01") == {"repeats": [MAC]}
    assert _repeats(answer, MAC) == {}
    assert _repeats({"reason": "secret", "detail": MAC, "same_as": [MAC]}, "prof_edited01") == {}
