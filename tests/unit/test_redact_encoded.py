"""Secrets inside base64 (redaction.encoded): a value decoding to ``login:password`` or to text
holding a secret is masked whole, under any name; base64 of public text, digests and random
bytes stay. A value's mask stops at an XML closing tag (combine.value_end)."""

from __future__ import annotations

import base64

import pytest

from memscribe.redaction import redact_text


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


_DOCKER = _b64('{"auths":{"registry.acme.io":{"auth":"' + _b64("ci-pusher:Gx4rT9mQpL2vZ8nW") + '"}}}')


_LOGIN = _b64("kakeibo:Hongo_Taro_0519")
_ENV = _b64("DB_HOST=db.internal\nDB_PASSWORD=Gl4sgow!Rain77")


@pytest.mark.parametrize(
    ("text", "encoded"),
    [
        (f"  <key>BackendBasicAuth</key>\n  <string>{_LOGIN}</string>", _LOGIN),
        (f"$ echo '{_LOGIN}' | base64 -d", _LOGIN),
        (f"  .dockerconfigjson: {_DOCKER}", _DOCKER),
        (f"config blob: {_ENV}", _ENV),
    ],
)
def test_encoded_secret_is_masked_whole(text: str, encoded: str) -> None:
    redacted = redact_text(text)[0]
    assert "[REDACTED:" in redacted
    assert encoded[:8] not in redacted
    assert encoded[-8:] not in redacted


def test_mask_stops_at_closing_tag() -> None:
    redacted = redact_text(f"<string>{_b64('kakeibo:Hongo_Taro_0519')}</string>")[0]
    assert redacted.endswith("]</string>")


@pytest.mark.parametrize(
    "text",
    [
        "      LABEL_CONFIG: " + _b64('{"team":"data","env":"prod","owner":"northwind"}'),
        f"echo {_b64('team:data')} | base64 -d",
        f"echo {_b64('user:password')} | base64 -d",
        f"echo {_b64('Hello, this is only a note for the team.')} | base64 -d",
        "commit 3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80",
        "request id 550e8400-e29b-41d4-a716-446655440000 failed",
        "upgraded to version 4.12.3-rc1 yesterday",
        "class PasswordResetControllerTests extends BaseController",
        "your order number is 1002-4471-2290",
        "I have 3 kids aged 7, 9 and 12",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl bob@laptop",
        '"integrity": "sha512-F6N+yyDjNsZgfUtBwsEg1KOxkVOgAIW1pCbpiJblXQ+9Z2R6k34+qeHCjXgWZXRMr3rJ/roJGDu83jaWYBw5Jg=="',
    ],
)
def test_benign_base64_stays(text: str) -> None:
    assert redact_text(text)[0] == text


def test_the_base64_runs_are_the_regex_matches() -> None:
    # runs tried only where one can start (ASCII text) find what the regex finds everywhere
    import random

    from memscribe.redaction.encoded import _RUN, base64_runs

    pieces = ("aGVsbG8gd29ybGQgdGhpcyBpcw==", "abcdefghijklmnop", "abcdefghijklmno", "0123456789012345678")
    pieces += ("_", ".", "-", "=", "==", "===", " ", "\n", "+/", "x", "é", "ÀBCDEFGHIJKLMNOPQ", "\\n")
    rng = random.Random(4)
    texts = ["", "b" * 16, "=" + "A" * 20, "A" * 20 + "=="]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randrange(15))) for _ in range(5000)]
    for text in texts:
        assert [m.span() for m in base64_runs(text)] == [m.span() for m in _RUN.finditer(text)], text
