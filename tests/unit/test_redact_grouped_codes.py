"""A generated password printed in groups (``abcd efgh ijkl mnop``: Google's app passwords,
recovery codes) under a password's name is masked whole; words in groups are not (issue 12).
Every value is generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from tests.support.secret_shapes import found

_RNG = random.Random(20261203_9)


def _grouped(groups: int, alphabet: str) -> str:
    return " ".join("".join(_RNG.choice(alphabet) for _ in range(4)) for _ in range(groups))


_APP = _grouped(4, string.ascii_lowercase + string.digits)
_UPPER = _grouped(3, string.ascii_uppercase + string.digits)


@pytest.mark.parametrize(
    ("line", "value"),
    [
        (f"define( 'WP_SMTP_PASSWORD', '{_APP}' );", _APP),
        (f'SMTP_PASSWORD="{_APP}"', _APP),
        (f"  app_password: '{_UPPER}'", _UPPER),
    ],
)
def test_a_grouped_code_under_a_password_name_is_masked_whole(line: str, value: str) -> None:
    assert found(line) == [value]


@pytest.mark.parametrize(
    "line",
    [
        'api_token: "blue moon rain song"',  # words, not a generated code (under a password's
        # name four words are a pass phrase: tests/unit/test_redact_bounded_phrases.py)
        'SMTP_PASSWORD="xxxx xxxx xxxx xxxx"',  # a placeholder
        f'greeting = "{_APP}"',  # not a secret's name
    ],
)
def test_words_placeholders_and_other_names_are_kept(line: str) -> None:
    assert found(line) == []
