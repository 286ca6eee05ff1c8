"""A quoted pass phrase under a password's name needs its symbol inside a word (redaction.structure
``_PASS_PHRASE``): a symbol standing apart joins the words of a hint ("la de siempre + 2",
"Hund & Katze 2"), which stays; "Haus am See #7", "blue Tulip 2024" are still masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        'User: la contraseña: "la de siempre + 2"',
        'passwordHint = "Hund & Katze 2"',
        "password: 'first car + 9'",
    ],
)
def test_hint_with_a_symbol_apart_stays(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("  password: 'Haus am See #7'", "Haus am See #7"),
        ('pwd="Gartenzwerg 17 Rosen"', "Gartenzwerg 17 Rosen"),
        ('DB_PASSWORD="Sonne+Mond 7"', "Sonne+Mond 7"),
    ],
)
def test_pass_phrase_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        'password = "min 12 chars"',
        'password: "at least 12 characters"',
        'pwd="mindestens 12 Zeichen"',
        'password = "12 caracteres"',
        'password = "8 to 64 chars"',
        "<password>12 chars min</password>",
    ],
)
def test_password_rule_with_a_count_stays(text: str) -> None:
    # a rule's words (values.RULE_WORDS) make a quoted phrase a password rule, not a pass phrase
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("<password>Gartenzwerg 17 Rosen</password>", "Gartenzwerg 17 Rosen"),
        ("<password>Haus am See #7</password>", "Haus am See #7"),
    ],
)
def test_pass_phrase_in_an_element_masked(text: str, secret: str) -> None:
    # an element named for a password is read as a quoted assignment of that name
    assert secret not in redact_text(text)[0]
