"""Digits of a PIN or password said one by one or printed in groups (redaction.clauses
``_SPACED_DIGITS``), and a code standing right after its code word, unlinked ("短信验证码 804217"):
the whole value is masked, no group left readable; counts, dates, years and ids stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("  Passwort: 4711 8093 2256 1148 6620 (ohne Leerzeichen eintippen)", "4711 8093 2256 1148 6620"),
        ("User: my PIN is 7 3 9 1, don't share it", "7 3 9 1"),
        ("User: la contraseña es 5 8 2 7 1 9", "5 8 2 7 1 9"),
        ("User: 学校还发了一个短信验证码 804217,说是给王老师就能解锁", "804217"),
        ("User: the SMS code 582931 arrived", "582931"),
    ],
)
def test_digits_masked_whole(text: str, secret: str) -> None:
    redacted = redact_text(text)[0]
    assert "[REDACTED:" in redacted
    for group in secret.split():
        assert f" {group} " not in f" {redacted} ".replace(",", " ").replace("(", " ")
    assert secret.replace(" ", "") not in redacted


@pytest.mark.parametrize(
    "text",
    [
        "User: the password is 8 characters long",
        "User: my PIN is 2 or 3 digits longer than yours",
        "User: I changed the password on 12 03 2024",
        "the verification code 2024 rollout is done",
        'PIN = "1234"',
        "commit 3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80",
        "request id 550e8400-e29b-41d4-a716-446655440000 failed",
        "upgraded to version 4.12.3-rc1 yesterday",
        "class PasswordResetController extends BaseController",
        "your order number is 1002 4471 2290",
        "I have 3 kids aged 7, 9 and 12 and 2 cats",
    ],
)
def test_benign_digits_stay(text: str) -> None:
    assert redact_text(text)[0] == text


def test_pin_assignment_still_masked() -> None:
    assert "58213" not in redact_text('PIN = "58213"')[0]
