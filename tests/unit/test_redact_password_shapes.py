"""A token shaped like a password a person chose is one wherever it stands (redaction.shapes):
8 to 32 characters holding a lower-case letter, a capital, a digit and a symbol people type
(``!#$%&?@^~``), standing alone between blanks, quotes or an assignment. Under no secret's name
(a call's argument, a variable named for its role, a command's operand) these were left readable.
Its look-alikes stay: addresses and packages at a version (``@``), a name and its number (``#``),
URL escapes, crypt hashes and variables (``$``), flags, and long generated values."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.shapes import find_password_shapes


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('$svcPass = ConvertTo-SecureString "Bl4ck&Forest#88" -AsPlainText -Force', "Bl4ck&Forest#88"),
        ('client = broker.Client("node-7", 60, "garden_user", "Gr33n!house7")', "Gr33n!house7"),
        ("$default = 'Fruehling2027!'   # first logon", "Fruehling2027!"),
        ("net use \\\\files01\\share /user:backup Arch1v@Disk", "Arch1v@Disk"),
        ('command: ["server", "--flag", "M0on$hine-42"]', "M0on$hine-42"),
        ("the kiosk one is Tulpen%Feld9, please change it", "Tulpen%Feld9"),
        ("    community: `Netz^Werk55`", "Netz^Werk55"),
    ],
)
def test_chosen_password_shape_masked(text: str, secret: str) -> None:
    masked = redact_text(text)[0]
    assert secret not in masked
    assert "[REDACTED" in masked


@pytest.mark.parametrize(
    "text",
    [
        "commit 3f9c2a1e7b4d8c6a5e2f1b0d9c8a7e6f5d4c3b2a fixed it",  # a SHA
        "request 2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480 failed",  # a UUID
        "upgrade to v2.14.3-rc1 and Python3.12!",  # versions, a sentence's mark after one
        "class HttpClientFactory extends BaseFactory2 {}",  # CamelCase names
        "Order #A-2024-00817 ships Monday; invoice INV-88213.",  # order numbers
        "We sold 1,204 units (up 12% from 1,075) in Q3 2026!",  # prose numbers
        "- task: NuGetAuthenticate@1",  # a package at a version
        'USER = "ws_7731@Company.Shop"',  # an address-shaped login
        "Logged in as HelperBot#4821",  # a name and its number
        "q=to_email%3D%22Ana.Perez%40mail.es%22",  # URL escapes
        "'$2y$10$Qm3xV8pL0tR7wZ2nB5cY4uJ9sK1hF6dG3aE8iO0lN7vT2qW5rX9mC'",  # a crypt hash (its own rule)
        '    password: "!secret Mqtt_Pass1"',  # a reference to a secrets file
        "token sgp_652d9a2e48FC7E!FcDbEA1BC2E2A6CE23cFe7F7D broken",  # long: generated, not chosen
        "Hello World! Read README.md & CHANGELOG.md, then ask @MaxMuster2.",
    ],
)
def test_lookalikes_stay(text: str) -> None:
    assert list(find_password_shapes(text)) == []


def test_flag_keeps_its_own_detector() -> None:
    """A password glued to its flag is the command detector's: the flag letter stays readable."""
    text = "mysql -h db -u root -pRiver#Stone88 orders"
    masked = redact_text(text)[0]
    assert "River#Stone88" not in masked
    assert " -p[REDACTED" in masked


def test_probes_stay_unmasked_end_to_end() -> None:
    text = (
        "Deployed 3f9c2a1e7b4d8c6a5e2f1b0d9c8a7e6f5d4c3b2a as v2.14.3 for order 2024-00817;"
        " id 2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480, see PaymentGatewayClient. 12 of 15 passed!"
    )
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The guest wifi is Gast with Regen-Bogen7!, can visitors use it?", "Regen-Bogen7!"),
        (" (4,'kiosk','shop@example.org','Kiln7Fire!,'api');", "Kiln7Fire!"),
    ],
)
def test_mark_before_a_comma_is_the_values(text: str, secret: str) -> None:
    """A ``!`` right before a comma does not end the sentence: it is the password's last character."""
    masked = redact_text(text)[0]
    assert secret not in masked
    assert secret[:-1] not in masked


@pytest.mark.parametrize(
    "text",
    ["We shipped Release2026! Next up: docs.", "Congrats Team-Alpha7! See you Monday", "is it Build4Prod?"],
)
def test_sentence_mark_after_a_name_stays(text: str) -> None:
    assert list(find_password_shapes(text)) == []
