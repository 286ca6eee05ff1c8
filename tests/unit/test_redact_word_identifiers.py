"""A value spelled as an identifier of words (``azure_ad_token``, ``AWSSecretKey``,
``x-goog-api-key``) under a key's or a token's name names something in code: a generator never
writes words, so it is no key (redaction.names ``spelled_in_words``). Under a password's or a
secret's name words stay a value (people choose those), and one word alone stays too."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        'return {"token": "azure_ad_token"}',
        "SECRET_KEY = 'AWSSecretKey'",
        'headers_to_drop = {"api_key": "x-goog-api-key"}',
        '    "access_token": "acreate_realtime_client_secret",',
        '{"refresh_token": "upstream_refresh_token"}',
        'cfg["auth_token"] = "OAuthToken"',
    ],
)
def test_word_identifier_kept(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('password = "Sonnen_Blume"', "Sonnen_Blume"),
        ("db_password: 'BlueHorseBattery'", "BlueHorseBattery"),
        ('api_key = "a8F3kL9qPz2XvB7n"', "a8F3kL9qPz2XvB7n"),
        ('token = "gh_live_Xk9QmP2vLr8T"', "gh_live_Xk9QmP2vLr8T"),
        ('SECRET_KEY = "django-insecure-x8#k2m@p9q!v"', "django-insecure-x8#k2m@p9q!v"),
        ("secret = 'notHighEnoughEntropy'", "notHighEnoughEntropy"),
        ('SESSION_SECRET = "Purple-Monkey-Dishwasher"', "Purple-Monkey-Dishwasher"),
    ],
)
def test_secrets_still_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]
