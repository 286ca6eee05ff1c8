"""Benign lookalikes kept while credentials beside them stay masked: keys that name a record or
are published, PEM public keys, the Azure Storage emulator's published key, a secret keyword
inside a branch or path name. Every other value is random, generated for these tests."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from memscribe.redaction import find_secrets, name_strength
from tests.support.secret_shapes import found as _found

_RNG = random.Random(20261202)
_B62 = string.ascii_letters + string.digits


def _token(n: int, alphabet: str = _B62) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


@pytest.mark.parametrize(
    "name", ["cache_key", "cacheKey", "IDEMPOTENCY_KEY", "partitionKey", "sort_key", "recaptcha_site_key"]
)
def test_a_key_that_names_a_record_or_a_published_key_is_not_a_secret_name(name: str) -> None:
    assert name_strength(name) is None
    for value in (_token(64, "0123456789abcdef"), _token(40, _B62 + "_-")):
        assert _found(f'{name} = "{value}"\n') == [], (name, value)


@pytest.mark.parametrize("name", ["PRIMARY_KEY", "api_key", "site_secret", "cache_password", "sortKeyToken"])
def test_secret_names_beside_them_still_mask(name: str) -> None:
    value = _token(32, "0123456789abcdef") if name == "PRIMARY_KEY" else _token(40)
    assert _found(f"{name}={value}\n") == [value]


def test_an_idempotency_key_header_is_kept_and_the_bearer_token_beside_it_masked() -> None:
    record, bearer = _token(24), _token(48)
    text = f'curl -X POST https://api.example.net/v1/pay -H "Idempotency-Key: {record}" -H "Authorization: Bearer {bearer}"\n'
    assert _found(text) == [bearer]
    assert _found(f"Idempotency-Key: {record}\n") == []
    assert _found(f"my api key: {record}\n") == [record]


def test_pem_public_keys_and_certificates_are_kept_private_keys_masked() -> None:
    body = _token(64, _B62 + "+/")
    for armour in ("PUBLIC KEY", "RSA PUBLIC KEY", "CERTIFICATE"):
        inline = f'pubkey: "-----BEGIN {armour}-----{body}"\n'
        assert _found(inline) == [], armour
        block = f"public key:\n-----BEGIN {armour}-----\n{body}\n{body}\n-----END {armour}-----\n"
        assert _found(block) == [], armour
    private = f"-----BEGIN PRIVATE KEY-----\n{body}\n{body}\n-----END PRIVATE KEY-----\n"
    (span,) = _found(f"key:\n{private}")
    assert body in span


def test_the_storage_emulators_published_key_is_kept_and_a_real_account_key_masked() -> None:
    emulator = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
    conn = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;\n"
    assert _found(conn.format(emulator)) == []
    real = _token(86, _B62 + "+/") + "=="
    assert _found(conn.format(real)) == [real]


def test_a_keyword_inside_a_branch_or_path_name_introduces_no_value() -> None:
    sha = _token(40, "0123456789abcdef")
    assert _found(f"git checkout -b fix/token-refresh {sha}\n") == []
    assert _found(f"cp secret.txt-{sha} /tmp\n") == []
    value = _token(40)
    for line in (f"X-Auth-Token: {value}", f"auth-token {value}", f"the token is {value}"):
        assert _found(line + "\n") == [value], line


def test_a_local_yaml_tag_introduces_a_reference_or_ciphertext_a_standard_tag_a_value() -> None:
    cipher = "\n".join("          " + _token(80, "0123456789abcdef") for _ in range(3))
    assert _found(f"password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n{cipher}\n") == []
    assert _found("MasterUserPassword: !Ref DBPasswordParameter\n") == []
    value = _token(14)
    assert _found(f"  password: !!str {value}\n") == [value]
    assert _found(f"password !!str {value}\n") == [value]
    assert _found(f"password: !{value}\n") == [f"!{value}"]


def test_a_named_digest_after_a_key_keyword_is_kept_a_random_token_masked() -> None:
    digest = _token(43, _B62 + "+/")
    assert _found(f"The key fingerprint is: SHA256:{digest} me@laptop\n") == []
    value = _token(32)
    assert _found(f"The key is: {value}\n") == [value]
    assert _found(f"my key is abc:{value}\n") == [value]


def test_a_template_path_ending_in_password_is_no_password_before_it() -> None:
    assert _found('  password: "{{ .Values.db.password }}"\n') == []
    assert _found("  password: {{ .Values.dbConfig.password }}\n") == []
    value = "Xq7#" + _token(10)
    assert _found(f"{value} is the password\n") == [value]


@pytest.mark.parametrize("kind", ["ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256"])
def test_an_openssh_public_key_is_kept_wherever_it_is_named(kind: str) -> None:
    import base64
    import struct

    blob = struct.pack(">I", len(kind)) + kind.encode() + bytes(_RNG.randrange(256) for _ in range(51))
    body = base64.b64encode(blob).decode()
    for line in (f"the public key is {kind} {body} me@laptop", f'ssh_key = "{kind} {body}"', f"key: {body}"):
        assert _found(line + "\n") == [], line
    random_body = "AAAA" + _token(64, _B62 + "+/")
    assert _found(f"key: {random_body}\n") == [random_body]


_LOOKALIKES = Path(__file__).resolve().parents[2] / "fixtures" / "redaction" / "benign_lookalikes.txt"


def test_benign_lookalikes_from_configs_code_and_logs_keep_every_character() -> None:
    """Each line alone and the whole file as one paste: no finding (a regression list of the
    false positives fixed so far and of the shapes the value decision keeps)."""
    text = _LOOKALIKES.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("# ")]
    assert len(lines) >= 150
    flagged = [line for line in lines if find_secrets(line + "\n")]
    assert flagged == []
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "label", ["public key:", "wg public key =", "pub key:", "the server's public key is"]
)
def test_a_public_key_named_with_spaces_is_kept_as_public_key_is(label: str) -> None:
    """The words of a name written with spaces are its parts: ``public key:`` is ``public_key:``
    (issue 12), in an assignment and in prose; a private key or an API key beside it is masked."""
    value = _token(43) + "="
    assert _found(f"{label} {value}\n") == [], label
    assert _found(f"public_key = {value}\n") == []
    for secret_label in ("private key:", "api key =", "the server's api key is"):
        assert _found(f"{secret_label} {value}\n") == [value], secret_label


@pytest.mark.parametrize(
    ("line", "own"),
    [
        ("ERROR auth: invalid token for user_id=18842 request={v}", True),
        ("""-H "Authorization: Bearer {b}" -d '{{"to":"{v}","type":"text"}}'""", True),
        ("the token for prod: {v}", False),
        ("here is my key value={v}", False),
    ],
)
def test_a_value_under_a_name_of_its_own_is_not_the_keyword_s(line: str, own: bool) -> None:
    """Among the few words after a secret keyword, a value joined to another, non-secret name
    (``request=…``, JSON ``"to":"…"``) is that name's (an id, a recipient), not the keyword's;
    an unquoted label before ``:`` in prose (``for prod:``) or a ``value=`` still leaves it the
    keyword's (issue 12)."""
    value, bearer = _token(32, "0123456789abcdef"), _token(48)
    found = _found(line.format(v=value, b=bearer) + "\n")
    assert (value in found) is not own, found
    if "{b}" in line:
        assert bearer in found
