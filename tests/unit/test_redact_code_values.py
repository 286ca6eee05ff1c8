"""Values under secret names that are code, a slot or a path, not a secret (issue 12): each shape
is kept, and a real value under the same name in the same syntax is still masked. The real
values are random, generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from memscribe.redaction import is_placeholder
from tests.support.secret_shapes import found as _found

_RNG = random.Random(20261202_12)
_B62 = string.ascii_letters + string.digits


def _token(n: int = 40) -> str:
    return "".join(_RNG.choice(_B62) for _ in range(n))


#: (a benign line with ``{v}`` standing for the kept value, that value): a line of the same
#: syntax with a random token in its place must be masked.
_CODE = [
    # dotted names: where the value comes from
    ('"apiKey": "{v}",', "process.env.API_KEY"),
    ("apiKey: {v},", "config.apiKey"),
    ("api_key = {v}", "settings.ThirdPartyApiKey"),
    # a name subscripted (the scan stops at a quote), generic or optional: code, not a value
    ('let token = {v}"TOKEN"]', "ProcessInfo.processInfo.environment["),
    ("api_key = {v}", "api_keys[0]"),
    ("secret_key: {v} = None", "Optional[SecretStr]"),
    ("apiKey: {v} = nil", "String?"),
    ("readonly apiKey: {v};", "string"),
    # slots a template fills in later
    ('api_key = "{v}"', "%(api_key)s"),
    ('<add key="ApiKey" value="{v}" />', "#{ApiKey}"),
    # stand-ins that say so
    ('client_secret = "{v}"', "mock_client_secret_value"),
    ('api_key = "{v}"', "fake-api-key-for-testing"),
    ('token = "{v}"', "sample_token_value_here"),
    # where the key is kept
    ("ssh_key: {v}", "~/.ssh/id_ed25519"),
    ('private_key = "{v}"', "./certs/key.pem"),
    ('client_secret = "{v}"', "/run/secrets/client_secret"),
    ('private_key = "{v}"', "C:\\\\Users\\\\me\\\\.ssh\\\\id_rsa"),
]


@pytest.mark.parametrize(("line", "value"), _CODE)
def test_code_slots_and_paths_under_secret_names_are_kept(line: str, value: str) -> None:
    assert _found(line.format(v=value) + "\n") == []


@pytest.mark.parametrize(("line", "value"), _CODE)
def test_a_random_value_in_the_same_place_is_masked(line: str, value: str) -> None:
    secret = _token()
    text = line.format(v=secret) + "\n"
    assert _found(text) == [secret], text


@pytest.mark.parametrize("name", ["FAKE_API_KEY", "dummyToken", "example_secret", "mock_client_secret"])
def test_a_name_that_says_stand_in_is_not_a_secret_name(name: str) -> None:
    assert _found(f'{name} = "{_token()}"\n') == []
    secret = _token()
    real = name.replace("FAKE_", "").replace("dummy", "").replace("example_", "").replace("mock_", "")
    assert _found(f'{real} = "{secret}"\n') == [secret]


@pytest.mark.parametrize(
    "value",
    [
        "Correct.Horse.Battery",  # dotted words can be a pass phrase
        "Secret1!",
        "Password!",
        "admin!",
        "hunter2?",
    ],
)
def test_password_values_that_look_like_punctuated_words_stay_masked(value: str) -> None:
    assert _found(f'DB_PASSWORD = "{value}"\n') == [value]


def test_stand_in_words_inside_a_random_run_do_not_make_a_placeholder() -> None:
    # ``fake`` glued to digits is part of a token (gitleaks' own samples hold such tokens)
    assert not is_placeholder("abc12fake4Tq9ZxLmW7pR2sV")
    assert not is_placeholder("Kq7samplex9Pz2LmW7pR2sVb")
    assert is_placeholder("token-fake-9Pz2LmW7pR2s")


def test_random_dotted_tokens_are_not_taken_for_code() -> None:
    # base64url parts hold digits and short humps: a JWT-like or dotted random token is masked
    secret = f"{_token(20)}.{_token(12)}.{_token(30)}"
    assert _found(f'token = "{secret}"\n') == [secret]
    letters = "xQzRwTkPmVnBsLdFgHjK.aZeRtYuIoPqSdFgHjKl"
    assert _found(f'token = "{letters}"\n') == [letters]


@pytest.mark.parametrize(
    ("kept", "masked"),
    [
        ('<meta name="csrf-token" content="{v}">', '<meta name="api-token" content="{v}">'),
        ("X-CSRF-Token: {v}", "X-Auth-Token: {v}"),
        ("X-XSRF-TOKEN: {v}", "X-ACCESS-TOKEN: {v}"),
        ("the CSRF token {v} was rejected", "the access token {v} was rejected"),
    ],
)
def test_a_forms_anti_forgery_token_is_kept_a_credential_token_masked(kept: str, masked: str) -> None:
    # a page publishes its CSRF token to every visitor (``csrf_token`` is no secret name either)
    value = _token(43) + "="
    assert _found(kept.format(v=value) + "\n") == []
    secret = _token(43)
    assert _found(masked.format(v=secret) + "\n") == [secret]


@pytest.mark.parametrize("shown", ["(sensitive)", "(sensitive value)", "[hidden]", "<masked>", "{omitted}"])
def test_what_a_tool_prints_for_a_hidden_value_is_kept(shown: str) -> None:
    assert _found(f'client_secret = "{shown}"\n') == []
    assert _found(f"token: {shown}\n") == []
    secret = _token()
    assert _found(f'client_secret = "{secret}"\n') == [secret]
    assert _found(f"token: {secret}\n") == [secret]


@pytest.mark.parametrize(
    "line",
    [
        '"NextToken": "{v}",',
        '"nextPageToken": "{v}",',
        "NextContinuationToken: {v}",
        '"syncToken": "{v}",',
        "aws s3api list-objects-v2 --bucket logs --starting-token {v}",
        '"continuation_token": "{v}"',
    ],
)
def test_a_listing_cursor_is_kept_a_session_token_masked(line: str) -> None:
    # the service hands a cursor to anyone who lists; an STS session token is a credential
    value = _token(48)
    assert _found(line.format(v=value) + "\n") == []
    secret = _token(48)
    masked = (
        line.replace("NextContinuation", "Session").replace("nextPage", "session").replace("Next", "Session")
    )
    masked = (
        masked.replace("sync", "session").replace("starting", "session").replace("continuation", "session")
    )
    assert _found(masked.format(v=secret) + "\n") == [secret], masked


@pytest.mark.parametrize(
    ("kept", "masked"),
    [
        # a call's result (the scan stops at the quote inside the call)
        ('applicationServerKey: urlBase64ToUint8Array("{v}"),', "applicationServerKey: {v},"),
        # a record's key glued into one word, as ``site_key`` / ``sort_key`` already were
        ('<div class="g-recaptcha" data-sitekey="{v}"></div>', '<div data-apikey="{v}"></div>'),
        ("sortkey = {v}", "apikey = {v}"),
    ],
)
def test_calls_and_glued_record_keys_are_kept(kept: str, masked: str) -> None:
    value = _token(40)
    assert _found(kept.format(v=value) + "\n") == []
    secret = _token(40)
    assert _found(masked.format(v=secret) + "\n") == [secret]


@pytest.mark.parametrize("value", ["build-cache-linux-x64-{h}", "npm-cache-v2-{h}", "Linux-node-{h}"])
def test_a_cache_key_of_words_and_a_digest_is_kept(value: str) -> None:
    digest = "".join(_RNG.choice("0123456789abcdef") for _ in range(64))
    assert _found(f"key: {value.format(h=digest)}\n") == []
    assert _found(f"Cache restored from key: {value.format(h=digest)}\n") == []
    # a random token after the same words is no digest; a bare digest under a key name still masks
    secret = _token(40)
    assert _found(f"key: {value.format(h=secret)}\n") == [value.format(h=secret)]
    assert _found(f"STRIPE_KEY={digest}\n") == [digest]


def test_an_authentication_scheme_name_is_kept() -> None:
    for scheme in ("oauth2", "bearer", "ntlm", "kerberos"):
        assert _found(f'auth: "{scheme}"\n') == []
    secret = _token()
    assert _found(f'auth: "{secret}"\n') == [secret]


@pytest.mark.parametrize(
    "line",
    [
        'password = "$2b$12${s}"',
        "$ docker exec mosquitto cat /mosquitto/config/passwd\nhomeassistant:$7$101$2XM0InEga4k4lTnE${s}==",
    ],
)
def test_a_password_hash_still_masks(line: str) -> None:
    # an independent author counts a passwd file's hashes as credentials (a weak password's
    # hash is cracked offline): a hash is masked like the password it stands for
    tail = _token(53)
    assert tail in "".join(_found(line.format(s=tail) + "\n"))


@pytest.mark.parametrize(
    "value",
    [
        "op://vault/item/field",
        "vault:secret/data/api#key",
        "sm://projects/x/secrets/db-password",
        "env:DB_PASSWORD",
        "file:/run/secrets/app",
        "@Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/db/)",
        "{{resolve:ssm-secure:/prod/db/password:1}}",
        "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf",
        "@string/google_maps_key",
        "^(?=.*[A-Z])(?=.*\\d).{8,}$",
    ],
)
def test_a_reference_to_a_secret_store_or_a_pattern_is_kept(value: str) -> None:
    line = f'password = "{value}"\n'
    assert _found(line) == []
    secret = _token(24)
    assert _found(f'password = "{secret}"\n') == [secret]
    assert _found(f'password = "op{secret}"\n') == [f"op{secret}"]  # no scheme: a value


@pytest.mark.parametrize(
    ("kept", "masked"),
    [
        (
            '<input type="hidden" name="csrfmiddlewaretoken" value="{v}">',
            '<input name="apitoken" value="{v}">',
        ),
        (
            '<input name="__RequestVerificationToken" type="hidden" value="{v}">',
            '<input name="__AccessToken" type="hidden" value="{v}">',
        ),
        ('"csrfToken": "{v}",', '"authToken": "{v}",'),
    ],
)
def test_anti_forgery_fields_glued_or_named_by_a_framework_are_kept(kept: str, masked: str) -> None:
    value = _token(48)
    assert _found(kept.format(v=value) + "\n") == []
    secret = _token(48)
    assert _found(masked.format(v=secret) + "\n") == [secret]


def _hex(n: int) -> str:
    return "".join(_RNG.choice("0123456789abcdef") for _ in range(n))


def test_a_cache_key_in_prose_is_kept() -> None:
    assert _found(f"cache key: {_hex(32)}\n") == []
    assert _found(f"sort-key = {_hex(32)}\n") == []
    secret = _token(32)
    assert _found(f"api key: {secret}\n") == [secret]
    assert _found(f"signing-key = {secret}\n") == [secret]


def test_an_object_key_that_is_a_path_of_words_is_kept() -> None:
    value = f"k8s/deploy/prod/app-{_hex(16)}"
    assert _found(f'key: "{value}"\n') == []
    random_path = f"{_token(12)}/{_token(10)}/{_token(16)}"
    assert _found(f'key: "{random_path}"\n') == [random_path]


def test_a_keyword_inside_a_branch_name_is_not_a_label() -> None:
    assert (
        _found("Merge pull request #412 from org/fix/token-8b0e7153bf7c3706d85c524e440066559a6656c9\n") == []
    )
    secret = _token(32)
    assert _found(f"the token {secret} expired\n") == [secret]


@pytest.mark.parametrize(
    "line",
    [
        "key rotation id {h} finished",
        "WARN  auth: token for client_id=app-frontend-{h} refreshed",
        "token rejected ('request_id': 'req_{h}')",
    ],
)
def test_a_token_labelled_as_an_id_after_a_keyword_is_kept(line: str) -> None:
    value = _token(24)
    assert _found(line.format(h=value) + "\n") == []
    # a session's id works as a credential; a plain token after the keyword is one
    secret = _token(32)
    assert _found(f"auth: token for session_id={secret} refreshed\n") == [secret]
    assert _found(f"key rotation: new key {secret} active\n") == [secret]


def test_a_provider_prefix_is_not_a_slug() -> None:
    # Mailgun's keys are ``key-`` and 32 hex digits: the whole key masks, prefix included
    secret = "key-" + _hex(32)
    assert _found(f"  key: process.env.MAILGUN_API_KEY || '{secret}',\n") == [secret]


def test_an_id_labelled_on_a_value_line_is_kept() -> None:
    # an Azure error's lines after a SAS token's line: the request's id is no credential
    uuid = "60f472bb-aeb2-4012-9eb4-16b59dcde5fa"
    text = f"AuthenticationFailed: Signature not valid for the SAS token\nRequestId:{uuid}\n"
    assert _found(text) == []
    secret = _token(40)
    assert _found(f"echo $SAS_TOKEN\n{secret}\n") == [secret]


def test_google_authenticators_documented_totp_secret_is_an_example() -> None:
    example = "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example\n"
    assert _found(example) == []
    secret = "".join(_RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(32))
    # a seed of its own: the whole provisioning URI is the credential (redaction.extents)
    assert _found(example.replace("JBSWY3DPEHPK3PXP", secret)) == [
        example.replace("JBSWY3DPEHPK3PXP", secret).strip()
    ]
