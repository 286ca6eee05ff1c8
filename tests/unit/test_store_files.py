"""Rendering (golden text), parsing, paths and slugs."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memscribe.errors import StoreError
from memscribe.schemas.memory import SLUG_RE
from memscribe.store.files import (
    archive_path,
    make_slug,
    memory_path,
    parse_memory_file,
    parse_playbook_sections,
    render_playbook,
    render_profile,
    split_frontmatter,
    with_archive_metadata,
)

CREATED = dt.datetime(2026, 4, 17, 9, 30, 0, 123456, tzinfo=dt.UTC)

PROFILE_GOLDEN = """\
---
type: profile
id: prof_ab12cd34
created: 2026-04-17T09:30:00Z
ttl: one_year
expires: 2027-04-17
---

User is a senior backend engineer at Acme Corp.
"""

PROFILE_SUPERSEDES_GOLDEN = """\
---
type: profile
id: prof_ab12cd34
created: 2026-04-17T09:30:00Z
ttl: infinity
expires: never
supersedes: [prof_old00001, prof_old00002]
---

User is vegan.
"""

PLAYBOOK_GOLDEN = """\
---
type: playbook
id: pbk_zz99yy88
created: 2026-04-17T09:30:00Z
supersedes: [pbk_old00001]
---

## When
Composing a git commit message.

## What
No AI-attribution trailers.

## Why
User corrected this.
"""


def test_render_profile_golden() -> None:
    text = render_profile(
        id="prof_ab12cd34",
        created=CREATED,
        ttl="one_year",
        body="  User is a senior backend engineer at Acme Corp.\n\n",
    )
    assert text == PROFILE_GOLDEN


def test_render_profile_supersedes_and_infinity() -> None:
    text = render_profile(
        id="prof_ab12cd34",
        created=CREATED,
        ttl="infinity",
        body="User is vegan.",
        supersedes=["prof_old00001", "prof_old00002"],
    )
    assert text == PROFILE_SUPERSEDES_GOLDEN


def test_render_converts_to_utc() -> None:
    plus2 = dt.datetime(2026, 4, 17, 1, 30, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    text = render_profile(id="prof_ab12cd34", created=plus2, ttl="one_day", body="x")
    assert "created: 2026-04-16T23:30:00Z\n" in text
    assert "expires: 2026-04-17\n" in text


def test_render_playbook_golden() -> None:
    text = render_playbook(
        id="pbk_zz99yy88",
        created=CREATED,
        when="Composing a git commit message.",
        what="No AI-attribution trailers.",
        why="User corrected this.\n",
        supersedes=("pbk_old00001",),
    )
    assert text == PLAYBOOK_GOLDEN


@pytest.mark.parametrize(
    "kwargs",
    [
        {"id": "pbk_ab12cd34", "ttl": "one_day", "body": "x"},  # wrong prefix
        {"id": "prof_ab/../x", "ttl": "one_day", "body": "x"},
        {"id": "prof_ab12cd34", "ttl": "forever", "body": "x"},
        {"id": "prof_ab12cd34", "ttl": "one_day", "body": "  \n "},
        {"id": "prof_ab12cd34", "ttl": "one_day", "body": "x", "supersedes": ["prof_a, prof_b"]},
    ],
)
def test_render_profile_rejects(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        render_profile(created=CREATED, **kwargs)  # type: ignore[arg-type]


def test_render_playbook_rejects_empty_section() -> None:
    with pytest.raises(ValueError, match="Why"):
        render_playbook(id="pbk_ab12cd34", created=CREATED, when="a", what="b", why=" ")


def test_parse_profile() -> None:
    entry = parse_memory_file(PROFILE_SUPERSEDES_GOLDEN, ".reflexio/profiles/diet-vegan-ab12cd34.md")
    assert entry.kind == "profile"
    assert entry.id == "prof_ab12cd34"
    assert entry.slug == "diet-vegan"
    assert entry.created == "2026-04-17T09:30:00Z"
    assert entry.ttl == "infinity"
    assert entry.expires == "never"
    assert entry.supersedes == ("prof_old00001", "prof_old00002")
    assert entry.body == "User is vegan."
    assert entry.path == ".reflexio/profiles/diet-vegan-ab12cd34.md"


def test_parse_playbook_and_sections() -> None:
    entry = parse_memory_file(PLAYBOOK_GOLDEN, ".reflexio/playbooks/commit-no-ai-zz99yy88.md")
    assert entry.kind == "playbook"
    assert entry.ttl is None and entry.expires is None
    assert entry.slug == "commit-no-ai"
    assert parse_playbook_sections(entry.body) == {
        "when": "Composing a git commit message.",
        "what": "No AI-attribution trailers.",
        "why": "User corrected this.",
    }


def test_parse_tolerates_archive_keys_crlf_and_comments() -> None:
    archived = with_archive_metadata(
        PROFILE_GOLDEN, "p", [("superseded_by", "prof_new00001"), ("archive_reason", "contra\ndicted")]
    )
    assert "superseded_by: prof_new00001\narchive_reason: contra dicted\n---\n" in archived
    entry = parse_memory_file(
        archived.replace("\n", "\r\n"), ".reflexio/.archive/profiles/role-ab12cd34-2.md"
    )
    assert entry.id == "prof_ab12cd34"
    assert entry.slug == "role"
    meta, _ = split_frontmatter(archived, "p")
    assert meta["superseded_by"] == "prof_new00001"
    commented = PROFILE_GOLDEN.replace(
        "expires: 2027-04-17", "expires: 2027-04-17\n# a comment\nsupersedes: []"
    )
    assert parse_memory_file(commented, "x-ab12cd34.md").supersedes == ()


def test_parse_odd_file_name_gets_a_slug() -> None:
    entry = parse_memory_file(PROFILE_GOLDEN, ".reflexio/profiles/Hand Written Note.md")
    assert entry.slug == "hand-written-note"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no frontmatter\n", "no frontmatter"),
        ("---\ntype: profile\n", "not closed"),
        ("---\ntype profile\n---\nx\n", "malformed"),
        ("---\ntype: note\nid: prof_a\ncreated: x\n---\nx\n", "type must be"),
        ("---\ntype: profile\nid: pbk_a\ncreated: x\n---\nx\n", "invalid profile id"),
        ("---\ntype: profile\nid: prof_a\n---\nx\n", "missing created"),
        ("---\ntype: profile\nid: prof_a\ncreated: x\n---\n\n", "empty body"),
        ("---\ntype: profile\nid: prof_a\nid: prof_b\ncreated: x\n---\nx\n", "repeated"),
        ("---\ntype: profile\nid: prof_a\ncreated: x\nttl: forever\n---\nx\n", "ttl"),
        ("---\ntype: profile\nid: prof_a\ncreated: x\nsupersedes: prof_b\n---\nx\n", "supersedes"),
    ],
)
def test_parse_errors_name_the_path(text: str, message: str) -> None:
    with pytest.raises(StoreError, match=message) as info:
        parse_memory_file(text, ".reflexio/profiles/bad-a.md")
    assert ".reflexio/profiles/bad-a.md" in str(info.value)
    assert info.value.fields["path"] == ".reflexio/profiles/bad-a.md"


bodies = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=200).filter(
    lambda s: s.replace("\r", "\n").strip() != ""
)


@given(
    body=bodies,
    ttl=st.sampled_from(["one_day", "one_week", "one_month", "one_quarter", "one_year", "infinity"]),
)
def test_profile_round_trip(body: str, ttl: str) -> None:
    text = render_profile(id="prof_ab12cd34", created=CREATED, ttl=ttl, body=body, supersedes=["prof_x"])
    entry = parse_memory_file(text, memory_path("profile", "topic", "prof_ab12cd34"))
    assert entry.body == body.replace("\r\n", "\n").replace("\r", "\n").strip()
    assert entry.ttl == ttl
    assert entry.supersedes == ("prof_x",)
    assert entry.slug == "topic"


@given(when=bodies, what=bodies, why=bodies)
def test_playbook_round_trip(when: str, what: str, why: str) -> None:
    text = render_playbook(id="pbk_ab12cd34", created=CREATED, when=when, what=what, why=why)
    entry = parse_memory_file(text, memory_path("playbook", "topic", "pbk_ab12cd34"))
    assert entry.kind == "playbook"
    assert entry.body.startswith("## When\n")


def test_paths() -> None:
    assert (
        memory_path("profile", "diet-vegan", "prof_ab12cd34") == ".reflexio/profiles/diet-vegan-ab12cd34.md"
    )
    assert memory_path("playbook", "commit", "pbk_ab12cd34") == ".reflexio/playbooks/commit-ab12cd34.md"
    assert archive_path(".reflexio/profiles/diet-vegan-ab12cd34.md") == (
        ".reflexio/.archive/profiles/diet-vegan-ab12cd34.md"
    )
    assert archive_path(".reflexio/playbooks/c-1.md") == ".reflexio/.archive/playbooks/c-1.md"
    with pytest.raises(ValueError):
        memory_path("profile", "Bad Slug", "prof_ab12cd34")
    with pytest.raises(ValueError):
        memory_path("profile", "ok", "pbk_ab12cd34")
    with pytest.raises(ValueError):
        archive_path("notes/x.md")


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Diet: Vegan!", "diet-vegan"),
        ("Café crème", "cafe-creme"),
        ("--__--", "memory"),
        ("日本語", "memory-" + hashlib.sha1("日本語".encode()).hexdigest()[:6]),  # its own (RV6 F4)
        ("", "memory"),
        ("a" * 60, "a" * 48),
        ("x" * 47 + " y", "x" * 47),
    ],
)
def test_make_slug_examples(text: str, slug: str) -> None:
    assert make_slug(text) == slug


@given(st.text())
def test_make_slug_always_valid(text: str) -> None:
    assert SLUG_RE.match(make_slug(text))
