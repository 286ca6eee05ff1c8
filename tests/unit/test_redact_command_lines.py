"""Passwords in a command line's credential positions (issue 12, a reviewer's leaks): a short
password flag on a line that names the account (``-u``/``-U``/``-D``/``/u:``), a value echoed into
a command that reads its password from standard input, the password after an account's name where
a user is created or changed, a ``SecureString``'s plain text, curl's ``-u`` joined to other short
flags; and signed URLs whose parameters are separated by ``&amp;`` or ``;``. Each beside the
look-alikes of its form that stay readable: ports, port mappings, paths, format strings, variables,
a prompt's ``*``, options, plain words. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.cmdline import find_command_passwords
from tests.support.secret_shapes import found as _found

#: (text, the password it holds): each was readable at 415064a4.
_MASKED = [
    ("net user administrator Sommer2024! /add", "Sommer2024!"),
    ("PS C:\\> net user svc_sql Winter2025 /add /domain", "Winter2025"),
    ('net user kiosk "Kiosk 2024"', "Kiosk 2024"),
    ("Der Befehl `net user kiosk Sommer2024!` setzt das Passwort.", "Sommer2024!"),
    ("用 `net user kiosk Sommer2024!` 设置密码。", "Sommer2024!"),
    ("echo hunter2 | sudo -S apt update", "hunter2"),
    ("echo 'Sommer2024' | sudo -S -u postgres psql", "Sommer2024"),
    ("printf 'Kd8mWq2zLp\\n' | sudo -S -k whoami", "Kd8mWq2zLp"),
    ("echo 'Hx9kLq2wPz' | docker login -u bot --password-stdin ghcr.io", "Hx9kLq2wPz"),
    ('ldapsearch -x -H ldap://dc01 -D "cn=admin,dc=corp,dc=local" -w Lq8zRt3xPv -b dc=corp', "Lq8zRt3xPv"),
    ("ldapmodify -x -D cn=Manager -w hunter2xyz -f change.ldif", "hunter2xyz"),
    ("mongo -u admin -p Hx9kLq2wPz --authenticationDatabase admin", "Hx9kLq2wPz"),
    ("sqlcmd -S srv -U sa -P 'Hx9kLq2wPz' -Q \"select 1\"", "Hx9kLq2wPz"),
    ("rdesktop -u admin -p Hx9kLq2wPz 10.0.0.9", "Hx9kLq2wPz"),
    ("xfreerdp /u:admin /p:Hx9kLq2wPz /v:10.0.0.9", "Hx9kLq2wPz"),
    ("psexec \\\\host -u admin -p Hx9kLq2wPz cmd", "Hx9kLq2wPz"),
    ("rabbitmqctl add_user deploy Hx9kLq2wPz", "Hx9kLq2wPz"),
    ("rabbitmqctl change_password guest Sommer2024", "Sommer2024"),
    ('$s = ConvertTo-SecureString -String "P@ssw0rd123" -AsPlainText -Force', "P@ssw0rd123"),
    ("$pw = ConvertTo-SecureString 'Hx9kLq2wPz' -AsPlainText -Force", "Hx9kLq2wPz"),
    ('curl -su "admin:Sommer2024!" https://nexus.example.org/service/rest', "Sommer2024!"),
    ("curl -sSu admin:Sommer2024 https://nexus.example.org", "Sommer2024"),
]

#: Look-alikes of the same forms: no password among them.
_KEPT = [
    "docker run -u 1000:1000 -p 8080:80 nginx",
    "docker run --user app -p web:80 img",
    "psql -h db -U app -p 5433 -d shop",
    "psql -U postgres -P pager=off",
    "ssh -D 1080 -p 2222 deploy@host",
    "rsync -avu -p src dst",
    "git add -u -p",
    'curl -u "$USER:$PASS" -w "%{http_code}" https://example.org',
    "hydra -l admin -P /usr/share/wordlists/rockyou.txt ssh://10.0.0.1",
    'ldapsearch -x -D "cn=admin" -w "$LDAP_PW" -b dc=x',
    "ldapsearch -x -D cn=admin -W -b dc=x",
    "net user kiosk *",
    "net user kiosk /active:yes",
    "net user kiosk /delete",
    "adduser bob sudo",
    "echo $PASSWORD | sudo -S apt update",
    'echo "$SUDO_PASS" | sudo -S ls',
    "echo 3 | sudo -S tee /proc/sys/vm/drop_caches",
    'echo "deb http://archive.ubuntu.com/ubuntu focal main" | sudo -S tee /etc/apt/sources.list',
    'echo "nameserver 8.8.8.8" | sudo tee /etc/resolv.conf',
    "echo $CR_PAT | docker login ghcr.io -u USER --password-stdin",
    "$secure = ConvertTo-SecureString $plain -AsPlainText -Force",
    "change_password old_value new_value",
]


@pytest.mark.parametrize(("text", "password"), _MASKED)
def test_a_password_in_a_credential_position_is_masked_whole(text: str, password: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert password not in out, out
    assert password[:4] not in out.replace("[REDACTED", ""), out


@pytest.mark.parametrize("text", _KEPT)
def test_a_command_lines_other_values_are_kept(text: str) -> None:
    assert _found(text) == []


def test_the_flag_needs_a_user_flag_on_its_own_line() -> None:
    """``-p`` names a password only where the line names the account: on the next line it is
    another tool's flag."""
    text = "mongo -u admin --quiet\nnpm run build -p Prod2024x\n"
    assert list(find_command_passwords(text)) == []
    joined = "npm run build -u admin -p Prod2024x\n"
    assert [joined[s:e] for s, e in find_command_passwords(joined)] == ["Prod2024x"]


_SIG = "Qm3xV8pL0tR7wZ2nB5cY4uJ9sK1hF6dG3aE8iO0lN7v"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            f'<a href="https://acct.blob.core.windows.net/c/f.pdf?sv=2022-11-02&amp;sr=b&amp;sp=r&amp;sig={_SIG}%3D">',
            f"{_SIG}%3D",
        ),
        (
            "https://d111.cloudfront.net/a.mp4?Expires=1735689600;Signature="
            f"{_SIG}~mN7pQ9rS1tU3;Key-Pair-Id=K2JCJMDEHXQW5F",
            f"{_SIG}~mN7pQ9rS1tU3",
        ),
        (
            "https://oapi.dingtalk.com/robot/send?x=1&amp;access_token="
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        ),
    ],
)
def test_a_signature_after_an_escaped_or_semicolon_separator_is_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out and secret[:8] not in out and secret[-8:] not in out, out


def test_a_short_parameter_after_a_semicolon_is_kept() -> None:
    assert [
        f for f in find_secrets("https://example.com/page?a=1;sig=short") if f.type == "url_password"
    ] == []
