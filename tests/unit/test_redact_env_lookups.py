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


@pytest.mark.parametrize(
    "text",
    [
        "      - uses: aws-actions/configure-aws-credentials@e3dd6a429d7300a6a4c196c26e071d42e0343502 # v4.0.2",
        "uses: org/fetch-token@8f3a9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c",
    ],
)
def test_a_name_pinned_to_a_commit_keeps_its_reference(text: str) -> None:
    """A keyword ending a package's or an action's name (``configure-aws-credentials``) does not
    label the commit the name is pinned to after ``@``."""
    assert _found(text) == []


def test_a_token_after_its_keyword_is_still_masked() -> None:
    assert _found("the token Xk9vQ2mL7pR4tY8wZqT3abc") == ["Xk9vQ2mL7pR4tY8wZqT3abc"]
