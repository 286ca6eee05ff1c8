"""Digits of a password joined by hyphens in even groups are one value as blank-separated ones
are (redaction.clauses ``_pin_like``: "the password is 4711-8093-2256"); a year standing right after
a password's name, unlinked, names a time or a release ("Passwort 2019 geändert"), as after a
code word; linked, a year is still a value ("Passwort ist 1987")."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("User: the password is 4711-8093-2256", "4711-8093-2256"),
        ("User: Passwort 4711-8093-2256-1148", "4711-8093-2256-1148"),
        ("User: PIN is 4-9-1-7", "4-9-1-7"),
        ("User: Passwort ist 1987", "1987"),
        ("User: PIN: 1987", "1987"),
        ("User: Passwort 38472619", "38472619"),
    ],
)
def test_masked(text: str, secret: str) -> None:
    redacted = redact_text(text)[0]
    assert "[REDACTED:" in redacted
    assert all(group not in redacted for group in secret.split("-"))


@pytest.mark.parametrize(
    "text",
    [
        "User: the password is 030-1234",
        "User: password is 2024-06-01",
        "User: Passwort 2019 geändert",
        "User: the password 2024 rollout",
        "User: le mot de passe 2024 du wifi",
        "User: le MDP 2024 est à Lyon",
        "User: réunion MDP 2024 à Lyon",
    ],
)
def test_kept(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text",
    [
        "User: die TAN 1500 Euro Limit pro Tag",
        "User: SMS-TAN 2500 EUR Überweisung",
        "User: auth code 4096 bit key",
        "User: security code 1024 entries in the table",
        "User: OTP 1800 seconds expiry",
        "User: SMS code 3600 s",
        "User: code de vérification 1500 envois",
        "User: Bestätigungscode 1200 Mails verschickt",
    ],
)
def test_round_amount_after_code_word_kept(text: str) -> None:
    # a round number or a size right after a code word, unlinked, is an amount, not a code
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    "text", ["User: the SMS code 582931 arrived", "User: TAN 582931", "User: PIN ist 4800"]
)
def test_codes_still_masked(text: str) -> None:
    assert "[REDACTED:" in redact_text(text)[0]
