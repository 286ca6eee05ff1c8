"""Secret forms met in author F's development transcripts (issue 12), each beside a look-alike of
the same form that is kept: a MySQL password quoted after ``-p``, ``set NAME value`` as a
sub-command, a one-time code given to its flag, a named salt, a generated secret whose alphabet
holds spaces, brackets and backticks, passwords said in Italian and Portuguese; and an address
under a ``key`` name, a ``$__env{…}`` reference. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, is_placeholder
from tests.support.secret_shapes import found as _found

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
    ("O usuário é u4410_loja e a senha é Goiaba#2031mar. A do painel é a mesma.", "Goiaba#2031mar."),
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


# --------------------------------------------------------------------------- headers, keys, outputs

#: (text, the secret it holds): each was readable at 848b090.
_MASKED_2 = [
    (
        '{"headers":{"Content-Type":"application/json","Authorization":"Basic dXNlcjpXR3JwT3JQUFdCZ2FZ"}}',
        "dXNlcjpXR3JwT3JQUFdCZ2FZ",
    ),
    ('"{\\"Authorization\\":\\"Bearer q7Lm2Xv9Rk4Tn8Wp3Zs6\\"}"', "q7Lm2Xv9Rk4Tn8Wp3Zs6"),
    ('{"x-api-key":"k9v2m7q4x8z1p6r3t5w0"}', "k9v2m7q4x8z1p6r3t5w0"),
    (
        "curl https://api.example.com/v1/charges -u cb_9f8e7d6c5b4a3f2e1d0c9b8a7: -d amount=5",
        "cb_9f8e7d6c5b4a3f2e1d0c9b8a7",
    ),
    ("STRIPE=sk_test_51Hq8ZkL2mNv4Rt7Xp9Wc3Yb6Jd1Gf5Ks8", "sk_test_51Hq8ZkL2mNv4Rt7Xp9Wc3Yb6Jd1Gf5Ks8"),
    ('{"token_seen":"cb_live_Q7mZ2kLx9Vp4Rt8Wn3Yc6Jd1"}', "cb_live_Q7mZ2kLx9Vp4Rt8Wn3Yc6Jd1"),
    (
        "webhook: https://acme.webhook.office.com/webhookb2/0a1b2c3d-1111-2222-3333-444455556666@"
        "7e8f9a0b-1111-2222-3333-444455556666/IncomingWebhook/aa22d445c208ca1c138c1ed595aaf95c/"
        "23c420c6-ad32-44d8-b57b-d2d2e5b27a64/V2w9IXHBMNCxrv1cs_snyPlInVpaWBid",
        "https://acme.webhook.office.com/webhookb2/0a1b2c3d-1111-2222-3333-444455556666@"
        "7e8f9a0b-1111-2222-3333-444455556666/IncomingWebhook/aa22d445c208ca1c138c1ed595aaf95c/"
        "23c420c6-ad32-44d8-b57b-d2d2e5b27a64/V2w9IXHBMNCxrv1cs_snyPlInVpaWBid",
    ),
    ("wpa_passphrase cabin-ap 'mossKettle77' | grep -v '#psk'", "mossKettle77"),
    (
        'network={\n\tssid="cabin-ap"\n\tpsk=5e1c0a9b7d3f2e4a6c8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a0c1b3d5f7e9a\n}',
        "5e1c0a9b7d3f2e4a6c8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a0c1b3d5f7e9a",
    ),
    (
        "printf '%s' '3f9a7c1e5b2d8f4a6c0e9b7d1a3f5c8e' > config/master.key",
        "3f9a7c1e5b2d8f4a6c0e9b7d1a3f5c8e",
    ),
]


@pytest.mark.parametrize(("text", "secret"), _MASKED_2, ids=[s[:40] for _, s in _MASKED_2])
def test_header_key_and_command_forms_are_masked(text: str, secret: str) -> None:
    assert secret in _found(text)


_CONTAINER = "7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c8f3b6d0e9a2c5f8b1d4e7a0c3f6b9d2e5a"
_KEPT_2 = [
    "pk_live_51Hq8ZkL2mNv4Rt7Xp9Wc3Yb6Jd1",
    "https://checkout.example.com/c/pay/cs_live_a1Q7mZ2kLx9Vp4Rt8Wn3Yc6Jd1Gf5Ks8",
    "curl -u admin: https://intranet.example/",
    'README.md:1  generic-api-key  export const LOGO = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAA"',
    "7 .gitleaksignore\npoetry.lock:generic-api-key:812\ngo.sum:generic-api-key:41\n",
    f"Tool (bash): docker run -d --name vault -e ADMIN_TOKEN -p 8443:80 vaultwarden/server\n{_CONTAINER}\n",
    'Tool (bash): curl -s https://api.example.com/v1/messages -H "x-api-key: $EXAMPLE_API_KEY" '
    "-d '{\"max_tokens\":16}' | jq -r .id\nmsg_01Zq7Lm2Xv9Rk4Tn8Wp3Zs6\n",
    "printf '%s\\n' 'hello world 2024' > notes.txt",
]


@pytest.mark.parametrize("text", _KEPT_2)
def test_ids_lists_and_outputs_are_kept(text: str) -> None:
    assert _found(text) == []


# --------------------------------------------------------------------------- a UUID asked for as a token


def test_a_uuid_printed_for_a_token_is_masked() -> None:
    value = "6c1f0e2a-93b4-4d7e-a5c8-0f2b9e41d7a3"
    text = f"Tool (bash): curl -s http://localhost:3000/api/session/properties | jq -r '.\"setup-token\"'\n{value}\n"
    assert _found(text) == [value]


@pytest.mark.parametrize(
    "command",
    [
        "curl -s https://api.example.com/v1/tokens | jq -r '.[0].id'",  # a token's id
        "aws sts get-caller-identity --query Account  # request id below",
        "uuidgen",
    ],
)
def test_a_uuid_after_other_commands_is_kept(command: str) -> None:
    assert _found(f"Tool (bash): {command}\n6c1f0e2a-93b4-4d7e-a5c8-0f2b9e41d7a3\n") == []


def test_later_key_shapes_leave_the_names_other_detectors_gave() -> None:
    """The test-key and live-key shapes rank last: a span another detector finds keeps its name,
    so recorded prompts that hold its mask do not change."""
    text = (
        "STRIPE_SECRET_KEY=sk_test_51Hq8ZkL2mNv4Rt7Xp9Wc3Yb6Jd1Gf5Ks8\n"
        "curl -H 'Authorization: Bearer kd_live_9xQ4mT7vR2pL8sW1zN6cY3bH' https://api.example.com\n"
        "hint: cb_live_Q7mZ2kLx9Vp4Rt8Wn3Yc6Jd1 was rejected\n"
    )
    assert [(f.type, text[f.start : f.end][:8]) for f in find_secrets(text)] == [
        ("secret_assignment", "sk_test_"),
        ("auth_header", "kd_live_"),
        ("live_secret_key", "cb_live_"),
    ]
