"""Issue 12 (left in the last note): public identifiers were masked as secrets. A JSON Web Key's
id given to its name (``kid=…``, ``"keyId": …``) after a key's or token's name earlier in the
clause; a DID (``did:key:z6Mk…``, a public key written as an identifier: its ``key:`` read as a
name and what followed as its value); a UUID after a namespace (``key=cart:<uuid>``, a cache's
key; "session key cart:<uuid>"). Each is decided by its structure: a name glued to its link that
names an identifier, the DID syntax, a UUID's shape behind a namespace, judged as the bare UUID
would be. Secrets of those shapes under a secret's own name stay masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

UUID = "2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480"
TOKEN = "Yx8aB3kLm9Qz2Wv7Rt5Pn1Hs"
DID = "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"


@pytest.mark.parametrize(
    "text",
    [
        f"Signing key rotated, kid={TOKEN}",
        f"token kid={TOKEN} verified",
        f"token keyId={TOKEN}",
        f'"keyId": "{DID}"',
        f"signing key: {DID}",
        f"The issuer DID is {DID}#z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
        f'2026-12-03T22:44:52.771Z level=info msg="cache hit" key=cart:{UUID}',
        f"session key cart:{UUID} stored",
        f"redis key user:session:{UUID} expired",
    ],
)
def test_a_public_identifier_is_kept(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"api_key=cart:{UUID}", UUID),
        (f"HEROKU_API_KEY={UUID}", UUID),
        (f"password:{UUID}", UUID),
        (f"the api token: {UUID}", UUID),
        (f"my api key is {TOKEN}", TOKEN),
        (f"token user_token={TOKEN}", TOKEN),
        (f"the secret key k={TOKEN}", TOKEN),
        ("my kid password is Tr0ub4dor&3", "Tr0ub4dor&3"),
        (f"key: did:{TOKEN}", TOKEN),
    ],
)
def test_a_secret_of_those_shapes_is_masked(text: str, secret: str) -> None:
    masked = redact_text(text)[0]
    assert secret not in masked and secret[:6] not in masked and secret[-6:] not in masked, masked


GITHUB_TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a UUID after a namespace under a secret's name governing the clause is the secret
        (f"my Heroku API key is heroku:{UUID}", UUID),
        (f"the signing key is app:{UUID}", UUID),
        # a URL's user info of a DID's shape is a user and a password, not a DID
        ("DATABASE_URL=postgres://did:web:Sup3rS3cretPassw0rd@db.internal:5432/app", "Sup3rS3cretPassw0rd"),
        ("mysql://did:key:Sup3rS3cretPassw0rd@db.internal/app", "Sup3rS3cretPassw0rd"),
        # a provider's token keeps its own shape inside a DID's
        (f"token: did:ghp:{GITHUB_TOKEN}", GITHUB_TOKEN),
        (f"did:web:{GITHUB_TOKEN}", GITHUB_TOKEN),
    ],
)
def test_a_secret_in_a_public_identifiers_shape_is_masked(text: str, secret: str) -> None:
    masked = redact_text(text)[0]
    assert secret not in masked and secret[:8] not in masked and secret[-8:] not in masked, masked


def test_a_namespaced_uuid_ends_its_keywords_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value given to an identifier's name is the keyword's value (its clause is about it): the
    scan stops there, as it stops at a secret, rather than read the words after it (at 407234f,
    "session key cart:<uuid> " repeated read every value to the clause's token bound)."""
    from memscribe.redaction import clauses
    from tests.support.counting import counting

    reps = 400
    text = f"session key cart:{UUID} " * reps
    calls = counting(monkeypatch, clauses, "fits")
    assert redact_text(text)[0] == text
    assert 0 < calls.n <= reps
