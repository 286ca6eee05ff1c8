"""A password printed by a command that names a secret may follow a bare line or two of the
same output (a credentials file: its login, then its password); ``creds`` names a secret as
``credentials`` does (issue 12). Every value is generated for these tests."""

from __future__ import annotations

import base64
import random
import string

import pytest

from memscribe.redaction import redact_text
from tests.support.secret_shapes import found

_RNG = random.Random(20261203_73)


def _password() -> str:
    return "".join(_RNG.choice(string.ascii_letters) for _ in range(6)) + str(_RNG.randrange(100, 999)) + "Qx"


_PW = _password()


@pytest.mark.parametrize(
    "text",
    [
        f"Tool (bash): cat export/files/creds.txt\nbiuro_vpn\n{_PW}\nAssistant: done",
        f"$ cat ~/secrets/db.txt\nhost-01\nadmin\n{_PW}\n",
        f"$ heroku config:get DB_PASSWORD\n{_PW}\n",  # the line right after, as before
    ],
)
def test_the_password_under_a_bare_login_line_is_masked(text: str) -> None:
    assert found(text) == [_PW]


def test_rows_of_a_name_a_tab_and_a_value_are_masked() -> None:
    """``kubectl get secret a b -o jsonpath='{range .items[*]}{.metadata.name}{"\\t"}{.data.password}…'``."""
    b64 = [base64.b64encode(_password().encode() * 2).decode() for _ in range(2)]
    text = (
        "$ kubectl get secret payments-worker billing-worker -o jsonpath='{range .items[*]}{.metadata.name}"
        '{"\\t"}{.data.password}{"\\n"}{end}\'\n'
        f"payments-worker\t{b64[0]}\nbilling-worker\t{b64[1]}\nAssistant: those are base64\n"
    )
    assert found(text) == b64


def test_a_row_under_a_line_naming_no_secret_is_kept() -> None:
    text = f"$ kubectl get pods -o wide\nworker-v2\t{base64.b64encode(_password().encode()).decode()}\n"
    assert found(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # more bare lines than a login and a host: a listing, not a credentials file
        f"$ cat tokens.txt\na-host\nb-host\nc-host\n{_PW}\n",
        # the bare line above names no secret and the line above it is prose
        f"the files are in place\nbiuro_vpn\n{_PW}\n",
        # a line of prose between: the value is not the command's output
        f"$ cat creds.txt\nthe file is empty, try this:\n{_PW}\n",
    ],
)
def test_other_lines_keep_their_value(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    "line",
    [
        "kubectl get secret db-creds-v2 -n prod -o jsonpath='{.data.password}' | base64 -d",
        "kubectl -n app get secret postgres-app2 -o jsonpath='{.data.password}'",
    ],
)
def test_the_object_named_before_a_password_field_path_is_kept(line: str) -> None:
    """``{.data.password}`` names a field: the word before it is the secret object's name, not a
    password said before its keyword ("… Xq7#kLm2p9? that's the password")."""
    assert found(line) == []


def test_a_password_said_before_its_keyword_is_still_masked() -> None:
    assert found(f"login fails with {_PW}? that's the password") == [f"{_PW}?"]


@pytest.mark.parametrize(
    "text",
    [
        # found by the property test: the line before gives its secret's value, masked or not
        "SECRET sk-ant-api03-0000000000000000000000010001000100010002\n001123?A",
        "SECRET\nsk-ant-api03-0000000000000000000000010001000100010002 001123?A",
        f"the key: sk-ant-api03-Zk29fJ3kd0Lq8xVb7Mn2Pq4Rs6Tu8Wx0Yz1Ab3Cd5Ef7Gh9\n{_PW}",
    ],
)
def test_redacting_redacted_text_finds_nothing(text: str) -> None:
    out, findings = redact_text(text)
    assert findings and redact_text(out) == (out, [])
