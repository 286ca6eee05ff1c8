"""Frontmatter reading: any YAML mapping a person or an editor writes (block lists, quotes,
comments, spacing), the writer's own flat layout byte-exact, and unreadable blocks refused."""

from __future__ import annotations

import datetime as dt

import pytest

from memscribe.errors import StoreError
from memscribe.kinds.frontmatter import split_frontmatter, with_archive_metadata
from memscribe.kinds.parse import parse_memory_file
from memscribe.kinds.profile import render_profile

HAND_EDITED = """---
# tidied up in an editor
type: "profile"
id:   'prof_hand0001'
created: "2026-03-01T10:00:00Z"
ttl: one_year    # a year is enough
expires: 2027-03-01
supersedes:
  - prof_old00001
  - "prof_old00002"
---

User prefers the Helix editor for all code editing.
"""


def test_block_lists_quotes_and_comments_are_read() -> None:
    entry = parse_memory_file(HAND_EDITED, ".reflexio/profiles/helix-hand0001.md")
    assert entry.id == "prof_hand0001" and entry.kind == "profile"
    assert entry.created == "2026-03-01T10:00:00Z" and entry.expires == "2027-03-01"
    assert entry.ttl == "one_year" and entry.supersedes == ("prof_old00001", "prof_old00002")
    assert entry.body == "User prefers the Helix editor for all code editing."


def test_flow_list_with_quoted_items_and_values_stay_strings() -> None:
    text = HAND_EDITED.replace(
        'supersedes:\n  - prof_old00001\n  - "prof_old00002"\n', "supersedes: ['prof_old00001']\n"
    )
    meta, _ = split_frontmatter(text.replace("expires: 2027-03-01", "expires: 2027-03-01\nflag: yes"), "x.md")
    assert meta["supersedes"] == "[prof_old00001]" and meta["flag"] == "yes"  # no YAML booleans
    assert parse_memory_file(text, ".reflexio/profiles/helix-hand0001.md").supersedes == ("prof_old00001",)


def test_the_writers_layout_reads_as_before_even_where_it_is_not_yaml() -> None:
    written = render_profile(
        id="prof_abcd1234", created=dt.datetime(2026, 1, 2, 3, 4, 5), ttl="one_month", body="User likes tea."
    )
    archived = with_archive_metadata(
        written, "p.md", [("archive_reason", "supersede_old: moved to coffee #2"), ("superseded_at", "x")]
    )
    assert archived.endswith(
        "archive_reason: supersede_old: moved to coffee #2\nsuperseded_at: x\n---\n\nUser likes tea.\n"
    )
    meta, body = split_frontmatter(archived, "p.md")
    assert meta["archive_reason"] == "supersede_old: moved to coffee #2" and body == "User likes tea."


def test_archive_metadata_on_a_yaml_block_is_quoted_so_it_reads_back() -> None:
    reason = "forgotten: not true anymore #3"
    archived = with_archive_metadata(HAND_EDITED, "p.md", [("archive_reason", reason)])
    meta, _ = split_frontmatter(archived, "p.md")
    assert meta["archive_reason"] == reason
    assert parse_memory_file(archived, ".reflexio/profiles/helix-hand0001.md").supersedes


@pytest.mark.parametrize(
    ("block", "problem"),
    [
        ("type: profile\ntype: profile\n", "repeated"),
        ("type: profile\n  - nonsense: [\n", "not valid YAML"),
        ("- a\n- b\n", "mapping"),
    ],
)
def test_unreadable_blocks_are_refused(block: str, problem: str) -> None:
    with pytest.raises(StoreError, match=problem):
        split_frontmatter(f"---\n{block}---\n\nbody\n", "bad.md")
