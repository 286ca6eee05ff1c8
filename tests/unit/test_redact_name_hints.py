"""Every name :func:`name_strength` or ``is_password_name`` takes for a secret's holds one of
the name hints (``NAME_HINTS``), in lower case: the assignment detectors and their prefilter
look for a name only where a hint stands, so a secret's name without one is never read.
Checked over names built from the name grammar's words: each word alone, glued after another,
and joined to others by ``_``, ``.``, ``-`` or camel case, with qualifiers and value suffixes."""

from __future__ import annotations

import itertools
import random

from memscribe.redaction import names
from memscribe.redaction.names import NAME_HINTS, is_password_name, name_strength

_FILLER = ("db", "my", "wifi", "wlan", "netz", "app", "service", "x", "data", "user", "new")


def _vocabulary() -> list[str]:
    words: set[str] = set(_FILLER)
    words |= names.STRONG_WORDS | names._PASSWORD_WORDS | set(names.GLUED_SUFFIXES)
    words |= {w for pair in names.STRONG_PAIRS for w in pair} | set(names._KEY_WORDS)
    words |= names._QUALIFIERS | names._VALUE_SUFFIXES | names.DENY_ANY
    words |= {"key", "sig", "salt", "pubkey", "sitekey", "apikey", "authtoken", "pgpassword"}
    return sorted(words)


def _joined(parts: list[str], how: str) -> str:
    if how == "camel":
        return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    if how == "upper":
        return "_".join(parts).upper()
    return how.join(parts)


def _names() -> list[str]:
    words = _vocabulary()
    found = [w for w in words]
    found += [a + b for a, b in itertools.product(_FILLER, words)]  # glued: ``netzschlüssel``
    rng = random.Random(4)
    for _ in range(30_000):
        parts = [rng.choice(words) for _ in range(rng.randrange(1, 4))]
        found.append(_joined(parts, rng.choice(("_", ".", "-", "camel", "upper"))))
    return found


def test_every_secret_name_holds_a_name_hint() -> None:
    missing = sorted(
        {
            name
            for name in _names()
            if (name_strength(name) is not None or is_password_name(name))
            and not any(hint in name.lower() for hint in NAME_HINTS)
        }
    )
    assert not missing, missing[:20]
