"""Regression tests for the detectors added with the benchmark: ported provider formats,
prose passwords, pasted values, value lines, PII (cards, IBANs, national ids) and contact details.

Each detector has documented true positives (masked) and false positives (kept). All values
are fake, generated for these tests.
"""
# ruff: noqa: E501

from __future__ import annotations

import pytest

from memscribe.stages.redact import find_secrets, iban_ok, luhn_ok, redact_text

TRUE_POSITIVES: list[tuple[str, str, str]] = [
    # (type, text, secret)
    ("gitlab_token", "runner token glrt-IWMhRRHSS3I9lhARVbvc ok", "glrt-IWMhRRHSS3I9lhARVbvc"),
    ("gitlab_token", "deploy token gldt-aB3dE5fG7hI9jK1lM3nO", "gldt-aB3dE5fG7hI9jK1lM3nO"),
    (
        "huggingface_token",
        "org 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",
        "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",
    ),
    (
        "notion_token",
        "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",
        "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",
    ),
    (
        "sourcegraph_token",
        "sgp_0D697F54cb24238EefB29af05Abf1b505E90950F",
        "sgp_0D697F54cb24238EefB29af05Abf1b505E90950F",
    ),
    ("digitalocean_token", "DO=dop_v1_" + "a1b2c3d4" * 8, "dop_v1_" + "a1b2c3d4" * 8),
    ("google_oauth", "client 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", "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"),
    ("stripe_key", "whsec_Q9x7LmP2rT5vW8yZ1aB3cD5eF7gH9iJ1", "whsec_Q9x7LmP2rT5vW8yZ1aB3cD5eF7gH9iJ1"),
    ("shopify_token", "shpat_" + "0a1b2c3d" * 4, "shpat_" + "0a1b2c3d" * 4),
    (
        "age_secret_key",
        "AGE-SECRET-KEY-1" + "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L" + "QPZRY9X8GF2TVDW0S3JN54KHCE6M",
        "AGE-SECRET-KEY-1" + "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L" + "QPZRY9X8GF2TVDW0S3JN54KHCE6M",
    ),
    ("password", "[user] the admin password is Velvet623!lantern — change it after", "Velvet623!lantern"),
    ("password", "[user] pw is spac6877HZ", "spac6877HZ"),
    ("password", "[user] log in as root, password Harbor488$lantern", "Harbor488$lantern"),
    (
        "password",
        "[user] the password for the staging box was sprocket-harbor-velvet01 I think",
        "sprocket-harbor-velvet01",
    ),
    ("password", "[user] why does login fail with lqz^35bQEWVOsf? that's the password", "lqz^35bQEWVOsf"),
    (
        "high_entropy",
        "[user] paste: 65039f7344c99d778361936e9fe17cb19fad7c10ce6a016642eb1688e24098ac",
        "65039f7344c99d778361936e9fe17cb19fad7c10ce6a016642eb1688e24098ac",
    ),
    (
        "high_entropy",
        "$ heroku config:get AWS_SECRET_ACCESS_KEY\nL9Sw7w6ZcjifRnyFcMb4v7s/DtzaUs+zUT2X8aZf\n",
        "L9Sw7w6ZcjifRnyFcMb4v7s/DtzaUs+zUT2X8aZf",
    ),
    ("high_entropy", "$ heroku config:get RABBITMQ_DEFAULT_PASS\nNimbus752#lantern\n", "Nimbus752#lantern"),
    ("payment_card", "charge card 4556 7375 8689 9855 exp 04/27", "4556 7375 8689 9855"),
    ("payment_card", '{"pan": "378282246310005"}', "378282246310005"),
    ("iban", "refund to DE21 3705 0198 1931 0042 57 please", "DE21 3705 0198 1931 0042 57"),
    ("iban", "payee_iban=GB35WEST12345698761234", "GB35WEST12345698761234"),
    ("national_id", "my SSN is 123-45-6789 for the form", "123-45-6789"),
    ("national_id", "NI number JG103759A", "JG103759A"),
]

FALSE_POSITIVES: list[str] = [
    "[user] the password is stored in vault",
    "[assistant] The password reset email is sent by the notifications worker.",
    "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
    "[user] password reset for user42 done",
    "[user] my password is in secrets.env",
    "[assistant] The password was changed on 2024-05-01T10:00:00Z",
    "[user] paste: hello",
    "$ git log --oneline\n3f9c2ab77e10d4a1c0b5e9f8a2d6c4b1e7f03a95\n",
    "$ heroku config:get API_TOKEN\nOPENAI_API_KEY=${OPENAI_API_KEY}\n",
    "ts=1714650000123 order=4111111111111111",  # timestamp; documented Visa test card
    "order 4556737586899856 shipped",  # fails Luhn
    "ref DE00 3704 0044 0532 0130 00",  # bad IBAN check digits
    "release 2024-05-01 build 1234-56-789",
    "version 000-12-3456 is not an SSN",
    "golang.org/x/crypto v0.21.0/go.mod h1:xnosfKWJTh6zVz2ujOmPC2W7xaW6Ga9ojv0vmA7kKEY=\nrequests==2.31.0",
    "NI example QQ123456C uses a prefix that is never issued",
]


@pytest.mark.parametrize(
    ("type_", "text", "secret"), TRUE_POSITIVES, ids=[f"{t[0]}-{i}" for i, t in enumerate(TRUE_POSITIVES)]
)
def test_detector_true_positive(type_: str, text: str, secret: str) -> None:
    out, findings = redact_text(text)
    assert secret not in out
    assert any(f.type == type_ for f in findings), findings
    assert redact_text(out) == (out, [])


@pytest.mark.parametrize("text", FALSE_POSITIVES)
def test_detector_false_positive(text: str) -> None:
    assert redact_text(text) == (text, [])
    assert find_secrets(text, redact_contact=True) == []


def test_random_token_with_xxxx_is_not_a_placeholder() -> None:
    token = "NknmifyGUm13aNXxXXYOGsuM.yy48bQ.gX4xWbt83omwv676K2ZVIZVGyEi"
    assert redact_text(f"discord {token}")[0] == "discord [REDACTED:discord_token]"


def test_luhn_and_iban_checks() -> None:
    assert luhn_ok("4556737586899855") and not luhn_ok("4556737586899856")
    assert iban_ok("DE89370400440532013000") and not iban_ok("DE00370400440532013000")
    assert not iban_ok("XX89370400440532013000")


@pytest.mark.parametrize(
    ("text", "secret", "type_"),
    [
        ("mail ana.silva@example.com today", "ana.silva@example.com", "email"),
        ("call +44 20 7946 0958 now", "+44 20 7946 0958", "phone"),
        ("office (212) 555-0199", "(212) 555-0199", "phone"),
    ],
)
def test_contact_details_only_with_redact_contact(text: str, secret: str, type_: str) -> None:
    assert redact_text(text) == (text, [])
    out, findings = redact_text(text, redact_contact=True)
    assert secret not in out and [f.type for f in findings] == [type_]
    assert f"[REDACTED:{type_}]" in out


def test_redact_contact_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        redact_text("x", True)  # type: ignore[call-arg]
