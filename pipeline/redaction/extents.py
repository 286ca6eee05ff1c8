"""Whole-value extents: a secret found inside a value that is itself one credential is masked
with the whole of that value.

A URL with user info (``postgres://app:<password>@db.internal:5432/orders``) is one credential:
it names a scheme, a login, a host and the password to it, and authors label the whole URL. The
detectors find the password inside it; here the finding grows to the whole URL, the punctuation
of the sentence or bracket around it left out. The password itself stays a value of its own for
the repeats (``Finding.inner``): said again alone later, it is masked there too.

(A connection string of ``;``- or blank-joined pairs was widened the same way in 4fffe70, and
taken back: a pattern for pairs whose keys and values may hold blanks ran into the prose around
the string, took whole log lines of ``k=v`` fields, and read a long line in quadratic time.)
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile

#: Punctuation that ends the sentence or bracket around a URL rather than the URL itself.
_TRAILING = ".,;:!?)]}'"
#: A URL with user info: ``scheme://``, the user info up to its (first) ``@``, then the rest of
#: the URL up to a blank, a quote or an angle bracket. Each part is one character class, so a
#: match is linear in its length.
_USERINFO_URL = lazy_compile(r"\b[A-Za-z][A-Za-z0-9+.-]{0,30}://(?P<info>[^\s/'\"<>`@]*)@[^\s'\"<>`]*")


def widen_to_credential_urls(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The URLs with user info that hold the start of one of ``spans`` inside their user info
    (a password, a DSN's key): the whole URL is the credential, as authors label it."""
    if "://" not in text:
        return []
    out: list[tuple[int, int]] = []
    for m in _USERINFO_URL.finditer(text):
        if any(m.start("info") <= start < m.end("info") for start, _ in spans):
            end = m.start() + len(m[0].rstrip(_TRAILING))  # "(see postgres://u:p@db/x)." keeps ")."
            out.append((m.start(), max(end, m.end("info") + 1)))
    return out
