"""Whole-value extents: a secret found inside a value that is itself one credential is masked
with the whole of that value.

A connection string of ``key=value`` pairs (ADO.NET and ODBC ``Server=…;User ID=…;Password=…;``,
Azure's ``AccountName=…;AccountKey=…;``, libpq's ``host=… user=… password=…``) is one credential:
it names a host, a login and the password to it, and a reader who sees the rest of it knows where
the password opens. The detectors find the password (or key) inside it; here the finding grows
to the whole string, from its first pair to its last, the separators at its ends left out.
"""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile

#: A pair's value in such a string: quoted in ``'…'`` or braced in ``{…}`` (ODBC: ``;`` may
#: stand inside), else running to the next ``;``, quote or line end.
_PAIR_VALUE = r"(?:'[^'\n]*'|\{[^}\n]*\}|[^;\n\"'`]*)"
#: Pairs joined by ``;`` (ADO.NET, ODBC, JDBC properties, Azure): three or more, and the ``;``
#: that may close the last.
_SEMICOLON_PAIRS = lazy_compile(
    rf"(?<![\w.-])[A-Za-z][\w .-]{{0,30}}={_PAIR_VALUE}(?:;[ \t]*[A-Za-z][\w .-]{{0,30}}={_PAIR_VALUE}){{2,}};?"
)
#: Pairs joined by single blanks (libpq's keyword form): three or more, values without blanks.
_BLANK_PAIRS = lazy_compile(r"(?<![\w.-])[a-z_]{2,20}=[^\s\"'`;]+(?: [a-z_]{2,20}=[^\s\"'`;]+){2,}")
#: A pair that names where the string connects: a connection string holds one.
_HOST_KEY = lazy_compile(
    r"(?i)(?:^|[; ])[ \t]*(?:server|host|hostaddr|hostname|data source|address|addr|endpoint|"
    r"accountname|account name|dbname|database)="
)
#: A name whose value is the string (``ConnectionStrings__Default=Server=…``): not a pair of it.
_NAMED_STRING = lazy_compile(
    r"[A-Za-z][\w.-]{0,60}=(?=(?i:server|host|data source|driver|endpoint|accountname|defaultendpointsprotocol)=)"
)
#: A pair whose value is the credential (the key's name, lower case, holds one of these).
_SECRET_KEY_PARTS = ("pass", "pwd", "key", "secret", "token", "signature")


def connection_strings(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    """The span of each connection string in ``text`` (between ``start`` and ``end``): pairs
    joined by ``;`` or by blanks, one of them naming a host or a database, one a password or a key."""
    end = len(text) if end is None else end
    for pattern in (_SEMICOLON_PAIRS, _BLANK_PAIRS):
        for m in pattern.finditer(text, start, end):
            run, at = m.group(0), m.start()
            if (named := _NAMED_STRING.match(run)) is not None:
                run, at = run[named.end() :], at + named.end()  # ``NAME=Server=…``: the name's value
            if _HOST_KEY.search(run) is None:
                continue
            if pattern is _BLANK_PAIRS:
                keys = [pair.split("=", 1)[0] for pair in run.split(" ")]
            else:
                keys = [pair.split("=", 1)[0].strip().lower() for pair in run.split(";")]
            if not any(part in key for key in keys for part in _SECRET_KEY_PARTS):
                continue
            yield at, at + len(run.rstrip(" \t"))


def widen_to_connection_strings(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The connection strings (:func:`connection_strings`) that hold the start of one of ``spans``
    (a finding), each once. A connection string is one line: only the lines of the findings are
    read, and only those with three ``=`` or more."""
    out: list[tuple[int, int]] = []
    done: set[int] = set()
    for start, _ in spans:
        line_start = text.rfind("\n", 0, start) + 1
        if line_start in done:
            continue
        done.add(line_start)
        line_end = text.find("\n", start)
        line_end = len(text) if line_end < 0 else line_end
        if text.count("=", line_start, line_end) < 3:
            continue
        out.extend(
            (lo, hi)
            for lo, hi in connection_strings(text, line_start, line_end)
            if any(lo <= s < hi for s, _ in spans)
        )
    return out


#: Punctuation that ends the sentence or bracket around a URL rather than the URL itself.
_TRAILING = ".,;:!?)]}'"
#: A URL with user info: ``scheme://`` up to the last ``@`` before the host, then the rest of it.
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
