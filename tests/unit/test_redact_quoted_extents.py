"""A value the user quoted ends at its closing quote, and one unquoted inside a quoted list of
``key=value`` pairs ends at the next pair (issue 12: "the whole value is masked: no prefix or
suffix of a secret may remain readable", and no more than the value). At 415064a4 curl's quoted
``user:password`` was cut at its first blank (``2024`` stayed readable) and a libpq password ran
on over ``dbname=…`` and the closing quote. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("curl --user 'deploy:Kiosk 2024' https://api.example.com/v1", "Kiosk 2024"),
        ('curl -u "deploy:Kiosk 2024 blue" https://api.example.com/v1', "Kiosk 2024 blue"),
        ("curl -u deploy:'Kiosk 2024 x' https://api.example.com/v1", "Kiosk 2024 x"),
        ("curl -sSu 'deploy:Kiosk 2024' https://api.example.com/v1", "Kiosk 2024"),
        ('curl -u "ops:Zq 8\'v Lx" https://api.example.com', "Zq 8'v Lx"),  # the other quote kind inside
    ],
)
def test_a_quoted_curl_password_is_masked_to_its_closing_quote(text: str, secret: str) -> None:
    spans = [text[f.start : f.end] for f in find_secrets(text)]
    assert secret in spans
    out, _ = redact_text(text)
    # the password is one mask, from its first character to its closing quote; the rest stays
    head, tail = text[: text.index(secret)], text[text.index(secret) + len(secret) :]
    assert out.startswith(head) and out.endswith(tail), out
    assert out[len(head) : len(out) - len(tail)].startswith("[REDACTED:"), out
    assert "]" == out[len(out) - len(tail) - 1]


def test_an_unquoted_curl_password_still_ends_at_its_blank() -> None:
    text = "curl -u deploy:Kx9Qv2Lm77 https://api.example.com/v1"
    assert [text[f.start : f.end] for f in find_secrets(text)] == ["Kx9Qv2Lm77"]


@pytest.mark.parametrize(
    "text",
    [
        'psql "host=db.internal port=5432 password=Tr0ub4dor3xq dbname=orders user=app"',
        "psql 'host=db.internal password=Tr0ub4dor3xq dbname=orders'",
        "note: password=Tr0ub4dor3xq user=app",
    ],
)
def test_a_password_in_a_list_of_pairs_ends_before_the_next_pair(text: str) -> None:
    out, _ = redact_text(text)
    assert "Tr0ub4dor3xq" not in out
    # the mask never takes the string's closing quote, nor a pair of its own after the password
    assert out.count('"') == text.count('"') and out.count("'") == text.count("'"), out
    found = [text[f.start : f.end] for f in find_secrets(text)]
    assert not any(s.endswith(("'", '"')) for s in found), found
    if "host=" not in text:
        assert "user=app" in out


def test_a_pass_phrase_in_a_list_of_pairs_stops_at_the_next_pair() -> None:
    text = 'psql "host=db password=Kiosk 2024 blue dbname=x"'
    found = [text[f.start : f.end] for f in find_secrets(text)]
    assert found and all('"' not in s and "dbname" not in s for s in found), found
