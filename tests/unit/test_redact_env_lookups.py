"""A value read from the environment or a settings object through a member access
(``process.env.E2E_PASSWORD``, ``secrets.GITHUB_TOKEN``, ``settings.DB_PASSWORD``) is a
reference, as a bare ``$DB_PASSWORD`` or ``ENV_VAR_NAME`` is: the secret is elsewhere."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.placeholders import is_placeholder


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


@pytest.mark.parametrize(
    "text",
    [
        "    await page.fill('#password', process.env.E2E_PASSWORD!);",
        "the token is process.env.GH2_TOKEN in CI",
        "password = settings.DB_PASSWORD",
    ],
)
def test_an_environment_lookup_is_kept(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    "value",
    ["process.env.E2E_PASSWORD", "secrets.GITHUB_TOKEN", "import.meta.env.VITE_API_KEY", "DB_PASSWORD"],
)
def test_a_member_access_naming_a_variable_is_a_reference(value: str) -> None:
    assert is_placeholder(value)


@pytest.mark.parametrize("value", ["Xk9v.Q2mL_7pR4", "ab.cd", "process.env", "a1.B2C3D4E5F6G7H8"])
def test_a_value_that_is_no_member_access_of_a_variable_is_not(value: str) -> None:
    assert not is_placeholder(value)
