"""Whole-value extents: a secret found inside a value that is itself one credential is masked
with the whole of that value.

A URL with user info (``postgres://app:<password>@db.internal:5432/orders``) is one credential:
it names a scheme, a login, a host and the password to it, and authors label the whole URL. The
detectors find the password inside it; here the finding grows to the whole URL, the punctuation
of the sentence or bracket around it left out. The password itself stays a value of its own for
the repeats (``Finding.inner``): said again alone later, it is masked there too.

An ``otpauth://`` URL is one credential too: it carries a TOTP seed with the account and issuer
it signs in to, and the seed alone masked leaves the rest of the provisioning URI readable.

A connection string of pairs quoted whole (``"host=db port=5432 user=app password=<pw>"``,
``'Server=db;Database=x;Password=<pw>;'``) is a value of its own, bounded by its quotes: a
password found in it grows to the whole quoted string when every part of it is a ``key=value``
pair and one pair names a host or a server. (4fffe70 widened unquoted strings too, and was taken
back: a pattern for pairs whose keys and values may hold blanks ran into the prose around the
string, took whole log lines of ``k=v`` fields, and read a long line in quadratic time. Quotes
on the secret's own line bound the string here, and the pairs are read in one linear pass.)
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import lowered
from memscribe.redaction.totp import OTPAUTH_URL

#: Punctuation that ends the sentence or bracket around a URL rather than the URL itself.
_TRAILING = ".,;:!?)]}'"
#: A URL with user info: ``scheme://``, the user info up to its (first) ``@``, then the rest of
#: the URL up to a blank, a quote or an angle bracket. Each part is one character class, so a
#: match is linear in its length.
_USERINFO_URL = lazy_compile(r"\b[A-Za-z][A-Za-z0-9+.-]{0,30}://(?P<info>[^\s/'\"<>`@]*)@[^\s'\"<>`]*")
#: :data:`_USERINFO_URL`'s user info, from just after its ``://``.
_INFO = lazy_compile(r"[^\s/'\"<>`@]*")
#: The most characters of a scheme before its ``://`` (:data:`_USERINFO_URL`'s ``{0,30}``, and
#: its first letter).
_SCHEME_MAX = 31


def userinfo_urls(text: str) -> Iterator[re.Match[str]]:
    """``_USERINFO_URL.finditer(text)``, tried only before each ``://`` followed by user info and
    ``@`` (found by substring search) instead of at every word boundary of ``text``: a match
    holds its ``://`` right after its scheme (no character of which is ``:``), so it starts in
    the :data:`_SCHEME_MAX` characters before it, at the first place there where the pattern
    matches, and not before the previous match's end. Each ``://`` costs its user info (which
    stops at the next one's ``/``) and at most that many tries: linear in ``text``."""
    end = 0
    at = text.find("://")
    while at >= 0:
        info = _INFO.match(text, at + 3)
        if info is not None and text.startswith("@", info.end()):
            for start in range(max(end, at - _SCHEME_MAX), at):
                if (m := _USERINFO_URL.match(text, start)) is not None:
                    yield m
                    end = m.end()
                    break
        at = text.find("://", max(at + 1, end))


#: A quoted string of ``key=value`` pairs joined by ``;`` or blanks: each key a name (letters,
#: digits, blanks inside ``Data Source``), each value without a quote, blank or ``;``.
_PAIRS = lazy_compile(r"[ \t]*(?:[A-Za-z][\w .-]{0,40}=[^;\s'\"`]*(?:[ \t]*;[ \t]*|[ \t]+|$))+")
#: A key that names where the string connects: the pairs are a connection string then.
_HOST_KEY = lazy_compile(
    r"(?i)(?:^|[;\s])(?:host|hostname|hostaddr|server|data source|address|addr|endpoint|"
    r"accountname|defaultendpointsprotocol|dsn|url)[ \t]*="
)
#: The longest quoted string read as a connection string.
_PAIRS_MAX = 1024
#: A quote, escaped or not, or an escaped backslash (which escapes no quote).
_QUOTE_MARKS = lazy_compile(r"\\[\\\"'`]|[\"'`]")


def widen_to_whole_values(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The whole values that hold the start of one of ``spans`` and are one credential as a
    whole: a URL with user info (:func:`widen_to_credential_urls`), an ``otpauth://`` URL, a
    quoted connection string (:func:`widen_to_connection_strings`)."""
    out = widen_to_credential_urls(text, spans)
    if "otpauth" in lowered(text):  # (every match holds it: ``re`` folds none of its letters specially)
        starts = sorted(start for start, _ in spans)
        for m in OTPAUTH_URL.finditer(text):
            if _holds_one(starts, m.start(), m.end()):
                out.append((m.start(), m.start() + len(m[0].rstrip(_TRAILING))))
    if "=" in text:
        out += widen_to_connection_strings(text, spans)
    return out


def widened_groups(
    text: str, spans: list[tuple[int, int]], secret: list[bool]
) -> list[tuple[int, int, list[int]]]:
    """:func:`widen_to_whole_values` of the secret ones of ``spans`` (``secret[i]``: a contact
    finding, an email in an ``otpauth://`` label, widens nothing), each ``(lo, hi, held)``:
    ``held`` the indices of the secret spans that start in it, in order, counting each extent
    before it as one more span (index ``len(spans)``, then on), as the extents are appended to
    the spans one by one. Sorted starts and bisection: each extent costs the spans it holds,
    not every span (a text of thousands of ``otpauth://`` URLs stays linear)."""
    chosen = [span for span, is_secret in zip(spans, secret, strict=True) if is_secret]
    if not chosen:
        return []
    found = sorted((start, i) for i, (start, _) in enumerate(spans) if secret[i])
    starts = [start for start, _ in found]
    grown: list[tuple[int, int]] = []  # the extents so far, by start: ``(lo, index)``
    out: list[tuple[int, int, list[int]]] = []
    for n, (lo, hi) in enumerate(widen_to_whole_values(text, chosen)):
        held = [i for _, i in found[bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)]]
        held += [
            i for _, i in grown[bisect.bisect_left(grown, (lo, -1)) : bisect.bisect_left(grown, (hi, -1))]
        ]
        out.append((lo, hi, sorted(held)))
        bisect.insort(grown, (lo, len(spans) + n))
    return out


def _holds_one(starts: list[int], lo: int, hi: int) -> bool:
    """Whether one of ``starts`` (sorted) is in ``[lo, hi)``."""
    i = bisect.bisect_left(starts, lo)
    return i < len(starts) and starts[i] < hi


def widen_to_connection_strings(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The quoted connection strings (pairs only, one naming a host) that hold one of ``spans``:
    each the inside of its quotes, on the span's line."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        line_start = text.rfind("\n", max(0, start - _PAIRS_MAX), start) + 1
        if line_start == 0 and start > _PAIRS_MAX:
            continue  # its line starts out of reach: no string that long is read as one
        line_end = text.find("\n", end)
        if text.count("=", line_start, len(text) if line_end < 0 else line_end) < 2:
            continue  # the string would lie on this line, and hold two pairs: no pairing of quotes
        quote = _open_quote(text, line_start, start)
        if quote is None:
            continue  # no string open at it on its line (``msg="db connect" host=… password=…``)
        mark, opened = quote
        if opened == start:
            continue  # the secret is quoted alone
        close = text.find(mark, end, opened + _PAIRS_MAX)
        if close < 0 or "\n" in text[end:close]:
            continue
        inner = text[opened:close]
        if "=" not in text[opened:start] and "=" not in text[end:close]:
            continue  # the secret alone between the quotes
        m = _PAIRS.fullmatch(inner)
        if m is not None and inner.count("=") >= 2 and _HOST_KEY.search(inner) is not None:
            lo = opened + len(inner) - len(inner.lstrip())
            out.append((lo, opened + len(inner.rstrip())))
    return out


def _open_quote(text: str, line_start: int, start: int) -> tuple[str, int] | None:
    """The innermost string open at ``start`` on its line (from ``line_start``): its quote (``"``,
    or ``\\"`` for one escaped, as in JSON-escaped text) and where its inside begins; None when
    none is. The quotes are paired in one scan: a quote opens a string, the same quote closes
    it (and any opened inside it); an apostrophe (a letter on both sides: ``can't``) is none."""
    stack: list[tuple[str, int]] = []
    for m in _QUOTE_MARKS.finditer(text, line_start, start):
        mark = m[0]
        if mark == "\\\\":
            continue  # an escaped backslash
        at = m.start()
        if mark == "'" and text[at - 1 : at].isalpha() and text[at + 1 : at + 2].isalpha():
            continue  # an apostrophe
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth][0] == mark:
                del stack[depth:]  # it closes that string (and what was left open inside it)
                break
        else:
            stack.append((mark, m.end()))
    return stack[-1] if stack else None


def widen_to_credential_urls(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The URLs with user info that hold the start of one of ``spans`` inside their user info
    (a password, a DSN's key): the whole URL is the credential, as authors label it."""
    if "://" not in text:
        return []
    out: list[tuple[int, int]] = []
    starts = sorted(start for start, _ in spans)
    for m in userinfo_urls(text):
        if _holds_one(starts, m.start("info"), m.end("info")):
            end = m.start() + len(m[0].rstrip(_TRAILING))  # "(see postgres://u:p@db/x)." keeps ")."
            out.append((m.start(), max(end, m.end("info") + 1)))
    return out
