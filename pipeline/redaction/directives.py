"""Secrets set by a config directive: a line that is a secret's name and its value, a blank
apart, with no ``=`` or ``:`` between them (``auth_pass Xk9…`` in keepalived, ``wpa-psk …`` in
``/etc/network/interfaces``, ``SetEnv DB_PASS …`` in Apache, ``stats auth admin:…`` in HAProxy,
``: PSK "…"`` in ``ipsec.secrets``). The line holds nothing else but the directive's own words
before the name, so a sentence ("the password expired") is none; the value is decided as an
assignment's under that name (:func:`~memscribe.redaction.assigned.plausible_value`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import lowered
from memscribe.redaction.names import (
    GLUED_SUFFIXES,
    STRONG_PAIRS,
    STRONG_WORDS,
    generic_key,
    is_password_name,
    name_strength,
    secret_name,
)
from memscribe.redaction.structure import name_starts
from memscribe.redaction.values import password_like

#: A directive's name, blanks, one value (quoted or not), an optional ``;``, the line's end.
_DIRECTIVE = lazy_compile(
    r"(?P<name>[A-Za-z_][\w.-]*+)[ \t]++(?P<q>[\"']?)(?P<v>[^\s\"']++)(?P=q)[ \t]*+;?[ \t]*+\r?$",
    re.MULTILINE,
)
#: What may stand before the name on its line: up to two words of the directive's own
#: (``SetEnv``, ``stats``), or selectors, if any, and a ``:`` (``ipsec.secrets``: ``<ip> <ip> : PSK``,
#: or ``: PSK`` for every peer).
_BEFORE = lazy_compile(
    r"[ \t]*(?:(?:[^\s:=]+(?:[ \t]+[^\s:=]+)*[ \t]+)?:[ \t]+|(?:[A-Za-z][\w-]*[ \t]+){0,2})"
)
#: An address a directive points at (a URL, ``host:port``, a socket): where, not a secret
#: (nginx's ``proxy_pass http://127.0.0.1:9000;``, ``fastcgi_pass php:9000;``).
_ADDRESS = lazy_compile(r"^(?:[A-Za-z][\w+.-]*://|unix:)|^[\w.-]+:\d{1,5}/?$")
#: A name of one word (``PSK``, ``auth``, ``PASS``), not a compound (``auth_pass``, ``wpa-psk``).
_BARE = lazy_compile(r"[^\W_0-9]+")
#: A login before its password in one value (``admin:H4p…``): the password is the value.
_LOGIN = lazy_compile(r"^[A-Za-z][\w.-]{0,30}:(?=\S)")


#: The words a directive's name ends in: a strong name's last word (``pass``, ``psk``, ``secret``,
#: ``api_key``'s ``key``), glued (``rpcpassword``) or not; none with a qualifier after it.
_ENDINGS = tuple(sorted(STRONG_WORDS | set(GLUED_SUFFIXES) | {w for _, w in STRONG_PAIRS}))
#: What every finding's text holds, case-folded (the prefilter's hints): a name's last word and
#: the blank after it ("passed" in prose wakes none).
HINTS = tuple(w + blank for w in _ENDINGS for blank in (" ", "\t"))


def find_directive_values(text: str) -> Iterator[tuple[int, int]]:
    """The value of each directive line whose name is a strong secret name (tried only at the
    identifiers that hold a secret name's hint, as the assignments are)."""
    for at in name_starts(text, lowered(text)):
        m = _DIRECTIVE.match(text, at)
        if (
            m is None
            or not m.group("name").lower().endswith(_ENDINGS)
            or name_strength(m.group("name")) != "strong"
        ):
            continue
        line_start = text.rfind("\n", 0, at) + 1
        if _BEFORE.fullmatch(text, line_start, at) is None:
            continue
        start, end = m.span("v")
        if not m.group("q") and text[end - 1] == ";":
            end -= 1  # the directive's end (nginx), not the value's
        if _ADDRESS.match(text[start:end]):
            continue
        login = _LOGIN.match(text[start:end]) if not m.group("q") else None
        if login is not None:
            start += login.end()
        name = m.group("name")
        if _BARE.fullmatch(name) and name[0].isupper() and name[1:].islower():
            continue  # a capitalised word is prose's (a title, a sentence's start: "Secret Santa2024"),
            # not a directive's name, written in lower case (``password``) or capitals (``PSK``)
        if _BARE.fullmatch(name) and not (m.group("q") or login):
            if not password_like(text[start:end], strict=True):
                continue  # a word alone names a state or a setting as often ("PASS src/App.test.tsx",
                # "auth SHA256", "pass test_login2"): unquoted, its value must look strong
        if plausible_value(
            text[start:end],
            "strong",
            quoted=bool(m.group("q")),
            password_name=is_password_name(name),
            generic_key=generic_key(name),
            chosen_name=secret_name(name),
        ):
            yield start, end
