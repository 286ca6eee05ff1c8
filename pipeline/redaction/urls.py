"""Credentials that a URL carries in its structure rather than under a secret's name: a DSN's
key as the URL's user (``https://<key>@o1.ingest.sentry.io/1``), a password before an empty host
(``snowflake://USER:PASS@/DB``), the key of a webhook or bot URL in its query or path
(``…/webhook/send?key=<uuid>``, ``api.telegram.org/bot<id>:<token>/sendMessage``), the signature
of a signed URL in its query (``?X-Amz-Signature=<hex>``, Azure's ``&sig=``, CloudFront's
``&Signature=``): whoever holds the URL has the access it signs, until it expires, whatever the
signature's encoding (a hex digest included, which is kept elsewhere as a content hash).

A UUID is kept elsewhere as an identifier; in a webhook's ``key``/``token`` parameter it is the
credential, since whoever holds the URL can post to it.
"""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import looks_random

#: After ``scheme://``: a user without a password, then ``@``: the user is a key when random.
_DSN_USER = lazy_compile(r"(?P<v>[A-Za-z0-9_-]{16,128})@[A-Za-z0-9.-]+")
#: After ``scheme://``: ``user:password@`` right before a path or nothing (an empty host).
_EMPTY_HOST = lazy_compile(r"[^\s:/@'\"]{1,64}:(?P<v>[^\s@/'\"]{4,128})@(?=[/?#\s'\"]|$)")
#: A webhook, hook or bot URL's credential parameter.
_HOOK_PARAM = lazy_compile(
    r"(?i)https?://[^\s'\"<>]*?(?:hook|robot|/bot)[^\s'\"<>?]*\?(?:[^\s'\"<>#]*[&;])?"
    r"(?:key|token|access_token|secret|sig|signature)=(?P<v>[A-Za-z0-9_.~%-]{16,200})"
)
#: A signature parameter of a URL's query (the last word of its name ``signature`` or ``sig``,
#: after ``?``, ``&``, or ``;``: parameters separated by ``;``, or by ``&amp;`` where the URL was
#: copied from HTML or XML): the signature of a signed URL, in hex, base64 or URL-escaped base64.
_SIGNED_PARAM = lazy_compile(
    r"(?i)[?&;](?:[a-z0-9]+[-_])*(?:signature|sig)=(?P<v>[A-Za-z0-9_.~%+/=-]{16,1024})(?![A-Za-z0-9_.~%+/=-])"
)
#: What ends the run of a URL (whitespace, quotes, angle brackets): the query must follow ``://``
#: within it.
_URL_END_RE = lazy_compile(r"[ \t\n\r'\"<>`]")
#: A Telegram bot's token in its API URL (``/bot<id>:<secret>/``).
_BOT_PATH = lazy_compile(r"/bot(?P<v>\d{6,12}:[A-Za-z0-9_-]{30,50})(?![A-Za-z0-9_-])")

#: Every finding holds one of these (lower case): the detector's prefilter hints.
HINTS = ("://",)
#: Every signed URL's finding holds one of these (lower case): :func:`find_signed_urls`'s hints.
SIGNED_HINTS = ("sig=", "signature=")


def find_url_credentials(text: str) -> Iterator[tuple[int, int]]:
    """DSN keys, passwords before an empty host, webhook and bot URL keys."""
    at = text.find("://")
    while at >= 0:
        start = at + 3
        if (m := _DSN_USER.match(text, start)) is not None and looks_random(
            m.group("v"), min_len=16, bits=3.0
        ):
            yield m.span("v")
        elif (m := _EMPTY_HOST.match(text, start)) is not None and not is_placeholder(m.group("v")):
            yield m.span("v")
        at = text.find("://", start)
    if "hook" in text or "robot" in text or "/bot" in text or "HOOK" in text:
        for m in _HOOK_PARAM.finditer(text):
            value = m.group("v")
            if not is_placeholder(value) and sum(c.isdigit() for c in value) >= 2:
                yield m.span("v")
    if "/bot" in text:
        for m in _BOT_PATH.finditer(text):
            yield m.span("v")


def find_signed_urls(text: str) -> Iterator[tuple[int, int]]:
    """Each signature parameter's value (:data:`_SIGNED_PARAM`) in the query of a URL: ``://``
    before it in its run, no placeholder, two digits at least (a generated signature's). A
    detector of its own, so the prefilter's one pass over the text decides whether it runs
    (:data:`SIGNED_HINTS`), not a search of its own."""
    at = text.find("://")
    while at >= 0:
        # The URL's run: from its '://' to the first character that ends a URL. Each run is read
        # once, so a text of many signature parameters costs linear time (not one search back per
        # parameter). No match crosses a run's end or a ':' (the value's class holds neither).
        end_match = _URL_END_RE.search(text, at + 3)
        end = end_match.start() if end_match else len(text)
        for m in _SIGNED_PARAM.finditer(text, at + 3, end):
            value = m.group("v")
            if not is_placeholder(value) and sum(c.isdigit() for c in value) >= 2:
                yield m.span("v")
        at = text.find("://", end)
