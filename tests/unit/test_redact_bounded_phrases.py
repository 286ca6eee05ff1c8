"""A pass phrase under a password's name is masked whole where its syntax bounds it (issue 12,
item 1: "no prefix or suffix of a secret may remain readable"): between quotes (JSON, ``.env``,
shell ``export``, an XML attribute), between an element's tags, or by its line's end after ``=``
on a ``.properties``/``.env``/INI line. The value ends at its closing quote, tag or line end, not
at its first blank; a mark standing apart (``Sommer 2024 !``, French typography) or words of
letters alone (``correct horse battery``) are a phrase too. Beside them, what a password's field
holds that is no password: labels and messages (naming words, rules, short function words, a
question), references (``!secret name``, a template's slot). Prose around the values in several
languages; the values are made up for these tests."""

from __future__ import annotations

import re

import pytest

from memscribe.redaction import find_secrets, redact_text

#: (text, the pass phrase it holds): none was masked at 6366907c.
_MASKED = [
    ('{"user": "bob", "password": "Sommer 2024 !", "port": 5432}', "Sommer 2024 !"),
    ('    "db_password": "Sommer 2024 !",', "Sommer 2024 !"),
    ('DB_PASSWORD="correct horse battery"', "correct horse battery"),
    ("export PGPASSWORD='correct horse battery'", "correct horse battery"),
    ("<password>moon pass 9x</password>", "moon pass 9x"),
    ('<db password="moon pass 9x" user="x"/>', "moon pass 9x"),
    ('<add key="DbPassword" value="Sommer 2024 !"/>', "Sommer 2024 !"),
    ("db.password=Sommer 2024 !", "Sommer 2024 !"),
    ("spring.datasource.password = correct horse battery", "correct horse battery"),
    ("PGPASSWORD=Kiosk 2024 !\nPGHOST=db", "Kiosk 2024 !"),
    ('Die Datei enthält "password": "Sommer 2024 !" und mehr.', "Sommer 2024 !"),
    ('Dans le .env : DB_PASSWORD="Sommer 2024 !"', "Sommer 2024 !"),
    ('En el fichero: DB_PASSWORD="correct horse battery" y luego reinicié.', "correct horse battery"),
    ('在 .env 里: DB_PASSWORD="correct horse battery"', "correct horse battery"),
    ("XMLの <password>moon pass 9x</password> を見てください。", "moon pass 9x"),
    ('password: "blue moon rain song"', "blue moon rain song"),
    ('"password": "Correct Horse Battery Staple"', "Correct Horse Battery Staple"),
    # review RV5 F1 (stop 47): readable at efe8a5f5, which took a phrase only in one case style
    ('{"password": "Correct horse battery staple"}', "Correct horse battery staple"),
    ('DB_PASSWORD="CORRECT HORSE BATTERY"', "CORRECT HORSE BATTERY"),
    ('{"password": "blaue Katze tanzt leise"}', "blaue Katze tanzt leise"),
    ('{"password": "Грустный слон танцует"}', "Грустный слон танцует"),
    ('{"password": "さくらもち はなびたいかい ゆきだるま"}', "さくらもち はなびたいかい ゆきだるま"),
]

#: A password's field holding no password: nothing found.
_KEPT = [
    '{"password": "not set yet"}',
    '{"password": "Enter your password"}',
    '"password": "see the vault"',
    '{"password": "This field is required"}',
    'password: "ask the admin"',
    "<password>Passwort eingeben</password>",
    '{"password": "Mot de passe oublié ?"}',
    '{"password": "Contraseña incorrecta"}',
    '{"password": "min 8 chars"}',
    '"password": "!secret wifi_password"',
    '{"password": "Forgot it?"}',
    '{"password": "Required field"}',
    '{"password": "at least 12 characters"}',
    'password: "{{ vault_db_password }}"',
    "Password: see the wiki page",
    "password = ask the admin",
    "is_pass = is_exact_match or is_acceptable",
    "pass_ok = self.x or other.y",
    "password: 'first car + 9'",
    'passwordHint = "Hund & Katze 2"',
    '{"password": "Hidden from view"}',
    '{"password": "Diese Angabe fehlt noch"}',
    '{"password": "Stimmt nicht überein"}',
]


def _readable_parts(secret: str, out: str) -> list[str]:
    """The words of ``secret`` (letters or digits) still readable in ``out``, outside the masks'
    own text and the names around the value."""
    kept = re.sub(r"\[REDACTED[^\]]*\]", "", out)
    return [w for w in re.findall(r"\w+", secret) if re.search(rf"(?<![\w.]){re.escape(w)}(?![\w.])", kept)]


@pytest.mark.parametrize(("text", "phrase"), _MASKED)
def test_a_bounded_pass_phrase_is_masked_whole(text: str, phrase: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert phrase not in out, out
    assert _readable_parts(phrase, out) == [], out


@pytest.mark.parametrize("text", _KEPT)
def test_a_password_fields_label_or_reference_is_kept(text: str) -> None:
    assert find_secrets(text) == []
