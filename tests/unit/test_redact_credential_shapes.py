"""Credential files and blocks by their structure (a ``.pgpass`` line, an armoured shared key),
and resource names that only hold a secret's word (an AWS ARN's ``secret:`` field)."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


def test_pgpass_lines_lose_their_passwords_but_not_defaults_or_references() -> None:
    text = (
        "$ cat ~/.pgpass\n"
        "db.internal:5432:*:readonly:er4kwapmyd76\n"
        "replica.internal:6432:app:app_rw:s3cr\\:et-Pass\n"
        "localhost:5432:*:postgres:postgres\n"
        "localhost:5432:*:postgres:${PGPASSWORD}\n"
    )
    assert _found(text) == ["er4kwapmyd76", "s3cr\\:et-Pass"]


def test_a_pgpass_shaped_line_needs_the_file_or_a_postgres_port() -> None:
    assert _found("10:30:45:00:11\n") == []
    assert _found("db.internal:5432:*:readonly:er4kwapmyd76\n") == ["er4kwapmyd76"]


def test_an_armoured_shared_key_is_masked_whole_and_a_public_one_kept() -> None:
    block = (
        "-----BEGIN OpenVPN Static key V1-----\n7c1c1e5c00dd2db29576cbd52df84930\n"
        "81a8a025d381dae8dbf3e37da5f452c2\n-----END OpenVPN Static key V1-----"
    )
    assert _found(f"<tls-auth>\n{block}\n</tls-auth>\n") == [block]
    public = (
        "-----BEGIN PGP PUBLIC KEY BLOCK-----\nmQENBFxyzabcdefabcdefabcd\n-----END PGP PUBLIC KEY BLOCK-----"
    )
    assert _found(public) == []


@pytest.mark.parametrize(
    "text",
    [
        "DB_PASSWORD_SECRET_ARN=arn:aws:secretsmanager:us-east-1:271830374574:secret:etl/writer-Qx81Hd",
        '"SecretId": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-Xy12ab"',
    ],
)
def test_an_arn_names_a_secret_it_does_not_hold_one(text: str) -> None:
    assert _found(text) == []


def test_a_secret_beside_an_arn_is_still_masked() -> None:
    assert _found("secret: Xq7trB9zL2mKp0aZ  # arn:aws:iam::123456789012:role/x") == ["Xq7trB9zL2mKp0aZ"]


@pytest.mark.parametrize(
    "text",
    [
        "spring:\n  datasource:\n    password: postgres\n",
        "RABBITMQ_DEFAULT_PASS=guest",
        "MYSQL_ROOT_PASSWORD: root",
    ],
)
def test_an_image_default_password_is_kept(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            "  network_key: [211, 52, 162, 222, 223, 67, 119, 198, 133, 92, 193, 84, 130, 244, 122, 143]",
            "[211, 52, 162, 222, 223, 67, 119, 198, 133, 92, 193, 84, 130, 244, 122, 143]",
        ),
        (
            "aes_key = [0x1f, 0x2a, 0x99, 0x01, 0xfe, 0x33, 0x7c, 0x45]",
            "[0x1f, 0x2a, 0x99, 0x01, 0xfe, 0x33, 0x7c, 0x45]",
        ),
    ],
)
def test_a_key_written_as_bytes_under_a_secret_name_is_masked(text: str, secret: str) -> None:
    assert _found(text) == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "  ext_pan_id: [191, 85, 28, 178, 236, 184, 20, 205]",  # not a secret's name
        "sort_key = [1, 2, 3, 4, 5, 6, 7, 8, 9]",  # counting
        "network_key: [1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13]",  # the documented default
        "key: [0, 0, 0, 0, 0, 0, 0, 0]",
    ],
)
def test_byte_lists_that_are_no_key_are_kept(text: str) -> None:
    assert _found(text) == []
