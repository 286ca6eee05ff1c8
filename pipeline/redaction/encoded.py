"""Secrets inside base64: a value that decodes to text holding a credential is one, whatever
names it (a plist's ``<string>`` under ``BackendBasicAuth``, ``echo '…' | base64 -d``, a
Kubernetes Secret's ``.dockerconfigjson``).

Two decoded shapes count: ``login:password`` alone (HTTP basic credentials, a registry's
``auth``), the password shaped like one (a letter and a digit or a symbol, or random); and text
in which the detectors find a secret themselves (a JSON config, a ``.env``), scanned once more.
Decoded text must be printable ASCII (lines and tabs allowed), so random tokens, digests and binary keys (which decode to
bytes) are never read as text; text with no credential in it (``{"team":"data"}``) stays.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import ASCII_DIGITS
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import looks_random, password_like

#: A standard base64 run of 16+ characters standing alone (not part of a longer word, a path or
#: a URL-safe token), its padding with it.
_RUN = lazy_compile(r"(?<![\w+/=.-])[A-Za-z0-9+/]{16,}={0,2}(?![\w+/=-])")
_PRINTABLE = lazy_compile(rb"^[\x20-\x7e\t\r\n]+$")
#: ``login:password``: a login of name characters, the password without blanks.
_LOGIN_PASSWORD = lazy_compile(r"^[\w.@+-]{1,64}:(?P<pw>[^\s:]{4,128})$")
#: The characters of a :data:`_RUN` match other than letters: every value found holds one (a
#: value of letters alone is a word, skipped), so a text without one is skipped (the prefilter's
#: hints; each folds to itself, so a text holding one holds it case-folded).
HINTS = (*ASCII_DIGITS, "+", "/", "=")
#: The shortest decoded text worth scanning again for a secret inside it.
_MIN_SCANNED = 24


#: ASCII characters as a base64 run sees them: ``b`` a base64 digit, `` `` any other.
_DIGIT_CLASSES = str.maketrans(
    {chr(c): "b" if chr(c).isascii() and (chr(c).isalnum() or chr(c) in "+/") else " " for c in range(128)}
)
#: The fewest base64 digits of a :data:`_RUN` match, as :data:`_DIGIT_CLASSES` shows them.
_SHORTEST = "b" * 16


def base64_runs(text: str) -> Iterator[re.Match[str]]:
    """``_RUN.finditer(text)``. A match starts where a run of 16 base64 digits or more does (no
    digit glued before it), and only there can one start in that run (at any later digit the
    digit before it is glued): :data:`_RUN` is tried only at those starts, found by substring
    search in the text mapped to :data:`_DIGIT_CLASSES`, instead of at every position of the
    text. Its digits are ASCII: a character beyond ASCII is none (mapped as a ``?``, one
    character for one, so the offsets are the text's; ``_RUN`` itself then decides whether a
    letter beyond ASCII glued before a run, a ``\\w``, keeps it from starting there)."""
    plain = text if text.isascii() else text.encode("ascii", "replace").decode("ascii")
    classes = plain.translate(_DIGIT_CLASSES)
    at = classes.find(_SHORTEST)
    while at >= 0:
        if (m := _RUN.match(text, at)) is not None:
            yield m
        end = classes.find(" ", at)
        if end < 0:
            return
        at = classes.find(_SHORTEST, end)


def find_encoded_secrets(text: str) -> Iterator[tuple[int, int]]:
    """Each base64 run (:data:`_RUN`) whose decoded text is a ``login:password`` pair or holds a
    secret the detectors find, masked whole."""
    for m in base64_runs(text):
        value = m.group(0)
        if (len(value) % 4 and "=" not in value) or value.isalpha() or value.isdigit():
            continue  # not a whole base64 value; a word or a number
        decoded = _decoded(value)
        if decoded is not None and (_login_password(decoded) or _holds_secret(decoded)):
            yield m.span()


#: The base64 digits that can start a group of four decoding to printable ASCII: a group's first
#: digit is its first byte's top six bits, which are 2 or 3 for a tab or a line break and 8 to 31
#: for ``" "`` to ``"~"``.
_PRINTABLE_LEAD = frozenset("CDIJKLMNOPQRSTUVWXYZabcdef")


def _decoded(value: str) -> str | None:
    if not _PRINTABLE_LEAD.issuperset(value.rstrip("=")[::4]):
        return None  # a group's first byte is not printable: bytes, not text (no decoding needed)
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw.decode("ascii") if _PRINTABLE.match(raw) else None


def _login_password(decoded: str) -> bool:
    m = _LOGIN_PASSWORD.match(decoded)
    if m is None:
        return False
    pw = m.group("pw")
    return not is_placeholder(pw) and (
        password_like(pw, strict=False) or looks_random(pw, min_len=16, bits=3.5)
    )


def _holds_secret(decoded: str) -> bool:
    if len(decoded) < _MIN_SCANNED or ":" not in decoded and "=" not in decoded:
        return False  # every secret a config or JSON holds is named by a ``:`` or an ``=``
    from memscribe.redaction.combine import find_secrets  # the detectors, on the decoded text

    return bool(find_secrets(decoded))
