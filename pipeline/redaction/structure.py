"""Structure detectors: key blocks, URLs with credentials, connection strings, headers, cookies,
and assignments under secret-ish names in config and code."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import (
    SPACED_SECRET_MAX,
    phrase_stop,
    plausible_value,
)
from memscribe.redaction.base import (
    apart,
    forget_at_scan_end,
    lowered,
    newlines,
    occurrences,
    offset_lowered,
    same_offsets,
    stem_matches,
    word_before,
)
from memscribe.redaction.benign import (
    RECORD_KEY_WORDS,
    inside_arn,
)
from memscribe.redaction.cmdline import USER_PASS
from memscribe.redaction.hintscan import may_hold
from memscribe.redaction.names import (
    DENY_ANY,
    NAME_HINTS,
    generic_key,
    is_password_name,
    name_strength,
    names_a_count,
    secret_name,
)
from memscribe.redaction.placeholders import is_placeholder

URL_CREDS = (
    r"\b[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:@/'\"<>]{0,256}:(?P<v>[^\s/'\"<>]{1,256})@"
    r"[A-Za-z0-9\[][^\s/'\"<>@]{0,256}"
)
#: What every :data:`URL_CREDS` match holds, opening with a literal ``:`` (``re`` skips ahead to
#: it): the scheme's mark, then the user info's password and its ``@``.
URL_CREDS_GATE = r"://[^\s:@/'\"<>]{0,256}:[^\s/'\"<>]{1,256}@"
CONN_PASSWORD = r"(?i)(?:^|[;\"'\s])(?:password|pwd)\s*=\s*(?P<v>[^;'\"\n]{1,256}?)\s*(?=;)"
CURL_USER = r"(?:^|\s)(?:-u|--user)\s+" + USER_PASS
#: What every :data:`CURL_USER` match holds, opening with a literal ``-`` (``re`` skips ahead to it).
CURL_USER_GATE = r"-(?:u|-user)\s+['\"]?[^\s:'\"]*['\"]?:['\"]?[^\s'\"]"
AUTH_HEADER = (
    r"(?i)\b(?:proxy-)?authorization(?:\\?['\"])?\s*[:=]\s*(?:\\?['\"])?(?:(?:bearer|basic|token|digest|bot|apikey)\s+"
    r"(?P<v>[A-Za-z0-9._~+/=:-]+)|(?P<bare>[^\s'\"]{12,}))"
)
KEY_HEADER = (
    r"(?i)\b(?:x-api-key|x-auth-token|x-access-token|api-key|apikey|private-token|x-goog-api-key|"
    r"x-functions-key|ocp-apim-subscription-key)(?:\\?['\"])?\s*:\s*(?:\\?['\"])?(?P<v>[^\s'\",;\\]+)"
)
KEY_HEADER_HINTS = ("api-key", "apikey", "-token", "-key")
AZURE_STORAGE = r"(?i)\bAccountKey\s*=\s*(?P<v>[A-Za-z0-9+/]{40,}={0,2})"
AWS_SECRET = (
    r"(?i)aws_?secret_?(?:access_?)?key['\"]?\s*(?:=|:|=>)\s*['\"]?(?P<v>[A-Za-z0-9/+=]{40})"
    r"(?![A-Za-z0-9/+=])"
)

_COOKIE_LINE = lazy_compile(r"(?i)\b(?:set-)?cookie\s*:\s*(?P<body>[^\n\"']*)")
_COOKIE_PAIR = lazy_compile(r"(?:^|[;\s])(?P<name>[A-Za-z0-9_.\-]+)=(?P<v>[^;\s]+)")
_SESSIONISH = lazy_compile(r"(?i)sess|sid|token|auth|jwt|csrf|xsrf|remember|login|key|secret")


def find_cookies(text: str) -> Iterator[tuple[int, int]]:
    if "cookie" not in lowered(text):
        return
    for line in stem_matches(_COOKIE_LINE, text, ("set-cookie", "cookie")):
        base = line.start("body")
        for pair in _COOKIE_PAIR.finditer(line.group("body")):
            value = pair.group("v")
            if _SESSIONISH.search(pair.group("name")) and len(value) >= 8 and not is_placeholder(value):
                yield base + pair.start("v"), base + pair.end("v")


# --- assignments with secret-ish names: NAME=value, "name": "value", name: value, --name value

_ASSIGN = lazy_compile(
    r"(?:(?<=\\[nrt])|(?<![\w.\-]))"
    r"(?:(?P<lead>--)(?P<flag>[A-Za-z][A-Za-z0-9\-]*+)(?:=|[ ]++)|"
    # NAME = / "name": / name := / name => / config["NAME"] = / NAME ?= / name ||= / R's name <- "…"
    # (runs possessive: what may follow each is no character of it, so a shorter run never
    # matches where the whole one does not, and a name without an operator fails at once)
    r"(?P<name>[^\W\d][\w.\-]*+)(?:\\?['\"])?\]?[ \t]*+(?::{1,3}=|=>|\?=|\|\|=|<-(?=[ \t])|[:=])[ \t]*+)"
    # the value sits in a lookahead so a skipped match does not swallow the next assignment; a
    # quoted one runs to the same quote unescaped (``"Tr0ub'dor&3"``, ``"abc\\"def"``)
    r"(?:(?P<tag>!!?)[A-Za-z]+[ ]+)?"  # YAML tag such as ``!!binary``
    r"(?=(?:[@rbfuRBFUL]|u8)?(?P<q>\\?['\"`])(?P<qv>(?:(?!(?P=q))[^\n]){0,512}?)(?P=q)|(?P<uv>[^\s'\"`,;)}\]\\]{1,512}))"
)
#: A quote or an escape inside a quoted value (one token: ``Tr0ub'dor&3``).
_QUOTED_INSIDE = lazy_compile(r"[\\'\"`]")
#: A setter or builder call with a literal: ``setPassword("…")``, ``.withToken('…')``, ``password("…")``.
_CALL = lazy_compile(
    r"(?i:password|passwd|secret|token|apikey|api_key|credentials?)"
    r"\(\s*(?:[@rbfuRBFUL]|u8)?(?P<q>['\"`])(?P<qv>[^'\"`\n]{1,512}?)(?P=q)"
)
#: Calls that read a secret by its key (``getPassword("service")``), not set one.
_GETTER = lazy_compile(
    r"(?i)^_?(?:get|read|load|fetch|has|is|check|verify|validate|prompt|ask|input|find|lookup)"
)
_MORE_QUOTED = lazy_compile(r"[ \t]*,[ \t]*(?P<q>['\"])(?P<v>[^'\"\n]*)(?P=q)(?!\s*:)")
#: The words after an unquoted value to the end of its line, a comment's mark none of them; and a
#: mark standing apart between words (``admin / nasadmin77``: a login and its password, a pair's).
_REST_OF_LINE = lazy_compile(r"(?: [^\s#]+)+(?=[ \t]*(?:\r?\n|$))")


def hint_starts(low: str, hint: str) -> Iterator[int]:
    at = low.find(hint)
    while at >= 0:
        yield at
        at = low.find(hint, at + 1)


#: The hints an ASCII text can hold.
_ASCII_NAME_HINTS = tuple(h for h in NAME_HINTS if h.isascii())


_LAST_STARTS: tuple[str, list[int]] = ("", [])


@forget_at_scan_end
def _forget_last() -> None:
    global _LAST_STARTS
    _LAST_STARTS = ("", [])


def name_starts(text: str, low: str) -> list[int]:
    """Start of each identifier that holds a name hint (a secret name always holds one), so
    :data:`_ASSIGN` is tried only there instead of scanning every line. An ASCII text can hold
    only the ASCII hints. The last text's answer is kept (the assignments and the directives
    ask it of the same text), as :func:`~memscribe.redaction.base.lowered` keeps its lower case."""
    global _LAST_STARTS
    last = _LAST_STARTS
    if last[0] is text:
        return last[1]
    starts = identifier_starts(text, low, _ASCII_NAME_HINTS if low.isascii() else NAME_HINTS)
    _LAST_STARTS = (text, starts)
    return starts


def identifier_starts(text: str, low: str, hints: tuple[str, ...]) -> list[int]:
    """Start of each identifier of ``text`` (``low``, lower-cased) that holds one of ``hints``.
    A ``low`` whose offsets are not ``text``'s (``İ`` lower-cases to two characters; ``re`` reads
    a long s as ``s``) is replaced by :func:`~memscribe.redaction.base.offset_lowered`."""
    if not same_offsets(text, low):
        low = offset_lowered(text)
    starts: set[int] = set()
    backwards, size = "", len(text)  # ``text`` reversed, made at the first occurrence
    for hint in may_hold(low, hints):  # (those the prefilter's scan did not find skipped at once)
        for at in apart(occurrences(low, hint), len(hint)):
            if not backwards:
                backwards = text[::-1]
            # the identifier characters before ``at``, read backwards in one regex match
            run = _IDENTIFIER_RUN.match(backwards, size - at)
            starts.add(at - (run.end() - (size - at)) if run is not None else at)
    return sorted(starts)


#: A run of identifier characters: ``str.isalnum`` ones (what ``\w`` matches, with ``_``), ``.``, ``-``.
_IDENTIFIER_RUN = lazy_compile(r"[\w.\-]*")


def find_assignments(text: str) -> Iterator[tuple[int, int]]:
    if (
        "=" in text or ":" in text or "--" in text or "<-" in text
    ):  # every match holds its operator or is a --flag
        yield from _assignments(text)


def _assignments(text: str) -> Iterator[tuple[int, int]]:
    matches = (_ASSIGN.match(text, start) for start in name_starts(text, lowered(text)))
    lines = _Lines(text)
    for m in (m for m in matches if m is not None):
        name = m.group("name") or m.group("flag")
        if text.endswith("[REDACTED:", 0, m.start()) or m.group("tag") == "!":
            continue  # the type inside a mask is not a name; under a local YAML tag (``!Ref``,
            # ``!GetAtt``, ``!vault``) the value is a reference or ciphertext (``!!str``: literal)
        strength = name_strength(name)
        if strength is None or _about_a_record(text, m.start(), name) or inside_arn(text, m.start()):
            continue  # (``arn:aws:secretsmanager:…:secret:db/x``: a field of a resource's name)
        extent = _value_extent(text, m)
        if extent is None:
            continue
        group, start, end = extent
        value = text[start:end]
        if group == "uv" and value.isdigit() and names_a_count(name):
            continue  # ``"total_tokens":101618``: a count
        line_end = group == "uv" and text[end : end + 1] in ("", "\n", "\r")
        if group == "uv" and m.group("name") and text[end : end + 1] == " " and is_password_name(name):
            rest = _short_rest(text, end, SPACED_SECRET_MAX - len(value), lines)
            stop = phrase_stop(text, m.start(), start, end, rest) if rest is not None else 0
            if stop:
                yield start, stop  # a pass phrase unquoted (``.env``, YAML, a quoted list of pairs)
                continue
        decide = dict(
            password_name=is_password_name(name),
            generic_key=generic_key(name),
            chosen_name=secret_name(name),
        )
        if plausible_value(
            _unescaped(value) if group == "qv" else value,
            strength,
            quoted=group == "qv",
            line_end=line_end,
            **decide,
        ):
            yield start, end
        elif group == "uv" and (run := _whole_run(text, start, end)) is not None:
            # the piece before a ``;`` or ``,`` is no value by itself, and the run goes on without a
            # blank (``DB_PASSWORD=Xk9;mQ2vL7``): the mark is inside the value, decided whole
            line_end = text[run : run + 1] in ("", "\n", "\r")
            if plausible_value(text[start:run], strength, quoted=False, line_end=line_end, **decide):
                yield start, run
        if group == "qv":
            # a tuple / list of quoted values under one name: ``SECRETS = 'a', 'b'``
            pos = m.end("q") + len(value) + len(m.group("q"))
            while (more := _MORE_QUOTED.match(text, pos)) is not None:
                if plausible_value(more.group("v"), strength, quoted=True):
                    yield more.span("v")
                pos = more.end()


class _Lines:
    """Where each line of a text ends and where its words end (before the blanks, and the ``\r``
    of a ``\r\n``, that close it): found once per text and line, not once per assignment."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.breaks: list[int] | None = None
        self.words_end: dict[int, int] = {}

    def ends(self, at: int) -> tuple[int, int]:
        """The end of the line ``at`` is on (its ``\n``, or the text's end) and of its words."""
        text = self.text
        if self.breaks is None:
            self.breaks = newlines(text)
        i = bisect_left(self.breaks, at)
        line_end = self.breaks[i] if i < len(self.breaks) else len(text)
        words_end = self.words_end.get(line_end)
        if words_end is None:
            words_end = line_end
            if line_end < len(text) and text[words_end - 1 : words_end] == "\r":
                words_end -= 1
            while words_end > 0 and text[words_end - 1] in " \t":
                words_end -= 1
            self.words_end[line_end] = words_end
        return line_end, words_end


def _short_rest(text: str, end: int, room: int, lines: _Lines) -> re.Match[str] | None:
    """``_REST_OF_LINE.match(text, end)`` where that match is at most ``room`` long; None where
    it is longer (a phrase longer than :data:`SPACED_SECRET_MAX` is no spaced secret). The
    match ends where the line's words do, so a longer one is told without matching it: each of
    many values on one long line does not read the line to its end."""
    _, words_end = lines.ends(end)
    if words_end - end > room:
        return None
    return _REST_OF_LINE.match(text, end)


def _value_extent(text: str, m: re.Match[str]) -> tuple[str, int, int] | None:
    """The group (``qv`` quoted, ``uv`` not) and the span of an assignment's value as its line's
    syntax bounds it; None when the quotes hold no one value. A double quote after an odd run of
    backslashes is escaped: the string runs on to its closing quote (``"abc\\"def123"``); quotes
    inside a quoted value with blanks are quoted text (a sentence's), not one value; in a URL's
    query string a value ends at the next parameter."""
    group = "qv" if m.group("q") is not None else "uv"
    start, end = m.span(group)
    value = text[start:end]
    if m.group("q") == '"' and (len(value) - len(value.rstrip("\\"))) % 2 == 1:
        rest = _TO_CLOSE.match(text, end + 1)
        if rest is None:
            return None
        end = rest.end() - 1
        value = text[start:end]
    if group == "qv" and _QUOTED_INSIDE.search(value) and any(c.isspace() for c in value):
        return None
    if group == "uv" and start > 0 and text[m.start() - 1 : m.start()] in ("?", "&") and "&" in value:
        end = start + value.index("&")
    return group, start, end


#: The rest of a double-quoted string, escapes and all, to its closing quote (on its line).
_TO_CLOSE = lazy_compile(r'(?:\\[^\n]|[^"\\\n]){0,512}"(?=[ \t]*[,;)}\]]?[ \t]*(?:\r?\n|$))')
#: A quote or a backslash escaped by a backslash (``\\n`` or ``C:\\Users`` is read as written).
_ESCAPED = lazy_compile(r"\\([\\'\"`])")


def _unescaped(value: str) -> str:
    """A quoted value as it reads with its escapes undone (``abc\\"def`` is ``abc"def``); one that
    is then quoted again inside its quotes (``"\\"$PASSWORD\\""``, ``"\\"%s\\""``) is what it
    quotes: a reference or a format's slot is no secret."""
    if "\\" not in value:
        return value
    plain = _ESCAPED.sub(r"\1", value)
    if len(plain) >= 2 and plain[0] == plain[-1] and plain[0] in "'\"`":
        return plain[1:-1]
    return plain


#: An unquoted run: up to a blank or a quote.
_RUN = lazy_compile(r"[^\s'\"`]{1,512}")
#: What ends a run rather than belongs to it: a sentence's or bracket's closing marks.
_RUN_TRAILING = ".,;:!?)]}"
#: After a ``;`` or ``,``: the next pair (``a=1;b=2``, ``user:x``) or a word alone (a shell's
#: next command, ``;export``): the mark ends the value there.
_NEXT_ITEM = lazy_compile(r"[\w.\-]+[ \t]*[=:]|[A-Za-z_]+$")


def _whole_run(text: str, start: int, end: int) -> int | None:
    """Where the run of an unquoted value cut at ``end`` by a ``;`` or ``,`` ends, when it goes on
    without a blank past the mark (``Xk9;mQ2vL7``) and what follows is not the next item; None
    otherwise (``timeout=30;``, ``${DB_PASS},``, ``a=1;b=2``, a list's ``[a,b]``)."""
    if text[end : end + 1] not in (";", ",") or text[start] in "[{(<$":
        return None
    run = _RUN.match(text, start)
    if run is None:
        return None
    stop = start + len(run[0].rstrip(_RUN_TRAILING))
    if stop <= end + 1 or _NEXT_ITEM.match(text[end + 1 : stop]):
        return None
    return stop


def _about_a_record(text: str, start: int, name: str) -> bool:
    """True when the name at ``start`` is ``key`` after a word of :data:`RECORD_KEY_WORDS` and a
    space or hyphen (``cache key:``, ``sort-key =``), as ``cache_key`` is; or any name after a
    word of :data:`DENY_ANY` (``public key:``, ``wg public key =``, ``example token:``), as
    ``public_key`` is: the words of a name written with spaces are still its parts."""
    if start == 0 or text[start - 1] not in " -":
        return False
    before = word_before(text, max(0, start - 16), start)
    if before is None:
        return False
    word = before.lower()
    return word in DENY_ANY or (name.lower() == "key" and word in RECORD_KEY_WORDS)


#: Every :data:`_CALL` match holds one of these (lower case): found by substring search first.
_CALL_HINTS = (
    "password(",
    "passwd(",
    "secret(",
    "token(",
    "apikey(",
    "api_key(",
    "credential(",
    "credentials(",
)


def find_calls(text: str) -> Iterator[tuple[int, int]]:
    """Setter and builder calls with a literal argument: ``client.setPassword("…")``."""
    low = lowered(text)
    if same_offsets(text, low):
        starts = sorted(at for hint in _CALL_HINTS if hint in low for at in hint_starts(low, hint))
        calls: Iterator[re.Match[str]] = (m for at in starts if (m := _CALL.match(text, at)) is not None)
    else:  # lower-casing moved offsets (or a non-ASCII letter folds to a hint): scan it all
        calls = _CALL.finditer(text)
    for m in calls:
        end = m.start() + m.group(0).index("(")
        start = m.start()
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        name = text[start:end]
        if _GETTER.match(name):
            continue
        strength = name_strength(name)
        if strength is not None and plausible_value(m.group("qv"), strength, quoted=True):
            yield m.span("qv")


#: A Terraform variable whose default is a secret: ``variable "db_password" { default = "…" }``.
_TF_DEFAULT = lazy_compile(
    r'\bvariable\s+"(?P<name>[^"\n]+)"\s*\{[^}]{0,400}?\bdefault\s*=\s*"(?P<v>[^"\n]*)"'
)


def find_terraform_defaults(text: str) -> Iterator[tuple[int, int]]:
    if "variable" not in text:
        return
    for m in stem_matches(_TF_DEFAULT, text, ("variable",)):
        strength = name_strength(m.group("name"))
        if strength is not None and plausible_value(m.group("v"), strength, quoted=True):
            yield m.span("v")


#: XML: ``<password>…</password>`` and ``<add key="ApiSecret" value="…"/>`` /
#: ``<property name="db.password" value="…"/>`` (the name sits in one attribute, the value in another).
_XML_ELEMENT = lazy_compile(
    r"<(?P<name>[A-Za-z_][\w:.\-]*)(?P<attrs>\s[^<>]*)?>(?P<v>[^<>\n]{1,512})</(?P=name)\s*>"
)
#: The attribute naming an element's text (Android's ``<string name="db_password">…</string>``,
#: Java's properties XML ``<entry key="db.password">…</entry>``).
_NAME_ATTRIBUTE = lazy_compile(r"\b(?:name|key)\s*=\s*(?P<q>['\"])(?P<name>[^'\"<>]{1,100})(?P=q)")
_XML_KEY_VALUE = lazy_compile(
    r"<[A-Za-z_][\w:.\-]*\s[^<>]*?\b(?:key|name)\s*=\s*(?P<q1>['\"])(?P<name>[^'\"<>]{1,100})(?P=q1)"
    r"[^<>]*?\bvalue\s*=\s*(?P<q2>['\"])(?P<v>[^'\"<>\n]{0,512})(?P=q2)"
)


def find_xml(text: str) -> Iterator[tuple[int, int]]:
    if "<" not in text:
        return
    for rx, held in ((_XML_ELEMENT, "</"), (_XML_KEY_VALUE, "value")):
        if held not in text:
            continue  # every match holds it as written (a closing tag; the value's attribute)
        for m in rx.finditer(text):
            name = m.group("name").rsplit(":", 1)[-1]
            strength = name_strength(name)
            quoted = True
            if strength is None and rx is _XML_ELEMENT and m.group("attrs"):
                # an element named by an attribute holds text of any kind (a string resource's
                # label: "API-Schlüssel"): only a value shaped as one counts, as an unquoted one
                named = _NAME_ATTRIBUTE.search(m.group("attrs"))
                name = named.group("name") if named else ""
                strength, quoted = (name_strength(name) if named else None), False
            if strength is not None and plausible_value(
                m.group("v"), strength, quoted=quoted, password_name=is_password_name(name)
            ):
                yield m.span("v")


#: A secret's default in an environment lookup: ``os.getenv("API_TOKEN", "…")``,
#: ``ENV.fetch('SECRET_KEY', '…')``, ``GetEnvOrDefault("api_token", "…")``.
#: Written to start with a character class (the names' first letters), the word boundary checked
#: behind it: ``re`` then skips to those letters instead of trying a match at every position.
_ENV_DEFAULT = lazy_compile(
    r"[efgG](?<!\w.)(?:(?<=g)et(?:env|Env|EnvOrDefault|Property|_env)?|(?<=f)etch|(?<=G)etEnvOrDefault|"
    r"(?<=e)nv(?:iron\.get)?)\s*\(\s*"
    r"(?P<q1>['\"])(?P<name>[^'\"\n]{1,100})(?P=q1)\s*,\s*(?P<q2>['\"])(?P<v>[^'\"\n]{1,512})(?P=q2)"
)


#: How every :data:`_ENV_DEFAULT` match starts, as written (the pattern is case-sensitive).
_ENV_DEFAULT_STARTS = ("get", "GetEnvOrDefault", "fetch", "env")


def _positions(text: str, word: str) -> Iterator[int]:
    at = text.find(word)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)


def _matches_at(rx: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """``rx.finditer(text)`` when every match of ``rx`` starts at one of ``starts`` (sorted): ``rx``
    tried only there (found by substring search), in order and never inside the previous match."""
    end = 0
    for at in starts:
        if at >= end and (m := rx.match(text, at)) is not None:
            end = m.end()
            yield m


def find_env_defaults(text: str) -> Iterator[tuple[int, int]]:
    if "(" not in text:
        return
    starts = sorted({at for word in _ENV_DEFAULT_STARTS for at in _positions(text, word)})
    for m in _matches_at(_ENV_DEFAULT, text, starts):
        strength = name_strength(m.group("name"))
        if strength is not None and plausible_value(
            m.group("v"), strength, quoted=True, generic_key=generic_key(m.group("name"))
        ):
            yield m.span("v")


#: A PEM private key, base64-encoded once more (kubeconfig ``client-key-data``, Helm values,
#: CI variables): the blob starts with the encoding of ``-----BEGIN``.
_B64_PEM = lazy_compile(r"LS0tLS1CRUdJT[A-Za-z0-9+/]{20,}={0,2}")


def find_encoded_private_keys(text: str) -> Iterator[tuple[int, int]]:
    import base64
    import binascii

    for m in _B64_PEM.finditer(text):
        head = m.group(0)[:120]
        try:
            decoded = base64.b64decode(head[: len(head) // 4 * 4])
        except (binascii.Error, ValueError):
            continue
        if b"PRIVATE KEY" in decoded:
            yield m.span()
