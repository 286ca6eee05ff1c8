"""A UUID said right after a credential's keyword is that credential (providers issue UUIDs as
secret keys and API tokens); after ``key`` alone or an identifier's label it stays."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

UUID = "5e2b9c41-7d3a-4f08-9b6e-2a1c8d7f4e30"


@pytest.mark.parametrize(
    "text",
    [
        f"the new access key is SCWQ8M2K4T7V9X1Z3B5D and the secret {UUID}.",
        f"token {UUID}",
        f"le mot de passe du service : password {UUID}",
        f"my API key is {UUID}, rotate it later",
        f"Authorization works with bearer {UUID}",
    ],
)
def test_uuid_after_a_credential_keyword_is_masked(text: str) -> None:
    out, findings = redact_text(text)
    assert UUID not in out
    assert not any(part in out for part in UUID.split("-"))  # no piece of it stays readable
    assert any(text[f.start : f.end] == UUID for f in findings)


@pytest.mark.parametrize(
    "text",
    [
        f"request_id={UUID}",
        f"token id {UUID}",
        f"the cache key {UUID}",
        f"the token for request {UUID} expired",
        f"key {UUID} in the bucket",
        f"trace {UUID} secret rotation done",
    ],
)
def test_uuid_elsewhere_is_kept(text: str) -> None:
    assert redact_text(text) == (text, [])
