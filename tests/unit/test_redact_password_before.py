"""The value before a password keyword is its password only when the keyword ends its statement
("… that's the password"); a keyword that opens a statement of its own ("the password is on the
sticker") leaves the token before it to the statement that token belongs to."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        "WiFi name is Office-9K2Q, the password is on the sticker under the router",
        "my login is j.doe-2024, password: ask Maria",
        "Model RT-AX58U-v2 here; the password was printed on the box",
        'org.postgresql.util.PSQLException: FATAL: password authentication failed for user "etl"',
        "26/12/03 06:41:19 ERROR Worker: User class threw org.h2.jdbc.JdbcSQLException password mismatch",
    ],
)
def test_token_before_a_keyword_that_opens_its_own_statement_is_kept(text: str) -> None:
    assert redact_text(text) == (text, [])


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("login fails with Xq7#mZ2pL9? that is the password", "Xq7#mZ2pL9"),
        ("Zq8#vR2mX7pL is the new password", "Zq8#vR2mX7pL"),
        ("WiFi name is Office-9K2Q, the password is Zq8#vR2mX7pL", "Zq8#vR2mX7pL"),
    ],
)
def test_password_said_before_or_after_its_keyword_is_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out


@pytest.mark.parametrize(
    "text",
    [
        "He's right: the FRITZ!Box password on the sticker is only 8 characters.",
        "建议在 B 站直播中心「重置推流码」。Mosquitto passwd 文件里的是 PBKDF2 哈希。",
        '    password: "!secret esp_keller_mqtt"',
        "    wifi_password: '!secret wifi_pw'",
    ],
)
def test_a_keyword_modifier_or_a_yaml_reference_is_no_password(text: str) -> None:
    # a noun right before the keyword says what the password is of; a quoted YAML tag
    # (Home Assistant's ``!secret name``) refers to a value kept elsewhere
    assert redact_text(text) == (text, [])


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Hx7#Lp2qW9, that is the password", "Hx7#Lp2qW9"),
        ("try Hx7#Lp2qW9 as the password", "Hx7#Lp2qW9"),
        ('    password: "!Hx7#Lp2qW9"', "!Hx7#Lp2qW9"),
    ],
)
def test_a_password_set_apart_from_its_keyword_is_still_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out
