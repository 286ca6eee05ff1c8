"""Probes of a review of issue 12's redaction rules (spoken and grouped digits, code words,
scrambled letters): each secret shape generalised beyond the example it was written for, each
benign look-alike kept.

- Digits in groups after a compound password name and ``:`` (``WLAN-Passwort: 4711 8093 2256``)
  were left to the assignment detectors, which read one token: the whole value leaked.
- Digits in groups of unequal lengths are a phone number's (its numbering plan: ``0171 234
  5678``), not one value printed in groups: the password was sent there.
- Spanish "código" names any code, as English "code" does: a number right after it is an
  article's or an error's (it is masked only through a link: "el código es 4821").
- A letters-only key under a weak name is generated when most of its lower-case runs hold no
  vowel (``vKdPqWnRtYxZb…``); names of short words and acronyms switch case as often
  (``iOSMacOSWatchOSTvOSiPadOS``) but are voiced.
"""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("User: WLAN-Passwort: 4711 8093 2256 1148 6620", "4711 8093 2256 1148 6620"),
        ("User: wifi_password: 4711 8093 2256 1148 6620", "4711 8093 2256 1148 6620"),
        ("db.password: 3847 2619", "3847 2619"),
        ("User: Router-Kennwort = 7 3 9 1 5", "7 3 9 1 5"),
        ("Kennwort = 4711 8093", "4711 8093"),
    ],
)
def test_grouped_digits_after_compound_name_masked_whole(text: str, secret: str) -> None:
    redacted = redact_text(text)[0]
    assert "[REDACTED:" in redacted
    for group in secret.split():
        assert f" {group} " not in f" {redacted} "
        assert not redacted.endswith(f" {group}")


@pytest.mark.parametrize(
    "text",
    [
        "max_password_length: 12 16 20",
        "password_history: 5 10 15",
        "db.password: 2024 06 01",
        "password_lengths = 128 256 512",
        "User: the password was sent to 0171 234 5678",
        "User: PIN is sent to 0171 234 5678",
        "User: パスワードを 090 1234 5678 に送りました",
        "User: パスワードは 090 1234 5678 宛にSMSで届きます",
        "User: el artículo código 5531 está agotado",
        "User: producto código 4471 en oferta",
        "User: código 1492 del catálogo",
        "User: la tienda con código 2231 cierra a las 20h",
        'productKey = "iPhoneXsMaxProMacBookAirIPadMini"',
        'i18nKey = "iOSMacOSWatchOSTvOSiPadOS"',
        'brandKey = "eBayPayPalYouTubeiTunesMacOS"',
    ],
)
def test_benign_kept(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("User: el código es 4821", "4821"),
        ('revenueCatKey = "appl_vKdPqWnRtYxZbMcLfGhJsAeUi"', "vKdPqWnRtYxZbMcLfGhJsAeUi"),
        ('let revenueCatKey = "appl_KdPqWnRtYxZbMcLfGhJsAeUiOp"', "KdPqWnRtYxZbMcLfGhJsAeUiOp"),
        ('revenueCatKey = "goog_xKdPqWNRtYxZbMcLfGHJsAeUio"', "xKdPqWNRtYxZbMcLfGHJsAeUio"),
    ],
)
def test_secret_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]
