"""A bracket closed inside an unquoted value, a letter or digit after it (``k3Y(9x)Lm2Qz7``), is
part of the value, not a call's syntax (issue 12, item 3: brackets in a value): a call's result
ends at its closing bracket (``getpass(prompt)``), or the bracket is left open where the scan
stopped (``get_pw(``). The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.assigned import plausible_value


@pytest.mark.parametrize(
    ("text", "password"),
    [
        ("mongo -u admin -p k3Y(9x)Lm2Qz7", "k3Y(9x)Lm2Qz7"),
        ("sqlcmd -U sa -P k3Y(9x)Lm2Qz7 -S db", "k3Y(9x)Lm2Qz7"),
        ("Dann: echo k3Y(9x)Lm2Qz7 | sudo -S ls", "k3Y(9x)Lm2Qz7"),
    ],
)
def test_a_password_with_a_bracket_closed_inside_is_masked_whole(text: str, password: str) -> None:
    out, _ = redact_text(text)
    assert "k3Y" not in out and "Lm2Qz7" not in out, out


@pytest.mark.parametrize("value", ["k3Y(9x)Lm2Qz7", "Zq(7)wL9xT2"])
def test_a_bracket_closed_inside_a_value_is_no_call(value: str) -> None:
    assert plausible_value(value, "strong", quoted=False, password_name=True)


@pytest.mark.parametrize("value", ["getpass(prompt", "getpass(prompt)", "get_pw(x).strip", "os.environ(x)y"])
def test_a_call_or_code_stays_no_value(value: str) -> None:
    assert not plausible_value(value, "strong", quoted=False, password_name=True)
