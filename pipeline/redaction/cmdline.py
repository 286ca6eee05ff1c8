"""Passwords in a command line's credential positions, by the line's structure rather than by
tool (issue 12): a short password flag (``-p``, ``-P``, LDAP's ``-w``, Windows' ``/p:``) on a
line that names the account with a user flag (``-u``, ``-U``, ``--user``, a bind DN's ``-D``,
``/u:``): ``mongo -u admin -p …``, ``sqlcmd -U sa -P …``, ``ldapsearch -D cn=admin -w …``,
``xfreerdp /u:admin /p:…``; a value echoed into a command that reads its password from standard
input (``echo … | sudo -S``, ``… | passwd --stdin``, ``… | docker login --password-stdin``); the
password after an account's name where a user is created or changed (``net user kiosk …``,
``add_user NAME …``, ``change_password NAME …``); the plain text a PowerShell ``SecureString``
is made of (``ConvertTo-SecureString '…' -AsPlainText``).

The value decision is a password's (:func:`~memscribe.redaction.assigned.plausible_value` under a
password's name): a port, a port mapping, a path, a format string, a plain word, a variable's
reference or a prompt's ``*`` is no password."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import lowered, stem_matches

#: A short password flag after a blank, and its value (quoted, or a run of non-blanks): ``-p``,
#: ``-P``, ``-w`` (LDAP's bind password) with a blank before the value, ``/p:`` and
#: ``/password:`` glued to it.
_PW_FLAG = lazy_compile(
    r"[ \t](?:-(?P<letter>[pPw])[ \t]+|/p(?:ass(?:word)?)?:)"
    r"(?:(?P<q>['\"])(?P<qv>[^'\"\n]{1,128})(?P=q)|(?P<v>[^\s'\"`]{1,128}))"
)
#: A flag naming the account, with its value (not another flag): ``-u``, ``-U``, ``-D`` (a bind
#: DN), ``--user``, ``--username``, ``/u:``, ``/user:``.
_USER_FLAG = lazy_compile(r"(?<![\w/-])(?:-[uUD][ \t]+|--user(?:name)?[ \t=]+|/u(?:ser)?:)['\"]?[^\s'\"-]")
#: ``echo``/``printf`` of one value, piped into a command (read on to the line's end or the next pipe).
_ECHOED = lazy_compile(
    r"(?<![\w-])(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*"
    r"(?:(?P<q>['\"])(?P<qv>[^'\"\n]{1,128})(?P=q)|(?P<v>[^\s'\"|;&<>]{1,128}))"
    r"[ \t]*\|[ \t]*(?P<cmd>[^\n|;]*)"
)
#: A command that reads a password from standard input: ``sudo -S`` (the ``S`` among other
#: short flags too), a ``--…stdin`` flag (``passwd --stdin``, ``--password-stdin``), gpg's
#: ``--passphrase-fd 0``.
_READS_STDIN = lazy_compile(
    r"\bsudo\b[^\n]*?[ \t]-[A-Za-z]*S\b|[ \t]--[a-z-]*stdin\b|--passphrase-fd[ \t=]+0\b"
)
#: printf's escapes at a value's end (``'hunter2\n'``).
_TRAILING_ESCAPES = lazy_compile(r"(?:\\[nr])+$")
#: An account's name then its password, where a user is created or changed: ``net user NAME
#: PASS``, ``add_user NAME PASS``, ``change_password NAME PASS`` (the name quoted or bare).
_ACCOUNT = lazy_compile(
    r"(?i)(?<![\w-])(?:net[ \t]user|add[_-]user|change[_-]passw(?:or)?d)"
    r"[ \t]+(?:\"[^\"\n]{1,64}\"|[^\s/\"'*]{1,64})[ \t]+"
    r"(?:(?P<q>['\"])(?P<qv>[^'\"\n]{1,128})(?P=q)|(?P<v>[^\s'\"`/*][^\s'\"`]{0,127}))"
)
#: The string a ``SecureString`` is converted from, with ``-AsPlainText`` after it.
_SECURE_STRING = lazy_compile(
    r"(?i)ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?P<q>['\"])(?P<qv>[^'\"\n]{1,128})(?P=q)"
    r"(?=[^\n]*-AsPlainText)"
)

#: curl's ``user:password`` argument after its flag, the password as group ``v``. A quote that
#: opens the argument (``'deploy:Kiosk 2024'``) or the password (``deploy:'pw 12'``) and is closed
#: on the line bounds the password: it runs to that quote, blanks and other quotes inside it
#: (cut at the blank, ``2024`` stayed readable); unquoted or unclosed, it ends at a blank or quote.
USER_PASS = (
    r"(?:(?P<q>['\"])[^\s:'\"]*:|['\"]?[^\s:'\"]*['\"]?:(?:(?P<p>['\"])|['\"]?))"
    r"(?P<v>(?(q)[^\s'\"](?:(?!(?P=q))[^\n])*(?=(?P=q))|"
    r"(?(p)[^\s'\"](?:(?!(?P=p))[^\n])*(?=(?P=p))|[^\s'\"]+)))"
)
#: curl's user and password given with short flags joined before the ``u`` (``curl -su user:pw``,
#: ``-sSku``); :data:`~memscribe.redaction.structure.CURL_USER` reads ``-u`` alone.
CURL_JOINED_USER = r"(?:^|\s)-[A-Za-z]+u[ \t]+" + USER_PASS
#: The tool whose flags :data:`CURL_JOINED_USER` reads: the detector's prefilter hint.
CURL_HINTS = ("curl",)

#: A host's or container's port, or a port mapping (``8080:80``, ``web:80``, ``80:80/tcp``).
_PORTS = lazy_compile(r"[\w.\[\]-]*(?::\d{1,5})+(?:/[a-z]+)?")

#: What a :data:`_PW_FLAG` match holds after its blank (as written).
_FLAGS = ("-p", "-P", "-w", "/p")
#: Where an :data:`_ECHOED` match can start.
_ECHO_STEMS = ("echo", "printf")
#: Where an :data:`_ACCOUNT` match can start (lower case).
_ACCOUNT_STEMS = ("net user", "net\tuser", "add_user", "add-user", "change_pass", "change-pass")

#: Every finding's text holds one of these (lower case): the detector's prefilter hints.
HINTS = (
    *(f"{blank}{flag}" for blank in " \t" for flag in ("-p", "-w", "/p")),
    *("echo", "printf", *_ACCOUNT_STEMS, "securestring"),
)


def _value(m: re.Match[str]) -> tuple[int, int, str, bool] | None:
    """The quoted or bare value of a match with ``q``/``qv``/``v`` groups: start, end, text, quoted."""
    group = "qv" if m.group("q") else "v"
    if m.group(group) is None:
        return None
    start, end = m.span(group)
    return start, end, m.group(group), group == "qv"


def _password(value: str, *, quoted: bool) -> bool:
    """A password's value decision, with a reference (``$PASS``, ``%PW%``, ``${…}``) or a prompt
    (``*``) vetoed whether quoted or not."""
    if value.startswith(("$", "%", "@", "<", "{", "`")) or "${" in value or "$(" in value or value == "*":
        return False
    if not any(c.isalpha() for c in value) or _PORTS.fullmatch(value):
        return False  # a port, a mapping of ports, a host's port: ``-p 8080:80``
    return plausible_value(value, "strong", quoted=quoted, password_name=True)


def _line(text: str, at: int) -> tuple[int, int]:
    """The bounds of the line holding ``at``."""
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end


def _flag_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each short password flag's value on a line with a user flag (``-w`` with a bind DN's ``-D``)."""
    for flag in _FLAGS:
        at = text.find(flag)
        while at >= 0:
            m = _PW_FLAG.match(text, at - 1) if at and text[at - 1] in " \t" else None
            at = text.find(flag, at + 2)
            if m is None:
                continue
            start, end = _line(text, m.start())
            line = text[start:end]
            if not _USER_FLAG.search(line) or (m.group("letter") == "w" and "-D" not in line):
                continue
            got = _value(m)
            if got is not None and _password(got[2], quoted=got[3]):
                yield got[0], got[1]


def _echoed_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each value echoed into a command that reads its password from standard input."""
    for m in stem_matches(_ECHOED, text, _ECHO_STEMS):
        got = _value(m)
        if got is None or not _READS_STDIN.search(m.group("cmd")):
            continue
        start, _, value, quoted = got
        value = _TRAILING_ESCAPES.sub("", value)
        if "%" not in value and _password(value, quoted=quoted):
            yield start, start + len(value)


def _matched_passwords(
    matches: Iterator[re.Match[str]], *, quoted: bool = False
) -> Iterator[tuple[int, int]]:
    """Each match's value that a password's value decision accepts."""
    for m in matches:
        got = _value(m)
        if got is not None and _password(got[2], quoted=quoted or got[3]):
            yield got[0], got[1]


def find_command_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each password in a credential position of a command line (see the module's docstring)."""
    yield from _flag_passwords(text)
    if "echo" in text or "printf" in text:
        yield from _echoed_passwords(text)
    low = lowered(text)
    if any(verb in low for verb in _ACCOUNT_STEMS):
        yield from _matched_passwords(stem_matches(_ACCOUNT, text, _ACCOUNT_STEMS))
    if "securestring" in low:
        yield from _matched_passwords(_SECURE_STRING.finditer(text), quoted=True)
