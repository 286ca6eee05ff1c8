"""Secrets set by a config directive, a blank between the name and its value (issue 12):
keepalived's ``auth_pass``, ``wpa-psk`` in ``/etc/network/interfaces``, Apache's ``SetEnv``,
HAProxy's ``stats auth <login>:<password>``, ``ipsec.secrets``' ``: PSK "…"``. A line that says
something else with a secret's word in it is kept: an address a directive points at, a test's
status, a title, prose. The values are random, generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.directives import find_directive_values

_RNG = random.Random(20261206_3)
_B62 = string.ascii_letters + string.digits


def _password() -> str:
    core = "".join(_RNG.choice(_B62) for _ in range(10))
    return core[:3] + "Q7" + core[3:] + "x"


#: ``{v}`` stands for the secret.
_LINES = [
    "    auth_pass {v}",
    "  wpa-psk {v}",
    "SetEnv DB_PASS {v}",
    "    stats auth admin:{v}",
    '203.0.113.10 34.210.44.18 : PSK "{v}"',
    ': PSK "{v}"',  # every peer: no selector before the colon
    "bind_passwd {v};",
    "password {v}",
]


@pytest.mark.parametrize("line", _LINES)
def test_a_directive_value_is_masked_whole(line: str) -> None:
    secret = _password()
    text = f"# config\n{line.replace('{v}', secret)}\n# end"
    at = text.index(secret)
    assert (at, at + len(secret)) in [(f.start, f.end) for f in find_secrets(text)]
    assert (at, at + len(secret)) in list(find_directive_values(text))


@pytest.mark.parametrize(
    "line",
    [
        "proxy_pass http://127.0.0.1:9000;",
        "fastcgi_pass 127.0.0.1:9000;",
        "uwsgi_pass unix:/run/app.sock;",
        "PASS src/components/App.test.tsx",
        "PASS test_login2",
        "auth SHA256",
        "pass test_login2",
        "auth_basic_user_file /etc/nginx/.htpasswd;",
        "password_encryption scram-sha-256",
        "token_count 4096",
        "the password expired yesterday",
        "api_key ${API_KEY}",
    ],
)
def test_other_lines_with_a_secret_word_are_kept(line: str) -> None:
    assert list(find_directive_values(line)) == []
