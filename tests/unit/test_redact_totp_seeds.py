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


@pytest.mark.parametrize(
    "text",
    [
        "[scan me](otpauth://totp/GitHub:bob?secret={seed})",  # a Markdown link
        "Add otpauth://totp/GitHub:bob?issuer=GitHub&secret={seed}.",  # the end of a sentence
        "otpauth://totp/GitHub:bob?secret={seed}%3D%3D&issuer=GitHub",  # padding, percent-encoded
    ],
)
def test_a_seed_before_closing_punctuation_is_masked(text: str) -> None:
    seed = "YJFNWKRLEKUFFIOX"
    redacted = redact_text(text.format(seed=seed))[0]
    assert seed not in redacted and "bob" not in redacted


@pytest.mark.parametrize(
    "text",
    [
        "otpauth://totp/ACME:bob?issuer=ACME&amp;secret={seed}",  # HTML-escaped
        "otpauth://totp/ACME:bob?issuer=ACME;secret={seed}",
        "OTPAUTH://TOTP/ACME:bob?SECRET={seed}&ISSUER=ACME",  # in capitals: the whole URL too
    ],
)
def test_a_seed_in_any_query_form_is_masked_with_its_url(text: str) -> None:
    seed = "YJFNWKRLEKUFFIOX"
    redacted = redact_text(text.format(seed=seed))[0]
    assert seed not in redacted and "bob" not in redacted


def test_a_migration_export_is_masked() -> None:
    payload = "CjEKCkhlbGxvId6tvu8SGEV4YW1wbGU6YWxpY2VAZ29vZ2xlLmNvbRoHRXhhbXBsZTAC"
    redacted = redact_text(f"export: otpauth-migration://offline?data={payload}%3D done")[0]
    assert payload[:12] not in redacted and redacted.endswith(" done")


def test_a_json_escape_after_the_url_stays_whole() -> None:
    text = '{"u": "\\"otpauth://totp/A:bob?secret=YJFNWKRLEKUFFIOX\\""}'
    redacted = redact_text(text)[0]
    assert "YJFNWKRLEKUFFIOX" not in redacted
    assert redacted.endswith('\\""}')  # the backslash of the escaped quote is kept


def test_many_urls_in_one_run_are_each_masked() -> None:
    text = " ".join(
        f"otpauth://totp/a:b{i}?issuer=x&secret=YJFNWKRLEKUFFIO{'ABCDEFG'[i % 7]}" for i in range(300)
    )
    assert len(find_secrets(text)) == 300
    assert find_secrets("otpauth://x?a=b&" * 3000) == []  # one long query, no seed
