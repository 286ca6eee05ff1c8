"""Benign shapes: values that look random but are public by design or name something (record
keys and cursors, digests, versions, paths, code references, ARNs, SSH public keys, base64 of
public text)."""

from __future__ import annotations

import base64
import binascii
import re

from memscribe.lazyre import lazy_compile
from memscribe.redaction.placeholders import memo_per_scan

UUID = lazy_compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def is_uuid(value: str) -> bool:
    """``UUID.match(value)``: a value of 36 characters (37 with a final line break, which ``$``
    lets stand) with a hyphen after its first eight, the pattern asked only then (most values
    asked are of another length: no match to try)."""
    return len(value) in (36, 37) and value[8] == "-" and UUID.match(value) is not None


#: Dotted lower-case names (hosts, packages, config keys): ``dev-lb1.api.example.com``.
_DOTTED_NAME = lazy_compile(r"^[a-z0-9_-]+(?:\.[a-z0-9_-]+)+(?::\d+)?$")


_VOWELS = frozenset("aeiouyAEIOUY")


_CLUSTER = lazy_compile(r"[^aeiouyAEIOUY]{4}")


def pronounceable(word: str) -> bool:
    return sum(c in _VOWELS for c in word) >= 0.25 * len(word) and not _CLUSTER.search(word)


#: The word before ``key`` in names of keys that name a record (a cache entry, a partition, a
#: sort order, a request for deduplication or tracing) or that web pages publish (a CAPTCHA
#: ``site_key``): ``cache_key``, ``Idempotency-Key``. Their value is an identifier or a digest,
#: not a credential, whatever its shape.
RECORD_KEY_WORDS = frozenset(
    "idempotency cache partition foreign sort row range lookup dedup dedupe correlation trace site".split()
)


#: The word before ``token`` in names of tokens that mark a place in a listing or a sync (AWS
#: ``NextToken``, Google ``nextPageToken``, ``syncToken``, ``--starting-token``) or cancel a
#: task (``CancellationToken``): a cursor the service hands to anyone who lists, not a credential.
RECORD_TOKEN_WORDS = frozenset(
    "page continuation pagination sync starting next previous prev resume cancellation".split()
)


#: Content hashes that name their algorithm (lockfile integrity, go.sum, image digests), data
#: URIs, and version strings: random-looking, but public by design.
_BENIGN_SHAPE = lazy_compile(
    r"^(?:(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?|h1|sri)[-:]|data:[\w/+.-]+;base64,|(?:[\^~]|[<>]=?)?v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$|"
    r"-----BEGIN (?:(?:RSA |EC |DSA |SSH2 )?PUBLIC KEY|CERTIFICATE|PGP PUBLIC KEY BLOCK)-----)",
    re.IGNORECASE,
)


#: A version, or a package manager's version range (``4.24.5``, ``^9.0.2``, ``~> 2.1``,
#: ``>=1.2.0``, ``2.15.0-beta.3``): what a dependency's name is set to (``"next-auth": "^4.24.5"``).
_VERSION = lazy_compile(r"^(?:[\^~=]|[<>]=?|~>)?[ \t]*v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$")


def is_version(value: str) -> bool:
    """True when ``value`` is a version or a version range (:data:`_VERSION`); every one holds a
    dot (the pattern asked only then)."""
    return "." in value and _VERSION.match(value) is not None


#: A file path: from the home folder, the working folder or its parent, or the root into a
#: lower-case folder (``~/.ssh/id_ed25519``, ``./certs/key.pem``, ``/run/secrets/db_password``),
#: or from a drive (``C:\\Users\\me\\key.pem``).
_PATH = lazy_compile(
    r"^(?:(?:~|\.\.?)/|/[a-z][a-z0-9_.-]*/|[A-Za-z]:\\{1,2}[A-Za-z])[\w.@~-]*(?:[/\\]{1,2}[\w.@~-]+)*[/\\]?$"
)


#: One hump of an identifier: an upper-case run (``API``) or a letter run that only opens in
#: upper case (``process``, ``Key``).
_HUMP = lazy_compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")


#: A code reference: dotted names (``process.env.API_KEY``, ``config.apiKey``), or a name
#: subscripted, made optional or generic (``api_keys[0]``, ``environment["TOKEN"]``,
#: ``String?``, ``Optional[SecretStr]``).
_DOTTED_NAMES = lazy_compile(r"^[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][A-Za-z_$]*)+$")


_NAME_APPLIED = lazy_compile(
    r"^(?:[A-Za-z_$][A-Za-z_$.]*(?:\[[^\]\s]*\]?|<[\w.,<> ]*>?)|[A-Z][a-z]+(?:[A-Z][a-z]+)*\?)$"
)


#: Where the token holding a position starts: after a blank, a quote, ``=`` or ``(``.
_TOKEN_OPENERS = " \t\n'\"`=(,["


def inside_arn(text: str, pos: int) -> bool:
    """True when ``pos`` falls inside an AWS ARN (``arn:aws:secretsmanager:…:secret:db/x``): its
    fields (``secret:``, ``parameter/``) name a resource, whose name is no credential."""
    if pos < 4 or text[pos - 1] not in ":/":
        return False
    start = pos - 1
    while start > 0 and text[start - 1] not in _TOKEN_OPENERS and pos - start < 160:
        start -= 1
    return text.startswith("arn:", start)


def is_benign_path(value: str) -> bool:
    """True when ``value`` is a file path (:data:`_PATH`): where a key is kept, not the key. Every
    one holds a slash or a backslash (the pattern asked only then)."""
    return ("/" in value or "\\" in value) and _PATH.match(value) is not None


def applied_name(value: str) -> bool:
    """A name subscripted, made generic or (a type) optional: ``api_keys[0``,
    ``environment["TOKEN"`` (cut at the quote), ``Optional[SecretStr``, ``List<String>``,
    ``String?``. Every match holds ``[``, ``<`` or ``?`` (the pattern asked only then)."""
    return ("[" in value or "<" in value or "?" in value) and _NAME_APPLIED.match(value) is not None


def dotted_names(value: str) -> bool:
    """Dotted names made of word humps, without digits (``process.env.API_KEY``,
    ``config.apiKey``, ``ProcessInfo.processInfo``): a random token of that length almost
    always holds a digit, and its humps are short and unpronounceable."""
    if "." not in value or not _DOTTED_NAMES.match(value):
        return False  # (every match holds a dot: the pattern asked only then)
    humps = _HUMP.findall(value)
    return all(len(h) >= 3 or h.isupper() for h in humps) and all(
        h.isupper() or pronounceable(h) for h in humps if len(h) >= 4
    )


@memo_per_scan
def is_benign_shape(value: str) -> bool:
    """True for random-looking values that are public by design: UUIDs, algorithm-prefixed
    content hashes (``sha512-…``, ``h1:…``, ``sha256:…``), base64 data URIs, versions, PEM
    public keys and certificates, OpenSSH public keys."""
    return bool(
        is_uuid(value) or _BENIGN_SHAPE.match(value) or _DOTTED_NAME.match(value) or ssh_public_key(value)
    )


_SSH_KEY_TYPES = ("ssh-", "ecdsa-", "sk-")


_SSH_KEY_TYPES_B = tuple(t.encode() for t in _SSH_KEY_TYPES)


def ssh_public_key(value: str) -> bool:
    """True when ``value`` is the base64 body of an OpenSSH public key (``AAAAC3NzaC1lZDI1NTE5…``
    after ``ssh-ed25519``): its bytes open with the length and name of the key type. A private
    key's body opens with ``openssh-key-v1`` instead. The whole line (``ssh-rsa AAAA… me@host``)
    counts too."""
    if value.startswith(_SSH_KEY_TYPES) and " " in value:
        value = value.split(" ", 2)[1]
    if not value.startswith("AAAA") or len(value) < 24:
        return False
    try:
        head = base64.b64decode(value[:24])
    except (binascii.Error, ValueError):
        return False
    return head[:3] == b"\0\0\0" and 7 <= head[3] <= 64 and head[4:].startswith(_SSH_KEY_TYPES_B)


#: A base64 or base64url run (padding optional): what :func:`encodes_public_text` decodes.
_BASE64 = lazy_compile(r"^[A-Za-z0-9+/_-]{16,512}={0,2}$")


#: The base64 digits worth 0-31: the first of each group of four when the first byte is ASCII.
_ASCII_LEAD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"


_NOT_PRINTABLE = lazy_compile(rb"[^\x20-\x7e]")


#: A URL without credentials in it.
PLAIN_URL = lazy_compile(r"^[a-z][a-z0-9+.-]*://[^\s@/]+(?:/\S*)?$", re.IGNORECASE)


def encodes_public_text(value: str) -> bool:
    """True when ``value`` is base64 (or base64url) of printable text that is itself public by
    design: a host or dotted name, a URL without credentials, a UUID, a version, a named
    content hash (``YmVkcm9jay5hbWF6b25hd3MuY29t`` is ``bedrock.amazonaws.com``). Random bytes
    decode to printable ASCII with odds of about (95/256) per byte, so a random token of 16 or
    more characters practically never passes; credentials that are encoded text (``user:pass``
    for Basic auth) are not of these shapes."""
    if not _BASE64.match(value):
        return False
    core = value.rstrip("=")
    if core[::4].strip(_ASCII_LEAD):
        return False  # each group of four starts a byte under 0x80 when the text is ASCII
    try:
        raw = base64.b64decode(core.replace("-", "+").replace("_", "/") + "=" * (-len(core) % 4))
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 8 or _NOT_PRINTABLE.search(raw):
        return False
    text = raw.decode("ascii")
    return is_benign_shape(text) or bool(PLAIN_URL.match(text))
