"""Values that a secret's name is set to but that are no secret (issue 12): a version or a package
manager's version range (a ``package.json`` dependency on ``next-auth`` or ``jsonwebtoken``, a
Gemfile's ``omniauth-oauth2``), and a value the code builds from two or more format slots
(``f"{prefix}_{uuid4().hex}"``). Their counterparts stay masked: a date or a version-like
password under a password's name (people choose those), a random value under the same names, and
a value with letters or digits written between its braces. Every value is generated for these
tests."""

from __future__ import annotations

import random
import string

import pytest

from tests.support.secret_shapes import found

_RNG = random.Random(20261205_21)
_RANDOM = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(28))


@pytest.mark.parametrize(
    "line",
    [
        '    "next-auth": "4.24.5",',
        '    "jsonwebtoken": "^9.0.2",',
        '    "@octokit/auth-token": "~4.0.0",',
        "gem 'omniauth-oauth2', '~> 1.8'",
        "api_token: 2.15.0-beta.3",
        'token = f"{prefix}_{uuid4().hex}"',
        'api_key = f"{settings.key_prefix}{suffix}"',
        'token = f"{header}.{payload}.{signature}"',
        'var token = $"{scheme}:{value}";',
    ],
)
def test_a_version_or_a_built_value_is_kept(line: str) -> None:
    assert found(line + "\n") == []


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ('password = "10.2.1"', "10.2.1"),
        ("password: 12.05.1987", "12.05.1987"),
        (f'    "next-auth": "{_RANDOM}",', _RANDOM),
        (f'token = "{_RANDOM}"', _RANDOM),
        (f'secret = "{_RANDOM[:5]}{{ab}}{_RANDOM[5:10]}{{cd}}"', f"{_RANDOM[:5]}{{ab}}{_RANDOM[5:10]}{{cd}}"),
    ],
)
def test_its_counterpart_is_masked(line: str, value: str) -> None:
    assert value in found(line + "\n")
