"""Issue 12 (speed only): a long run of base64url characters holding ``eyJ`` many times (``eyJ``
repeated, a blob of base64 JSON without dots) costs time linear in the run: the JWT pattern was
tried at each ``eyJ`` and read the run to its end from each (quadratic). :func:`find_jwts`
finds what the provider table's finder found (checked against it here)."""

from __future__ import annotations

import random

from memscribe.redaction import find_secrets
from memscribe.redaction.base import regex_finder
from memscribe.redaction.providers import JWT, find_jwts
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth

_JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1XzgyNzQiLCJleHAiOjE3NjQ1NTIwMDB9"
    ".Qm3xV8pL0tR7wZ2nB5cY4uJ9sK1hF6dG3aE8iO0lN7v"
)


def test_eyj_repeated_is_linear() -> None:
    """8x as long costs about 8x (was 64x), measured in turn (``tests/support/growth.py``)."""
    growth = cpu_growth(find_secrets, "eyJ" * 2000, "eyJ" * 16000)
    assert growth < LINEAR_BOUND_8X, growth


def test_a_jwt_after_a_long_run_is_still_found() -> None:
    text = "eyJ" * 3000 + " token " + _JWT + "\n"
    assert [text[f.start : f.end] for f in find_secrets(text)] == [_JWT]


def test_jwts_found_as_the_table_finder_found_them() -> None:
    """Random runs of ``eyJ`` parts, dots, blanks, escapes and filler: the same spans as the
    provider table's regex finder (boundary, value decision, filler, placeholder)."""
    table = regex_finder(JWT, hints=("eyJ",), boundary=True, strict_value=True, line_bound=True)
    rnd = random.Random(12)

    def part() -> str:
        return "".join(rnd.choice("abcXYZ019_-") for _ in range(rnd.randint(0, 14)))

    hits = 0
    for _ in range(6000):
        bits = [
            "eyJ" + part()
            if rnd.random() < 0.5
            else rnd.choice(
                [".", ".", "x", " ", "\n", "\\n", "###", "...", "EXAMPLE", "eyJ", "-", _JWT, part()]
            )
            for _ in range(rnd.randint(1, 12))
        ]
        text = "".join(bits)
        expected = list(table(text))
        hits += bool(expected)
        assert list(find_jwts(text)) == expected, text
    assert hits > 50
