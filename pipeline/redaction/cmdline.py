"""Passwords in a command line's credential positions (issue 12), by the command's structure
rather than by tool: a short password flag (``-p``, ``-P``, LDAP's ``-w``, Windows' ``/p:``), its
value apart, after a ``:`` or glued as a short option's argument may be (``-pS3cr3t``), in a
simple command (split at ``|``, ``&&``, ``||``, ``;`` and backquotes, joined over a ``\\`` or a
PowerShell backquote at a line's end) that names the account with a user flag taking a name
(``-u NAME``, ``-uNAME``, ``-U NAME``, ``--user NAME``, ``/u:``; a bind DN's ``-D`` for ``-w``):
``mongo -u admin -p …``, ``sqlcmd -U sa -P …``, ``ldapsearch -D cn=admin -w …``, ``xfreerdp
/u:admin /p:…``; a PowerShell cmdlet's parameter named as a password (``-Password …``,
``-AccountPassword …``); a value echoed into a command that reads its password from standard input
(``echo … | sudo -S``, ``… | passwd --stdin``, ``… | docker login --password-stdin``); the
password after an account's name where a user is created or changed (``net user kiosk …``,
``add_user NAME …``, ``change_password NAME …``); the plain text a PowerShell ``SecureString`` is
made of (``ConvertTo-SecureString '…' -AsPlainText``). Every position reads its value with one
alternation (:func:`quoted_or`): quoted, between typographic quotes, or bare.

A ``-p``/``-P`` set apart from its word prompts (``mysql -u root -p shop``, ``createuser -P
app``): a lower-case identifier there is the next argument, not a password. The value decision
is a password's (:func:`~memscribe.redaction.assigned.plausible_value` under a password's name):
a port, a port mapping, a path, a git revision, an image's tag, a format string, a plain word, a
variable's reference (outside single quotes) or a prompt's ``*`` is no password. Every search is
linear: one pass over the commands, look-arounds bounded."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import lowered, stem_matches
from memscribe.redaction.benign import is_version
from memscribe.redaction.names import is_password_name

#: Typographic quotes that open a value, each with the marks that close it (``“…”``, ``„…“``,
#: ``«…»``, ``「…」``, ``‘…’``): a value so quoted runs to its own opening mark's closing one on its
#: line, blanks and other quotes' marks inside it (an apostrophe in “Don’t4get!”, review RV3 F2).
_QUOTE_PAIRS = (("“", "”“"), ("„", "“”"), ("«", "»"), ("「", "」"), ("『", "』"), ("‘‚", "’‘"), ("‹", "›"))
#: The groups of the typographic quotes' values, one a pair (a group's name is used once).
_UQ_GROUPS = tuple(f"uq{i}" for i in range(len(_QUOTE_PAIRS)))


def _typographic(i: int) -> str:
    """The ``i``-th pair's quoted value: where its closing mark is also an apostrophe (``’``), one
    with a letter or a digit right after it is an apostrophe inside the value (‘Bob’s pass 9x!’)."""
    opening, closing = _QUOTE_PAIRS[i]
    inner = rf"[^{closing}\n]|[{closing}](?=\w)" if "’" in closing else rf"[^{closing}\n]"
    after = r"(?!\w)" if "’" in closing else ""
    return rf"[{opening}](?P<uq{i}>(?:{inner}){{1,1024}})[{closing}]{after}"


def quoted_or(bare: str) -> str:
    """A value quoted (``sq``/``dq``: the other quote may stand inside; ``uq0``…: between a pair
    of typographic quotes) or bare (``v``, as the pattern ``bare`` reads it): the one alternation
    every credential position of this module reads its value with."""
    typographic = "|".join(_typographic(i) for i in range(len(_QUOTE_PAIRS)))
    return rf"(?:'(?P<sq>[^'\n]{{1,1024}})'|\"(?P<dq>[^\"\n]{{1,1024}})\"|{typographic}|(?P<v>{bare}))"


#: A bare value: up to a blank or a quote (a typographic mark left unclosed on its line is its own).
_BARE = r"[^\s'\"`]{1,1024}"
_VAL = quoted_or(_BARE)
#: A line continued on the next: a ``\\`` (POSIX shells) or a backquote (PowerShell) at its end.
_CONTINUED = r"(?:\\|`)[ \t]*\r?\n"
#: One simple command: quoted strings whole, a continued line joined, up to ``|``, ``&``,
#: ``;``, a backquote or a line's end.
_COMMAND = lazy_compile(rf"(?:'[^'\n]*'|\"[^\"\n]*\"|{_CONTINUED}|[^\n|;&`'\"]|['\"])+")
#: A short password flag after a blank, and its value: ``-p``, ``-P``, ``-w`` (LDAP's bind
#: password) with a blank, a ``:`` or nothing before the value (a short option's argument may be
#: glued to it: ``-pS3cr3t``), ``/p:`` and ``/password:`` glued to it.
_PW_FLAG = lazy_compile(r"[ \t](?:-(?P<letter>[pPw])(?:[ \t]+|:)?|/p(?:ass(?:word)?)?:)" + _VAL)
#: A flag naming the account by a name (a letter or a quote first: ``-u 1000`` is a uid, ``-U
#: 10`` a count): ``-u``, ``-U`` (the name apart or glued: ``-uadmin``), ``--user``,
#: ``--username``, ``/u:``, ``/user:``.
_USER_FLAG = lazy_compile(r"(?<![\w/-])(?:-[uU][ \t]*|--user(?:name)?[ \t=]+|/u(?:ser)?:)['\"]?[A-Za-z_]")
#: A bind DN's flag, for LDAP's ``-w``.
_BIND_DN = lazy_compile(r"(?<![\w/-])-D[ \t]+['\"]?[A-Za-z]")
#: A PowerShell cmdlet's name (``Get-Process``): its parameters are no Unix short flags.
_CMDLET = lazy_compile(rf"[ \t]*(?:{_CONTINUED}[ \t]*)*[A-Z][a-z]+-[A-Z]\w*(?![\w-])")
#: A cmdlet's named parameter and its value (``-Password "…"``, ``-Password:…``): the parameter's
#: name says what the value is.
_CMDLET_PARAMETER = lazy_compile(r"[ \t]-(?P<name>[A-Za-z]{2,40})(?::|[ \t]+)" + _VAL)
#: What a prompting ``-p``/``-P`` is followed by: a lower-case identifier (a database, a role).
_IDENTIFIER = lazy_compile(r"[a-z][a-z0-9_]*")
#: A git revision (``HEAD~3``, ``main..dev``) or an image's tag (``myimage:1.2``).
_REVISION = lazy_compile(r"[^~]*~\d*|\S*\.\.\S*|[a-z0-9][a-z0-9._/-]*:[\w][\w.-]*")
#: ``echo``/``printf`` of one value (printf's ``'%s\n'`` format skipped), piped into a command.
_ECHOED = lazy_compile(
    r"(?<![\w-])(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)*(?:(['\"])%s(?:\\n)?\1[ \t]+)?"
    + quoted_or(r"[^\s'\"|;&<>]{1,1024}")
    + r"[ \t]*\|[ \t]*(?P<cmd>[^\n|;]{0,512})"
)
#: A command that reads a password from standard input by a long flag: ``passwd --stdin``,
#: ``--password-stdin``, gpg's ``--passphrase-fd 0`` (``sudo -S`` is read by :func:`_sudo_s`).
_READS_STDIN = lazy_compile(r"[ \t]--[a-z-]*stdin\b|--passphrase-fd[ \t=]+0\b")
#: Of those, a command whose standard input is nothing but a password: ``passwd``, a flag naming
#: a password or a pass phrase (``--password-stdin``, ``--passphrase-fd 0``); ``--stdin`` alone
#: is any input's (``kubectl exec --stdin``), where words with blanks are a statement or a query.
_PASSWORD_STDIN = lazy_compile(r"^[ \t]*passwd\b|--[a-z-]*pass[a-z-]*(?:stdin\b|-fd[ \t=]+0\b)")
#: sudo's options that take a value (``-u postgres``).
_SUDO_VALUED = frozenset({"-u", "-g", "-p", "-U", "-C", "-D", "-h", "-r", "-t", "-T", "-R"})
#: ``sudo`` and its options (``sudo -u app``), before the command it runs.
_SUDO_PREFIX = lazy_compile(r"[ \t]*sudo(?:[ \t]+(?:-[ugpUCDhrtTR][ \t]+\S+|-\S+))*[ \t]+")
#: A ``name=value`` setting or ``key value`` line echoed into a file.
_SETTING = lazy_compile(r"[\w.-]+=\S*")
#: printf's escapes at a value's end (``'hunter2\n'``).
_TRAILING_ESCAPES = lazy_compile(r"(?:\\[nr])+$")
#: An account's name then its password, where a user is created or changed: ``net user NAME
#: PASS``, ``add_user NAME PASS``, ``change_password NAME PASS`` (the name quoted or bare).
_ACCOUNT = lazy_compile(
    r"(?i)(?<![\w-])(?:net[ \t]user|add[_-]user|change[_-]passw(?:or)?d)"
    r"[ \t]+(?:\"[^\"\n]{1,64}\"|[^\s/\"'*]{1,64})[ \t]+" + quoted_or(r"[^\s'\"`/*][^\s'\"`]{0,1023}")
)
#: The string a ``SecureString`` is converted from, with ``-AsPlainText`` soon after it.
_SECURE_STRING = lazy_compile(
    r"(?i)ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?"
    r"(?:'(?P<sq>[^'\n]{1,1024})'|\"(?P<dq>[^\"\n]{1,1024})\")"
    r"(?=[^\n|;]{0,64}?-AsPlainText)"
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
#: ``-sSku``), in curl's own command (the word ``curl`` earlier, no ``|``, ``;``, ``&`` or
#: backquote between, within 256 characters); :data:`~memscribe.redaction.structure.CURL_USER`
#: reads ``-u`` alone.
CURL_JOINED_USER = r"\bcurl(?:[ \t][^\n|;&`]{0,256}?)?[ \t]-[A-Za-z]+u[ \t]+" + USER_PASS
#: The tool whose flags :data:`CURL_JOINED_USER` reads: the detector's prefilter hint.
CURL_HINTS = ("curl",)

#: A host's or container's port, or a port mapping (``8080:80``, ``web:80``, ``80:80/tcp``).
_PORTS = lazy_compile(r"[\w.\[\]-]*(?::\d{1,5})+(?:/[a-z]+)?")

#: Where a :data:`_PW_FLAG` match can start in a command (after its blank).
_FLAGS = (" -p", "\t-p", " -P", "\t-P", " -w", "\t-w", " /p", "\t/p")
#: What a cmdlet's parameter naming a password holds (lower case).
_CMDLET_WORDS = ("password", "pwd")
#: Where an :data:`_ECHOED` match can start.
_ECHO_STEMS = ("echo", "printf")
#: Where an :data:`_ACCOUNT` match can start (lower case).
_ACCOUNT_STEMS = ("net user", "net\tuser", "add_user", "add-user", "change_pass", "change-pass")

#: Every finding's text holds one of these (lower case): the detector's prefilter hints.
HINTS = (
    *(f"{blank}{flag}" for blank in " \t" for flag in ("-p", "-w", "/p")),
    *("echo", "printf", *_ACCOUNT_STEMS, "securestring", *_CMDLET_WORDS),
)


def _value(m: re.Match[str]) -> tuple[int, int, str, str] | None:
    """The value of a match with :func:`quoted_or`'s groups: start, end, text and its quote
    (``'``, ``"``, ``”`` for any typographic one, or none)."""
    for group, quote in (("sq", "'"), ("dq", '"'), *((uq, "\u201d") for uq in _UQ_GROUPS), ("v", "")):
        if m.group(group) is not None:
            start, end = m.span(group)
            return start, end, m.group(group), quote
    return None


def _password(value: str, quote: str, *, phrase: bool = False) -> bool:
    """A password's value decision, with a reference (``$PASS``, ``%PW%``, ``${…}``; literal in
    single quotes) or a prompt (``*``) vetoed; with ``phrase`` (a password flag's or an account's
    position, which names it), a quoted pass phrase of two to five words (an echoed one is left to the value
    decision: it moved the validation split's false positives)."""
    if quote == "'" and value[:1] in ("$", "%", "@") and "{" not in value:
        value = value[1:]  # in single quotes no variable's reference: ``'$uperS3cret'``
    if quote != "\u201d" and (  # no shell reads typographic quotes: what they hold is literal
        value == "*" or value.startswith(("$", "%", "@", "<", "{", "`")) or "${" in value or "$(" in value
    ):
        return False  # (read as written: ``" @Home2024!"`` is no reference, review RV8 F1)
    if quote:  # blanks inside the quotes are no words (French spacing: « S3cr3t!x9 »; review RV6 F3)
        value = value.strip()
    if not any(c.isalpha() for c in value) or _PORTS.fullmatch(value):
        return False  # a port, a mapping of ports, a host's port: ``-p 8080:80``
    if "/" in value and value.replace("/", "").replace(".", "").replace("_", "").replace("-", "").isalnum():
        return False  # a path: ``packages/core2``, ``downloads2/``
    if phrase and quote and " " in value:  # two to five words: a digit or a mark, or three words
        # The position names a password: any digit or mark, or three words, whatever they are (a
        # function word or a lone digit reads as a description only under a key: review RV6 F1/F2).
        words = value.split(" ")
        marked = not "".join(words).isalpha()
        return 2 <= len(words) <= 5 and all(words) and len(value) <= 64 and (marked or len(words) >= 3)
    return plausible_value(value, "strong", quoted=bool(quote), password_name=True)


#: A line's end continued on the next (:data:`_CONTINUED` before its line break).
_CONTINUES = lazy_compile(r"(?:\\|`)[ \t]*\r?$")


def _commands(text: str) -> Iterator[re.Match[str]]:
    """``_COMMAND.finditer(text)``'s matches that can hold a password flag or a cmdlet's password
    parameter: those of the logical lines (lines joined where one ends in :data:`_CONTINUED`) that
    hold one of :data:`_FLAGS` or :data:`_CMDLET_WORDS`. A match crosses a line break only through
    a continuation, so each starts and ends within one logical line, and a line's matches are the
    same read alone (HR8's speed note: the whole text's tokenising was ~9% of a scan)."""
    low = lowered(text)
    if len(low) != len(text):  # a lower case of another length: positions differ, read it all
        yield from _COMMAND.finditer(text)
        return
    hits = sorted(
        {at for flag in _FLAGS for at in _starts(text, flag)}
        | {at for word in _CMDLET_WORDS for at in _starts(low, word)}
    )
    done = 0
    for at in hits:
        if at < done:
            continue
        start = text.rfind("\n", 0, at) + 1
        while start > 0 and _CONTINUES.search(text, text.rfind("\n", 0, start - 1) + 1, start - 1):
            start = text.rfind("\n", 0, start - 1) + 1
        end = text.find("\n", at)
        while end >= 0 and _CONTINUES.search(text, text.rfind("\n", 0, end) + 1, end):
            end = text.find("\n", end + 1)
        end = len(text) if end < 0 else end
        yield from _COMMAND.finditer(text, max(start, done), end)
        done = end


def _starts(hay: str, needle: str) -> Iterator[int]:
    """Every start of ``needle`` in ``hay``."""
    at = hay.find(needle)
    while at >= 0:
        yield at
        at = hay.find(needle, at + 1)


def _flag_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each short password flag's value in a command with a user flag (``-w`` with a bind DN's
    ``-D``); a prompting ``-p``/``-P``'s next identifier and a git revision are kept."""
    for command in _commands(text):
        line = command.group()
        if _CMDLET.match(line):
            if any(word in line.lower() for word in _CMDLET_WORDS):
                yield from _cmdlet_passwords(text, command.start(), command.end())
            continue
        if not any(flag in line for flag in _FLAGS):
            continue
        begin = command.start() + _wrapped(line)  # ``sudo -u app …``: sudo's flags are not the tool's
        line = text[begin : command.end()]
        if " -- " in line:  # what follows ``--`` is another program's arguments
            line = line[: line.index(" -- ")]
        user = _USER_FLAG.search(line)
        bound = "-D" in line and _BIND_DN.search(line) is not None
        for m in _PW_FLAG.finditer(text, begin, begin + len(line)):
            letter = m.group("letter")
            if not (bound if letter == "w" else user is not None):
                continue
            got = _value(m)
            if got is None:
                continue
            start, end, value, quote = got
            if letter in ("p", "P") and start == m.start() + 3 and not _client_glued(letter, value, user):
                continue
            shown = value.strip() if quote else value  # what the exceptions read (review RV8 F3)
            if letter in ("p", "P") and (_IDENTIFIER.fullmatch(shown) or _REVISION.fullmatch(shown)):
                continue
            if letter is None and _SETTING.fullmatch(shown):
                continue  # msbuild's ``/p:Configuration=Release``
            if _password(value, quote, phrase=True):
                yield start, end


#: A glued argument that is a build tool's property or list (``-PbuildNumber=1234``,
#: ``-Pjdk17,Docker``): Maven's and Gradle's ``-P``, never a password.
_PROPERTY_OR_LIST = lazy_compile(r"[\w.-]+=.*|[\w.-]+(?:,[\w.-]+)+")


def _client_glued(letter: str, value: str, user: re.Match[str] | None) -> bool:
    """A password glued to its flag (``-pS3cr3t``) as a database client's grammar has it (mysql,
    mongo: ``-u root -pS3cr3t``): a lower-case ``-p`` after a lower-case ``-u`` or ``--user``, the
    argument no property or list. A build tool's ``-U`` (update snapshots) and ``-P`` (a profile,
    a property: ``mvn -U clean deploy -PRelease2024``) are no account and no password. Review RV3 F5."""
    return (
        letter == "p"
        and user is not None
        and not user.group().lstrip("'\"").startswith("-U")
        and _PROPERTY_OR_LIST.fullmatch(value) is None
    )


def _cmdlet_passwords(text: str, begin: int, end: int) -> Iterator[tuple[int, int]]:
    """The value of each parameter of a PowerShell cmdlet (``begin``-``end`` of ``text``) whose
    name is a password's (``-Password``, ``-AccountPassword``; not ``-PasswordNeverExpires``)."""
    for m in _CMDLET_PARAMETER.finditer(text, begin, end):
        got = _value(m)
        if got is not None and is_password_name(m.group("name")) and _password(got[2], got[3], phrase=True):
            yield got[0], got[1]


def _wrapped(command: str) -> int:
    """Where the command that ``sudo`` runs starts in a command that starts with ``sudo`` (0
    for any other): after sudo's options and their values."""
    m = _SUDO_PREFIX.match(command)
    return m.end() if m else 0


def _sudo_s(command: str) -> bool | None:
    """Whether a command that starts with ``sudo`` reads its password (``-S`` among its options);
    None when it does and then writes its standard input to a file (``tee``)."""
    words = command.split(None, 12)
    if not words or words[0] != "sudo":
        return False
    reads, skip = False, False
    for word in words[1:12]:
        if skip:
            skip = False
        elif word == "--stdin" or (word.startswith("-") and not word.startswith("--") and "S" in word[1:]):
            reads = True
        elif word in _SUDO_VALUED:
            skip = True
        elif not word.startswith("-"):
            return None if reads and word == "tee" else reads
    return reads


def _echoed_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each value echoed into a command that reads its password from standard input; a setting
    or a version written by ``sudo -S tee`` is kept."""
    for m in stem_matches(_ECHOED, text, _ECHO_STEMS):
        got = _value(m)
        if got is None:
            continue
        command = m.group("cmd")
        reads = _sudo_s(command)
        if reads is False and not _READS_STDIN.search(command):
            continue
        start, _, value, quote = got
        value = _TRAILING_ESCAPES.sub("", value)
        if reads is None and (_SETTING.fullmatch(value) or is_version(value) or " " in value):
            continue
        if " " in value and not (reads or _PASSWORD_STDIN.search(command)):
            continue  # a phrase is a password where the command reads one (``sudo -S``, ``passwd``)
        if "%" not in value and not is_version(value) and _password(value, quote):
            yield start, start + len(value)


def _matched_passwords(
    matches: Iterator[re.Match[str]], *, quoted: bool = False, phrase: bool = False
) -> Iterator[tuple[int, int]]:
    """Each match's value that a password's value decision accepts."""
    for m in matches:
        got = _value(m)
        if got is not None and _password(got[2], got[3] or ('"' if quoted else ""), phrase=phrase):
            yield got[0], got[1]


def find_command_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each password in a credential position of a command line (see the module's docstring)."""
    yield from _flag_passwords(text)
    if "echo" in text or "printf" in text:
        yield from _echoed_passwords(text)
    low = lowered(text)
    if any(verb in low for verb in _ACCOUNT_STEMS):
        yield from _matched_passwords(stem_matches(_ACCOUNT, text, _ACCOUNT_STEMS), phrase=True)
    if "securestring" in low:
        yield from _matched_passwords(_SECURE_STRING.finditer(text), quoted=True)
