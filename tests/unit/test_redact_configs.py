"""Whole-line ``.env``/``.properties`` values (issue 12): ``#``, ``(`` and ``=`` inside an
unquoted value that runs to the end of its line are part of it, and a name that says where a
password belongs (``storePassword``) still names a password. Each masked line beside a
look-alike line of the same syntax that is kept. Values are made up."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.configs import find_config_values


def _found(text: str) -> str:
    return " ".join(text[f.start : f.end] for f in find_secrets(text))


def _values(text: str) -> list[str]:
    return [text[s:e] for s, e in find_config_values(text)]


_MASKED = [
    ("storeFile=../keys/upload.jks\nstorePassword=Quill#Anchor2031\n", "Quill#Anchor2031"),
    ("keystore=upload.jks\nstore_password=Marsh!Ferry#48\n", "Marsh!Ferry#48"),
    (
        "DEBUG=False\nSECRET_KEY=k2=_vq9h(xw@7pz+lr3(mt8cj=f0ys!b6dn4\n",
        "k2=_vq9h(xw@7pz+lr3(mt8cj=f0ys!b6dn4",
    ),
    ("export DB_PASSWORD=Rx7#tLq2(pW9mZ4vK\n", "Rx7#tLq2(pW9mZ4vK"),
]

_KEPT = [
    "SECRET_KEY=$(cat /run/secrets/django_key)\n",  # computed
    "API_TOKEN=os.getenv(API_TOKEN_NAME)\n",  # a call
    "storeFile=../keys/upload.jks\n",  # not a secret's name
    "DB_PASSWORD_FILE=/run/secrets/db_password\n",  # a path under a path's name
    "keyPassword=changeme#1\n",  # a placeholder
    "SECRET_KEY=django-insecure-replace-me\n",  # a placeholder
    "SECRET_KEY_BASE=settings.secret_key_base\n",  # a code reference
]


@pytest.mark.parametrize(("text", "value"), _MASKED)
def test_a_whole_line_value_is_masked(text: str, value: str) -> None:
    assert _values(text) == [value]
    assert value in _found(text)


@pytest.mark.parametrize("text", _KEPT)
def test_a_look_alike_line_is_kept(text: str) -> None:
    assert _values(text) == []
