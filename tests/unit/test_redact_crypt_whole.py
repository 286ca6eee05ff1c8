"""A modular-crypt hash found by its digest alone is masked whole (redaction.shapes.crypt_whole):
the keyword detectors cut tokens at ``$``, so ``password $6$<salt>$<digest>`` left the scheme and
the salt readable (a partial mask: the salt is half of what cracking the hash needs). The
widening only grows a span some detector found; a hash no detector finds stays as it was."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.shapes import crypt_whole

_DIGEST = "Qx7Lm2PvT9wK4yB1cD5fG8hJ3kL6nM0pR3rS6tV9wY2zA5bC8dE1fG4hJ7kL0mN3pQ6rS9tV2wX5yZ8aB1c"


@pytest.mark.parametrize(
    ("text", "salt"),
    [
        (f"    user ops password $6$Tr4vK9zQ${_DIGEST}", "Tr4vK9zQ"),
        (f"password $y$j9T$W8nPq2Lx${_DIGEST}", "W8nPq2Lx"),
        (f"my token $2b$12${_DIGEST[:53]}", "$2b$12$"),
    ],
)
def test_hash_found_by_its_digest_masked_whole(text: str, salt: str) -> None:
    masked = redact_text(text)[0]
    assert _DIGEST not in masked
    assert salt not in masked
    assert "$6$" not in masked and "$y$" not in masked


def test_span_not_after_a_crypt_head_is_unchanged() -> None:
    text = "price $12 and token abc$Zk4Lm9PvT2wX7yB1cD5f"
    at = text.index("Zk4")
    assert crypt_whole(text, at, len(text)) == (at, len(text))


@pytest.mark.parametrize(
    "text",
    [
        "commit 3f9c2a1e7b4d8c6a5e2f1b0d9c8a7e6f5d4c3b2a fixed it",  # a SHA
        "request 2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480 failed",  # a UUID
        "upgrade to v2.14.3 costs $6 a month",  # a version, a price
        "class PasswordHashCheck extends Base {}",  # a CamelCase name
        "Order #4471-2290 ships Monday; 12 of 15 passed",  # an order number, prose numbers
    ],
)
def test_probes_stay(text: str) -> None:
    assert redact_text(text)[0] == text
