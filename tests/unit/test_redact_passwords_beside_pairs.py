"""A pass phrase with a blank before the next ``key=`` pair stays masked (review RV6 F1 of
59a5fef2: cut before the pair, the phrase was too short to read as one and was masked nowhere;
415064a4 masked it to the line's end)."""

from __future__ import annotations

import pytest

from memscribe.redaction import Masker


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('psql "host=db password=X7 qL9 dbname=orders"', "qL9"),
        ("password=Xq7 Lm2pZ9 sslmode=require", "Lm2pZ9"),
        ("password=correct horse battery staple user=bob", "battery staple"),
        ("Passwort=Xq7 Lm2pZ9 benutzer=bob", "Lm2pZ9"),
    ],
)
def test_the_pass_phrase_is_masked(text: str, secret: str) -> None:
    masked, found = Masker().redact(text)
    assert found and secret not in masked
