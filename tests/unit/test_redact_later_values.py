"""Values taken after a password's clause (redaction.clauses ``_said_later``, ``_said_next``):
benign identifiers later in the turn stay, the values those rules were made for are still masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        # a random-looking token named by a word of its own phrase, later in the password's clause
        "Password is rotated by job build-7f3k9x2m4q8w1z5v daily",
        "The password is the same one I use for the NAS, serial QNAP8TS453D21A7B",
        "password is in the email, message id CAF9k2mXq8rT7wZp3Lv",
        "The password is managed by sso with client 0oa1b2c3d4e5f6g7h8i9",
        # capitals and digits in a later sentence: an order's, a customer's, a booking's number
        "パスワードを変えた。ビルドはv2.1.0a3、注文番号はJP12AB34CD。",
        "hasło zmienione. numer zamówienia: PL2024A88X",
        "Passwort vergessen. Meine Kundennummer ist K2024X88A7.",
        "Passwort vergessen. Artikel: DE-44712, Bestellung: B2024X88",
        # a later value its own link or the word before it names an identifier
        "Password rules: 1 upper, 1 digit. My student id is s2b7k9x4 btw.",
        "the password hint is my cat. Her vet ID is VET9a8b7c6.",
        "password manager crashed again. the log id x9f2k3m8q1 is in the ticket",
    ],
)
def test_benign_identifier_after_password_stays(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The password is the same as the API one, Zx8kQ2mP9vL4rT7wB3nH", "Zx8kQ2mP9vL4rT7wB3nH"),
        (
            "La password del keystore è la stessa del gradle.properties, sp_s9PJx2Lm8QvR4tKz",
            "sp_s9PJx2Lm8QvR4tKz",
        ),
        ("mail password Qw7!zz91Lk for gmail. and the bank one is bank8k2m77q9 ok", "bank8k2m77q9"),
    ],
)
def test_password_later_still_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("new password list. router: Kx9!mPq2vLr7, serial: SN99812XQ7, model: RT-AX86U", "SN99812XQ7"),
        ("new password list. router: Kx9!mPq2vLr7, serial: SN99812XQ7, model: RT-AX86U", "RT-AX86U"),
        ("I changed the passwords. wifi: Kx9!mPq2vLr7, build: v2024b06x", "v2024b06x"),
    ],
)
def test_labelled_list_ids_beside_a_password_stay(text: str, kept: str) -> None:
    out = redact_text(text)[0]
    assert "Kx9!mPq2vLr7" not in out
    assert kept in out


def test_labelled_list_password_siblings_still_masked() -> None:
    out = redact_text("new passwords. gmail: Kx9!mPq2vLr7, bank: haneul744194")[0]
    assert "haneul744194" not in out
