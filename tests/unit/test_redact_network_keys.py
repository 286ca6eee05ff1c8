"""A wireless network's key is a password (issue 12): a router's sticker, a setup page and people
call it a key ("WLAN key", "Wireless Key", "WPA Key", "clé WPA", "WLAN-Schlüssel",
"Netzwerkschlüssel", "ネットワークキー"), and its value is one people choose or read off the sticker
(letters and digits, digits in groups), which the value decision of a generated key (random,
16 characters or more) let through. Said in a clause, such a key is decided as a password
(clause_shapes.network_role); an assignment to a name (``WIFI_KEY=…``) is decided by its name, as
before. Every value is made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Sticker on the router: SSID FRITZ!Box 7590 XY, WLAN key 4711 8093 2256 1148 6620",
            "4711 8093 2256 1148 6620",
        ),
        ("WLAN-Netzwerkschlüssel (WPA2): 4711 8093 2256 1148 6620", "4711 8093 2256 1148 6620"),
        ("Wireless Key: k7mQ2xLp9Rz", "k7mQ2xLp9Rz"),
        ("WPA Key: k7mQ2xLp9Rz", "k7mQ2xLp9Rz"),
        ("the wifi key is sommerregen24, don't share it", "sommerregen24"),
        ("Clé WPA : k7mQ2xLp9Rz", "k7mQ2xLp9Rz"),
        ("la clave del wifi es Gatito2020", "Gatito2020"),
        ("ネットワークキー：k7mQ2xLp9Rz", "k7mQ2xLp9Rz"),
    ],
)
def test_a_network_key_is_masked_as_a_password(text: str, value: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert value not in out and value[:4] not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "the network key rotation runs every 90 days",
        "the API key for the network service is in vault",
        "WLAN key: see the sticker on the back of the box",
        "the wifi key is printed under the router",
    ],
)
def test_words_about_a_network_key_are_kept(text: str) -> None:
    assert [text[f.start : f.end] for f in find_secrets(text)] == []
