"""``is_mostly_secret`` runs the secret detectors once per text, with the old two-pass answers."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import combine, secret_only
from memscribe.redaction.base import MASK_RE, Finding
from memscribe.redaction.combine import redact_text
from memscribe.redaction.secret_only import SECRET_ONLY_FRACTION, is_mostly_secret, secret_fraction

_SECRETS = [
    "sk-proj-4fQ9xT2bLm8ZrW1cVn7KpY3sHd6GjA0e",
    "ghp_9aZx8YbW7cV6dU5eT4fS3gR2hQ1iP0jO9kN8",
    "AKIAIOSFODNN7EXAMPLE",
    "postgres://app:Zq8!vR2#mT6w@db.internal:5432/app",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PzHzA",
]
_WORDS = (
    "my key is the token here set OPENAI_API_KEY= export password: please deploy staging tomorrow "
    "we use postgres for the billing service and [REDACTED] [REDACTED:api_key] value uses it"
).split()


def _old(text: str) -> bool:
    """The two-pass reading this replaces: share, then redact and read what is left."""
    if secret_fraction(text) > SECRET_ONLY_FRACTION:
        return True
    redacted, findings = redact_text(text)
    if not findings and not MASK_RE.search(redacted):
        return False
    rest = MASK_RE.sub(" ", redacted)
    words = [
        w
        for w in secret_only._WORD.findall(rest)
        if w.lower() not in secret_only._SECRET_TALK and not (("_" in w) or (w.isupper() and len(w) > 3))
    ]
    return not words


def _texts() -> list[str]:
    rng = random.Random(7)
    out = ["", "   ", "hello world", "[REDACTED]", "key: [REDACTED:api_key]"]
    out += _SECRETS + [f"my key is {s}" for s in _SECRETS]
    for _ in range(300):
        parts = [rng.choice(_WORDS) for _ in range(rng.randint(0, 6))]
        for _ in range(rng.randint(0, 2)):
            parts.insert(rng.randint(0, len(parts)), rng.choice(_SECRETS))
        out.append(rng.choice([" ", "", "=", ": "]).join(parts))
    return out


@pytest.mark.parametrize("text", _texts())
def test_same_answer_as_the_two_pass_reading(text: str) -> None:
    assert is_mostly_secret(text) == _old(text)


def test_detectors_run_once_per_text(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = combine.find_secrets

    def counting(text: str, **kwargs: object) -> list[Finding]:
        calls.append(text)
        return real(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(combine, "find_secrets", counting)
    monkeypatch.setattr(secret_only, "find_secrets", counting)
    text = (
        "please remember that the staging deploy of the billing service uses the key "
        "sk-proj-4fQ9xT2bLm8ZrW1cVn7KpY3sHd6GjA0e from now on"
    )
    assert not is_mostly_secret(text)
    assert calls == [text]
