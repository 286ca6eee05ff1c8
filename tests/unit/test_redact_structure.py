"""Redaction by structure: config and code shapes, the value decision, the combined prefilter."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import CONTACT_DETECTORS, DETECTORS, detectors, find_secrets, redact_text
from memscribe.redaction.benign import is_benign_shape
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import not_a_secret, sequential, wordy
from tests.support.secret_shapes import BENIGN, SHAPES, benign_line, document, value


@pytest.mark.parametrize(("name", "template", "kind"), SHAPES, ids=[s[0] for s in SHAPES])
@pytest.mark.parametrize("seed", [1, 2])
def test_config_shape_value_is_masked_whole(name: str, template: str, kind: str, seed: int) -> None:
    secret = value(kind, random.Random(f"{name}{seed}"))
    text = template.format(v=secret)
    out, findings = redact_text(text)
    assert secret not in out
    at = text.index(secret)
    # the whole value is covered: no prefix or suffix of it stays readable
    assert any(f.start <= at and at + len(secret) <= f.end for f in findings), (text, findings)


@pytest.mark.parametrize("template", BENIGN)
def test_benign_lookalikes_are_kept(template: str) -> None:
    line = benign_line(template, random.Random(3))
    assert find_secrets(line) == [], line


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            'const HEROKU_API_KEY = "6fd3a1c2-9b1e-4f7a-8c2d-3e4f5a6b7c8d"',
            "6fd3a1c2-9b1e-4f7a-8c2d-3e4f5a6b7c8d",
        ),
        ('SNYK_TOKEN ::= "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d"', "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d"),
        ('token = os.getenv("API_TOKEN", "q8Zr2LmX9vT4kW7pN3sY")', "q8Zr2LmX9vT4kW7pN3sY"),
        ("DB_PASSWORD_PROD=Xq7rTz9-Lm2v", "Xq7rTz9-Lm2v"),
        ("config.secret_key_base = '3f9a1c7e5b2d8f4a6c0e9b1d3f5a7c9e'", "3f9a1c7e5b2d8f4a6c0e9b1d3f5a7c9e"),
        ("контрольный пароль = 'Vx93-kLq-77'", "Vx93-kLq-77"),
        ("密码 = 'Vx93-kLq-77z'", "Vx93-kLq-77z"),
    ],
)
def test_names_decide(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out


@pytest.mark.parametrize(
    "text",
    [
        'request_id: "6fd3a1c2-9b1e-4f7a-8c2d-3e4f5a6b7c8d"',
        'idempotency_key = "6fd3a1c2-9b1e-4f7a-8c2d-3e4f5a6b7c8d"',
        "curl -u <user:password> https://test.example/endpoint",
        "curl --user neo4j:[PASSWORD] http://[IP]:7474/db/data/",
        "SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY:=$2}",
        "- (id)hf_requiredCharacteristicTypesForDisplayMetadata;",
        'const keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"',
        '"bucket_key": "SalesResults-1.2"',
        "dev.credentials.url=dev-lb1.api.example.com:5215",
        "-----BEGIN PRIVATE KEY-----\nanything\n-----END PRIVATE KEY-----",
        '"token4": "xoxp-572370529330-573807301142-572331691188-####################"',
        "https://example.org/images/3/35/2018-250-xoxo-indieweb-1.jpg",
        '<input type="hidden" name="authenticity_token" value="7SWa-Fo1_hsC6oovfBsJFLGPUl2EhkSWPbJhWAN">',
    ],
)
def test_value_decision_keeps_non_secrets(text: str) -> None:
    assert find_secrets(text) == [], text


def test_value_profile_helpers() -> None:
    assert wordy("requiredCharacteristicTypesForDisplayMetadata")
    assert not wordy("JEcmYqqwlXjtoTyJnlmtcItSvtJsMNucql")
    assert sequential("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert not sequential("Zq8vR2mXk4Lp9sWt7YbN3cHd")
    assert is_benign_shape("sha512-" + "A" * 86) and is_benign_shape("h1:abc=")
    assert is_placeholder("5555555dAAAAA7777777CcccCFaaaaaaaaaaaaaa")
    assert is_placeholder("{{ .Values.password }}") and is_placeholder("[PASSWORD]")
    assert not not_a_secret("Zq8vR2mXk4Lp9sWt7YbN3cHd")


def test_prefilter_gives_identical_findings() -> None:
    rng = random.Random(11)
    texts = [document(rng)[0] for _ in range(20)]
    texts += ["ghp_" + "a1B2" * 9, "mysql -uroot -pS3cr3t!x db", "set -gx API_TOKEN Zq8vR2mXk4Lp9sWt7YbN3"]
    for text in texts:
        assert find_secrets(text) == find_secrets(text, prefilter=False)
        assert find_secrets(text, redact_contact=True) == find_secrets(
            text, redact_contact=True, prefilter=False
        )


def test_detectors_accessor() -> None:
    assert detectors() == DETECTORS
    assert detectors(contact=True) == DETECTORS + CONTACT_DETECTORS
    assert all(h == h.casefold() for d in detectors(contact=True) for h in d.hints)


def test_base64_encoded_private_key_is_masked_and_certificate_kept() -> None:
    import base64

    key = (
        "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIB"
        + "Zq8vR2mXk4Lp9sWt" * 8
        + "\n-----END EC PRIVATE KEY-----\n"
    )
    cert = "-----BEGIN CERTIFICATE-----\nMIIC" + "Zq8vR2mXk4Lp9sWt" * 8 + "\n-----END CERTIFICATE-----\n"
    enc_key, enc_cert = (base64.b64encode(x.encode()).decode() for x in (key, cert))
    text = f"    client-certificate-data: {enc_cert}\n    client-key-data: {enc_key}\n"
    out, _ = redact_text(text)
    assert enc_key not in out and enc_cert in out


def test_sas_signature_masked_and_slugs_kept() -> None:
    url = "https://acct.blob.core.example/c/f.txt?sv=2020-08-04&sp=r&sig=Zq8vR2mXk4Lp9sWt7YbN3cHdXq%2BaZ%3D"
    assert "Zq8vR2mX" not in redact_text(url)[0]
    assert find_secrets('"bucket_key": "design-review-2024"') == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('client.setPassword("Zq8vR2mXk4Lp")', "Zq8vR2mXk4Lp"),
        ('b.apiKey("x").token("Zq8vR2mXk4Lp9sWt")', "Zq8vR2mXk4Lp9sWt"),
        # lower-casing ``İ`` adds a character: the substring search cannot be trusted there
        ('İİİ client.setPassword("Zq8vR2mXk4Lp")', "Zq8vR2mXk4Lp"),
        ('ſ setSecret("Zq8vR2mXk4Lp9sWt")', "Zq8vR2mXk4Lp9sWt"),
        ("heroku config:get API_TOKEN\nq8Zr2LmX9vT4kW7pN3sYx\n", "q8Zr2LmX9vT4kW7pN3sYx"),
        ("İİ heroku config:get API_TOKEN\nq8Zr2LmX9vT4kW7pN3sYx\n", "q8Zr2LmX9vT4kW7pN3sYx"),
        # more ``İ`` than the line is long: offsets into the lower case ran past the text (IndexError)
        ("İ" * 32 + "\nconn: Server=x;Password=Zq8vR2mXk4Lp9sWt;\n", "Zq8vR2mXk4Lp9sWt"),
        ("İ" * 32 + ' api_token = "Zq8vR2mXk4Lp9sWt"', "Zq8vR2mXk4Lp9sWt"),
        ("echo $AWS_SECRET_ACCESS_KEY\r\nq8Zr2LmX9vT4kW7pN3sYx", "q8Zr2LmX9vT4kW7pN3sYx"),
    ],
)
def test_substring_first_paths_find_what_a_full_scan_finds(text: str, secret: str) -> None:
    # calls and value lines are looked for where a hint occurs (lower case), not by a scan of
    # every line; the findings must not depend on that
    out, _ = redact_text(text)
    assert secret not in out, out
    assert find_secrets(text) == find_secrets(text, prefilter=False)


def test_value_line_needs_a_secret_line_before_it() -> None:
    assert find_secrets("heroku config:get APP_NAME\nq8Zr2LmX9vT4kW7pN3sYx\n") == []
    assert find_secrets("q8Zr2LmX9vT4kW7pN3sYx\nAPI_TOKEN above\n") == []


def test_name_starts_index_the_text_whatever_lower_casing_does() -> None:
    from memscribe.redaction import structure
    from memscribe.redaction.base import lowered, offset_lowered

    for text in ("İİİ密码", "İ" * 40 + " password: x", "ſecret İ token"):
        low = offset_lowered(text)
        assert len(low) == len(text)
        starts = structure.name_starts(text, lowered(text))  # a ``low`` of another length
        assert all(0 <= s < len(text) for s in starts)
        assert starts == structure.name_starts(text, low)
