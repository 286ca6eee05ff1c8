"""Credentials a URL carries in its structure (issue 12): a DSN's key as the URL's user, a
password before an empty host, a webhook's key parameter, a bot token in the API path. Each
masked shape beside a look-alike of the same shape that is kept. Values are made up."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.urls import find_url_credentials


def _found(text: str) -> str:
    return " ".join(text[f.start : f.end] for f in find_secrets(text))


def _urls(text: str) -> list[str]:
    return [text[s:e] for s, e in find_url_credentials(text)]


_MASKED = [
    (
        "SENTRY_DSN=https://7c1e04b9a2d35f68e9b0c4a7d2f1e385@o450123.ingest.sentry.io/450987",
        "7c1e04b9a2d35f68e9b0c4a7d2f1e385",
    ),
    ('"get_uri": "snowflake://LOADER:Vt8qZ2-mKp4Lw9Rx@/RAW?account=xy12345"', "Vt8qZ2-mKp4Lw9Rx"),
    (
        "webhook = https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=3f9c2a71-8b4d-4e06-a5c1-92d7e0b6f843",
        "3f9c2a71-8b4d-4e06-a5c1-92d7e0b6f843",
    ),
    (
        "curl -s https://api.telegram.org/bot6120934857:AAHq3vT9mLx2Zr8pWc5Nd7Ks1YbGf4Je6Uo/getMe",
        "6120934857:AAHq3vT9mLx2Zr8pWc5Nd7Ks1YbGf4Je6Uo",
    ),
]

_KEPT = [
    "git clone https://git@github.com/acme/app.git",  # a user name, not a key
    "ssh://deploy-automation@build-01.internal/srv",  # words
    "postgres://app:${DB_PASSWORD}@/app?host=/var/run/postgresql",  # a variable
    "https://example.com/hooks/docs?key=value-of-the-key-here",  # a placeholder
    "https://api.example.com/v1/items?key=3f9c2a71-8b4d-4e06-a5c1-92d7e0b6f843",  # an item key, no hook
    "https://api.telegram.org/bot<token>/getMe",  # a slot
]


@pytest.mark.parametrize(("line", "value"), _MASKED)
def test_a_credential_in_the_url_structure_is_masked(line: str, value: str) -> None:
    assert _urls(line) == [value]
    assert value in _found(line)


@pytest.mark.parametrize("line", _KEPT)
def test_a_look_alike_url_is_kept(line: str) -> None:
    assert _urls(line) == []
