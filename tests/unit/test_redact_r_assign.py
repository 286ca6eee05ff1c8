"""R's assignment operator ``<-`` names a value as ``=`` does (redaction.structure ``_ASSIGN``)."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('galaxy_key <- "4f9e2c7a1b8d3e6f0a5c9b2d7e1f4a83"', "4f9e2c7a1b8d3e6f0a5c9b2d7e1f4a83"),
        ('db_password <- "Gl4sgow!Rain"', "Gl4sgow!Rain"),
    ],
)
def test_r_assignment_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        'api_token <- Sys.getenv("API_TOKEN")',
        "x <- c(1, 2, 3)",
        'commit_sha <- "3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80"',
        'request_id <- "550e8400-e29b-41d4-a716-446655440000"',
        'pkg_version <- "4.12.3"',
        'token_url <- "https://auth.example.com/token"',
        "if (a <-1) print(a)",
    ],
)
def test_r_benign_stays(text: str) -> None:
    assert redact_text(text)[0] == text
