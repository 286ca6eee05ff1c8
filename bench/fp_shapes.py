"""The shape of a flagged benign value, for the false-positive listings of ``bench/redact.py``.

A false positive's detector says which rule fired; its shape says what kind of benign value the
rule took for a secret (a UUID, a digest, a version, words of an identifier, base64 of text...),
which is what a value decision has to tell apart. The tests here are independent of the rules
under test (plain shapes, no call into ``memscribe.redaction``), so a listing grouped by shape
does not echo the decision it is meant to judge.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter

_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
#: Ordered: the first shape that matches names the value.
_SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(rx))
    for name, rx in (
        ("placeholder", r"^(?:<[^<>]+>|\$\{[^}]+\}|\{\{[^}]+\}\}|%\(\w+\)s|(?i:x{4,}|\*{4,}|\.{3,}))$"),
        ("uuid", rf"^{_UUID}$"),
        ("labelled uuid", rf"^(?:[A-Za-z][\w.-]*[:/])+{_UUID}$"),
        ("jwt", r"^eyJ[\w-]+\.eyJ[\w-]*\.[\w-]*$"),
        ("crypt hash", r"^\$[\w-]+\$"),
        ("url", r"^[A-Za-z][\w+.-]*://"),
        ("path", r"^(?:~|\.{1,2})?/[\w.@-]+(?:/[\w.@-]*)*$"),
        ("version", r"^(?:[\^~=]|[<>]=?)?v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$"),
        ("timestamp", r"^\d{4}-\d\d-\d\d(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?$"),
        ("digits", r"^[\d .-]+$"),
        ("hex", r"^(?:0x)?(?:[0-9a-f]+|[0-9A-F]+)$"),
        ("identifier", r"^[A-Za-z]+\d{0,2}(?:(?:[_.-]?[A-Z]|[_.-])[A-Za-z]+\d{0,2})+$"),
        ("phrase", r"^\S+(?:\s+\S+){2,}$"),
    )
)
_BASE64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")
_PRINTABLE = re.compile(rb"^[\x20-\x7e\t\r\n]+$")


def value_shape(value: str) -> str:
    """The shape of ``value`` (the text a finding masked): the first of :data:`_SHAPES` that
    matches, else ``base64 of text`` (decodes to printable ASCII), ``mixed short`` (under 16
    characters), ``random`` (at least 3.5 bits of Shannon entropy per character) or ``other``."""
    v = value.strip().strip("'\"`")
    for name, rx in _SHAPES:
        if rx.match(v):
            return name
    if len(v) >= 8 and (_BASE64.match(v) or _BASE64URL.match(v)) and _decodes_to_text(v):
        return "base64 of text"
    if len(v) < 16:
        return "mixed short"
    return "random" if _entropy(v) >= 3.5 else "other"


def _decodes_to_text(v: str) -> bool:
    padded = v + "=" * (-len(v) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if ("-" in v or "_" in v) else None, validate=True)
    except (binascii.Error, ValueError):
        return False
    return len(raw) >= 6 and _PRINTABLE.match(raw) is not None


def _entropy(s: str) -> float:
    counts = Counter(s)
    return -sum(c / len(s) * math.log2(c / len(s)) for c in counts.values())
