"""The seeds of an ``otpauth://`` URL (Google Authenticator's Key URI Format): its ``secret``
parameter is a TOTP/HOTP seed by the format's definition, whatever its letters look like, and an
``otpauth-migration://`` URL's ``data`` parameter holds the seeds of a whole export. A base32
seed of letters alone (``YJFNWKRLEKUFFIOX``) reads like a word to the value tests, so the URL's own
syntax decides here. A value that is no base32 (``(see above)``), a placeholder or the format's
documented example is left alone.

Linear: the URLs do not overlap, and each one's query is split once on ``&``, ``&amp;`` or ``;``."""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.placeholders import is_placeholder

#: An ``otpauth://`` or ``otpauth-migration://`` URL, in any case, up to a blank, a quote, an
#: angle bracket or a backslash (a JSON escape after it); :mod:`~memscribe.redaction.extents`
#: masks it whole around its seed.
OTPAUTH_URL = lazy_compile(r"(?i)\botpauth(?P<migration>-migration)?://[^\s'\"<>`\\]+")
#: What separates a query's parameters, HTML-escaped or not.
_SEPARATOR = lazy_compile(r"&amp;|[&;]")
#: A key in base32 (padding ``=`` or ``%3D``).
_BASE32 = lazy_compile(r"(?i)[a-z2-7]{8,}(?:=|%3d)*")
#: A migration payload: base64 (standard or URL-safe, percent-encoded or not).
_PAYLOAD = lazy_compile(r"(?i)(?:[a-z0-9+/_-]|%[0-9a-f]{2}){16,}(?:=|%3d)*")
#: Punctuation that closes a sentence or a bracket around the URL, never part of a value.
_CLOSING = ").,:!?]}"

HINTS = ("otpauth",)


def find_totp_seeds(text: str) -> Iterator[tuple[int, int]]:
    """The span of each ``otpauth://`` URL's ``secret`` value and each ``otpauth-migration://``
    URL's ``data`` value."""
    for m in OTPAUTH_URL.finditer(text):
        url = m[0]
        query = url.find("?") + 1
        if not query:
            continue
        key, shape = ("data", _PAYLOAD) if m["migration"] else ("secret", _BASE32)
        at = query
        for sep in (*_SEPARATOR.finditer(url, query), None):
            end = sep.start() if sep else len(url)
            name, eq, value = url[at:end].partition("=")
            value = value.partition("#")[0].rstrip(_CLOSING)
            if eq and name.lower() == key and shape.fullmatch(value) and not is_placeholder(value):
                start = m.start() + at + len(name) + 1
                yield start, start + len(value)
            at = sep.end() if sep else end
