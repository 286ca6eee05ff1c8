"""A JSON document written inside a string (a log's payload, a curl body, a JSON value that holds
JSON): its quotes are escaped (``{\\"password\\":\\"…\\"}``), and a secret's name there names its
value as it does unescaped (issue 12: the whole value masked, its neighbours kept). The values are
random, generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from memscribe.redaction import find_secrets, redact_text

_RNG = random.Random(20261206_38)
_B62 = string.ascii_letters + string.digits


def _token(n: int = 24) -> str:
    return "".join(_RNG.choice(_B62) for _ in range(n))


_SHA = "6590bdaf55b428215d08275fe08af69c9a065bc3"

#: ``{v}`` stands for the secret; every other value on the line is benign.
_LINES = [
    '{\\"password\\":\\"{v}\\",\\"user\\":\\"bob\\"}',
    '"body": "{\\"client_secret\\": \\"{v}\\", \\"client_id\\": \\"web-app\\"}"',
    'data=\'{\\"db_password\\":\\"{v}\\"}\'',
    'payload="{\\"api_key\\":\\"{v}\\",\\"commit\\":\\"' + _SHA + '\\"}"',
]


@pytest.mark.parametrize("line", _LINES)
def test_a_secret_under_an_escaped_name_is_masked_whole(line: str) -> None:
    secret = _token()
    text = line.replace("{v}", secret)
    spans = [(f.start, f.end) for f in find_secrets(text)]
    at = text.index(secret)
    assert (at, at + len(secret)) in spans  # exactly the value: no quote, no escape, no neighbour
    masked = redact_text(text)[0]
    assert secret not in masked
    assert "bob" in masked or "web-app" in masked or _SHA in masked or "db_password" in masked


def test_benign_values_under_escaped_names_are_kept() -> None:
    text = '{\\"sha\\":\\"' + _SHA + '\\",\\"key\\":\\"cache-v2\\",\\"token_count\\":\\"4096\\"}'
    assert find_secrets(text) == []
