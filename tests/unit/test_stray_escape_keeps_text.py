"""A stray ESC in text a user writes through a door (MCP write, import, a snapshot) takes no
character of the text with it: a value after it is kept whole, and a token after it still
reaches the masker whole, so it is redacted (review RV1 of dee82269, which read ESC + any
final as a two-character sequence: '$120k' became '20k', 'glpat-…' became 'lpat-…' and was
written in clear)."""

from __future__ import annotations

import pytest

from memscribe.safety.write_guard import WriteGuard, clean_chars


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("Budget is \x1b-5000 euros", "-5000"),
        ("User is \x1b35 years old", "35"),
        ("User's salary is \x1b$120k", "$120k"),
        ("Flight at \x1b10:30", "10:30"),
        ("Nutzer ist \x1b 42 Jahre alt", "42"),
        ("User likes\x1b bananas", "bananas"),
        ("用户每月房租\x1b1200元", "1200"),
    ],
)
def test_a_stray_escape_takes_no_character(raw: str, kept: str) -> None:
    assert kept in clean_chars(raw)


@pytest.mark.parametrize(
    "token",
    ["glpat-Xy7qLm3Nv9Rt2Wk5Ps8D", "npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"],
)
def test_a_token_after_a_stray_escape_is_redacted(token: str) -> None:
    guard = WriteGuard()
    written = guard.text(f"User mirrors the repo with \x1b{token} every night")
    assert token not in written and token[1:] not in written
    assert guard.redactions
