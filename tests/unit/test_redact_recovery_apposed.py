"""A recovery code standing right after its name, a blank between and no link word or colon
("and backup code 5831-0927-4416"), is masked (redaction.lists ``_CODE_APPOSED``)."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


def test_apposed_backup_code_masked() -> None:
    text = "I have it written here and backup code 5831-0927-4416. Is that important?"
    redacted = redact_text(text)[0]
    assert "5831" not in redacted and "4416" not in redacted


@pytest.mark.parametrize(
    "text",
    [
        "the backup code feature is new in 2024",
        "recovery key rotation 2FA-ready at 10:30",
        "the recovery code 7 is unused",
        "backup code v4.12.3-rc1 shipped",
        "recovery key 550e8400-e29b-41d4-a716-446655440000 was the request id",
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_apposed_benign_stays(text: str) -> None:
    assert redact_text(text)[0] == text
