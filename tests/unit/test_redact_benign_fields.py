"""Benign values that real agent transcripts hold and the value decision took for secrets: an
address's domain after a keyword in its name. The credentials beside them stay masked. Values
are made up for these tests."""

from __future__ import annotations

from memscribe.redaction import find_secrets
from tests.support.secret_shapes import found


def test_an_address_with_a_keyword_in_its_name_is_no_password() -> None:
    text = "Sender: tech-services-password@aol.com\nRecipients: emma.johnson@example.com\n"
    assert find_secrets(text) == []
    pw = "Xq7#kL2mP9"
    assert found(f"Sender: tech-services-password@aol.com\nthe password is {pw}\n") == [pw]
