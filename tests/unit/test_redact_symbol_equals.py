"""A password may hold ``=`` when what stands before it is no name (``*jh99bj=+8xhyk``); a
``name=value`` pair and base64 padding are still told apart."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.values import password_like


@pytest.mark.parametrize(
    "text",
    [
        "he gave me the ops password for emergencies: *jh99bj=+8xhyk",
        "the wifi password is now #Lk9=Tq7!m",
        "mot de passe : %Rq7=zP2x",
    ],
)
def test_password_with_an_equals_sign_inside_is_masked(text: str) -> None:
    secret = text.split()[-1]
    out, findings = redact_text(text)
    assert findings and secret not in out
    assert not any(part and part in out for part in secret.split("="))  # no half of it readable


@pytest.mark.parametrize("value", ["a=b", "x=1", "retries=3", "key=value123", "dGVzdA==", "abc=", "=abc"])
def test_name_value_pairs_and_padding_are_not_passwords(value: str) -> None:
    assert not password_like(value, strict=False)


def test_prose_with_a_name_value_pair_is_kept() -> None:
    assert redact_text("the password is x=1") == ("the password is x=1", [])
