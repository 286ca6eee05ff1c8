"""Armoured key blocks: PEM / OpenSSH / PGP private keys and other shared keys (OpenVPN's static
key), found in time linear in the text.

Each block is a ``BEGIN`` header, then the first ``END`` line 16 to 16384 characters after it
(the patterns :data:`_PRIVATE_KEY` and :data:`_KEY_BLOCK` say what a match is, and a test holds
the finders to ``re.finditer`` over them). ``re`` looks for that ``END`` from each header anew,
so a line of many headers without one cost up to 16 KB of scanning each (quadratic up to
16 KB); here the ``END`` lines are found once and each header is paired with the next in reach
by bisection.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile

_PRIVATE_BEGIN = r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
_PRIVATE_END = r"-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
#: The base64 body of a block cut off before its END line, raw or JSON-escaped (``\n``).
_PRIVATE_BODY = r"(?:(?:\s|\\[nr])+[A-Za-z0-9+/=]{20,}(?![A-Za-z0-9+/=]))+"
#: The least and most characters between a header and its END line.
_GAP_MIN, _GAP_MAX = 16, 16384

# PEM / OpenSSH / PGP private key blocks, raw or JSON-escaped (``\n``). A block cut off before
# its END line is masked through the end of its base64 body.
_PRIVATE_KEY = _PRIVATE_BEGIN + rf"(?:.{{{_GAP_MIN},{_GAP_MAX}}}?" + _PRIVATE_END + "|" + _PRIVATE_BODY + ")"

_KEY_BEGIN = r"-----BEGIN (?=[A-Za-z0-9 ]{0,60}?(?i:key))(?![A-Za-z0-9 ]{0,60}?(?i:public|private))[A-Za-z0-9 ]{3,60}-----"
_KEY_END = r"-----END [A-Za-z0-9 ]{3,60}-----"
#: Any other armoured key block but a public one: a shared secret such as OpenVPN's
#: ``-----BEGIN OpenVPN Static key V1-----`` (``tls-auth``), whole.
_KEY_BLOCK = _KEY_BEGIN + rf".{{{_GAP_MIN},{_GAP_MAX}}}?" + _KEY_END

_PRIVATE_BEGIN_RX = lazy_compile(_PRIVATE_BEGIN)
_PRIVATE_END_RX = lazy_compile(_PRIVATE_END)
_PRIVATE_BODY_RX = lazy_compile(_PRIVATE_BODY)
_KEY_BEGIN_RX = lazy_compile(_KEY_BEGIN)
_KEY_END_RX = lazy_compile(_KEY_END)


def _starts(text: str, mark: str) -> Iterator[int]:
    at = text.find(mark)
    while at >= 0:
        yield at
        at = text.find(mark, at + 1)


def _blocks(
    text: str, begin_rx: re.Pattern[str], end_rx: re.Pattern[str], body_rx: re.Pattern[str] | None
) -> Iterator[tuple[int, int]]:
    """The spans ``re.finditer`` gives for ``begin_rx``, then (lazily) 16 to 16384 characters and
    ``end_rx``, or else ``body_rx`` when given. A header's match is unique where it starts (its run
    of capitals and blanks ends at the first other character, where ``-----`` must stand), as
    is an END line's, so the lazy gap takes the first END line in reach."""
    ends: list[int] | None = None  # the END lines' starts, found at the first header
    end_spans: dict[int, int] = {}
    resume = 0
    for at in _starts(text, "-----BEGIN"):
        if at < resume:
            continue
        header = begin_rx.match(text, at)
        if header is None:
            continue
        if ends is None:
            ends = []
            for e in _starts(text, "-----END"):
                m = end_rx.match(text, e)
                if m is not None:
                    ends.append(e)
                    end_spans[e] = m.end()
        h = header.end()
        i = bisect.bisect_left(ends, h + _GAP_MIN)
        if i < len(ends) and ends[i] <= h + _GAP_MAX:
            resume = end_spans[ends[i]]
            yield at, resume
        elif body_rx is not None and (cut := body_rx.match(text, h)) is not None:
            resume = cut.end()
            yield at, resume


def find_private_keys(text: str) -> Iterator[tuple[int, int]]:
    """Private key blocks (:data:`_PRIVATE_KEY`), a block cut off before its END line through
    the end of its base64 body."""
    return _blocks(text, _PRIVATE_BEGIN_RX, _PRIVATE_END_RX, _PRIVATE_BODY_RX)


def find_key_blocks(text: str) -> Iterator[tuple[int, int]]:
    """Other armoured key blocks but public ones (:data:`_KEY_BLOCK`), whole."""
    return _blocks(text, _KEY_BEGIN_RX, _KEY_END_RX, None)
