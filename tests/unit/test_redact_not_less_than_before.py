"""Values masked before stop 48 stay masked (review RV3 of bf258ab1, 48fa40d1 and 639cb6ec, which
were taken back): a token in typographic quotes or corner brackets, a Makefile ``:=``/``?=``
setting line, a password before a command, digit groups on a settings line, a phrase word that
begins with ``/``. Each case names the characters that must not be readable after redaction."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("token: «Xk9mQ2vL7pZ3 Pferd»", "Xk9mQ2vL7pZ3"),
        ("client_secret: «6e489gk3WWk root»", "6e489gk3WWk"),
        ("api_key=「KjdeH2vJdN Pferd」", "KjdeH2vJdN"),
        ("DB_PASSWORD := Sommer 2024 !", "Sommer"),
        ("DB_PASSWORD ?= correct horse battery staple", "horse"),
        ("MYSQL_PWD=Hunter 2 mysql -u root", "Hunter"),
        ("PGPASSWORD=my secret psql -h db", "my secret"),
        ("wifi_password=8812 4471 9920\nssid=home", "4471"),
        ("password = 31 41 59 26 53", "59 26"),
        ("DB_PASSWORD=correct horse /battery staple", "horse"),
        ("PGPASSWORD=Sommer /2024", "Sommer"),
    ],
)
def test_the_value_stays_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out, out
