"""Credential files and commands (issue 12): modular-crypt password hashes in shadow, htpasswd,
Mosquitto and Compose-escaped forms; ``user:password`` lines given to ``chpasswd``; the value a
secret store's command sets. Each beside what must stay readable. Random values are generated
for these tests."""

from __future__ import annotations

import base64
import random
import string

import pytest

from tests.support.secret_shapes import found as _found

_RNG = random.Random(2026_12_02_3)
_B62 = string.ascii_letters + string.digits
_CRYPT64 = "./" + _B62


def _token(n: int, alphabet: str = _B62) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


_SHA512 = f"$6${_token(16, _CRYPT64)}${_token(86, _CRYPT64)}"
_BCRYPT = f"$2b$12${_token(53, _CRYPT64)}"
_APR1 = f"$apr1${_token(8, _CRYPT64)}${_token(22, _CRYPT64)}"
_PBKDF2 = f"$7$101${_token(16, _B62 + '+/')}${_token(86, _B62 + '+/')}=="
_ARGON2 = f"$argon2id$v=19$m=65536,t=3,p=4${_token(22, _B62 + '+/')}${_token(43, _B62 + '+/')}"


@pytest.mark.parametrize(
    "line, value",
    [
        (f"deploy:{_SHA512}:19700:0:99999:7:::", _SHA512),  # /etc/shadow
        (f"admin:{_APR1}", _APR1),  # .htpasswd
        (f"sensor-bridge:{_PBKDF2}", _PBKDF2),  # Mosquitto's password file
        (f'{{"users": ["ops:{_BCRYPT}"]}}', _BCRYPT),
        (f"grafana:{_ARGON2}", _ARGON2),
        (
            f'- "traefik.http.middlewares.auth.basicauth.users=ops:{_APR1.replace("$", "$$")}"',
            _APR1.replace("$", "$$"),
        ),  # a Compose file escapes $ as $$
    ],
)
def test_a_password_hash_is_masked_whole(line: str, value: str) -> None:
    assert _found(line) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "awk '{print $1$2}' users.txt",
        'echo "$HOME$PATH" && printf "%s$5$6" x',
        "price: $6$ per seat, $2 off",
        "the hash starts with $2b$12$ and then 53 characters",
        f"password_hash = '{_BCRYPT}'",  # code's data under a name that says it is a hash
        f"hash: {_ARGON2}",
    ],
)
def test_dollar_signs_in_code_and_prose_are_not_hashes(text: str) -> None:
    assert _found(text) == []


def test_chpasswd_lines_are_masked_and_the_rest_of_the_block_kept() -> None:
    root, ops = "Gx7-Plover-Vane-31", "Tq9#mWz2Lp"
    text = (
        "#cloud-config\n"
        "chpasswd:\n"
        "  list: |\n"
        f"    root:{root}\n"
        f"    ops:{ops}\n"
        "    ubuntu:RANDOM\n"
        "  expire: false\n"
        "ssh_pwauth: false\n"
    )
    assert _found(text) == [root, ops]


@pytest.mark.parametrize("quote", ["'", '"', ""])
def test_echo_into_chpasswd_is_masked(quote: str) -> None:
    value = "Brisk_Otter_2231"
    assert _found(f"echo {quote}backup:{value}{quote} | sudo chpasswd") == [value]


def test_lines_after_chpasswd_in_prose_are_not_passwords() -> None:
    text = "`chpasswd` reads user:password pairs.\nsee: https://example.org/docs\nnext: step two\n"
    assert _found(text) == []


@pytest.mark.parametrize(
    "command, value",
    [
        (
            "az keyvault secret set --vault-name kv-prod --name sql-admin-password --value '{v}' -o tsv",
            "Mole-Ebbe-Tern-58",
        ),
        ("aws ssm put-parameter --name /prod/api/token --type SecureString --value {v}", _token(40)),
        ('gh secret set DEPLOY_KEY --body "{v}"', _token(32)),
        ("aws secretsmanager create-secret --name prod/report --secret-string '{v}'", "Cq8!rVb2#Lk"),
    ],
)
def test_the_value_a_secret_store_command_sets_is_masked(command: str, value: str) -> None:
    assert _found(command.format(v=value)) == [value]


@pytest.mark.parametrize(
    "command",
    [
        "az appconfig kv set --name app-cfg --key ui.theme --value dark-blue-2",
        "aws ssm put-parameter --name /prod/db/password --value $DB_PASSWORD",
        "gh secret set DEPLOY_KEY --body @key.txt",
        "helm upgrade app ./chart --set replicas=3 --value 10",
    ],
)
def test_store_commands_without_a_secret_value_are_kept(command: str) -> None:
    assert _found(command) == []


# --------------------------------------------------------------------------- Mailgun's shape


def _mailgun() -> str:
    return f"{_token(32, '0123456789abcdef')}-{_token(8, '0123456789abcdef')}-{_token(8, '0123456789abcdef')}"


@pytest.mark.parametrize(
    "template",
    [
        "I created a new one:\n{v}\n",
        "System config value set\n{v}\n",
        'MAILGUN_SMTP_PASSWORD="{v}"',
    ],
)
def test_a_mailgun_key_is_masked_whole_without_a_name(template: str) -> None:
    key = _mailgun()
    assert _found(template.format(v=key)) == [key]


@pytest.mark.parametrize(
    "text",
    [
        "build 3f2a-{h8}-{h8} of the image",  # short head
        "digest {h32}{h32}-{h8}-{h8}",  # a longer hex run's tail
        "trace 6ba7b810-9dad-11d1-80b4-00c04fd430c8",  # a UUID
    ],
)
def test_other_hex_groups_are_not_mailgun_keys(text: str) -> None:
    hexes = "0123456789abcdef"
    line = text.format(h8=_token(8, hexes), h32=_token(32, hexes))
    assert _found(line) == []


# --------------------------------------------------------------------------- encoded URLs


def _b64(raw: str) -> str:
    return base64.b64encode(raw.encode()).decode()


@pytest.mark.parametrize("prefix", ["", "x", "xy"])  # every alignment of "://"
def test_base64_of_a_url_with_a_password_is_masked_whole(prefix: str) -> None:
    password = _token(14)
    value = _b64(f"{prefix}postgres://checkout:{password}@db.shop.svc:5432/orders")
    text = f"apiVersion: v1\ndata:\n  DATABASE_URL: {value}\nkind: Secret\n"
    assert _found(text) == [value]


@pytest.mark.parametrize(
    "raw",
    [
        "https://api.shop.example.com/v2/orders",  # no credentials
        "postgres://checkout:${DB_PASSWORD}@db:5432/orders",  # a reference
        "redis://cache.internal:6379/0",
    ],
)
def test_base64_of_a_url_without_a_password_is_kept(raw: str) -> None:
    assert _found(f"  ENDPOINT: {_b64(raw)}\n") == []


# --------------------------------------------------------------------------- hashing commands


@pytest.mark.parametrize(
    "command",
    [
        "rclone obscure '{v}'",
        'ssh nas "rclone obscure {v}"',
        "openssl passwd -6 '{v}'",
        "mkpasswd -m sha-512 {v}",
        "htpasswd -nb admin {v}",
        "htpasswd -b /etc/nginx/.htpasswd admin {v}",
        "caddy hash-password --plaintext '{v}'",
    ],
)
def test_the_password_a_hashing_command_is_given_is_masked(command: str) -> None:
    password = "Pl0ver-" + _token(9)
    assert _found(command.format(v=password) + "\n") == [password]


def test_what_a_hashing_command_prints_is_masked() -> None:
    first, second = _token(24), _token(24)
    obscured = [_token(64, _B62 + "-_"), _token(64, _B62 + "-_")]
    text = (
        f'Tool (bash): rclone obscure "{first}"; rclone obscure "{second}"\n'
        f"{obscured[0]}\n{obscured[1]}\n"
        "Tool (write): rclone.conf\n"
    )
    assert _found(text) == [first, second, *obscured]


@pytest.mark.parametrize(
    "command",
    [
        "openssl passwd -6 -stdin < pw.txt",
        "rclone obscure $RCLONE_PASS",
        "htpasswd -nB admin",  # asks for the password
        "rclone config show\n[b2]\ntype = b2",
    ],
)
def test_hashing_commands_without_a_password_are_kept(command: str) -> None:
    assert _found(command + "\n") == []


# --------------------------------------------------------------------------- printf into a file


@pytest.mark.parametrize(
    "template",
    [
        "printf 'CF_DNS_API_TOKEN=%s\\n' '{v}' > .env",
        'printf "DB_HOST=%s\\nDB_PASSWORD=%s\\n" db.internal "{v}" >> .env',
        "printf 'api_key: %s\\n' {v} > config.yml",
    ],
)
def test_the_argument_a_printf_format_names_as_a_secret_is_masked(template: str) -> None:
    value = _token(40)
    assert _found(template.format(v=value)) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "printf 'DB_HOST=%s\\n' db-primary-7f3a9c.internal > .env",  # not a secret's name
        "printf 'API_TOKEN=%s\\n' \"$API_TOKEN\" > .env",  # a reference
        "printf '%s\\n' hello-world-2024",
    ],
)
def test_printf_arguments_that_are_not_secrets_are_kept(text: str) -> None:
    assert _found(text) == []


def test_a_bare_value_after_cat_of_a_pw_file_is_masked() -> None:
    value = "Kx7#Plover" + _token(6)
    text = f"Tool (bash): sudo cat /etc/pve/priv/storage/nas.pw\n{value}\n"
    assert _found(text) == [value]
