"""A recovery or backup code linked to its name by a word in the same clause ("… se serve è
9154 8421", "the backup code is 7731-0284"), when no colon introduces it: the groups right
after the link, each holding a digit."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("the 2FA backup code is 7731-0284", "7731-0284"),
        ("Il codice di recupero dell'account se serve è 9154 8421 (non credo serva).", "9154 8421"),
        ("Der Wiederherstellungscode ist K7P2-9XQ4-MM31.", "K7P2-9XQ4-MM31"),
        ("恢复码是 48213976", "48213976"),
    ],
)
def test_linked_code_is_masked(text: str, code: str) -> None:
    out, _ = redact_text(text)
    assert code not in out
    assert "[REDACTED" in out


@pytest.mark.parametrize(
    "text",
    [
        "the recovery key is stored in 1Password",
        "recovery codes are 8 digits long",
        "backup code is v2.3 now",
        "the backup code is required. 4471 9921 is my order",
    ],
)
def test_no_code_linked(text: str) -> None:
    assert redact_text(text)[0] == text


def test_words_after_the_code_stay() -> None:
    out, _ = redact_text("the recovery code is 9154 8421 (not needed)")
    assert out.endswith(" (not needed)")
    assert "9154" not in out and "8421" not in out
