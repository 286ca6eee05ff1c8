"""A value ends where its line's grammar ends it (issue 12, stop 49; review RV3 F1, F5, F6 of stop
48): a pair of marks around the value or around the name and its ``=`` closes it, a comment ends
a setting's line, typographic blanks are blanks; and a run of Chinese or Japanese letters after a
password's label is a clause, not one word. Each masked case left part of its value readable at
aff02231; each kept case was masked whole there."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth


@pytest.mark.parametrize(
    ("text", "readable_before"),
    [
        # typographic quotes or corner brackets opening the value: it runs to their close
        ("token: «Xk9mQ2vL7pZ3 Pferd»", "Pferd"),
        ("password: «Sommer 2024!»", "2024"),
        ("mot_de_passe: „Sommer 2024!“ merci", "2024"),
        ("api_key=「KjdeH2vJdN Pferd」", "Pferd"),
        ("password: 「Sommer 2024!」 please", "2024"),
        # the name and its '=' inside a string: the string's closing quote ends the value
        ('        "PAPERLESS_EMAIL_HOST_PASSWORD=xkqm wzrt plvn bdhy",', "wzrt"),
        ('environment: ["DB_PASSWORD=Sommer 2024!", "X=1"]', "2024"),
        ("- 'SMTP_PASSWORD=correct horse battery staple'", "battery"),
        # a comment ends a setting's line as its end does
        ("DB_PASSWORD=Sommer 2024! # prod db", "2024"),
        # no-break, narrow no-break and ideographic blanks are blanks
        ("DB_PASSWORD=Sommer\u00a02024!\nDB_HOST=db", "2024"),
        ("パスワード=春風\u30002024\u3000桜!\nhost=db", "2024"),
    ],
)
def test_the_whole_value_is_masked(text: str, readable_before: str) -> None:
    out, findings = redact_text(text)
    assert findings
    assert readable_before not in out, out


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ('environment: ["DB_PASSWORD=Sommer 2024!", "X=1"]', '"X=1"]'),  # the next item
        ("DB_PASSWORD=Sommer 2024! # prod db", "# prod db"),  # the comment
        ("password: 「Sommer 2024!」 please", "please"),  # the words after the close
    ],
)
def test_what_follows_the_value_stays(text: str, kept: str) -> None:
    out, _ = redact_text(text)
    assert out.endswith(kept), out


@pytest.mark.parametrize(
    "text",
    [
        "パスワード:管理者に聞いてください",  # ask the admin
        "パスワード: 田中さんに聞いてください",  # ask Tanaka
        "パスワード:テスト環境と同じです",  # same as the test environment
        "密码:在保险柜里的本子上",  # in the notebook in the safe
        "密码: 请联系管理员获取",  # ask the admin for it
    ],
)
def test_cjk_prose_after_a_label_is_kept(text: str) -> None:
    out, findings = redact_text(text)
    assert out == text and not findings, out


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("passphrase=soleilです", "soleil"),  # a Latin word before the copula: still the value
        ("パスワード:Sommerregen2024", "Sommerregen2024"),
        ("DB_PASSWORD=Sommerregenwolke", "Sommerregenwolke"),
    ],
)
def test_values_beside_cjk_stay_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out, out


@pytest.mark.parametrize(
    "unit",
    [
        '"DB_PASSWORD=ab cd ',  # a string opened before each name, never closed
        "password: «Xk9 mQ2 ",  # typographic marks opened, never closed
        "DB_PASSWORD=Sommer 2024 #",  # a comment's mark on a long line
        "password=ab\u00a0cd ",  # typographic blanks
    ],
)
def test_one_long_line_is_read_in_linear_time(unit: str) -> None:
    """Each value's pair, comment and blanks are looked for near it, not to its line's end or
    back to its start: a line of thousands of them costs linear time."""
    growth = cpu_growth(lambda text: redact_text(text), unit * 300, unit * 2400, rounds=3)
    assert growth < LINEAR_BOUND_8X, growth
