"""A generated password of letters alone, case scrambled (``EFxpAVud``), is password-shaped
where a loose password is looked for (a login pair, a linked clause); CamelCase words and
plain words are not, and a login and such a password are no two names of a kind."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.values import case_scrambled, password_like


@pytest.mark.parametrize("value", ["EFxpAVud", "qWMrtZKpb", "hGTyuIOpl"])
def test_scrambled_letters_are_password_shaped(value: str) -> None:
    assert case_scrambled(value)
    assert password_like(value, strict=False)


@pytest.mark.parametrize(
    "value", ["BiuroGoscie", "iPhoneCase", "McDonalds", "password", "Abcdefgh", "HELLOworld"]
)
def test_words_are_not_scrambled(value: str) -> None:
    assert not case_scrambled(value)


def test_login_pair_with_scrambled_password() -> None:
    text = "who has the printer login?\nTomasz: admin / EFxpAVud (the technician set it)"
    out, _ = redact_text(text)
    assert "EFxpAVud" not in out
    assert "admin / [REDACTED" in out


def test_pair_of_names_stays() -> None:
    text = "wifi login: BiuroGoscie / BiuroPraca"
    assert redact_text(text)[0] == text
