"""gitleaks' allowlists loaded as data, and encoded public text, in the value decision.

The allowlisted values here are read from the shipped data file, not retyped: the test checks
the loading, and that a value of the same shape that no allowlist names is still masked. All
other values are fake, generated for these tests.
"""

from __future__ import annotations

import base64
import random
import re
import string
import tomllib
from importlib.resources import files

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.allowlists import RULE_DETECTORS, allowlisted, python_pattern
from memscribe.redaction.benign import encodes_public_text
from memscribe.redaction.detectors import DETECTORS

_PKG = files("memscribe.redaction")
_DATA = tomllib.loads(_PKG.joinpath("gitleaks_allowlists.toml").read_text(encoding="utf-8"))
_RNG = random.Random(20261202)


def _token(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def test_data_and_licence_ship_with_the_package() -> None:
    header = _PKG.joinpath("gitleaks_allowlists.toml").read_text(encoding="utf-8")[:1200]
    assert "MIT" in header and "LICENSE.gitleaks" in header and "commit" in header
    assert "MIT License" in _PKG.joinpath("LICENSE.gitleaks").read_text(encoding="utf-8")
    assert _DATA["global"]["regexes"] and _DATA["rules"]["gcp-api-key"]["regexes"]


def test_every_pattern_compiles_for_python() -> None:
    patterns = list(_DATA["global"]["regexes"])
    for section in _DATA["rules"].values():
        patterns += section.get("regexes", [])
    for p in patterns:
        re.compile(python_pattern(p))


def test_every_rule_maps_to_a_detector_that_exists() -> None:
    names = {d.name for d in DETECTORS}
    assert set(_DATA["rules"]) == set(RULE_DETECTORS)
    for detectors in RULE_DETECTORS.values():
        assert set(detectors) <= names | {"*"}


def test_python_pattern_scopes_a_mid_pattern_flag() -> None:
    rx = re.compile(python_pattern("^/Users/(?i)[a-z0-9]+/x$"))
    assert rx.match("/Users/ALICE/x") and not rx.match("/USERS/alice/x")
    assert re.compile(python_pattern("(?i)^true|false|null$")).search("FALSE")


@pytest.mark.parametrize("example", _DATA["rules"]["gcp-api-key"]["regexes"][1:])
def test_published_google_example_keys_are_kept(example: str) -> None:
    text = f'firebase: {{ apiKey: "{example}" }}\n'
    assert find_secrets(text) == []


def test_a_google_key_no_allowlist_names_is_masked() -> None:
    key = "AIzaSy" + _token(33, string.ascii_letters + string.digits + "_-")
    text = f'firebase: {{ apiKey: "{key}" }}\n'
    found = [text[f.start : f.end] for f in find_secrets(text)]
    assert found == [key]


def test_aws_example_key_ids_are_kept_and_others_masked() -> None:
    example = "AKIA" + _token(9, string.ascii_uppercase + "234567") + "EXAMPLE"
    real = "AKIA" + _token(16, string.ascii_uppercase + "234567")
    assert find_secrets(f"aws_access_key_id = {example}\n") == []
    text = f"aws_access_key_id = {real}\n"
    assert [text[f.start : f.end] for f in find_secrets(text)] == [real]


def test_a_form_allowlist_applies_only_to_its_detectors() -> None:
    example = _DATA["rules"]["gcp-api-key"]["regexes"][1]
    assert allowlisted("google_api_key", example) and allowlisted("secret_assignment", example)
    pair = "deploy:changeme"
    assert allowlisted("basic_auth", pair)
    assert not allowlisted("secret_assignment", pair)


def test_a_published_value_among_the_generic_stopwords_is_kept_and_others_masked() -> None:
    """Only the generic rule's stopwords that are values, not words, are loaded: a key that
    gitleaks names as published is kept under any key name; a random key of the same shape is
    masked, and a password made of a stopword word is still masked."""
    (published,) = _DATA["rules"]["generic-api-key"]["stopwords"]
    assert len(published) >= 16 and any(c.isdigit() for c in published)
    for line in (f',apiKey:"{published}",\n', f"SEARCH_API_KEY={published}\n"):
        assert find_secrets(line) == [], line
    other = _token(32, "0123456789abcdef")
    text = f',apiKey:"{other}",\n'
    assert [text[f.start : f.end] for f in find_secrets(text)] == [other]
    text = "DB_PASSWORD=monkey-Build-4417\n"
    assert [text[f.start : f.end] for f in find_secrets(text)] == ["monkey-Build-4417"]


@pytest.mark.parametrize(
    "value",
    [
        "${{ secrets.DEPLOY_TOKEN }}",
        "%DB_PASSWORD%",
        "@API_TOKEN@",
        "/usr/local/etc/app.key",
        "{{ .Values.token }}",
    ],
)
def test_global_allowlist_keeps_templates_and_paths(value: str) -> None:
    assert allowlisted("secret_assignment", value)


@pytest.mark.parametrize(
    "secret", ["zq81Kx0false9Lp#", "trueNorth#8812xQzz", "aXk9Lm2Q#wnull", "FALSEx9Qm2Lp7Kd"]
)
def test_a_secret_holding_true_false_or_null_is_masked(secret: str) -> None:
    """gitleaks' global '(?i)^true|false|null$' reads as three alternatives; grouped as meant,
    only a value that *is* true/false/null is kept."""
    assert not allowlisted("secret_assignment", secret)
    text = f"DB_PASSWORD={secret}\n"
    assert [text[f.start : f.end] for f in find_secrets(text)] == [secret]
    assert allowlisted("secret_assignment", "False") and allowlisted("secret_assignment", "null")


@pytest.mark.parametrize("pair", ["admin:passW0rd!Xk92q", "ci:tokenXk8a9Qm2zz", "ops:testQ8mZ2kLx"])
def test_a_password_that_opens_like_a_placeholder_is_not_kept(pair: str) -> None:
    assert not allowlisted("basic_auth", pair)
    # a shell variable of mixed case is no placeholder name (the shell expands it; the allowlist
    # keeps one-case names only, as gitleaks' global list does)
    assert not allowlisted("basic_auth", "admin:$uperS3cret99x")
    text = f"curl -u {pair} https://api.example.com\n"
    password = pair.split(":", 1)[1]
    assert any(password in text[f.start : f.end] for f in find_secrets(text))
    for placeholder in ("deploy:changeme", "ci:$CI_TOKEN", "ci:${TOKEN}", "me:xxxx"):
        assert allowlisted("basic_auth", placeholder)


@pytest.mark.parametrize(
    "public",
    ["bedrock.us-east-1.amazonaws.com", "https://hooks.internal.example.org/v2/events", "3.14.159-rc2"],
)
def test_base64_of_public_text_is_not_a_secret(public: str) -> None:
    encoded = base64.b64encode(public.encode()).decode().rstrip("=")
    assert encodes_public_text(encoded)
    text = f"bedrock_api_key = {encoded}\n"
    assert find_secrets(text) == []


def test_base64_of_credentials_or_random_bytes_is_still_masked() -> None:
    pair = base64.b64encode(b"deploy:" + _token(14).encode()).decode()
    random_bytes = base64.b64encode(_RNG.randbytes(30)).decode()
    for value in (pair, random_bytes):
        assert not encodes_public_text(value)
    text = f"curl -H 'Authorization: Basic {pair}' https://x.test/\napi_key = {random_bytes}\n"
    found = {text[f.start : f.end] for f in find_secrets(text)}
    assert pair in found and random_bytes in found


def _plain(patterns: list[str], value: str) -> bool:
    return any(re.search(python_pattern(p), value) for p in patterns)


def test_the_joined_lists_agree_with_searching_each_pattern() -> None:
    """The fast paths (literals, anchored patterns tried at the start, ``.+X`` searched as
    ``.X``) find what searching each pattern on its own finds."""
    from memscribe.redaction.allowlists import _tables

    common, per_detector = _tables()
    rules = _DATA["rules"]
    everyone = list(_DATA["global"]["regexes"])
    for rule, detectors in RULE_DETECTORS.items():
        if "*" in detectors:
            everyone += rules[rule].get("regexes", [])
    values = [
        *rules["gcp-api-key"]["regexes"],
        "xx" + rules["gcp-api-key"]["regexes"][3] + "yy",
        "AKIAABCDEFGH2345EXAMPLE",
        "EXAMPLE",
        "ab\nEXAMPLE",
        "TRUE",
        "not false at all",
        "nullable",
        "aaaa",
        "$1",
        "${HOME}",
        "%s",
        "{{ token }}",
        "/Users/Bob/keys/id.pem",
        "hal+9ooo_da!sY",
        "%APPDATA%",
        "user:changeme",
        "<user>:<password>",
        "s.abcdefghijklmnopqrstuvwx",
    ]
    values += [_token(n) for n in (8, 20, 40, 90) for _ in range(20)]
    for value in values:
        assert common.matches(value) == _plain(everyone, value), value
        for rule in ("curl-auth-user", "vault-service-token"):
            (detector,) = RULE_DETECTORS[rule]
            own = per_detector[detector].matches(value) or common.matches(value)
            assert own == _plain(everyone + rules[rule]["regexes"], value), (rule, value)
