"""Recovery codes linked to their name by a word (redaction.lists ``_linked_code``): a group with
a word joined by a hyphen ("2FA-related") is no code; codes of digit-holding groups still are."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        "the backup code was 2FA-related",
        "the backup code is 2FA-ready",
        "il codice di backup è v2-compatibile",
    ],
)
def test_hyphenated_word_is_no_code(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the backup code is 7731-0284", "7731-0284"),
        ("my recovery code is ab12-cd34-ef56", "ab12-cd34-ef56"),
        ("recovery code is a1b2c-d3e4f", "a1b2c-d3e4f"),
    ],
)
def test_linked_code_still_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]
