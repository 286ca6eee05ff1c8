"""Benign values that real agent transcripts hold and the value decision took for secrets: an
address's domain after a keyword in its name. The credentials beside them stay masked. Values
are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from tests.support.secret_shapes import found


def test_an_address_with_a_keyword_in_its_name_is_no_password() -> None:
    text = "Sender: tech-services-password@aol.com\nRecipients: emma.johnson@example.com\n"
    assert find_secrets(text) == []
    pw = "Xq7#kL2mP9"
    assert found(f"Sender: tech-services-password@aol.com\nthe password is {pw}\n") == [pw]


@pytest.mark.parametrize(
    "text, secret",
    [
        ("the wifi password is @dmin.secret", "@dmin.secret"),
        ("my password is @summer-2024.rocks", "@summer-2024.rocks"),
        ("password: @pple.pie", "@pple.pie"),
        ("DB_PASSWORD=@dmin.root", "@dmin.root"),
        # a CJK word before '@' is part of the clause; a value of no domain's shape is no address
        ("密码是@dmin2024secret", "@dmin2024secret"),
        ("wifi密码@Xk9#pq2Lm", "@Xk9#pq2Lm"),
        ("パスワードは@dmin.secret です", "@dmin.secret"),
        ("PASSWORD@Xk9pq2Lm77", "@Xk9pq2Lm77"),
    ],
)
def test_a_password_that_starts_with_an_at_sign_is_masked(text: str, secret: str) -> None:
    # an '@' is an address's domain only after an ASCII letter or digit and before a domain
    redacted = redact_text(text)[0]
    assert secret not in redacted and "REDACTED" in redacted


@pytest.mark.parametrize(
    "text", ["password@bücher.de", "Write to password@bücher.de", "mail it-password@例え.jp"]
)
def test_an_address_with_a_keyword_and_an_international_domain_is_no_password(text: str) -> None:
    assert find_secrets(text) == []
