"""Memory kinds as data: the registry, and each kind's own rules round-tripping through a file."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe import kinds
from memscribe.kinds.ids import ID_RE, kind_of_id, new_id
from memscribe.kinds.layout import KIND_DIRS, archive_path, memory_path
from memscribe.kinds.parse import parse_memory_file
from memscribe.relatedness import entry_text
from memscribe.schemas.candidates import ConsolidateDecision, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
PROFILE = ProfileCandidate(slug="diet", ttl="one_month", body="User is vegetarian.", evidence_turns=[2, 0, 2])
PLAYBOOK = PlaybookCandidate(
    slug="commit-messages",
    when="Writing a commit message",
    what="Never add AI attribution.",
    why="User corrected this.",
    correction_turn=1,
    adjustment_turn=2,
    confirmation_turn=3,
    confirmation="explicit",
)
CANDIDATES = {"profile": PROFILE, "playbook": PLAYBOOK}


def test_registry_names_prefixes_and_folders_are_distinct() -> None:
    assert kinds.names() == ("profile", "playbook")
    assert len({k.prefix for k in kinds.KINDS}) == len({k.folder for k in kinds.KINDS}) == len(kinds.KINDS)
    assert KIND_DIRS == {k.name: k.folder for k in kinds.KINDS}
    for name, cand in CANDIDATES.items():
        assert kinds.of_candidate(cand).name == name
    with pytest.raises(TypeError):
        kinds.of_candidate("not a candidate")


@pytest.mark.parametrize("spec", kinds.KINDS, ids=lambda k: k.name)
def test_ids_carry_the_kind(spec: kinds.Kind) -> None:
    mem_id = new_id(spec.name, set())
    assert mem_id.startswith(spec.prefix) and ID_RE.match(mem_id) and kind_of_id(mem_id) == spec.name
    assert spec.owns_id(mem_id) and not any(o.owns_id(mem_id) for o in kinds.KINDS if o is not spec)


@pytest.mark.parametrize("spec", kinds.KINDS, ids=lambda k: k.name)
def test_a_candidate_becomes_a_file_that_parses_back(spec: kinds.Kind) -> None:
    cand = CANDIDATES[spec.name]
    mem_id = new_id(spec.name, set())
    made = spec.new_file(cand, id=mem_id, created=NOW, supersedes=[], merged_body=None)
    path = memory_path(spec.name, cand.slug, mem_id)
    entry = parse_memory_file(made.text, path)
    assert (entry.kind, entry.id, entry.slug) == (spec.name, mem_id, cand.slug)
    assert path.split("/")[1] == spec.folder and archive_path(path).endswith(
        f"{spec.folder}/{path.split('/')[-1]}"
    )
    # What dedup compares a candidate by is what the stored entry is compared by.
    assert set(spec.candidate_text(cand).split()) <= set(entry_text(entry).split()) | {"When:", "What:"}
    assert spec.display_line(entry_text(entry))


def test_profile_rules() -> None:
    spec = kinds.kind("profile")
    made = spec.new_file(
        PROFILE, id="prof_abc12345", created=NOW, supersedes=[], merged_body="User eats no meat."
    )
    assert made.body == "User eats no meat." and made.ttl == "one_month" and made.evidence == [0, 2]
    entry = parse_memory_file(made.text, memory_path("profile", "diet", "prof_abc12345"))
    assert not spec.is_expired(entry, NOW.date()) and spec.is_expired(entry, dt.date(2027, 1, 1))
    assert spec.merge_rewrites_body


def test_playbook_rules() -> None:
    spec = kinds.kind("playbook")
    made = spec.new_file(PLAYBOOK, id="pbk_abc12345", created=NOW, supersedes=[], merged_body="ignored")
    assert made.ttl is None and made.evidence == [1, 2, 3] and "## Why" in made.body
    entry = parse_memory_file(made.text, memory_path("playbook", "commit-messages", "pbk_abc12345"))
    assert not spec.is_expired(entry, dt.date(2100, 1, 1)) and not spec.merge_rewrites_body
    assert spec.display_line(entry_text(entry)) == "When writing a commit message: Never add AI attribution."


@pytest.mark.parametrize("spec", kinds.KINDS, ids=lambda k: k.name)
def test_consolidated_file_supersedes_every_member(spec: kinds.Kind) -> None:
    members = []
    for n in range(2):
        mem_id = new_id(spec.name, set())
        made = spec.new_file(CANDIDATES[spec.name], id=mem_id, created=NOW, supersedes=[], merged_body=None)
        members.append(parse_memory_file(made.text, memory_path(spec.name, f"topic-{n}", mem_id)))
    decision = ConsolidateDecision(action="merge_all", reason="same fact")
    merged = spec.merged_file(members, decision, id=new_id(spec.name, set()), created=NOW, screen=lambda t: t)
    entry: MemoryEntry = parse_memory_file(merged.text, "p.md")
    assert entry.kind == spec.name and list(entry.supersedes) == [m.id for m in members]


def _slug_by_pattern(path: str, memory_id: str) -> str:
    """slug_from_path's definition: what the pattern holding the id suffix captures."""
    import re
    from pathlib import PurePosixPath

    from memscribe.kinds.ids import id_suffix
    from memscribe.kinds.layout import make_slug
    from memscribe.schemas.memory import SLUG_RE

    stem = PurePosixPath(path).stem
    match = re.match(rf"^(?P<slug>.+)-{re.escape(id_suffix(memory_id))}(?:-\d+)?$", stem)
    if match and SLUG_RE.match(match["slug"]):
        return match["slug"]
    return make_slug(stem)


@settings(max_examples=3000, deadline=None)
@given(
    suffix=st.text(alphabet="ab1-\n٣", max_size=3),
    parts=st.lists(st.sampled_from(["a", "b", "-", "1", "٣", "\n", "É", ".x", "-ab", "<S>"]), max_size=9),
)
def test_slug_from_path_is_what_its_pattern_captures(suffix: str, parts: list[str]) -> None:
    from memscribe.kinds.layout import slug_from_path

    stem = "".join(f"-{suffix}" if p == "<S>" else p for p in parts)
    memory_id = f"mem_{suffix}"
    for path in (f"profiles/{stem}.md", stem):
        assert slug_from_path(path, memory_id) == _slug_by_pattern(path, memory_id)


def test_slug_from_path_examples() -> None:
    from memscribe.kinds.layout import slug_from_path

    assert slug_from_path("p/likes-tea-01ABC.md", "pro_01ABC") == "likes-tea"
    assert slug_from_path("p/likes-tea-01ABC-2.md", "pro_01ABC") == "likes-tea"
    assert slug_from_path("p/a-01abc-x-01abc.md", "pro_01abc") == "a-01abc-x"
    assert slug_from_path("p/Other Name.md", "pro_01ABC") == "other-name"
