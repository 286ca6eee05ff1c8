"""A password of letters and digits alone right after its keyword, unlinked ("비번 JG1BKS4749",
"password JG1BKS4749"), is masked when its letters and digits switch back and forth like a
generator's; a name with its digits in one place (``AES256GCM``) is not (issue 12). Every
value is generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from memscribe.redaction.values import INTERLEAVED_SWITCHES, digits_interleaved
from tests.support.secret_shapes import found

_RNG = random.Random(20261203_3)


def _scattered(letters: str) -> str:
    """Ten characters: two letters, a digit, three letters, four digits."""
    pick = _RNG.choice
    return (
        "".join(pick(letters) for _ in range(2))
        + pick(string.digits)
        + "".join(pick(letters) for _ in range(3))
        + "".join(pick(string.digits) for _ in range(4))
    )


_UPPER = _scattered(string.ascii_uppercase)
_LOWER = _scattered(string.ascii_lowercase)


@pytest.mark.parametrize(
    ("line", "value"),
    [
        (f"넷플 아이디 minji 비번 {_UPPER} 이고 프로필은 막내", _UPPER),
        (f"netflix login minji, password {_UPPER} and the profile is mine", _UPPER),
        (f"Passwort {_LOWER} und der Benutzer ist admin", _LOWER),
    ],
)
def test_an_interleaved_password_after_its_keyword_is_masked(line: str, value: str) -> None:
    assert found(line) == [value]


@pytest.mark.parametrize(
    "line",
    [
        "the password AES256GCM cipher is used for the vault",
        "password SHA256 hashing is not enough",
        "password reset2024 flow",
    ],
)
def test_a_name_with_its_digits_in_one_place_is_kept(line: str) -> None:
    assert found(line) == []


def test_the_switch_count() -> None:
    assert digits_interleaved("a1b2") and INTERLEAVED_SWITCHES == 3
    assert not digits_interleaved("AES256GCM") and not digits_interleaved("ab1!cd2e3")
