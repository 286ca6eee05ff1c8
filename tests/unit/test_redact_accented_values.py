"""A password in a clause with accented Latin letters (redaction.clauses ``_VALUE``) is masked
whole: the value no longer stops at the first non-ASCII letter and leaks its tail ("Tür")."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("Passwort geändert: Haus#2024Tür.", "ür"),
        ("hasło zmienione: Zażółć#2024gęślą", "gęślą"),
        ("mot de passe changé: Été2024!chaud", "chaud"),
    ],
)
def test_accented_password_masked_whole(text: str, tail: str) -> None:
    out, _ = redact_text(text)
    assert "[REDACTED" in out
    assert tail not in out


@pytest.mark.parametrize("text", ["Passwort geändert: schön", "密码是2019年设置的"])
def test_words_and_cjk_still_bound_values(text: str) -> None:
    assert redact_text(text)[0] == text
