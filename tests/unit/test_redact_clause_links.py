"""Clause secrets (redaction.clauses): a link mark glued to the keyword, a hyphenated word
between keyword and value, arrows as links, and passwords of digits linked to their name."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("wachtwoord: Fiets#Amsterdam9", "Fiets#Amsterdam9"),
        ("wifi wachtwoord: Fiets#Amsterdam9 (gast)", "Fiets#Amsterdam9"),
        ("Notre mot de passe Wi-Fi c'est « Chaton2021 »", "Chaton2021"),
        ("Das Passwort für die Fritzbox ist 38472619", "38472619"),
        ("은행 이체 비밀번호 5927 이고요", "5927"),
        ("Contraseña nueva -> Tortuga$88", "Tortuga$88"),
        ("nieuw wachtwoord → Molen2023!", "Molen2023!"),
    ],
)
def test_clause_value_is_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out
    assert "[REDACTED" in out


@pytest.mark.parametrize(
    "text",
    [
        "wachtwoord: 1234",  # a placeholder run of digits
        "Das Passwort für die Fritzbox ist 0000",
        "wachtwoord: zie de kluis",  # words, no value
        "Passwort-Richtlinie: mindestens 12 Zeichen",
        "the password reset took 2024 ms",
    ],
)
def test_no_value_no_mask(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "the new wifi password has a ! in it. my sister texted it as Kx9!mPq2vLr7 yesterday",
            "Kx9!mPq2vLr7",
        ),
        ("Das Passwort wollte nicht. Jetzt nehme ich Brot#2024Kiste dafür", "Brot#2024Kiste"),
        ("mail password Qw7!zz91Lk for gmail. and the bank one is bank8k2m77q9 ok", "bank8k2m77q9"),
    ],
)
def test_password_said_in_the_next_sentence(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out


@pytest.mark.parametrize(
    "text",
    [
        "The password didn't match. Is the SSID Hendricks_2G on 5 GHz?",
        "我不需要 root 密码。我不会把 PAT 写回 NuGet.config，而是放到 CI 里",
        "Rotate the password. Revision 42 points at checkout-worker-kafka-v2 now.",
        "The password is fine.\nNext line has kx9!mpq2vlr7 for another thing",  # (no capital: not shapes)
    ],
)
def test_next_sentence_names_stay(text: str) -> None:
    assert redact_text(text)[0] == text


def test_random_token_later_in_the_clause() -> None:
    text = "La password del keystore è la stessa del gradle.properties, sp_k8QZpWm2Tx7LrNf4. Grazie"
    out, _ = redact_text(text)
    assert "sp_k8QZpWm2Tx7LrNf4" not in out
    assert out.endswith(". Grazie")


@pytest.mark.parametrize(
    "text",
    [
        "the password is rotated by the job at commit 9f2c4e1a7b3d5f60812a4c6e8b0d2f4a61c3e5b7",
        "password=xyz is set by request_id=Zq8Rk2Lm9Vn3Pz7Wt5Ys1",
    ],
)
def test_later_in_the_clause_not_a_password(text: str) -> None:
    assert redact_text(text)[0] == text


def test_sibling_items_of_a_labelled_list() -> None:
    text = (
        'Can I share my kids\' school passwords? she sent "portal: minsu2024home, library: 7rq!Pz92kd" to me'
    )
    out, _ = redact_text(text)
    assert "7rq!Pz92kd" not in out
    assert "minsu2024home" not in out
    assert "portal: [REDACTED" in out


def test_labelled_list_without_a_strong_item_stays() -> None:
    text = "Which password policy? the config says: min: 12chars, build: v2.3.1 only"
    assert redact_text(text)[0] == text
