"""Values said after a network (Wi-Fi, WLAN) key word keep the value decision every key has. Stop 45 reverted a change
(cc1b9cb6) that judged such a value as a password instead: a UUID or a base32 seed after "the wifi key is" became
readable (RV7 G2, 300 of 300 random UUIDs), while a security mode, a cipher or a key size was masked (RV7 G3)."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

SECRETS = [
    ("the network key is ", "3fa85f64-5717-4562-b3fc-2c963f66afa6"),
    ("the wifi key is ", "7c9e6679-7425-40de-944b-e07fc1f90ae7"),
    ("the WLAN key is ", "JBSWY3DPEHPK3PXP"),
]
KEPT = [
    "The wireless key is WPA2-Personal, not WEP",
    "network key type: WPA2-PSK",
    "the WLAN key is AES-256 encrypted",
    "the network key is 2048 bits",
    "Der WLAN-Schlüssel ist WPA2-AES",
]


def redact(text: str) -> str:
    return redact_text(text)[0]


@pytest.mark.parametrize(("lead", "value"), SECRETS)
def test_a_key_shaped_value_after_a_network_key_word_is_masked(lead: str, value: str) -> None:
    out = redact(lead + value)
    assert value not in out and "[REDACTED" in out


@pytest.mark.parametrize("text", KEPT)
def test_a_security_mode_or_key_size_after_a_network_key_word_is_kept(text: str) -> None:
    assert redact(text) == text
