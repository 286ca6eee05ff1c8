"""Secrets named by their place in code or a command rather than by an assignment:

- a call whose first argument is a secret's name as a string and whose second is the value
  (PHP ``define('DB_PASSWORD', '…')``, ``config.set("api_key", "…")``,
  ``os.environ.setdefault("SECRET_KEY", "…")``), and a row's name cell then its value cell (an
  SQL settings table's ``(4,'smtp_pass','…')``: a name quoted after a comma); a salt's name counts too (WordPress
  ``AUTH_SALT``, Nextcloud ``passwordsalt``): it is secret configuration;
- a command-line flag whose name ends in ``pass`` (``redis-server --requirepass …``);
- a cloud access key id followed on its line by its secret (``AKIA… / <secret>``,
  ``LTAI… 和 <secret>``), and an ``…_SK`` (secret key) name beside an ``…_AK`` one;
- a key written as a list of bytes under a secret's name (zigbee2mqtt's ``network_key: [211, 52,
  …]``, ``key = [0x1f, 0x2a, …]``);
- a name/value record whose name is a secret's: a Kubernetes or ECS ``env`` item (``- name:
  DB_PASSWORD`` then ``value: …``), a numbered listing's lines too (``grep -n``, ``cat -n``); the same in JSON (``{"name": "API_TOKEN", "value": "…"}``,
  a HAR dump's headers and cookies), and ``{"key": "api_key", "value": "…"}`` (Postman, CI
  variables).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import lowered, newlines, occurrences, offset_lowered, same_offsets
from memscribe.redaction.names import is_password_name, name_strength
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import looks_random, password_like

_NAMED_CALL = lazy_compile(
    r"[(,]\s*(?P<q1>['\"])(?P<name>[A-Za-z_][\w.-]{1,63})(?P=q1)\s*,\s*"
    r"(?P<q2>['\"])(?P<v>[^'\"\n]{1,512})(?P=q2)"
)
#: ``'name' => 'value'`` / ``'name': 'value'`` whose name is a salt's.
_SALT_PAIR = lazy_compile(
    r"(?P<q1>['\"])(?P<name>[A-Za-z_][\w.-]{0,60}salt)(?P=q1)\s*(?:=>|:|,)\s*"
    r"(?P<q2>['\"])(?P<v>[^'\"\n]{1,512})(?P=q2)",
    re.IGNORECASE,
)
_PASS_FLAG = lazy_compile(r"--?(?P<flag>[a-z][a-z-]{0,30}pass)(?:=|[ \t]+)['\"]?(?P<v>[^\s'\"]{4,256})")
#: Words ending in ``pass`` that do not name a password.
_NOT_PASSWORD_FLAGS = frozenset(
    {"bypass", "compass", "multipass", "onepass", "twopass", "singlepass", "no-pass"}
)
_ID_THEN_SECRET = lazy_compile(
    r"(?:AKIA|ASIA|LTAI)[A-Za-z0-9]{12,28}\b[ \t]*(?:[/,:|]|和|及|与|and|und|et|y)?[ \t]*"
    r"(?P<v>[A-Za-z0-9/+]{28,48})(?![A-Za-z0-9/+=])"
)
_SK_NAME = lazy_compile(
    r"(?P<name>[A-Za-z][A-Za-z0-9]*_SK)['\"]?[ \t]*[:=][ \t]*['\"]?(?P<v>[A-Za-z0-9/+=_-]{20,64})"
)

#: Prefilter hints: every finding's text holds one of these (lower case). A ``…pass`` flag's
#: name ends where its ``=`` or blank follows (so ``passed`` and ``password`` are not hints).
HINTS = ("(", "salt", "pass=", "pass ", "pass\t", "akia", "asia", "ltai", "_sk", "value", "key", "secret")

#: A secret's name, then a list of 8 to 64 bytes (decimal or ``0x`` hex): a key's bytes.
_BYTE = r"(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})"
_BYTE_LIST = lazy_compile(
    r"[:=][ \t]*(?:bytes\(|bytearray\(|new byte\[\] ?\{)?[\[{]"
    rf"(?P<v>[ \t]*{_BYTE}(?:[ \t]*,[ \t]*{_BYTE}){{7,63}}[ \t]*,?[ \t]*)[\]}}]"
)
#: What every :data:`_BYTE_LIST` match holds: a bracket, its first byte and a comma.
_BYTE_LIST_GATE = lazy_compile(rf"[\[{{][ \t]*{_BYTE}[ \t]*,")
#: What every :data:`_NAMED_CALL` match holds: a quote closing the name, a comma, a quote opening the value.
_NAMED_CALL_GATE = lazy_compile(r"['\"]\s*,\s*['\"]")
#: The name right before a byte list's ``:`` or ``=`` (quoted or not).
_NAME_BEFORE = lazy_compile(r"(?P<name>[A-Za-z_][\w.-]{0,63})['\"]?[ \t]*$")

#: A record's name field, then (on its line after a comma, or on the next line of a YAML list
#: item) its value field: ``- name: DB_PASSWORD`` / ``  value: "…"``, ``{"name":"X","value":"…"}``,
#: ``"key": "api_key", "value": "…"``. ``valueFrom`` (a reference to a Secret) does not match.
_RECORD_FIELDS = (
    r"(?P<k>['\"]?)(?:name|key|Name|Key|parameterKey|ParameterKey)(?P=k)[ \t]*[:=][ \t]*"
    r"(?P<q1>['\"]?)(?P<name>[A-Za-z_][\w.-]{0,63})(?P=q1)[ \t]*(?:,[ \t]*(?:\r?\n[ \t]*)?|\r?\n(?:[ \t]*\d{1,6}[:\t-])?[ \t]*(?:-[ \t]+)?)"
    r"(?P<j>['\"]?)(?:value|Value|parameterValue|ParameterValue)(?P=j)[ \t]*[:=]"
)
_NAME_VALUE = lazy_compile(
    _RECORD_FIELDS
    + r"[ \t]*(?:(?P<q2>['\"])(?P<qv>[^'\"\n]{1,512})(?P=q2)|(?P<v>[^\s'\"{}\[\],#][^\n'\"{}\[\],#]{0,511}))"
)
#: A record's name field and its value's label (:data:`_NAME_VALUE` without the value).
_RECORD_HEAD = lazy_compile(_RECORD_FIELDS)


def starts_record(text: str, at: int) -> bool:
    """True when a name/value record starts at ``at`` (or at the quote right before it):
    ``key: request_id, value: …``, ``{"key": "api_key", "value": …}``. Its ``key`` is a field's
    label, not a secret's name: :func:`find_code_pairs` decides the value by the record's name."""
    if at and text[at - 1] in "'\"":
        at -= 1
    return _RECORD_HEAD.match(text, at) is not None


def find_code_pairs(text: str) -> Iterator[tuple[int, int]]:
    """Values that a named call, a salt, a ``…pass`` flag or a key-id pair places. Each shape is
    matched only where its fixed part occurs (found by substring search)."""
    if "(" in text:
        yield from _named_calls(text)
    low = lowered(text)
    if same_offsets(text, low) and "salt" in low:
        for at in _occurrences(low, "salt"):
            quote = max(text.rfind("'", max(0, at - 62), at), text.rfind('"', max(0, at - 62), at))
            m = _SALT_PAIR.match(text, quote) if quote >= 0 else None
            if m is not None and looks_random(m.group("v"), min_len=16, bits=3.0):
                yield m.span("v")
    if "pass" in text:
        yield from _pass_flags(text)
    if "alue" in text:
        yield from _name_values(text)
    if "[" in text or "{" in text:
        yield from _byte_lists(text)
    yield from _key_id_pairs(text)


def _key_id_pairs(text: str) -> Iterator[tuple[int, int]]:
    """A cloud access key id's secret after it on its line, and an ``…_SK`` name's value."""
    for prefix in ("AKIA", "ASIA", "LTAI"):
        for at in _occurrences(text, prefix):
            if at > 0 and text[at - 1].isascii() and text[at - 1].isalnum():
                continue
            m = _ID_THEN_SECRET.match(text, at)
            if m is not None and looks_random(m.group("v"), min_len=28, bits=3.5):
                yield m.span("v")
    for at in _occurrences(text, "_SK"):
        start = at
        while (
            start > 0 and text[start - 1].isascii() and (text[start - 1].isalnum() or text[start - 1] == "_")
        ):
            start -= 1
        if start > 0 and text[start - 1] == ".":
            continue
        m = _SK_NAME.match(text, start)
        if m is not None and looks_random(m.group("v"), min_len=20, bits=3.5):
            yield m.span("v")


def _occurrences(text: str, sought: str) -> tuple[int, ...]:
    """Each (overlapping) start of ``sought`` in ``text``, in order: the keyword pass the other
    detectors share (:func:`~memscribe.redaction.base.occurrences`)."""
    return occurrences(text, sought)


def _pass_flags(text: str) -> Iterator[tuple[int, int]]:
    for at in _occurrences(text, "pass"):
        start = at
        while start > 0 and (text[start - 1].islower() or text[start - 1] == "-"):
            start -= 1  # back over the flag's name to its dashes
        if start > 0 and not text[start - 1].isspace() and text[start - 1] not in "'\"":
            continue
        m = _PASS_FLAG.match(text, start)
        if m is None or m.end("flag") != at + 4:
            continue
        value = m.group("v")
        if (
            m.group("flag") in _NOT_PASSWORD_FLAGS
            or value.startswith(("$", "%", "-"))
            or is_placeholder(value)
        ):
            continue
        if password_like(value, strict=False) or looks_random(value, min_len=12, bits=3.0):
            yield m.span("v")


def _named_calls(text: str) -> Iterator[tuple[int, int]]:
    if _NAMED_CALL_GATE.search(text) is None:
        return  # (every match holds one: the pattern opens with every ``(`` and ``,`` of the text)
    for m in _NAMED_CALL.finditer(text):
        name = m.group("name")
        strength = name_strength(name)
        value = m.group("v")
        if strength is not None:
            if plausible_value(value, strength, quoted=True, password_name=is_password_name(name)):
                yield m.span("v")
        elif name.lower().endswith("salt") and looks_random(value, min_len=16, bits=3.0):
            yield m.span("v")


def _name_values(text: str) -> Iterator[tuple[int, int]]:
    """The value of each name/value record (:data:`_NAME_VALUE`) whose name is a secret's,
    decided as an assignment of that name would be: the record :meth:`_Chain.record_at` finds for each
    ``value`` field whose line, or the line before, holds ``name`` or ``key``."""
    found = _occurrences(text, "alue")
    if not found:
        return
    low = lowered(text)
    if len(low) != len(text):
        # each character alone (``İ`` lower-cases to two): the same ``name`` and ``key`` found
        low = offset_lowered(text)
    names, keys = occurrences(low, "name"), occurrences(low, "key")
    breaks = newlines(text)
    chain: _Chain | None = None
    for at in found:
        start = _line_before(text, breaks, at)
        if not _inside(names, 4, start, at) and not _inside(keys, 3, start, at):
            continue
        end = _group_end(text, breaks, found, at)
        if chain is None or (chain.start, chain.end) != (start, end):
            chain = _Chain(text, start, end)
        m = chain.record_at(at)
        if m is not None:
            name = m.group("name")
            quoted = m.group("qv") is not None
            value = (m.group("qv") if quoted else m.group("v").rstrip()) or ""
            begin = m.start("qv") if quoted else m.start("v")
            yield from _record_value(name, value, begin, quoted)


#: How far past a ``value`` field's keyword its record is read (the field's value, 512 at most).
_RECORD_REACH = 520


def _group_end(text: str, breaks: list[int], found: tuple[int, ...], at: int) -> int:
    """Where the reading of the ``value`` fields on ``at``'s line ends: :data:`_RECORD_REACH`
    past the line's last one."""
    i = bisect_left(breaks, at)
    line_end = breaks[i] if i < len(breaks) else len(text)
    last = found[bisect_left(found, line_end) - 1]
    return min(len(text), last + _RECORD_REACH)


class _Chain:
    """The records ``_NAME_VALUE.finditer(text, start, end)`` finds, read once for all the
    ``value`` fields of a line (each field's reading starts at the same line): :meth:`record_at`
    answers, for one field, what reading from ``start`` to that field's own end (a
    :data:`_RECORD_REACH` past it) would find, without reading from ``start`` again."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text, self.start, self.end = text, start, end
        self._matches = _NAME_VALUE.finditer(text, start, end)
        self._read: list[re.Match[str]] = []
        self._k = 0  # the records before it end their ``value`` keyword before the next field's

    def _upto(self, k: int) -> re.Match[str] | None:
        while len(self._read) <= k:
            m = next(self._matches, None)
            if m is None:
                return None
            self._read.append(m)
        return self._read[k]

    def record_at(self, at: int) -> re.Match[str] | None:
        """The record whose ``value`` keyword is the one at ``at - 1``, as the first match of
        ``_NAME_VALUE.finditer(text, start, min(len(text), at + 520))`` whose field that is; None
        when there is none. Fields are asked in increasing order. The matches of that reading are
        this chain's (read to a farther end) as long as they end within the nearer end; from the
        first that does not (it starts before ``at`` and overlaps the field), the reading goes on
        from where it starts, where a shorter match may begin (no record starts between two of
        the chain's)."""
        reach = min(len(self.text), at + _RECORD_REACH)
        m = self._upto(self._k)
        while m is not None and m.start() < at and m.end("j") + 1 < at:
            self._k += 1
            m = self._upto(self._k)
        last = m if m is not None and m.start() < at else (self._read[self._k - 1] if self._k else None)
        if last is None or last.end() <= reach:
            return m if m is not None and m.start() < at and m.end("j") + 1 == at else None
        for m in _NAME_VALUE.finditer(self.text, last.start(), reach):
            if m.start() >= at:
                return None
            if m.end("j") + 1 == at:
                return m
        return None


def _line_before(text: str, breaks: list[int], at: int) -> int:
    """The start of the line before ``at``'s (of ``at``'s own line when it is the first), found
    by bisection in ``breaks`` (:func:`~memscribe.redaction.base.newlines`), not by reading back
    through the text."""
    i = bisect_left(breaks, at)
    return breaks[i - 2] + 1 if i >= 2 else 0


def _inside(starts: tuple[int, ...], size: int, start: int, end: int) -> bool:
    """Whether one of ``starts`` (sorted, of a needle ``size`` long) lies whole in ``[start, end)``."""
    i = bisect_left(starts, start)
    return i < len(starts) and starts[i] + size <= end


#: HTTP headers whose value is ``<scheme> <credentials>`` (a HAR dump's request headers).
_AUTH_HEADERS = frozenset({"authorization", "proxy-authorization"})
#: A cookie's name that says it holds a session or a credential (``sessionid``, ``connect.sid``,
#: ``remember_token``), not ``_ga`` or ``theme``; its value must look random too.
_SESSION_NAME = lazy_compile(r"(?i)sess|sid$|token|auth|jwt|remember|login")


def _record_value(name: str, value: str, begin: int, quoted: bool) -> Iterator[tuple[int, int]]:
    """The secret of one name/value record: an assignment's value under a secret's name; the
    credentials of an ``Authorization`` header; a session cookie's value, alone (a HAR
    ``cookies`` item) or inside a ``Cookie`` header."""
    low = name.lower()
    strength = name_strength(name)
    if strength is not None:
        if plausible_value(value, strength, quoted=quoted, password_name=is_password_name(name)):
            yield begin, begin + len(value)
    elif low in _AUTH_HEADERS:
        scheme, _, creds = value.partition(" ")
        creds = creds.strip()
        if len(creds) >= 8 and scheme.isalpha() and not is_placeholder(creds):
            at = begin + value.index(creds)
            yield at, at + len(creds)
    elif low in ("cookie", "set-cookie"):
        for pair in _COOKIE_PAIR.finditer(value):
            yield from _cookie(pair.group("name"), pair.group("v"), begin + pair.start("v"))
    else:
        yield from _cookie(name, value, begin)


_COOKIE_PAIR = lazy_compile(r"(?:^|[;\s])(?P<name>[A-Za-z0-9_.\-]+)=(?P<v>[^;\s]+)")


def _cookie(name: str, value: str, begin: int) -> Iterator[tuple[int, int]]:
    low = name.lower()
    if "csrf" in low or "xsrf" in low:
        return  # a form's anti-forgery token, which the page hands its visitor
    if _SESSION_NAME.search(name) and looks_random(value, min_len=16, bits=3.0) and not is_placeholder(value):
        yield begin, begin + len(value)


#: Below one bracket per this many characters, :func:`byte_list_gate` tries its pattern at each
#: bracket; above, one search (which tests every character against the brackets) is cheaper.
_CHARS_PER_BRACKET = 64


def byte_list_gate(text: str) -> bool:
    """Whether :data:`_BYTE_LIST_GATE` occurs in ``text``: every match opens with a bracket, so
    where brackets are few it is tried at each (found by substring search, the fast ``find``)
    instead of searched for at every character of a long text."""
    if (text.count("[") + text.count("{")) * _CHARS_PER_BRACKET > len(text):
        return _BYTE_LIST_GATE.search(text) is not None
    for bracket in "[{":
        at = text.find(bracket)
        while at >= 0:
            if _BYTE_LIST_GATE.match(text, at) is not None:
                return True
            at = text.find(bracket, at + 1)
    return False


def _byte_lists(text: str) -> Iterator[tuple[int, int]]:
    """Byte lists under a secret's name (:data:`_BYTE_LIST`), brackets and all, unless their
    bytes are not random: one value repeated or counting (``[0, 0, 0, …]``, ``[1, 2, 3, …]``)."""
    low = lowered(text)
    if not same_offsets(text, low) or ("key" not in low and "secret" not in low):
        return
    if not byte_list_gate(text):
        return  # (every match holds one: the pattern opens with every ``:`` and ``=`` of the text)
    for m in _BYTE_LIST.finditer(text):
        named = _NAME_BEFORE.search(text, max(0, m.start() - 70), m.start())
        if named is None or name_strength(named.group("name")) is None:
            continue
        values = [
            int(b, 16) if b.lower().startswith("0x") else int(b) for b in re.findall(_BYTE, m.group("v"))
        ]
        steps = {b - a for a, b in zip(values, values[1:], strict=False)}
        if tuple(values) in _DOCUMENTED_BYTE_KEYS:
            continue
        if max(values) <= 255 and len(set(values)) > len(values) // 2 and len(steps) > 2:
            yield m.start("v") - 1, m.end()  # the list whole, its brackets too: the value's extent


#: Keys published as defaults: zigbee2mqtt's documented default network key.
_DOCUMENTED_BYTE_KEYS = frozenset({(1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13)})
