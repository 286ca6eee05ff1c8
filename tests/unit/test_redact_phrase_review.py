"""Review RV3 of issue 12's pass-phrase and command-line commits (d2788c10, 2f431f6b): what
6366907c masked stays masked (a phrase holding a secret's, key's or token's word), and the new
bounds mask no more than the value. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

#: (text, the password it holds): a phrase with a word naming a secret, a key or a token is a
#: chosen phrase, masked at 6366907c (F1).
_NAMING_WORD_PHRASES = [
    ('"password": "Golden Key 1987"', "Golden Key 1987"),
    ('DB_PASSWORD="Secret Garden 88"', "Secret Garden 88"),
    ("<password>Golden Key 1987</password>", "Golden Key 1987"),
    ("password = Golden Key 1987", "Golden Key 1987"),
    ('PGPASSWORD="Golden Key 1987" psql -h db', "Golden Key 1987"),
    ('echo "Golden Key 1987" | sudo -S apt update', "Golden Key 1987"),
    ('Im JSON steht "password": "mi clave 2024" noch drin.', "mi clave 2024"),
    ('"password": "token 1234 abcd"', "token 1234 abcd"),
    ('設定ファイル: "password": "ma clé 77 bleue"', "ma clé 77 bleue"),
]


@pytest.mark.parametrize(("text", "phrase"), _NAMING_WORD_PHRASES)
def test_a_phrase_with_a_secrets_word_is_masked(text: str, phrase: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert phrase not in out, out
    assert not any(w in out for w in phrase.split() if any(c.isdigit() for c in w)), out
