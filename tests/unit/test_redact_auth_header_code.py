"""An ``Authorization`` header's value without a scheme is decided as a random token is
(redaction.detectors ``_bare_credentials``): code that hands the header a variable or a call
(``"Authorization": auth_header,``) keeps its text; a raw key, a UUID token among them, is masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        'headers = {"Authorization": auth_header}',
        '        "Authorization": auth_header,',
        "    headers={'Authorization': access_token_header},",
        '    "Authorization": self.auth_header_value,',
    ],
)
def test_code_kept(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("curl -H 'Authorization: 5eb4223e-5008-46e5-be67-c7b8f2732305' https://api.x", "5eb4223e-5008"),
        ("Authorization: 9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c", "9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c"),
        ('"Authorization": "sk_live_51HxQ2pLm7Tz9vB"', "sk_live_51HxQ2pLm7Tz9vB"),
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.Xk9mPq2vLr8", "eyJhbGciOiJIUzI1NiJ9"),
    ],
)
def test_credentials_still_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]
