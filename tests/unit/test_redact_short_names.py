"""``pw`` ends a secret's name as ``pwd`` does (``mqtt_pw``, ``MQTT_PW``, Home Assistant's
``secrets.yaml``): its value is masked; a number, a boolean, a type or a reference stays."""

from __future__ import annotations

import pytest

from memscribe.redaction import name_strength, redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("mqtt_pw: Broker2024x", "Broker2024x"),
        ("MQTT_PW=Broker2024x", "Broker2024x"),
        ("wifi_pw: 'Garten#Haus7'", "Garten#Haus7"),
        ('{"admin_pw": "Zq7rT2mw!"}', "Zq7rT2mw!"),
    ],
)
def test_pw_name_masks_value(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out
    assert "[REDACTED" in out


@pytest.mark.parametrize(
    "text", ["pw: 8", "pw = 12.5", "pw: true", "pw: str", "pw=$(cat /run/pw)", "cwd: /home/pw"]
)
def test_pw_name_keeps_non_values(text: str) -> None:
    assert redact_text(text)[0] == text


def test_pw_strength() -> None:
    assert name_strength("mqtt_pw") == "strong"
    assert name_strength("pw_hash") is None
