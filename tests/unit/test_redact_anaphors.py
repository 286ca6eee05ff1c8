"""A password named in one sentence and given in the next through a verb and ``it`` ("the new
password has a # in it. the DBA sent it as …", "set it to …") is masked; ``as`` links a value
as ``is`` and ``to`` do (issue 12). Every value is generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from tests.support.secret_shapes import found

_RNG = random.Random(20261203_22)


def _strong() -> str:
    pick = _RNG.choice
    return "".join(pick(string.ascii_letters) for _ in range(6)) + "#" + str(_RNG.randrange(10, 99)) + "qR"


_PW = _strong()


@pytest.mark.parametrize(
    "text",
    [
        f"ahh yes, the new password has a `#` in it. the DBA sent it as {_PW} on slack",
        f"The installer sets a random web password. User: set it to {_PW} please",
        f"I rotated the vault password yesterday and changed it to {_PW} this morning.",
    ],
)
def test_a_password_given_through_it_is_masked(text: str) -> None:
    assert found(text) == [_PW]


@pytest.mark.parametrize(
    "text",
    [
        f"I set it to {_PW} in the config.",  # no password named before
        "the password rule is long; I set it to twelve characters",  # a word, not a value
        "password reset done, I sent it as a reminder to the team",
    ],
)
def test_without_a_password_before_or_a_value_nothing_is_masked(text: str) -> None:
    assert found(text) == []
