"""The seed of an ``otpauth://`` URL is masked whatever its letters look like, and with it the
whole URL (its account and issuer). Seeds are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text


@pytest.mark.parametrize(
    "seed",
    ["YJFNWKRLEKUFFIOX", "NOGGXQZLPKTRWEAB", "MZXWQYLTMVZGKZLU", "KRSXG5BAMJQXGZJT"],
)
@pytest.mark.parametrize("query", ["secret={seed}&issuer=GitHub", "issuer=GitHub&secret={seed}&digits=6"])
def test_a_letter_only_seed_in_an_otpauth_url_is_masked(seed: str, query: str) -> None:
    url = "otpauth://totp/GitHub:bob?" + query.format(seed=seed)
    redacted = redact_text(f"Scan this: {url} then type the code")[0]
    assert seed not in redacted
    assert "bob" not in redacted  # the whole URL: account and issuer with it
    assert redacted.startswith("Scan this: [REDACTED") and redacted.endswith(" then type the code")


@pytest.mark.parametrize(
    "text",
    [
        "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",  # documented
        "otpauth://totp/ACME:me?secret=<your-seed>&issuer=ACME",
        "otpauth://totp/GitHub:nomadpi?secret=(see above)&issuer=GitHub",  # no base32: a reference
        "the otpauth:// scheme carries a secret= parameter",
    ],
)
def test_the_documented_example_and_placeholders_stay(text: str) -> None:
    assert find_secrets(text) == []
