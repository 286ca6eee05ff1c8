"""A login and its password written as a pair, ``<login> / <password>``, under a line that names a
login or a password (issue 12). The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.logins import find_login_pairs
from tests.support.secret_shapes import found as _found

_MASKED = [
    ("router login admin / Xk9pL2mQ", "Xk9pL2mQ"),
    ("the NAS password: admin / nasadmin77", "nasadmin77"),
    ("creds for the shop: owner@shop.example / Tulip2023shop", "Tulip2023shop"),
    # the line before names the login: the pair answers it
    ("who has the wifi for guests?\nGuestNet / Autumn0927Guests", "Autumn0927Guests"),
    ("kto ma hasło do drukarki?\nadmin / Drukarka#12", "Drukarka#12"),
    # a mark after it may be the password's last character
    ("Zugang: kasse / Brot&Butter7!", "Brot&Butter7!"),
]

_KEPT = [
    "the wifi uses TCP / IP and the login page is fine",  # words, no digit
    "login rate limit: 100 / minute",  # a number is no login
    "account upgrade: v1.2 / v1.3.0",  # versions
    "user guide: docs / guides/setup-2024.md",  # a path
    "login form: admin / <your-password>",  # a placeholder
    "the user switched from plan-A1 / plan-B2 yesterday and left",  # a pair of names, no login word
    "compare build-2024 / build-2025 on the dashboard",  # no login or password named nearby
    "login as admin / ********",  # masked by hand
]


@pytest.mark.parametrize(("text", "value"), _MASKED)
def test_a_login_pair_password_is_masked_whole(text: str, value: str) -> None:
    assert [text[s:e] for s, e in find_login_pairs(text)] == [value]
    assert value in _found(text)
    out, _ = redact_text(text)
    assert value not in out
    assert redact_text(out) == (out, [])  # idempotent


@pytest.mark.parametrize("text", _KEPT)
def test_a_pair_that_is_no_login_is_kept(text: str) -> None:
    assert list(find_login_pairs(text)) == []


def test_a_pair_far_below_the_login_word_is_kept() -> None:
    text = "the router login is on the sticker\nsome notes\nmore notes\nbuild-a7 / build-b9x"
    assert list(find_login_pairs(text)) == []
