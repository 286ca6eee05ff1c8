"""Name/value records (Kubernetes/ECS ``env`` items, HAR and Postman JSON) and values that only
look like a shell substitution."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets

_HEX = "ca81655ee41fee7777ae46139d5fb6064cccdb19d96105978c94eac841921de3"
_FERNET = "_S6QJVGltkGG53RIyMzhiT3mvm_qUAcmvtK4lawdtHQ="


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f'  - name: AIRFLOW__WEBSERVER__SECRET_KEY\n    value: "{_HEX}"\n', _HEX),
        (f"  - name: AIRFLOW__CORE__FERNET_KEY\n    value: {_FERNET}\n", _FERNET),
        (f"122:  - name: APP_SECRET\n123:    value: '{_FERNET}'\n", _FERNET),  # grep -n
        ('{"name":"DB_PASSWORD","value":"Xk29dPq!mz"}', "Xk29dPq!mz"),
        (f'{{"key": "signing_secret", "value": "{_HEX}"}}', _HEX),
    ],
)
def test_a_secret_named_by_its_record_is_masked_whole(text: str, secret: str) -> None:
    assert _found(text) == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "  - name: LOG_LEVEL\n    value: debug\n",
        '{"name":"SPRING_PROFILES_ACTIVE","value":"pre,legacy"}',
        "  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: db, key: password}\n",
        "- name: API_TOKEN\n  value: ${API_TOKEN}\n",
        '{"key": "api_key", "value": "{{api_key}}"}',
        f'  - name: BUILD_ID\n    value: "{_HEX}"\n',
    ],
)
def test_a_record_of_another_name_or_a_reference_is_kept(text: str) -> None:
    assert _found(text) == []


def test_a_dollar_paren_inside_a_generated_key_is_no_substitution() -> None:
    key = "django-insecure-dbluabuprcdbssrl0adl$(%8ndcj20hxv=!g2l2dyc2nccm"
    assert _found(f'SECRET_KEY = "{key}"') == [key]
    assert _found("SECRET_KEY=$(cat /run/secrets/django_key)") == []
    assert _found('API_TOKEN="$(gcloud auth print-access-token)"') == []


_HAR = """        "headers": [
          {"name": "Host", "value": "app.example.com"},
          {"name": "Authorization", "value": "Bearer q8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7Yz"},
          {"name": "Cookie", "value": "theme=dark; sessionid=k2j3h4g5f6d7s8a9q1w2e3r4t5y6u7i8"},
          {"name": "Content-Type", "value": "application/json"},
          {"name": "If-None-Match", "value": "W/\\"5e1f8c0a9b2d\\""}
        ],
        "cookies": [
          {"name": "connect.sid", "value": "s%3AZr4Kq9Lm2XvT7Wb1Nc8Yh3Pd6Jf0Gs5", "path": "/"},
          {"name": "csrftoken", "value": "Vq8Lm2ZxT4kWb9Rc1Nh6Pd3J"},
          {"name": "_ga", "value": "GA1.2.1234567890.1700000000"}
        ],
          {
            "name": "proxy-authorization",
            "value": "Basic YWxpY2U6czNjcjN0LXBhc3M="
          },
          {"name": "Authorization", "value": "Bearer ${TOKEN}"}
"""


def test_a_har_dump_loses_its_credentials_and_keeps_the_rest() -> None:
    assert _found(_HAR) == [
        "q8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7Yz",
        "k2j3h4g5f6d7s8a9q1w2e3r4t5y6u7i8",
        "s%3AZr4Kq9Lm2XvT7Wb1Nc8Yh3Pd6Jf0Gs5",
        "YWxpY2U6czNjcjN0LXBhc3M=",
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "API_TOKEN", "value": "Xk9vQ2mL7pR4tY8wZ"}\nok',
        '{"name": "API_TOKEN", "value": "Xk9vQ2mL7pR4tY8wZ"}\n',
        '{"key": "api_key", "value": "Xk9vQ2mL7pR4tY8wZ"},\n{"key": "region", "value": "eu"}\n',
        "- name: API_TOKEN\n  value: Xk9vQ2mL7pR4tY8wZ\nnext: 1\n",
    ],
)
def test_a_record_on_the_first_line_of_a_longer_text_is_masked_whole(text: str) -> None:
    """The first line of a text of several lines is read for records too (its line-before search
    once ran from the text's last line break, past the record)."""
    assert _found(text) == ["Xk9vQ2mL7pR4tY8wZ"]


_UUID = "3f2b8c1e-9d4a-4e7b-8c2f-1a5d6e7f8091"
_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"


@pytest.mark.parametrize(
    "text",
    [
        f"key: request_id, value: {_UUID}",
        f"key: request_id, value: {_TRACE}",
        f'{{"key": "trace_id", "value": "{_TRACE}"}}',
        f"Key=correlation_id, Value={_UUID}",
    ],
)
def test_a_record_keyed_by_an_id_keeps_its_value(text: str) -> None:
    """A record's ``key`` field is its name's label, not a secret's keyword: the value is decided
    by the record's name (an id), as ``request_id: <uuid>`` is (the keyword readings took the
    value after ``key:`` for a key's)."""
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"key: api_key, value: {_UUID}", _UUID),
        (f'{{"key": "signing_secret", "value": "{_TRACE}"}}', _TRACE),
        ("the key: Xk9vQ2mL7pR4tY8wZqT3", "Xk9vQ2mL7pR4tY8wZqT3"),
    ],
)
def test_a_record_keyed_by_a_secret_name_and_a_bare_key_are_masked(text: str, secret: str) -> None:
    assert _found(text) == [secret]
