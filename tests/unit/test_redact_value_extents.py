"""The extent of a value assigned under a secret's name is what its line's syntax says (issue 12):
an unquoted value cut at a ``;`` or ``,`` that is no value alone, the run going on without a
blank, is decided whole; a quoted value runs to the same quote unescaped, the other kind of quote
inside it; a config directive needs a directive's shape, not a capitalised word of prose. Each
of the leaks below masked nothing at aa29c1a: the whole password stayed readable."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.directives import find_directive_values


def _spans(text: str) -> list[tuple[int, int]]:
    return [(f.start, f.end) for f in find_secrets(text)]


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ("DB_PASSWORD=Xk9;mQ2vL7", "Xk9;mQ2vL7"),
        ("password: Xk9,mQ2vL7", "Xk9,mQ2vL7"),
        ("export DB_PASSWORD=Xk9;mQ2vL7\n", "Xk9;mQ2vL7"),
        ('password = "Tr0ub\'dor&3"', "Tr0ub'dor&3"),
        ("secret_token = 'Qz7\"pW9xLk2m'", 'Qz7"pW9xLk2m'),
        ('password = "abc\\"def123"', 'abc\\"def123'),
    ],
)
def test_the_whole_value_is_masked(line: str, secret: str) -> None:
    at = line.index(secret)
    assert (at, at + len(secret)) in _spans(line)
    masked = redact_text(line)[0]
    for piece in secret.replace(";", " ").replace(",", " ").replace("'", " ").replace('"', " ").split():
        if len(piece) >= 3:
            assert piece not in masked


@pytest.mark.parametrize(
    "line",
    [
        "timeout=30;",
        "a, b = 1, 2",
        "password: ${DB_PASS},",
        '{"passwords": ["a", "b"], "count": 2}',
        "password=abc;export PASSWORD",
        "password=abc;token=def",
        'password = "\\"$PASSWORD\\""',
        '"api_key": "\\"%s\\"" % key',
        "secret: \"don't tell 'anyone'\"",
    ],
)
def test_ordinary_lines_stay_unmasked(line: str) -> None:
    assert _spans(line) == []


@pytest.mark.parametrize("line", ["Secret Santa2024", "Password Reset2024", "Token Ring4"])
def test_a_capitalised_word_of_prose_is_no_directive(line: str) -> None:
    assert list(find_directive_values(line)) == []


def test_a_title_of_prose_is_kept() -> None:
    assert _spans("Secret Santa2024") == []
    assert _spans("Secret Santa was fun") == []


def test_a_directive_in_capitals_or_lower_case_is_still_one() -> None:
    for line in ("PSK Xk9Q7mQ2vL7x", "password Xk9Q7mQ2vL7x"):
        at = line.index("Xk9")
        assert (at, len(line)) in list(find_directive_values(line))
