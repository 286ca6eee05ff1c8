"""A password said right after its keyword without a link ("WLAN-Passwort sommer2024.") is
decided as a linked one when it closes its clause or phrase: a letter and a digit or a symbol
suffice. Followed by more words it may be a noun's modifier ("password reset2024 flow"), and
must still look strong (issue 12). Every value is made up for these tests."""

from __future__ import annotations

import pytest

from tests.support.secret_shapes import found


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("User: Wi-Fi password tulpen4711", "tulpen4711"),
        ("User: новый пароль tulpen4711, запиши", "tulpen4711"),
        ("家里WiFi: Heim-5G 密码 jiayou4711", "jiayou4711"),
        ("Notiz: Router-Kennwort amsel-73!", "amsel-73!"),
    ],
)
def test_a_password_closing_its_clause_after_its_keyword_is_masked(line: str, value: str) -> None:
    assert [v.rstrip(".,") for v in found(line)] == [value]


@pytest.mark.parametrize(
    "line",
    [
        "password reset2024 flow",
        "the password policy2 rules apply to admins",
        "the password AES256GCM cipher is used for the vault",
    ],
)
def test_a_modifier_after_the_keyword_is_kept(line: str) -> None:
    assert found(line) == []
