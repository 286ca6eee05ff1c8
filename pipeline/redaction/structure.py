"""Structure detectors: key blocks, URLs with credentials, connection strings, headers, cookies,
and assignments under secret-ish names in config and code."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from memscribe.redaction.base import _hint_lines
from memscribe.redaction.values import (
    _DIGIT,
    _MAX_VALUE_LEN,
    _SPACE,
    HIGH_ENTROPY_BITS,
    WEAK_NAME_BITS,
    _char_classes,
    _looks_random,
    _password_like,
    is_placeholder,
    shannon_entropy,
)

# PEM / OpenSSH / PGP private key blocks, raw or JSON-escaped (``\n``). A block cut off before
# its END line is masked through the end of its base64 body.
_PRIVATE_KEY = (
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.{16,16384}?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
    r"|(?:(?:\s|\\[nr])+[A-Za-z0-9+/=]{20,}(?![A-Za-z0-9+/=]))*)"
)

_URL_CREDS = (
    r"\b[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:@/'\"<>]{0,256}:(?P<v>[^\s/'\"<>]{1,256})@"
    r"[A-Za-z0-9\[][^\s/'\"<>@]{0,256}"
)
_CONN_PASSWORD = r"(?i)(?:^|[;\"'\s])(?:password|pwd)\s*=\s*(?P<v>[^;'\"\n]{1,256}?)\s*(?=;)"
_CURL_USER = r"(?:^|\s)(?:-u|--user)\s+['\"]?[^\s:'\"]*['\"]?:['\"]?(?P<v>[^\s'\"]+)"
_AUTH_HEADER = (
    r"(?i)\b(?:proxy-)?authorization\s*[:=]\s*['\"]?(?:(?:bearer|basic|token|digest|bot|apikey)\s+"
    r"(?P<v>[A-Za-z0-9._~+/=:-]+)|(?P<bare>[^\s'\"]{12,}))"
)
_KEY_HEADER = (
    r"(?i)\b(?:x-api-key|x-auth-token|x-access-token|api-key|apikey|private-token|x-goog-api-key|"
    r"x-functions-key|ocp-apim-subscription-key)\s*:\s*['\"]?(?P<v>[^\s'\",;]+)"
)
_KEY_HEADER_HINTS = ("api-key", "apikey", "-token", "-key")
_AZURE_STORAGE = r"(?i)\bAccountKey\s*=\s*(?P<v>[A-Za-z0-9+/]{40,}={0,2})"
_AWS_SECRET = (
    r"(?i)aws_?secret_?(?:access_?)?key['\"]?\s*(?:=|:|=>)\s*['\"]?(?P<v>[A-Za-z0-9/+=]{40})"
    r"(?![A-Za-z0-9/+=])"
)

_COOKIE_LINE = re.compile(r"(?i)\b(?:set-)?cookie\s*:\s*(?P<body>[^\n\"']*)")
_COOKIE_PAIR = re.compile(r"(?:^|[;\s])(?P<name>[A-Za-z0-9_.\-]+)=(?P<v>[^;\s]+)")
_SESSIONISH = re.compile(r"(?i)sess|sid|token|auth|jwt|csrf|xsrf|remember|login|key|secret")


def _find_cookies(text: str) -> Iterator[tuple[int, int]]:
    if "cookie" not in text.lower():
        return
    for line in _COOKIE_LINE.finditer(text):
        base = line.start("body")
        for pair in _COOKIE_PAIR.finditer(line.group("body")):
            value = pair.group("v")
            if _SESSIONISH.search(pair.group("name")) and len(value) >= 8 and not is_placeholder(value):
                yield base + pair.start("v"), base + pair.end("v")


# --- assignments with secret-ish names: NAME=value, "name": "value", name: value, --name value

_STRONG_WORDS = frozenset(
    {
        "password", "passwd", "pwd", "pass", "passphrase", "secret", "secrets", "token", "tokens",
        "pat", "credential", "credentials", "apikey", "auth", "cred", "creds",
    }
)  # fmt: skip
_STRONG_PAIRS = frozenset(
    {
        ("api", "key"), ("access", "key"), ("private", "key"), ("secret", "key"),
        ("signing", "key"), ("encryption", "key"), ("master", "key"), ("account", "key"),
        ("app", "key"), ("auth", "key"), ("client", "secret"), ("license", "key"),
        ("subscription", "key"), ("webhook", "secret"),
    }
)  # fmt: skip
#: Trailing name parts that still denote the secret itself (``SECRET_VALUE``, ``token_b64``).
_VALUE_SUFFIXES = frozenset("value values str string b64 base64 hex raw plain plaintext bytes".split())
#: Name parts that make the value something *about* a secret, not a secret.
_DENY_ANY = frozenset("hash hashed public pub publishable fingerprint digest".split())
_RESERVED_VALUES = frozenset({"none", "null", "nil", "true", "false", "undefined", "yes", "no"})


def _name_parts(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name.strip("'\"`"))
    return [p for p in re.split(r"[_.\-]+", spaced.lower()) if p]


@functools.lru_cache(maxsize=4096)
def name_strength(name: str) -> str | None:
    """``"strong"`` / ``"weak"`` / ``None`` for a variable or key name.

    The secret word must end the name (after dropping a trailing ``_value``/``_b64``-style
    part): strong names (``DB_PASSWORD``, ``apiKey``, ``client_secret``, ``gh_pat``) mask any
    non-placeholder value; weak ones (``STRIPE_KEY``, ``AccountKey``) only a random-looking
    value. ``token_count``, ``password_hash``, ``aws_access_key_id``, ``PrivateKeyDetector``
    and ``hashed_secret`` are not secret names.
    """
    parts = _name_parts(name)
    while parts and (parts[-1] in _VALUE_SUFFIXES or parts[-1].isdigit()):
        parts.pop()
    if not parts or any(p in _DENY_ANY for p in parts):
        return None
    if parts[-1] in _STRONG_WORDS or tuple(parts[-2:]) in _STRONG_PAIRS:
        return "strong"
    if parts[-1].endswith("key"):
        return "weak"
    return None


_ASSIGN = re.compile(
    r"(?:(?<=\\[nrt])|(?<![A-Za-z0-9_.\-]))"
    r"(?:(?P<lead>--)(?P<flag>[A-Za-z][A-Za-z0-9\-]*)(?:=|[ ]+)|"
    r"(?P<name>[A-Za-z_][A-Za-z0-9_.\-]*)['\"]?[ \t]*(?::=|=>|[:=])[ \t]*)"
    # the value sits in a lookahead so a skipped match does not swallow the next assignment
    r"(?:!!?[A-Za-z]+[ ]+)?"  # YAML tag such as ``!!binary``
    r"(?=(?P<q>\\?['\"`])(?P<qv>[^'\"`\n]{0,512}?)(?P=q)|(?P<uv>[^\s'\"`,;)}\]\\]{1,512}))"
)
_MORE_QUOTED = re.compile(r"[ \t]*,[ \t]*(?P<q>['\"])(?P<v>[^'\"\n]*)(?P=q)(?!\s*:)")
_DOTTED_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)+$")
_IDENT = re.compile(r"^[A-Za-z_]+$")


def _plausible_value(value: str, strength: str, *, quoted: bool) -> bool:
    v = value.strip()
    if not 4 <= len(v) <= _MAX_VALUE_LEN or v.lower() in _RESERVED_VALUES or "[REDACTED" in v:
        return False
    if strength == "weak":
        return bool(_looks_random(v, min_len=16, bits=WEAK_NAME_BITS))
    if len(v) < 6 or _SPACE.search(v):
        return False
    if not quoted and not _password_like(v, strict=False):
        # unquoted: code references (``os.environ``, ``args.token``, ``get_pw(``) are not values;
        # a value needs a digit, or must look like random mixed-case letters
        if "(" in v or _DOTTED_IDENT.match(v) or _IDENT.match(v):
            return False
        if not _DIGIT.search(v) and not (_char_classes(v) >= 2 and shannon_entropy(v) >= HIGH_ENTROPY_BITS):
            return False
    return not is_placeholder(v)


#: Every secret-ish name (see :func:`name_strength`) contains one of these.
_NAME_HINTS = ("pass", "pwd", "secret", "token", "pat", "cred", "auth", "key")


def _find_assignments(text: str) -> Iterator[tuple[int, int]]:
    windows = _hint_lines(text.lower(), _NAME_HINTS)
    for m in (m for ws, we in windows for m in _ASSIGN.finditer(text, ws, we)):
        name = m.group("name") or m.group("flag")
        strength = name_strength(name)
        if strength is None:
            continue
        group = "qv" if m.group("q") is not None else "uv"
        start, end = m.span(group)
        value = text[start:end]
        if group == "uv" and start > 0 and text[m.start() - 1 : m.start()] in ("?", "&") and "&" in value:
            # URL query string: the value ends at the next parameter
            end = start + value.index("&")
            value = text[start:end]
        if _plausible_value(value, strength, quoted=group == "qv"):
            yield start, end
        if group == "qv":
            # a tuple / list of quoted values under one name: ``SECRETS = 'a', 'b'``
            pos = m.end("q") + len(value) + len(m.group("q"))
            while (more := _MORE_QUOTED.match(text, pos)) is not None:
                if _plausible_value(more.group("v"), strength, quoted=True):
                    yield more.span("v")
                pos = more.end()
