"""The seed of an ``otpauth://`` URL (Google Authenticator's Key URI Format): the ``secret``
parameter is a TOTP/HOTP seed by the format's definition, whatever its letters look like. A
base32 seed of letters alone (``YJFNWKRLEKUFFIOX``) reads like a word to the value tests, so the
URL's own syntax decides here. A value that is no base32 (``(see above)``), a placeholder or the
format's documented example is left alone."""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.values import is_placeholder

#: The ``secret`` parameter of an ``otpauth://`` (or ``otpauth-migration://``) URL's query: a
#: key in base32 (the format's definition), whole up to the next parameter or the URL's end.
_SEED = lazy_compile(
    r"(?i)\botpauth(?:-migration)?://[^\s'\"<>`?]*\?(?:[^\s'\"<>`#]*?&)?secret="
    r"(?P<v>[a-z2-7]{8,}=*)(?=[&#\s'\"<>`]|$)"
)

HINTS = ("otpauth",)


def find_totp_seeds(text: str) -> Iterator[tuple[int, int]]:
    """The span of each ``otpauth://`` URL's ``secret`` value."""
    for m in _SEED.finditer(text):
        if not is_placeholder(m["v"]):
            yield m.span("v")
