"""Values masked before stop 48 stay masked (review RV3 of bf258ab1, 48fa40d1 and 639cb6ec, which
were taken back): a token in typographic quotes or corner brackets, a Makefile ``:=``/``?=``
setting line, a password before a command, digit groups on a settings line, a phrase word that
begins with ``/``; and (RV3 of 5e5b160f, stop 49) a password of CJK letters, a token said again
later, a trailing allowlisted word. Each case names the characters that must not be readable after redaction."""

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
        # review RV3 of 5e5b160f (stop 49, taken back): a password of CJK or Korean letters, a
        # token said again on a later line, a trailing allowlisted word after a no-break space
        ("DB_PASSWORD=春夏秋冬东南西北", "春夏秋冬"),
        ("password=가나다라마바사아자차", "가나다라"),
        ("DB_PASSWORD=6e489gk3WWk\u00a0extra\nthen 6e489gk3WWk again", "6e489gk3WWk"),
        ("DB_PASSWORD=hunter22x\u00a0EXAMPLE", "hunter22x"),
    ],
)
def test_the_value_stays_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out, out
