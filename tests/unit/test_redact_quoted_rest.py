"""A finding that starts right after a quote runs on to that quote's close on its line (issue
12: "no prefix or suffix of a secret may remain readable"). At 415064a4 the detectors that read
one token after a flag or a password word took the first word of a quoted value with a blank
(``sshpass -p 'Xk9#mQ2 vL7'`` masked ``Xk9#mQ2`` and left ``vL7`` readable). The values are
made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.combine import quoted_end


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("sshpass -p 'Xk9#mQ2 vL7;p=w' ssh root@host", "Xk9#mQ2 vL7;p=w"),
        ("redis-cli -a 'Xk9#mQ2 vL7;p=w' ping", "Xk9#mQ2 vL7;p=w"),
        ('password = "Xk9#mQ2 vL7;p=w"', "Xk9#mQ2 vL7;p=w"),
        ('[client]\npassword = "Xk9#mQ2 vL7;p=w"\nuser = app', "Xk9#mQ2 vL7;p=w"),
    ],
)
def test_a_quoted_value_is_masked_to_its_closing_quote(text: str, secret: str) -> None:
    assert secret in [text[f.start : f.end] for f in find_secrets(text)]
    out, _ = redact_text(text)
    assert "vL7" not in out and out.count("'") == text.count("'") and out.count('"') == text.count('"')


@pytest.mark.parametrize(
    ("text", "start", "end", "expected"),
    [
        ("-p 'ab cd' x", 4, 6, 9),  # to the closing quote
        ("-p 'ab' x", 4, 6, 6),  # already there
        ("-p ab cd' x", 3, 5, 5),  # no quote before the finding
        ("-p 'ab cd\n' x", 4, 6, 6),  # the quote does not close on its line
        ('-p "ab \\" cd" x', 4, 6, 12),  # an escaped quote does not close it
        ("-p 'ab" + " c" * 80 + "'", 4, 6, 6),  # too far on
        ("ab cd' x", 0, 2, 2),  # the text's start
    ],
)
def test_quoted_end(text: str, start: int, end: int, expected: int) -> None:
    assert quoted_end(text, start, end) == expected


def test_an_escaped_string_closes_at_its_escaped_quote() -> None:
    text = '{"body": "{\\"token\\": \\"Xk9 mQ2\\", \\"id\\": \\"web\\"}"}'
    start = text.index("Xk9")
    assert quoted_end(text, start, start + 3) == text.index('\\", \\"id')


def test_a_json_string_holding_text_after_the_value_is_not_taken() -> None:
    # a file's text in a JSON string (a source map's ``sourceContent``): lines go on after it
    text = '{"sourceContent": "Xk9mQ2vL7pZq8Vn3\\n\\nthe token is secret.\\n"}'
    start = text.index("Xk9")
    assert quoted_end(text, start, start + 16) == start + 16


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('docker run -e "DB_PASSWORD=Xk9#mQ2 vL7;p=w" postgres', "Xk9#mQ2 vL7;p=w"),
        ("docker run -e 'API_TOKEN=Xk9#mQ2 vL7;p=wZq8' postgres", "Xk9#mQ2 vL7;p=wZq8"),
        ('psql "password=Tr0ub4dor3xq dbname=orders"', "Tr0ub4dor3xq"),  # the next pair is no part of it
    ],
)
def test_a_quoted_name_and_value_ends_at_the_closing_quote(text: str, secret: str) -> None:
    assert secret in [text[f.start : f.end] for f in find_secrets(text)]
