"""An XML element named by an attribute (Android's ``<string name="db_password">…</string>``,
Java's properties XML ``<entry key="db.password">…</entry>``) holds its name's value
(redaction.structure ``_NAME_ATTRIBUTE``); string resources are labels too, so only a value shaped
as a password counts there, and a value that is a password's or secret's word in a language the
clause detector reads ("Passwort", "Contraseña") is a label's text anywhere."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('<string name="password">Kx7!mP2#qL</string>', "Kx7!mP2#qL"),
        ('<string name="db_password">Sommer2024!</string>', "Sommer2024!"),
        ('<entry key="db.password">Kx7!mP2#qL</entry>', "Kx7!mP2#qL"),
    ],
)
def test_named_element_value_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        '<string name="password">Passwort</string>',
        '<string name="password">Contraseña</string>',
        '<string name="password">Mot de passe</string>',
        '<string name="api_key">API-Schlüssel</string>',
        '<string name="secret">Geheimnis</string>',
        '<string name="password_hint">Mindestens 8 Zeichen</string>',
        '<string name="title">Kx7!mP2#qL</string>',
        "INSERT INTO i18n (key, de) VALUES ('password','Passwort');",
        "<password>Kennwort</password>",
    ],
)
def test_labels_kept(text: str) -> None:
    assert redact_text(text)[0] == text
