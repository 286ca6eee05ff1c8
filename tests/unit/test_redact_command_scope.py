"""The command-line password rule's scope (review RV2 of 6d3b209b, F3–F9): a user flag and a
password flag count together only within one simple command (split at ``&&``, ``||``, ``;``,
``|`` and backquotes), and only a user flag that takes a name; a prompting ``-p``/``-P`` set apart
from its word keeps the database or role after it; echoed settings and versions written by
``sudo -S tee`` are kept; curl's joined ``-…u`` needs curl's own command; long quoted passwords
are masked whole; every rule runs in time linear in the text. The values are made up."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.cmdline import find_command_passwords
from tests.support.growth import cpu_growth
from tests.support.secret_shapes import found as _found

#: Each was masked at 6d3b209b..67a2a835: a value of another command's or another flag's.
_KEPT = [
    "virtualenv -p python3.11 venv && pip install -U pip setuptools",
    "uv pip install -U ruff; uv venv -p python3.12",
    "pnpm add -D typescript; tsc -p packages/core2",
    "git push -u origin main && git show -p v2.1.0",
    "git diff -U 10 -p HEAD~3",
    "ps -u deploy -o pid,cmd | grep -P 'java\\s+-jar\\s+app2'",
    "docker run -u 1000 -p 8080:80 img && git log -p main2..dev",
    "Ich starte `docker compose -p shop2024 up` und dann `docker compose exec -u postgres db psql`.",
    "mkdir -p releases2024 && sudo -u deploy cp app.tar releases2024/",
    "wget --user=alice -P downloads2/ https://example.org/f.tar",
    "docker run --user app -P myimage:1.2",
    "Get-Process -u admin -p Explorer2",
    "sudo -u app npm run dev -- -p devServer1",
    "msbuild App.sln /p:Configuration=Release /u:deploy",
    # F4: with a blank, -p/-P prompts, and the next word is the database or the role
    "mysql -u root -p wordpress2024",
    "psql -h db ; mysql -u root -p shopdb2 -e 'select 1'",
    "Je lance `mysql -u root -p crm2024` puis je tape le mot de passe.",
    "我用 `mysql -u root -p shop2024` 登录数据库。",
    "`mysql -u root -p blog2024` でログインします。",
    "sudo -u postgres createuser -P app2024",
    "docker compose -p shop2024 exec -u postgres db psql",
    # F7: a setting or a version written to a file by sudo -S tee
    "echo 'vm.swappiness=10' | sudo -S tee -a /etc/sysctl.conf",
    "echo v1.2.3 | sudo -S tee /etc/app/VERSION",
    "echo 1.25.3-alpine | sudo -S tee /etc/x",
    # F8: another command's -…u
    "docker run --rm -itu node:node app sh -c 'curl localhost:3000'",
    "sort -nu file:col2 curl",
    "chown -Ru www-data:www-data /var/www && curl -O https://example.org/x",
]


@pytest.mark.parametrize("text", _KEPT)
def test_another_commands_or_flags_value_is_kept(text: str) -> None:
    assert _found(text) == [], text


def test_a_kept_value_stays_readable_elsewhere_in_the_text() -> None:
    text = "virtualenv -p python3.11 venv && pip install -U pip\nI am on python3.11 now"
    assert redact_text(text)[0] == text
    text = "mysql -u root -p wordpress2024\nThe wordpress2024 database holds the blog."
    assert redact_text(text)[0] == text


#: (text, password): the credential positions, chained or quoted in the ways the review found.
_MASKED = [
    ("cd /srv && mongo -u admin -p Hx9kLq2wPz --quiet", "Hx9kLq2wPz"),
    ("mongo -u admin -p Hx9kLq2wPz | tee log.txt", "Hx9kLq2wPz"),
    ("Run `mongo -u admin -p Hx9kLq2wPz` then `ls -p`.", "Hx9kLq2wPz"),
    ("mongo -u admin \\\n  -p Hx9kLq2wPz", "Hx9kLq2wPz"),
    ('mongo -u admin -p "correct horse battery staple"', "correct horse battery staple"),
    ('sqlcmd -S srv -U sa -P "My Pass 2024!" -Q "select 1"', "My Pass 2024!"),
    ('psexec \\\\host -u corp\\admin -p "Hx9k Lq2wPz" cmd', "Hx9k Lq2wPz"),
    ("ldapsearch -x -D \"cn=admin,dc=x\" -w 'Lq8z Rt3xPv' -b dc=x", "Lq8z Rt3xPv"),
    ("mongo -u admin -p '$uperS3cret2024'", "uperS3cret2024"),
    ("echo '$ecretPass99' | sudo -S apt update", "ecretPass99"),
    ("printf '%s\\n' 'Hunter2024x' | sudo -S apt update", "Hunter2024x"),
    ('sqlcmd -S srv -U sa -P "Pa\'ss2024!x" -Q "select 1"', "ss2024!x"),
    ("mongo -u admin -p 'Hx9k!Lq2wP" + "z7#Rt3" * 25 + "'", "z7#Rt3z7#Rt3"),
    ("echo 'Hx9k!Lq2wP" + "z7#Rt3" * 25 + "' | sudo -S ls", "z7#Rt3z7#Rt3"),
    ("curl -sSu admin:Sommer2024 https://nexus.example.org", "Sommer2024"),
    ("mysql -u root -pHx9kLq2wPz shop", "Hx9kLq2wPz"),
    ('net user kiosk "Sommer 2024!" /add', "Sommer 2024!"),
    ("rabbitmqctl add_user deploy 'correct horse battery staple'", "correct horse battery staple"),
]


@pytest.mark.parametrize(("text", "password"), _MASKED)
def test_a_password_in_its_commands_credential_position_is_masked(text: str, password: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert password not in out, out


def test_the_user_flag_and_the_password_flag_must_share_one_command() -> None:
    chained = "mongo -u admin && npm run build -p Prod2024x"
    assert list(find_command_passwords(chained)) == []
    piped = "sudo -u deploy ls | xargs tool -p Prod2024x"
    assert list(find_command_passwords(piped)) == []
    same = "cd /srv && tool -u admin -p Prod2024x"
    assert [same[s:e] for s, e in find_command_passwords(same)] == ["Prod2024x"]


@pytest.mark.parametrize(
    "unit",
    [
        "cmd -p abcdefgh ",
        "sudo ab ",
        "ConvertTo-SecureString 'abcdefg1' ",
        "tool -u admin -w abcdefgh -D x ",
        "curl -s ",
        "mongo -u a -p 'x ",
        "echo Kd8mWq2zLp | sudo -u a ",
    ],
)
def test_time_grows_linearly_with_a_lines_length(unit: str) -> None:
    """A 128 KB line of flags takes at most ~40 times the CPU time of an 8 KB one (16 times the
    text): the quadratic rules took about 256 times."""
    small = "echo Kd8mWq2zLp | " + unit * (8000 // len(unit))
    large = "echo Kd8mWq2zLp | " + unit * (128000 // len(unit))
    growth = cpu_growth(find_secrets, small, large, rounds=3)
    assert growth < 40, growth
