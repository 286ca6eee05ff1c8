"""A password passed to a call beside other quoted arguments, or holding one piece of regular
expression syntax, stays masked (review RV6 F2, F3 of 03f934e5, which read such a call as a list
of names and such a value as a pattern, and kept both readable)."""

from __future__ import annotations

import pytest

from memscribe.redaction import Masker


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('r.hset("user:42", "password", "Hunter2024")', "Hunter2024"),
        ('f("x", "password", "Hunter2024")', "Hunter2024"),
        ('store.put("db_password", "Hunter2024", "prod")', "Hunter2024"),
        ('password = "Tr0ub(?=4dor3"', "4dor3"),
        ('password="Qz7(?:Lm2)pX"', "Lm2"),
    ],
)
def test_the_password_is_masked(text: str, secret: str) -> None:
    masked, found = Masker().redact(text)
    assert found and secret not in masked
