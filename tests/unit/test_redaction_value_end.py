"""A finding's span runs on to its value's syntactic end (issue 12): a mask that stops inside a
value leaves its last characters readable. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.combine import value_end

_PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7q2Lm9Np4Rt6Vw8Yz0Ab1"


@pytest.mark.parametrize(
    ("text", "found_end", "value"),
    [
        ("x=Zq8Vn3Lx==", "Zq8Vn3Lx", "Zq8Vn3Lx=="),  # base64 padding
        ("x=Kj7&Hg5*Fd3^ rest", "Kj7", "Kj7&Hg5*Fd3^"),  # a password's symbols
        ("x=S3cr\\$et99 -e", "S3cr", "S3cr\\$et99"),  # a shell escape is the character it escapes
        ("x=wJalrXUtnFEMI/K7MD+ENG", "wJalrXUtnFEMI", "wJalrXUtnFEMI/K7MD+ENG"),  # base64's / and +
    ],
)
def test_value_end_takes_the_rest_of_the_value(text: str, found_end: str, value: str) -> None:
    start = text.index(found_end)
    assert text[start : value_end(text, start + len(found_end))] == value


@pytest.mark.parametrize(
    ("text", "found_end", "value"),
    [
        ("postgres://u:Pw7xQ2z@db.internal/app", "u:Pw7xQ2z", "u:Pw7xQ2z"),  # a URL's host
        ("?token=Ab12Cd34&user=bob", "Ab12Cd34", "Ab12Cd34"),  # a query's next parameter
        ('{"k":"Ab12Cd34\\"}', "Ab12Cd34", "Ab12Cd34"),  # an escaped quote
        ("KEY=Ab12Cd34\\nNEXT=1", "Ab12Cd34", "Ab12Cd34"),  # an escaped line break
        ("(Ab12Cd34), [Ab12Cd34]; Ab12Cd34|x", "Ab12Cd34", "Ab12Cd34"),  # brackets, separators
        ("the key is Ab12Cd34. Next", "Ab12Cd34", "Ab12Cd34"),  # a sentence's full stop
        ("密码是Panda8899cn谢谢", "Panda8899cn", "Panda8899cn"),  # CJK text without blanks
        ("host:Ab12Cd34:port", "host:Ab12Cd34", "host:Ab12Cd34"),  # a field's separator
    ],
)
def test_value_end_stops_at_the_value_syntactic_end(text: str, found_end: str, value: str) -> None:
    start = text.index(found_end)
    assert text[start : value_end(text, start + len(found_end))] == value


def test_a_pem_key_in_json_is_masked_with_its_last_line_break() -> None:
    text = (
        '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n'
        + _PEM_BODY
        + '\\n-----END PRIVATE KEY-----\\n", "client_email": "x@y.example"}'
    )
    out, _ = redact_text(text)
    assert _PEM_BODY not in out
    assert '"private_key": "[REDACTED:private_key]", "client_email"' in out
    assert redact_text(out) == (out, [])  # idempotent


def test_file_text_in_json_keeps_its_last_line_break() -> None:
    # the last line of an escaped file is not an armoured block: its line break is the file's
    text = r'{"output":"aws_secret_access_key = yPYQ6rNUhLp8EHwHNNXiaLrGgtAoUi04wBe1JB+z\n"}'
    out, _ = redact_text(text)
    assert "yPYQ6rNUhLp8EHwHNNXiaLrGgtAoUi04wBe1JB+z" not in out and out.endswith(r'\n"}')


def test_a_found_span_never_runs_into_a_mask() -> None:
    text = "token=Ab12Cd34Ef56Gh78Ij90[REDACTED:password]"
    assert all("[REDACTED" not in text[f.start : f.end] for f in find_secrets(text))
