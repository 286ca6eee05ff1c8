"""Where a value ends is read from its line's grammar (issue 12, stop 48, HR10): a setting line's
unquoted pass phrase runs to a comment, the next ``key=`` pair or the line's end, blanks of any
width (no-break ones too) between its words, and a YAML key's as an ``=`` one's (a shell variable's
line among settings lines, after ``export`` or joined by no-break blanks: where sh runs no command); a shell variable's
assignment before a command ends where the command (its name, then an option) begins; a glued
``-p`` argument after ``-u`` is the password whole, marks and all; a properties XML ``<entry>``
named by its key attribute bounds a pass phrase as quotes do; a full-width ``：`` joins a name to its
value, and typographic quotes or corner brackets bound it. Each case leaked or over-masked at
88edb493."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

_MASKED_WHOLE = [
    # a setting line's phrase: to the line's end, a comment, the next pair
    ("DB_HOST=db\nDB_PASSWORD=correct horse battery staple", "correct horse battery staple", "DB_HOST=db"),
    ("export DB_PASSWORD=correct horse battery staple", "correct horse battery staple", "export"),
    ("password: correct horse battery staple", "correct horse battery staple", ""),
    (
        "DB_PASSWORD=correct horse battery staple # prod db\nDB_USER=app",
        "correct horse battery staple",
        "# prod db",
    ),
    (
        "password: caballo correcto batería grapa  # producción",
        "caballo correcto batería grapa",
        "# producción",
    ),
    ("DB_PASSWORD=correct  horse  battery\nDB_PORT=5432", "correct  horse  battery", "DB_PORT=5432"),
    (
        "DB_PASSWORD=correct\u00a0horse\u00a0battery\u00a0staple",
        "correct\u00a0horse\u00a0battery\u00a0staple",
        "",
    ),
    ("  - password: richtiges Pferd Batterie\n  - user: admin", "richtiges Pferd Batterie", "user: admin"),
    (
        "DB_PASSWORD=correct horse battery staple DB_USER=admin",
        "correct horse battery staple",
        "DB_USER=admin",
    ),
    # an assignment before a command: the command stays readable
    ("PGPASSWORD=Sommer 2024! psql -h db -U app", "Sommer 2024!", "psql -h db -U app"),
    ("MYSQL_PWD=Hunter2024x mysql -u root", "Hunter2024x", "mysql -u root"),
    ("PGPASSWORD=Xq7Lm2pZ9 PGUSER=app ./backup.sh", "Xq7Lm2pZ9", "PGUSER=app ./backup.sh"),
    ("DB_PASSWORD=Sommer 2024! /usr/bin/psql shop", "Sommer 2024!", "/usr/bin/psql shop"),
    ("DB_PASSWORD=correct horse battery staple ./migrate.sh", "correct horse battery staple", "./migrate.sh"),
    ("Lance PGPASSWORD=Été 2024! psql -h db puis vérifie.", "Été 2024!", "psql -h db puis"),
    # a glued option's value, marks inside it
    ("mongo -u admin -pS3cr3t,9x", "S3cr3t,9x", ""),
    (
        "mongo -u admin -pS3cr3t,9x --authenticationDatabase admin",
        "S3cr3t,9x",
        "--authenticationDatabase admin",
    ),
    ("mysql -uroot -pQm9iOjEy== shop", "Qm9iOjEy==", " shop"),
    # properties XML: the key in an attribute, the phrase in the element
    ('<entry key="db.password">s3cr3t pass</entry>', "s3cr3t pass", "</entry>"),
    ('<param name="db.password">Kiosk 2024 zz</param>', "Kiosk 2024 zz", "</param>"),
    # full-width colon, corner brackets and typographic quotes
    ("パスワード：「Sommer 2024」", "Sommer 2024", "パスワード："),
    ("パスワード：「Sommer 2024」です。", "Sommer 2024", "」です。"),
    ("密码：“Sommer 2024”", "Sommer 2024", "密码："),
    ("密码：Sommer2024!", "Sommer2024!", "密码："),
    ("パスワード：『Kiosk 2024 zz』", "Kiosk 2024 zz", ""),
]


@pytest.mark.parametrize(("text", "secret", "kept"), _MASKED_WHOLE)
def test_the_value_is_masked_to_where_its_grammar_ends_it(text: str, secret: str, kept: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    before = text[: text.index(secret)]  # (a word of the name, ``pass`` of ``db.password``, aside)
    for word in secret.replace("\u00a0", " ").split():
        assert word in before or word not in out, (text, out)
    assert kept in out, (text, out)


_KEPT = [
    "db.password: 2024 06 01",
    "password: see below",
    "  password: mot de passe oublié\n  user: admin",
    "Password: reset it tomorrow",
    "DB_PASSWORD=abc:def npm run migrate",
    "PGPASSWORD=secret psql mydb",
    "DB_PASSWORD=hunter make deploy",  # (sh runs ``make``: a lone line's words after the first)
    "PGPASSWORD=$PGPASS psql -h db -U app",
    "mvn -U clean install -Pjdk17,Docker",
    '<entry key="db.user">admin user</entry>',
    '<string name="password_hint">Enter your password</string>',
    "トークン：「未設定」",
    "パスワード：「ここに入力」",
    "密码：见下文",
]


@pytest.mark.parametrize("text", _KEPT)
def test_what_is_no_secret_is_kept(text: str) -> None:
    assert redact_text(text)[0] == text
