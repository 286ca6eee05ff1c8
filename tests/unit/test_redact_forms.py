"""Secret forms met in author F's development transcripts (issue 12), each beside a look-alike of
the same form that is kept: a MySQL password quoted after ``-p``, ``set NAME value`` as a
sub-command, a one-time code given to its flag, a named salt, a generated secret whose alphabet
holds spaces, brackets and backticks, passwords said in Italian and Portuguese; and an address
under a ``key`` name, a ``$__env{…}`` reference. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, is_placeholder


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


#: (text, the secret it holds): each was readable at f8eb7b7.
_MASKED = [
    ("mysql -u shop_usr -p'Zq8%vLm2Rt!xP0aK' -h localhost shop_wp -e 'select 1'", "Zq8%vLm2Rt!xP0aK"),
    ('mysqldump -uroot -p"Kettle 49 Moor" shop > dump.sql', "Kettle 49 Moor"),
    ("wp config set DB_PASSWORD 'Ameixa@2031serra' --path=/var/www/loja --quiet", "Ameixa@2031serra"),
    ('dotnet user-secrets set "StripeSecretKey" "x8Fk29dLq0ZpRm3VtY7wB1cN"', "x8Fk29dLq0ZpRm3VtY7wB1cN"),
    (
        "aws sts get-session-token --serial-number arn:aws:iam::123456789012:mfa/ana --token-code 604218",
        "604218",
    ),
    ("oathtool-login --otp=918273 --user ana", "918273"),
    (
        "active_record_encryption:\n  key_derivation_salt: pV3kR9xQ2mZ7LwT4nB8cY1dF6hJ0sG5a\n",
        "pV3kR9xQ2mZ7LwT4nB8cY1dF6hJ0sG5a",
    ),
    (
        "define( 'LOGGED_IN_KEY', 'q[7;}Mx`-f%R2*9tZhn!;WE]<AB)k-UpwLS&J4[Y:[?m5d*Hf:,QXB,~>TOj;vC' );",
        "q[7;}Mx`-f%R2*9tZhn!;WE]<AB)k-UpwLS&J4[Y:[?m5d*Hf:,QXB,~>TOj;vC",
    ),
    (
        "define('AUTH_KEY',         'kTqa L*Nc+w4,=s~3@<=1|r?Jj8:hT6c7Y&{g;>K>z[^%hhmHnsHDTZGy(kZij<f');",
        "kTqa L*Nc+w4,=s~3@<=1|r?Jj8:hT6c7Y&{g;>K>z[^%hhmHnsHDTZGy(kZij<f",
    ),
    ("O usuário é u4410_loja e a senha é Goiaba#2031mar. A do painel é a mesma.", "Goiaba#2031mar"),
    ("La password del wifi degli ospiti è Gatto!Nero77, te la segno.", "Gatto!Nero77"),
    ("ok, the MFA code right now is 552019", "552019"),
    ("il codice di verifica è 730914", "730914"),
]


@pytest.mark.parametrize(("text", "secret"), _MASKED, ids=[s for _, s in _MASKED])
def test_secret_is_masked_whole(text: str, secret: str) -> None:
    assert secret in _found(text)


#: The same forms holding no secret.
_KEPT = [
    "mysql -u root -p shop -e 'select 1'",
    "mysql -u root -p'$MYSQL_PWD' shop",
    "wp config set WP_DEBUG true --raw",
    'wp config set DB_PASSWORD "$DB_PASSWORD" --path=/var/www/loja',
    "I set the password manager up yesterday",
    "aws sts get-session-token --duration-seconds 900 --token-code $MFA_CODE",
    'users:\n  - name: ana\n    salt: "a8f5f167f44f4964e6c998dee827110c"\n',
    'password: "Please enter your password here, at least 12 characters"',
    'define( "NONCE_KEY", "put your unique phrase here" );',
    '<add key="https://api.nuget.org/v3/index.json" value="nuget.org" />',
    '<add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />',
    "+      password: $__env{GF_DATABASE_PASSWORD}",
    "      secureJsonData:\n        password: $__file{/run/secrets/grafana_db}\n",
    "O usuário é u4410_loja e a senha é a mesma do painel.",
    "La password è la stessa di prima.",
    "the MFA code expired again, I'll ask for a new one",
]


@pytest.mark.parametrize("text", _KEPT)
def test_lookalike_is_kept(text: str) -> None:
    assert _found(text) == []


def test_interpolation_is_a_placeholder_but_random_brackets_are_not() -> None:
    assert is_placeholder("$__env{GF_DATABASE_PASSWORD}")
    assert is_placeholder("<your-api-key>") and is_placeholder("<%= ENV['SECRET'] %>")
    assert not is_placeholder("q[7;}Mx`-f%R2*9tZhn!;WE]<AB)k-UpwLS&J4[Y:[?m5d*Hf:,QXB,~>TOj;vC")


def test_a_quoted_private_key_keeps_its_own_type() -> None:
    body = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun"
    text = f'private_key = "-----BEGIN RSA PRIVATE KEY-----\\n{body}\\n-----END RSA PRIVATE KEY-----\\n"'
    found = find_secrets(text)
    assert [f.type for f in found] == ["private_key"]
