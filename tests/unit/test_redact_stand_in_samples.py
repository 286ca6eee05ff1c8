"""Typed-in stand-ins that no service issues are kept (issue 12): a JSON Web Token whose signature
is a word or filler (``….signature``: no algorithm signs with a word), and a value of two counting
runs woven together (``a1b2c3d4e5f6…``) near a key's name. Their counterparts stay masked: a token
signed with random bytes, an unsigned token, a random value in the same places, and a password of
woven runs (people choose passwords; counting in them is normal). Every value is generated for
these tests."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from tests.support.secret_shapes import found

_RNG = random.Random(20261205_12)


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwt(signature: str) -> str:
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = _b64url(json.dumps({"sub": f"user-{_RNG.randrange(10**6)}", "iat": 1764900000}).encode())
    return f"{header}.{payload}.{signature}"


_SIGNED = _jwt(_b64url(_RNG.randbytes(32)))
_UNSIGNED = _jwt("")
_RANDOM = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(32))


@pytest.mark.parametrize(
    "line",
    [
        f'expected_token = "{_jwt("signature")}"',
        f"Authorization: Bearer {_jwt('SIGNATURE')}",
        f"token = {_jwt('fake_signature')}",
        f"token = {_jwt('xxxxxxxxxxxx')}",
        ' * @param apiKey the API key, e.g. "a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6"',
        "# your token, e.g. 1a2b3c4d5e6f7g8h9i0j",
    ],
)
def test_a_stand_in_is_kept(line: str) -> None:
    assert found(line + "\n") == []


@pytest.mark.parametrize(
    ("line", "value"),
    [
        (f'expected_token = "{_SIGNED}"', _SIGNED),
        (f"Authorization: Bearer {_SIGNED}", _SIGNED),
        (f"token = {_UNSIGNED}", _UNSIGNED),
        (f' * @param apiKey the API key, e.g. "{_RANDOM}"', _RANDOM),
        ('password = "a1b2c3d4e5f6g7h8"', "a1b2c3d4e5f6g7h8"),
        ("my wifi password is a1b2c3d4e5f6g7h8", "a1b2c3d4e5f6g7h8"),
    ],
)
def test_its_counterpart_is_masked(line: str, value: str) -> None:
    assert value in found(line + "\n")
