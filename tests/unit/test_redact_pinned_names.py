"""A keyword ending a package's or an action's name pinned with ``@`` labels nothing; and a
password shaped like a member access (``Acme.PROD_2024``) is a password, not a reference."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


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


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password: Acme.PROD_2024", "Acme.PROD_2024"),
        ("my db password is Summer.TIME_2023", "Summer.TIME_2023"),
        ("PGPASSWORD=Winter.ADMIN_99 psql", "Winter.ADMIN_99"),
        ("password: x.Q2ML7PR4_ZT8WB1NC5", "x.Q2ML7PR4_ZT8WB1NC5"),
    ],
)
def test_a_password_shaped_like_a_member_access_is_masked(text: str, secret: str) -> None:
    """006d8f8 read any ``word.UPPER_SNAKE`` as an environment lookup and left these readable
    (RV2); it is reverted."""
    found = _found(text)
    assert found and all(secret in f or f in secret for f in found), found
    assert any(secret == f for f in found), found


def test_a_token_after_an_at_sign_is_no_pinned_reference() -> None:
    """Only a version or a commit's hex follows a pinned name's ``@`` (RV2: 78a9275 left this
    token readable)."""
    assert _found("the api-token@Xk9vQ2mL7pR4zT8wB1nC5dF3gH7jK") == ["Xk9vQ2mL7pR4zT8wB1nC5dF3gH7jK"]
    assert _found("uses: org/fetch-token@v4 and @scope/secret-store@2.1.0") == []
