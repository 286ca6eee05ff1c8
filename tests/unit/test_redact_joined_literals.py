"""A secret split into string literals joined in one expression under a secret's name
(redaction.shapes.find_joined_literals): adjacent literals in parentheses (Python) or literals
joined by ``+`` (Java, JavaScript). Each piece alone is too short to read as a secret, so every
piece stayed readable; the value they make is now decided as a quoted assignment's is."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        (
            'API_TOKEN = (\n    "Qm4xT7pL"\n    "v9Rk2Wz8"\n    "Hc5Nd1Ye"\n)\n',
            ("Qm4xT7pL", "v9Rk2Wz8", "Hc5Nd1Ye"),
        ),
        ('String clientSecret = "Zp3Lq8Xv" +\n    "Mw6Tr1Kc";\n', ("Zp3Lq8Xv", "Mw6Tr1Kc")),
        ("const dbPassword = 'Fels' + 'Tal' + '2027x!';", ("Fels", "2027x!")),
    ],
)
def test_joined_secret_masked_piece_by_piece(text: str, pieces: tuple[str, ...]) -> None:
    masked = redact_text(text)[0]
    for piece in pieces:
        assert f'"{piece}"' not in masked and f"'{piece}'" not in masked


@pytest.mark.parametrize(
    "text",
    [
        'greeting = "Hello " + "World"',  # not a secret's name
        'COMMIT_SHA = (\n    "3f9c2a1e7b4d8c6a"\n    "5e2f1b0d9c8a7e6f"\n)',  # a SHA, split
        'REQUEST_ID = "2f9c7a1e-48b3-" + "4d6e-a05f-91c3e7b2d480"',  # a UUID
        'VERSION = "2.14" + ".3"',  # a version
        'HANDLER = (\n    "Payment"\n    "GatewayClient"\n)',  # CamelCase
        'ORDER_LABEL = "Order #" + "2024-00817"',  # an order number
        'SUMMARY = ("12 of 15 " "tests passed")',  # prose numbers
        'passwort = "fLOEzNXtZ!9665"\n"integrity": "sha512-abc"',  # a line break alone joins nothing
    ],
)
def test_lookalikes_stay(text: str) -> None:
    masked = redact_text(text)[0]
    assert "integrity" in masked if "integrity" in text else masked == text
