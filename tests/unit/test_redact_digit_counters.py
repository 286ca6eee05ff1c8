"""Digits linked to a password's name (redaction.clauses, 4-8 digit passwords): a number glued to a
CJK measure word or unit is a year, a length or a count, not the password; PINs stay masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        "密码是2019年设置的",
        "비밀번호는 2019년에 바꿨어요",
        "暗証番号は2019年に変えた",
        "パスワードは20240611日に変えた",
    ],
)
def test_number_with_a_counter_stays(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("密码是583920哦", "583920"),
        ("暗証番号は5829です", "5829"),
        ("비밀번호는 5927이에요", "5927"),
        ("PIN码是583920", "583920"),
        ("은행 이체 비밀번호 5927 이고요", "5927"),
    ],
)
def test_pin_still_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]
