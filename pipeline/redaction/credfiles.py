"""Credential files and commands: password hashes in the modular crypt format (``/etc/shadow``,
``.htpasswd``, a Mosquitto password file, a Traefik ``basicauth`` label with ``$$`` escaped),
``user:password`` lines fed to ``chpasswd``, and the value a secret store's command line sets
(``az keyvault secret set --name db-password --value '…'``, ``aws ssm put-parameter``).

A password hash is a credential: an offline guess against it recovers the password, and it
logs in wherever the hash itself is accepted (``htpasswd``, Traefik, Mosquitto).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import stem_matches
from memscribe.redaction.names import name_strength
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.structure import URL_CREDS
from memscribe.redaction.values import password_like

#: ``user:$<id>$[params$…]<salt>$<hash>`` (a password file's line) with a known scheme id: MD5-crypt (``1``, ``apr1``), bcrypt
#: (``2a``/``2b``/``2x``/``2y``), SHA-crypt (``5``, ``6``), Mosquitto's PBKDF2 (``7``),
#: yescrypt (``y``, ``gy``), Argon2, scrypt, passlib's PBKDF2. ``$$`` (a Compose file's
#: escaped ``$``) counts as one, the same way throughout the value.
_CRYPT = lazy_compile(
    r"\$(?<=[\w.@-]:\$)(?P<d>\$?)(?:1|2[abxy]|5|6|7|y|gy|apr1|md5|sha1|argon2(?:id|i|d)|scrypt|"
    r"pbkdf2(?:-sha(?:1|256|512))?|bcrypt(?:-sha256)?)(?P=d)\$"
    r"(?:[\w.,=+/-]{1,100}(?P=d)\$){0,4}[A-Za-z0-9./+]{16,}={0,2}"
)
#: Prefilter hints of :func:`find_password_hashes`.
HASH_HINTS = (
    "$1$", "$2", "$5$", "$6$", "$7$", "$y$", "$gy$", "$apr1$", "$md5$", "$sha1$", "$argon2", "$scrypt$",
    "$pbkdf2", "$bcrypt",
)  # fmt: skip


def find_password_hashes(text: str) -> Iterator[tuple[int, int]]:
    """Modular-crypt password hashes after ``user:`` (``root:$6$salt$…``, ``admin:$$apr1$$…``),
    whole. A hash under a name that says so (``password_hash = '$2b$…'``) is code's data and is
    kept, as the assignment rules decide."""
    for m in _CRYPT.finditer(text):
        yield m.span()


#: A ``user:password`` line as ``chpasswd`` reads it (an item of cloud-init's ``chpasswd:
#: list: |`` or a here-document); and ``echo 'user:password' | chpasswd``.
_CHPASSWD_LINE = lazy_compile(
    r"[ \t]*(?:-[ \t]+)?['\"]?[a-z_][a-z0-9_.-]{0,31}:(?P<v>[^\s:'\"]{4,128})['\"]?[ \t]*$"
)
_CHPASSWD_ECHO = lazy_compile(
    r"\becho[ \t]+(?:-e[ \t]+)?['\"]?[a-z_][a-z0-9_.-]{0,31}:(?P<v>[^\s:'\"|]{4,128})['\"]?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd\b"
)
#: Lines that may sit between ``chpasswd`` and its ``user:password`` lines (cloud-init's
#: ``list: |``, ``users:``; a here-document's opening is on the ``chpasswd`` line itself).
_CHPASSWD_SCAN_LINES = 8
#: Prefilter hints of :func:`find_chpasswd`.
CHPASSWD_HINTS = ("chpasswd",)


def find_chpasswd(text: str) -> Iterator[tuple[int, int]]:
    """Passwords in ``user:password`` lines given to ``chpasswd``: the lines after one that names
    it (cloud-init's ``chpasswd:`` block, ``chpasswd <<EOF``), and ``echo 'u:p' | chpasswd``."""
    for m in stem_matches(_CHPASSWD_ECHO, text, ("echo",)):
        if _chpasswd_value(m.group("v")):
            yield m.span("v")
    at = text.find("chpasswd")
    while at >= 0:
        line_end = text.find("\n", at)
        pos, seen = line_end + 1, 0
        while line_end >= 0 and seen < _CHPASSWD_SCAN_LINES:
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = _CHPASSWD_LINE.match(text, pos, end)
            if line is not None and _chpasswd_value(line.group("v")):
                yield line.span("v")
            elif line is None and text[pos:end].strip() not in ("list: |", "list: |-", "users:", "") and seen:
                break  # the block is over
            seen += 1
            if end >= len(text):
                break
            pos = end + 1
        at = text.find("chpasswd", max(at + 8, line_end if line_end >= 0 else len(text)))


def _chpasswd_value(value: str) -> bool:
    """A password given to ``chpasswd`` (not ``RANDOM``, a reference or a placeholder); a hash
    (``-e``) is masked by :func:`find_password_hashes` too."""
    return value != "RANDOM" and not value.startswith("$") and not is_placeholder(value)


#: A secret store's command that sets a value: Azure Key Vault, AWS SSM / Secrets Manager,
#: GitHub and GitLab CLIs, Google Secret Manager, Vault, Doppler, Heroku-style ``set``.
_STORE_COMMAND = lazy_compile(
    r"(?i)\b(?:secret[ \t]+set|put-parameter|create-secret|put-secret-value|update-secret|"
    r"secrets[ \t]+set|variable[ \t]+set|kv[ \t]+put)\b"
)
_NAME_FLAG = lazy_compile(r"(?:--name|--key|-n)[ \t=]+['\"]?(?P<name>[\w./:-]{1,120})")
_VALUE_FLAG = lazy_compile(
    r"(?:--value|--secret-string|--body|-b)(?:[ \t]+|=)(?:(?P<q>['\"])(?P<qv>[^'\"\n]{1,512})(?P=q)|(?P<v>[^\s'\"]{1,512}))"
)
#: Prefilter hints of :func:`find_store_values`.
STORE_HINTS = ("--value", "--secret-string", "--body", " -b ")


def find_store_values(text: str) -> Iterator[tuple[int, int]]:
    """The value a secret store's command sets (``--value``/``--secret-string``/``--body``) on a
    line that runs such a command or names a secret (``--name sql-admin-password``)."""
    for m in _VALUE_FLAG.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start : len(text) if line_end < 0 else line_end]
        quoted = m.group("qv") is not None
        value = m.group("qv") if quoted else m.group("v")
        names = [n.group("name") for n in _NAME_FLAG.finditer(line)]
        named = {name_strength(n.replace("-", "_").rsplit("/", 1)[-1]) for n in names}
        strength = "strong" if "strong" in named else "weak" if "weak" in named else ""
        if _STORE_COMMAND.search(line) and not strength:
            strength = "strong"  # a secret store holds secrets, whatever the entry is called
        if not strength or value.startswith("$") or value.startswith("@") or is_placeholder(value):
            continue  # no secret named; a reference (``$VAR``); a file (``@secret.txt``)
        if plausible_value(value, strength, quoted=quoted) or password_like(value, strict=False):
            yield m.span("qv" if quoted else "v")


#: ``://`` in base64, at each of its three alignments (only the characters it alone decides).
_ENCODED_SCHEME = ("Oi8v", "ovL", "6Ly")
#: Prefilter hints of :func:`find_encoded_urls` (case-folded).
ENCODED_URL_HINTS = tuple(h.casefold() for h in _ENCODED_SCHEME)
_B64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-=")
_URL_WITH_PASSWORD = lazy_compile(URL_CREDS)
_PRINTABLE = lazy_compile(rb"^[\x20-\x7e]+$")


def find_encoded_urls(text: str) -> Iterator[tuple[int, int]]:
    """A base64 value that decodes to a URL with a password in it (a Kubernetes Secret's
    ``DATABASE_URL: cG9zdGdyZXM6Ly9…``), masked whole."""
    seen_end = -1
    for hint in _ENCODED_SCHEME:
        at = text.find(hint)
        while at >= 0:
            start, end = at, at + len(hint)
            while start > 0 and text[start - 1] in _B64_CHARS:
                start -= 1
            while end < len(text) and text[end] in _B64_CHARS:
                end += 1
            if end != seen_end and end - start >= 16 and _decodes_to_url_password(text[start:end]):
                seen_end = end
                yield start, end
            at = text.find(hint, end)


def _decodes_to_url_password(value: str) -> bool:
    core = value.rstrip("=").replace("-", "+").replace("_", "/")
    try:
        raw = base64.b64decode(core + "=" * (-len(core) % 4))
    except (binascii.Error, ValueError):
        return False
    if not _PRINTABLE.match(raw):
        return False
    m = _URL_WITH_PASSWORD.search(raw.decode("ascii"))
    return m is not None and not is_placeholder(m.group("v"))


#: A command that hashes or obscures the password it is given as an argument: ``rclone
#: obscure``, ``openssl passwd [-6]``, ``mkpasswd [-m sha-512]``, ``caddy hash-password
#: --plaintext``, ``htpasswd -nb user`` / ``-b file user``, ``doveadm pw -p``, ``wpa_passphrase
#: <ssid>`` (which prints the derived PSK in a ``network={…}`` block).
_HASH_COMMAND = lazy_compile(
    r"\b(?:rclone[ \t]+obscure|openssl[ \t]+passwd(?:[ \t]+-(?:1|5|6|apr1|crypt|stdin))*|"
    r"mkpasswd(?:[ \t]+(?:-m|--method)[ \t=]+\S+|[ \t]+-s)*|caddy[ \t]+hash-password(?:[ \t]+--plaintext)?|"
    r"htpasswd[ \t]+-[a-zA-Z]*b[a-zA-Z]*(?:[ \t]+[^\s'\";|&]+){1,2}|doveadm[ \t]+pw(?:[ \t]+-s[ \t]+\S+)?[ \t]+-p|"
    r"wpa_passphrase[ \t]+(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\";|&]+))"
    r"[ \t]+(?:(?P<q>['\"])(?P<qv>[^'\"\n]{4,128})(?P=q)|(?P<v>[^\s'\";|&]{4,128}))"
)
#: Prefilter hints of :func:`find_hashed_passwords`.
HASH_COMMAND_HINTS = ("rclone", "openssl", "mkpasswd", "caddy", "htpasswd", "doveadm", "wpa_passphrase")
#: The output of such a command: one token alone on its line (a hash, an obscured password).
_OUTPUT_LINE = lazy_compile(r"[ \t]*(?P<v>[^\s'\"`]{16,512})[ \t]*(?:\n|$)")
_OUTPUT_LINES = 4


def find_hashed_passwords(text: str) -> Iterator[tuple[int, int]]:
    """The password a hashing command is given (``rclone obscure "…"``, ``openssl passwd -6 …``)
    and what it prints on the lines right after it: the hash or the obscured password (rclone's
    is reversible), which stands for the password."""
    last_line = -1
    for m in stem_matches(_HASH_COMMAND, text, HASH_COMMAND_HINTS):
        value, group = (m.group("qv"), "qv") if m.group("qv") is not None else (m.group("v"), "v")
        if value.startswith("$") or value.startswith("-") or is_placeholder(value):
            continue
        yield m.span(group)
        line_end = text.find("\n", m.end())
        if line_end < 0 or line_end == last_line:
            continue
        last_line = line_end
        pos = line_end + 1
        for _ in range(_OUTPUT_LINES):
            out = _OUTPUT_LINE.match(text, pos)
            if out is None or is_placeholder(out.group("v")):
                break
            yield out.span("v")
            pos = out.end()


#: ``printf 'NAME=%s\n' 'value' > .env``: a format whose ``%s`` fields are named, then the
#: arguments that fill them, in order.
_PRINTF = lazy_compile(
    r"\bprintf[ \t]+(?P<fq>['\"])(?P<fmt>[^'\"\n]{1,300})(?P=fq)"
    r"(?P<args>(?:[ \t]+(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\";|&<>]+))+)"
)
_FIELD = lazy_compile(r"(?:(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)[ \t]*[=:][ \t]*)?%[-0-9.]*[sdq]")
_ARG = lazy_compile(r"'(?P<sq>[^'\n]*)'|\"(?P<dq>[^\"\n]*)\"|(?P<bare>[^\s'\";|&<>]+)")
#: Prefilter hints of :func:`find_printf_values`.
PRINTF_HINTS = ("printf",)


#: Where a ``printf`` writes: ``> config/master.key``.
_REDIRECT = lazy_compile(r"[ \t]*>>?[ \t]*['\"]?(?:[^\s'\";|&]*/)?(?P<file>[^\s/'\";|&]+)")


def find_printf_values(text: str) -> Iterator[tuple[int, int]]:
    """The argument that fills a ``%s`` named as a secret in a ``printf`` format
    (``printf 'CF_API_TOKEN=%s\\n' '…' > .env``), or the single field of a format written to a
    file named as one (``printf '%s' '…' > config/master.key``)."""
    for m in stem_matches(_PRINTF, text, PRINTF_HINTS):
        names = [f.group("name") or "" for f in _FIELD.finditer(m.group("fmt"))]
        if names == [""] and (target := _REDIRECT.match(text, m.end())) is not None:
            names = [target.group("file").strip(".")]
        args = list(_ARG.finditer(text, m.start("args"), m.end("args")))
        for name, arg in zip(names, args, strict=False):
            strength = name_strength(name) if name else None
            if strength is None:
                continue
            group = "sq" if arg.group("sq") is not None else "dq" if arg.group("dq") is not None else "bare"
            value = arg.group(group)
            if value.startswith("$") or is_placeholder(value):
                continue
            if plausible_value(value, strength, quoted=group != "bare"):
                yield arg.span(group)


#: A line of PostgreSQL's password file (``~/.pgpass``): ``host:port:database:user:password``,
#: the port a number or ``*`` (a ``:`` inside a field is written ``\:``).
_PGPASS_LINE = lazy_compile(
    r"^[ \t]*(?:[A-Za-z0-9*][\w.*-]*|\[[0-9A-Fa-f:]+\]):(?:\d{1,5}|\*):(?:\\:|[^\s:])+:"
    r"(?P<user>(?:\\:|[^\s:])+):(?P<v>(?:\\:|[^\s:])+)[ \t]*\r?$",
    re.MULTILINE,
)
#: Prefilter hints of :func:`find_pgpass`: the file's name, or a line for PostgreSQL's port or
#: any port (``:*:``).
PGPASS_HINTS = ("pgpass", ":5432:", ":*:")


def find_pgpass(text: str) -> Iterator[tuple[int, int]]:
    """Passwords of ``.pgpass`` lines: every such line of a text that names the file, else the
    lines for PostgreSQL's port or any port. A password equal to its user name
    (``postgres:postgres``) is a local default and is kept, as is a placeholder."""
    named = "pgpass" in text.lower()
    for m in _PGPASS_LINE.finditer(text):
        if not named and ":5432:" not in m.group(0) and ":*:" not in m.group(0):
            continue
        value = m.group("v")
        if value != m.group("user") and not is_placeholder(value):
            yield m.span("v")
