"""A password in a command line's credential position is masked whole (issue 12, item 1: "no
prefix or suffix of a secret may remain readable"), read by the command's grammar: a short option
with its value glued (``-uadmin -pS3cr3t``) or after a ``:``; a line continued by PowerShell's
backquote; a cmdlet's parameter named as a password; a quoted pass phrase piped into a command
whose standard input is a password (``sudo -S``, ``--password-stdin``); a value between
typographic quotes. Beside them, look-alikes of each form that stay readable. Prose around the
commands in several languages; the values are made up for these tests."""

from __future__ import annotations

import re

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.cmdline import find_command_passwords

#: (text, the password it holds): each was readable, whole or in part, at 6366907c.
_MASKED = [
    ("mongo -uadmin -pS3cr3t!x", "S3cr3t!x"),
    ("Puis lance : mongo -uadmin -pS3cr3t!x --quiet", "S3cr3t!x"),
    ("その後 mongo -u admin -pS3cr3t!x を実行します。", "S3cr3t!x"),
    ("ldapsearch -x -D cn=admin -wLq8zRt3xPv -b dc=corp", "Lq8zRt3xPv"),
    ("sqlcmd -S db `\n  -U sa `\n  -P 'S3cr3t x!'", "S3cr3t x!"),
    ('Invoke-Sqlcmd -ServerInstance db `\n  -Username sa `\n  -Password "S3cr3t x!"', "S3cr3t x!"),
    ('New-ADUser -Name bob -AccountPassword "Kiosk 2024 !" -Enabled $true', "Kiosk 2024 !"),
    ("Invoke-Sqlcmd -Query 'SELECT 1' -ServerInstance db -Password:S3cr3tX9", "S3cr3tX9"),
    ('echo "Hunter 2024!" | sudo -S apt update', "Hunter 2024!"),
    ("Führ einfach echo 'Hunter 2024!' | sudo -S reboot aus.", "Hunter 2024!"),
    ('用 printf "Hunter 2024!\\n" | sudo -S reboot 重启', "Hunter 2024!"),
    ('echo "Kiosk 2024 zz" | docker login -u bob --password-stdin', "Kiosk 2024 zz"),
    ("Crear usuario: net user kiosk “Sommer 2024!” /add", "Sommer 2024!"),
    ("Benutzer anlegen: net user kiosk „Sommer 2024!“ /add", "Sommer 2024!"),
    ("Créer : net user kiosk «Sommer 2024!» /add", "Sommer 2024!"),
    ("ユーザー作成：net user kiosk 「Sommer 2024!」 /add", "Sommer 2024!"),
]

#: Look-alikes of the same forms: no password in a credential position.
_KEPT = [
    "mvn -U -Pprod2024 clean install",
    "cp -pu src dst",
    "gcc -pedantic -u main -pthread x.c",
    "ssh -p2222 -u admin host",
    "docker run -u app -p8080:80 nginx",
    "psql -U postgres -p5432 -h db",
    "mysql -uroot -p shop",
    'echo "SELECT 1 FROM users" | kubectl exec -i db --stdin -- psql',
    'echo "hello world" | sudo -S tee /etc/motd',
    'New-LocalUser -Name kiosk -PasswordNeverExpires -Description "Kiosk 2024 user"',
    "New-LocalUser -Name kiosk -Password $securePw",
    "Set-ADAccountPassword -Identity bob -Reset -NewPassword (ConvertTo-SecureString $plain -AsPlainText -Force)",
]


def _readable_parts(secret: str, out: str) -> list[str]:
    """The runs of three or more letters or digits of ``secret`` still in ``out``."""
    return [run for run in re.findall(r"[A-Za-z0-9]{3,}", secret) if run in out.replace("[REDACTED", "")]


@pytest.mark.parametrize(("text", "password"), _MASKED)
def test_a_password_in_a_credential_position_is_masked_whole(text: str, password: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert _readable_parts(password, out) == [], out


@pytest.mark.parametrize("text", _KEPT)
def test_the_forms_look_alikes_are_no_command_password(text: str) -> None:
    assert [text[s:e] for s, e in find_command_passwords(text)] == []
