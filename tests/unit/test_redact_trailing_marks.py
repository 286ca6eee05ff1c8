"""A password said in prose is masked through the ``!``, ``?`` and ``.`` right after it: whether
they end the sentence or the password cannot be told, and no character of it may stay readable."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("account: anna@example.com, pw: Sommer2024!", "account: anna@example.com, pw: [REDACTED:password]"),
        ("my password is Hunter2-Zq!! ok", "my password is [REDACTED:password] ok"),
        ("Xq7#mZ2pL9! that is the password", "[REDACTED:password] that is the password"),
        ("le mot de passe c'est Tresor1er.", "le mot de passe c'est [REDACTED:password]"),
        ("das Passwort ist Sommer2024?", "das Passwort ist [REDACTED:password]"),
        # the clause ends before a mark followed by a space or a line break: still masked
        ("mon mot de passe est Chat_noir_91!\nmerci", "mon mot de passe est [REDACTED:password]\nmerci"),
        ("das Passwort ist Hund_braun_44? Danke", "das Passwort ist [REDACTED:password] Danke"),
    ],
)
def test_marks_after_a_password_are_masked_with_it(text: str, masked: str) -> None:
    out, _ = redact_text(text)
    assert out == masked
    assert redact_text(out) == (out, [])  # idempotent


def test_marks_after_a_password_in_quotes_or_brackets_stop_at_them() -> None:
    out, _ = redact_text("(password: Sommer2024!) and done")
    assert "Sommer2024" not in out and out.endswith(") and done")
