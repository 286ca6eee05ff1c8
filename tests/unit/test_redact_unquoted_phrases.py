"""An unquoted pass phrase running to the end of its line under a password's name (``.env``,
``.properties``, YAML; redaction.structure ``_REST_OF_LINE``): masked whole, not cut at its first
blank; a flag's value, a comment after the value and labels with blanks stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("WIFI_PASSWORD=Meine Katze 2020\nWIFI_SSID=home", "Meine Katze 2020"),
        ("signing.password=blue Tulip 2024", "blue Tulip 2024"),
        ("db:\n  password: Haus am See 77\n  user: app", "Haus am See 77"),
    ],
)
def test_unquoted_pass_phrase_masked_whole(text: str, secret: str) -> None:
    redacted = redact_text(text)[0]
    assert all(word not in redacted for word in secret.split())


@pytest.mark.parametrize(
    "text",
    [
        "ansible-playbook site.yml --ask-vault-pass 2>&1 | tail -n 20",
        "password: at least 8 characters",
        "password: see the vault",
        "password_hint: my cat 2019",
    ],
)
def test_unquoted_labels_stay(text: str) -> None:
    assert redact_text(text)[0] == text
