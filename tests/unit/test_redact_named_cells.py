"""Values named by their place rather than by an operator: a name cell followed by its value
cell in a row (an SQL settings table's ``(4,'smtp_pass','…')``), and a line that names a quoted
literal without ``=`` (C's ``#define WIFI_PASS "…"``, Gradle's ``storePassword "…"``)."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "INSERT INTO `settings` VALUES\n (4,'smtp_pass','7c1e9a4f0b2d8e63a5f47c9d12be08aa'),",
            "7c1e9a4f0b2d8e63a5f47c9d12be08aa",
        ),
        (
            " (6,'paypal_secret','EKv3Zp9Qr1sTm7Lw4Yx0Nb6Hc2Gd8Fj5Ka1Ve3'),",
            "EKv3Zp9Qr1sTm7Lw4Yx0Nb6Hc2Gd8Fj5Ka1Ve3",
        ),
        ('cfg.update(("db_password", "Gl4sgow!Rain"))', "Gl4sgow!Rain"),
        ('#define WIFI_PASS      "wo3ai4xue2xi@302"', "wo3ai4xue2xi@302"),
        ('#define OTA_PASSWORD   "ota-8826-shuai"  // flashed once', "ota-8826-shuai"),
        ('#define BLYNK_AUTH_TOKEN "Xk9QmZ2vLp7RtY4wNb8sJc3Hd6Fg1Ae5"', "Xk9QmZ2vLp7RtY4wNb8sJc3Hd6Fg1Ae5"),
        ('        storePassword "taro0519kakeibo"', "taro0519kakeibo"),
        ("    keyPassword 'Kakeibo#2024'", "Kakeibo#2024"),
    ],
)
def test_named_value_is_masked(text: str, secret: str) -> None:
    redacted = redact_text(text)[0]
    assert secret not in redacted
    assert "[REDACTED:" in redacted


@pytest.mark.parametrize(
    "text",
    [
        # rows whose name cell is no secret's, or whose value is an id, a version or a word
        " (7,'currency','GBP'),",
        " (8,'install_uuid','c9e4a1f2-6b37-4d08-9f15-2a7e03b8d6c4'),",
        " (9,'site_version','4.12.3-rc1'),",
        " (10,'order_number','1002-4471-2290'),",
        "INSERT INTO users (id, email, password) VALUES (1, 'ana@x.io', 'password'),",
        " (11,'password_min_length','12'),",
        " (12,'token_url','https://auth.example.com/token'),",
        " (13,'commit','3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80'),",
        # named literals that are no secret
        '#define WIFI_SSID      "ZJU-Dorm-7-302"',
        '#define DEVICE_ID      "esp32-A4CF12B9E07C"',
        '#define PASSWORD_MIN_LEN "12"',
        '#define TOKEN_URL "https://auth.example.com/token"',
        '        keyAlias "upload"',
        '        storeFile file("../keys/release.jks")',
        'echo "sommer#2024x"',  # (no capital: a chosen password's shape is masked anywhere)
        'version "2.4.1"',
        'class "PasswordResetController"',
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_benign_named_value_stays(text: str) -> None:
    assert redact_text(text)[0] == text
