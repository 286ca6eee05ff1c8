"""A quoted pass phrase with blanks under a password's name (redaction.structure
``_PASS_PHRASE``): two to five words with a run of digits or a symbol inside a word, masked
whole; labels and hints with blanks stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('wifi.sta.config({ssid="Muellers-WLAN", pwd="Gartenzwerg 17 Rosen"})', "Gartenzwerg 17 Rosen"),
        ('DB_PASSWORD="blue Tulip 2024"', "blue Tulip 2024"),
        ("  password: 'Haus am See #7'", "Haus am See #7"),
    ],
)
def test_pass_phrase_masked(text: str, secret: str) -> None:
    redacted = redact_text(text)[0]
    assert secret not in redacted
    assert all(word not in redacted for word in secret.split() if any(c.isdigit() for c in word))


@pytest.mark.parametrize(
    "text",
    [
        '"password": "at least 8 characters"',
        '"password": "Passwort (mind. 8 Zeichen)"',
        'password: "Enter your password"',
        '"password": "Password 12 chars"',
        '"password_hint": "my cat 2019"',
        'ssid = "Muellers WLAN 5G"',
        'version = "4.12.3 rc1"',
        'commit = "3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80"',
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_spaced_labels_stay(text: str) -> None:
    assert redact_text(text)[0] == text
