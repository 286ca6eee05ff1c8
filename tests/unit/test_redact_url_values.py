"""A web address of a host alone is not a credential's value, and a password keyword that runs
on into a longer name (``password-reset``) labels no value."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        "Click this link to reset your password: https://www.password-reset-4kq9z.com today.",
        "password: https://vault.example.org/",
        "secret_url = https://login.example.net:8443",
        "the password-reset page is down again",
    ],
)
def test_host_urls_and_compound_names_are_kept(text: str) -> None:
    assert redact_text(text) == (text, [])


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password: https://admin:Zq8vR2mX7pLk@db.example.org/", "Zq8vR2mX7pLk"),
        ("the password-reset link failed; password is Xq7#mZ2pL9", "Xq7#mZ2pL9"),
        ("my password-Xq7mZ2pL9w", "Xq7mZ2pL9w"),
        ("DB_PASSWORD=hunter2-Zq81x9", "hunter2-Zq81x9"),
    ],
)
def test_credentials_beside_them_are_still_masked(text: str, secret: str) -> None:
    out, findings = redact_text(text)
    assert secret not in out and findings
