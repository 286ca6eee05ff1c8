"""An email address before `` / `` is a login by its shape (redaction.logins): the password after
it is masked without a login word nearby; other pairs after an email stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


def test_email_login_pair_masked() -> None:
    redacted = redact_text("小米摄像头 App: lihua_1984@163.com / Mi-cam2024!")[0]
    assert "Mi-cam2024" not in redacted
    assert "lihua_1984@163.com" in redacted


@pytest.mark.parametrize(
    "text",
    [
        "Contact: anna@x.io / 2024-03-01",
        "mail anna@x.io / bob@x.io",
        "anna@x.io / v2.4.1",
        "anna@x.io / OrderNumber",
        "sent by anna@x.io / 3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80",
        "anna@x.io / 550e8400-e29b-41d4-a716-446655440000",
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_email_pair_benign_stays(text: str) -> None:
    assert redact_text(text)[0] == text
