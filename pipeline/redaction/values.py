"""The value decision: placeholders, entropy and character classes, password shapes."""

from __future__ import annotations

import base64
import binascii
import functools
import math
import re
from collections import Counter
from collections.abc import Callable
from typing import TypeVar, cast

from memscribe.lazyre import lazy_compile

# --------------------------------------------------------------------------- placeholders

_KNOWN_EXAMPLES = frozenset(
    {
        "AKIAIOSFODNN7EXAMPLE",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "AKIATESTTESTTESTTEST",
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        # jwt.io's documented example token (signature part)
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        # the TOTP secret of Google Authenticator's Key URI Format example (otpauth://…?secret=…)
        "JBSWY3DPEHPK3PXP",
        # the Azure Storage emulator's (Azurite's) published account key, the same for everyone
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    }
)
_PLACEHOLDER_VALUES = frozenset(
    "password passwd pass secret token apikey api_key api-key username user admin key value test".split()
    # type names: a declaration's type, not its value (``apiKey: string``, ``token: String?``)
    + "string str int integer bool boolean number any object bytes char".split()
    # the documented defaults of database and broker images (PostgreSQL's ``postgres``, MySQL's
    # ``root``, RabbitMQ's ``guest``, MinIO's ``minioadmin``): a local default, not a secret
    + "postgres root guest minioadmin".split()
    # an authentication scheme chosen by name (``auth: "oauth2"``), not a credential
    + "basic bearer digest oauth oauth1 oauth2 ntlm kerberos negotiate saml oidc hmac".split()
)
#: What a tool prints in brackets where it hides a value (Terraform's ``(sensitive)``).
_HIDDEN = frozenset("hidden sensitive masked removed omitted filtered secret".split())
_PLACEHOLDER_WORDS_LOWER = (
    r"your|example|changeme|change_me|change-me|placeholder|dummy|redacted|replace|\*\*\*|"
    r"\.\.\.|…|####|<(?:%|[^<>!#$%&*+;=?\[\]^`{}~\\\n]*>)|\bnull\b|\bnone\b|insert|todo|(?:secret|key|token|password)[_-]?here|"
    r"\{\{|\}\}|\$\{|\$\((?:\(|[a-z_][\w.-]*[\s)])"
)
#: Words and marks of a placeholder, case-insensitive, and ``xxxx`` / ``XXXX`` as written.
_PLACEHOLDER_WORDS = lazy_compile(_PLACEHOLDER_WORDS_LOWER + r"|(?-i:x{4}|X{4})", re.IGNORECASE)
#: The same for an ASCII value's lower-case copy (``re`` scans far faster without IGNORECASE;
#: for ASCII the two agree): :func:`is_placeholder` looks for ``xxxx``/``XXXX`` in the value.
_PLACEHOLDER_WORDS_LOW = lazy_compile(_PLACEHOLDER_WORDS_LOWER)
#: Every match of :data:`_PLACEHOLDER_WORDS_LOW` holds one of these: a value with none is not
#: scanned (the regex tries its ~25 branches at every character; a few substring searches are
#: far cheaper, and most values hold none).
_PLACEHOLDER_PIECES = (
    "your", "example", "change", "placeholder", "dummy", "redacted", "replace", "***", "...", "…",
    "####", "<", "null", "none", "insert", "todo", "here", "{{", "}}", "${", "$(",
)  # fmt: skip
#: Any of :data:`_PLACEHOLDER_PIECES`, as one search (one pass in C instead of a loop over them).
_ANY_PIECE = lazy_compile("|".join(re.escape(p) for p in _PLACEHOLDER_PIECES))
#: The shortest of :data:`_KNOWN_EXAMPLES`: a shorter value holds none of them.
_KNOWN_EXAMPLE_MIN = min(map(len, _KNOWN_EXAMPLES))
#: A slot filled in later, with its opening written as :func:`is_placeholder` looks for it first:
#: Ruby / CoffeeScript / Octopus interpolation (``#{ApiKey}``), a Python %-format field
#: (``%(api_key)s``), and a stand-in that says so as a word of its own (``mock_client_secret``,
#: ``fake-api-key``; not inside a random run such as ``12fake4``).
_SLOTS = (lazy_compile(r"#\{"), lazy_compile(r"%\(\w+\)[sdr]"))
#: A reference to where a secret is kept, resolved when the program runs: a secret store's
#: scheme (1Password ``op://``, ``vault:``, ``sm://``, ``env:``, ``file:``), Azure App Service's
#: ``@Microsoft.KeyVault(…)``, CloudFormation's ``{{resolve:…}}``, an Android resource
#: (``@string/api_key``), any AWS ARN; or a regular expression that says what a value must look
#: like (``^(?=.*[A-Z])(?=.*\d).{8,}$``, ``/^[A-Za-z0-9_-]{20,}$/``).
_REFERENCE = lazy_compile(
    r"(?:(?:op|sm|vault|gcpsm|awssm|azkv|akv|ssm|secretsmanager|keyvault|doppler|infisical|bws|env|file)"
    r":(?://)?[\w/.@$-]|@Microsoft\.KeyVault\b|@(?:string|env)[:/]|arn:aws[\w-]*:[\w-]+:|\{\{\s*resolve:|"
    r"/?\^.*(?:\[|\(\?|\\[dwsDWS]|\.[*+]|\{\d))",
    re.IGNORECASE,
)
#: Two or more format slots holding names or expressions (Python f-strings and ``str.format``,
#: C# interpolation), nothing between them but a few marks, no letter or digit: ``{header}.{payload}``.
_BRACE_SLOTS = lazy_compile(
    r"^[^{}\sA-Za-z0-9]{0,3}(?:\{[A-Za-z_][\w.()\[\]'\":,-]*\}[^{}\sA-Za-z0-9]{0,3}){2,}$"
)
_F_STRING_OPENERS = ('f"', "f'", 'F"', "F'", '$"')
_STAND_IN = lazy_compile(r"(?<![a-z0-9])(?:fake|mock|sample)(?![a-z0-9])", re.IGNORECASE)
_PROVIDER_PREFIX = lazy_compile(
    r"^(?:sk-ant-(?:api\d\d-)?|sk-proj-|sk-|sk_live_|rk_live_|sk_test_|gh[pousr]_|github_pat_|glpat-|"
    r"xox[baprse]-|hf_|npm_|pypi-|SG\.|AKIA|ASIA|AIzaSy|AIza|ATBB|dapi)"
)
_VAR_REF = lazy_compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$[A-Za-z_]\w*\{[\w.:/-]*\}?|\$\.?[A-Za-z_][\w.]*|%[A-Za-z_][A-Za-z0-9_]*%|\{\{.*\}\}|\$\(.*\)|"
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$"
)


_F = TypeVar("_F", bound=Callable[..., object])
#: ``cache_clear`` of each memoised value test (:func:`_memo`).
_MEMOS: list[Callable[[], None]] = []


def _memo(f: _F) -> _F:
    """Memoise a pure value test for the life of one scan: detectors ask about the same value
    several times (a token is a provider shape, an assignment's value and a prose token at
    once). :func:`forget_values` empties every memo when a scan ends, so no value is held."""
    cached = functools.lru_cache(maxsize=2048)(f)
    _MEMOS.append(cached.cache_clear)
    return cast(_F, cached)


def forget_values() -> None:
    """Empty the memos of the value tests (:func:`_memo`): called when each scan ends."""
    for clear in _MEMOS:
        clear()


@_memo
def is_placeholder(value: str) -> bool:
    """True for values that stand in for a secret rather than being one.

    Covers empty values, variable references (``$VAR``, ``${VAR}``, ``%VAR%``,
    ``{{ secrets.X }}``, a bare ``ENV_VAR_NAME``), angle-bracket slots (``<your-api-key>``),
    masks (``[REDACTED]``), filler (``xxxx``, ``****``, ``sk-...``), words such as ``changeme``
    / ``your_key_here`` / ``example``, and documented example keys (``AKIAIOSFODNN7EXAMPLE``).
    """
    v = value.strip().strip("'\"`")
    low = v.lower()
    if len(v) < 4 or low in _PLACEHOLDER_VALUES or v in _KNOWN_EXAMPLES or "redacted" in low:
        return True
    if len(v) >= _KNOWN_EXAMPLE_MIN and any(ex in v for ex in _KNOWN_EXAMPLES):
        return True
    if _VAR_REF.match(v):
        return True
    if (
        (
            "xxxx" in v
            or "XXXX" in v
            or (_ANY_PIECE.search(low) is not None and _PLACEHOLDER_WORDS_LOW.search(low))
        )
        if v.isascii()
        else _PLACEHOLDER_WORDS.search(v)
    ):
        return True
    if ("#{" in v or "%(" in v) and any(rx.search(v) for rx in _SLOTS):
        return True
    if "{" in v and _BRACE_SLOTS.match(v[2:].rstrip("'\"") if v[:2] in _F_STRING_OPENERS else v):
        return True  # ``f"{prefix}_{uuid4().hex}"``: a value built by the code, not written in it
    if (":" in v or v[0] in "@^/") and _REFERENCE.match(v):
        return True  # where the secret is kept (``op://vault/item/field``, an ARN), or a pattern
    if ("fake" in low or "mock" in low or "sample" in low) and _STAND_IN.search(v):
        return True
    bare = v.strip("<>[]{}()")
    if bare != v and (bare.lower() in _PLACEHOLDER_VALUES or bare.lower() in _HIDDEN or _VAR_REF.match(bare)):
        return True  # ``<password>``, ``[PASSWORD]``, ``{token}``; ``(sensitive)``, ``[hidden]``
    rest = _PROVIDER_PREFIX.sub("", v)
    if len(rest) < 4:
        return True
    return _filler(rest)


def _filler(rest: str) -> bool:
    """Repeated filler: one or two characters (``xxxxxxxx``, ``1111=``), or a short period
    repeated (``123123123123``, ``abcabcabcabc``)."""
    core = rest.lower().replace("-", "").replace("_", "").replace(".", "").replace("=", "")
    distinct = len(set(core))
    if distinct <= 2:
        return True
    if len(core) >= 16 and _periodic_tail_reaches(core, len(core) // 2):
        return True  # ``GR1348941`` followed by ``123123123…``
    if len(core) >= 12 and distinct <= len(core) // 3:
        for period in range(2, 5):
            if core == (core[:period] * (len(core) // period + 1))[: len(core)]:
                return True
        # long runs of one character make up most of it (``5555555dAAAAA7777777``)
        runs = sum(len(m.group(0)) for m in _RUN.finditer(core))
        if runs >= 0.6 * len(core):
            return True
    return False


def _periodic_tail_reaches(core: str, k: int) -> bool:
    """Whether the longest suffix of ``core`` that repeats with a period of 1 to 4 has at least
    ``k`` characters (``5 <= k <= len(core)``), by slices: a suffix of ``k``
    characters repeats with period ``p`` when it equals itself shifted by ``p``."""
    size = len(core)
    return any(core[size - k : size - p] == core[size - k + p :] for p in range(1, 5))


_RUN = lazy_compile(r"(.)\1{3,}")


# --------------------------------------------------------------------------- entropy

#: Tokens near a secret keyword are reported when at least this long ...
HIGH_ENTROPY_MIN_LEN = 20
#: ... with at least this much Shannon entropy (bits per character). Random base62 of 20
#: characters averages ~4.0; English words and identifiers sit well below 3.5.
HIGH_ENTROPY_BITS = 3.5
#: Values under a weak name (``*_KEY``) need this much entropy (and 16+ characters).
WEAK_NAME_BITS = 3.0


def shannon_entropy(s: str) -> float:
    """Shannon entropy of ``s`` in bits per character."""
    if not s:
        return 0.0
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


_LOWER, _UPPER, _DIGIT = lazy_compile("[a-z]"), lazy_compile("[A-Z]"), lazy_compile("[0-9]")
_SPACE = lazy_compile(r"\s")


def _char_classes(s: str) -> int:
    return sum(1 for rx in (_LOWER, _UPPER, _DIGIT) if rx.search(s))


#: Longer runs are data (base64 blobs), not credentials; PEM blocks have their own detector.
_MAX_VALUE_LEN = 512
_UUID = lazy_compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


#: Dotted lower-case names (hosts, packages, config keys): ``dev-lb1.api.example.com``.
_DOTTED_NAME = lazy_compile(r"^[a-z0-9_-]+(?:\.[a-z0-9_-]+)+(?::\d+)?$")
#: Runs of four or more letters shaped like words (``SalesResults``, ``requiredCharacteristic``).
_WORD_RUN = lazy_compile(r"[A-Z]?[a-z]{3,}")


@_memo
def wordy(value: str) -> bool:
    """True when most of ``value`` is pronounceable word-shaped runs (``SalesResults``,
    ``requiredCharacteristicTypes``): an identifier or a phrase, not random bytes. A run counts
    when a quarter of its letters are vowels and no four consonants meet, which random
    base62 rarely manages for long."""
    covered = sum(len(w) for w in _WORD_RUN.findall(value) if _pronounceable(w))
    covered += sum(len(d) for d in _NUMBER_PART.findall(value))  # ``-2024``, ``v1.2``: slugs, versions
    digit = _DIGIT.search(value) is not None if value.isascii() else any(c.isdigit() for c in value)
    return covered >= (0.75 if digit else 0.7) * len(value)


_VOWELS = frozenset("aeiouyAEIOUY")
#: A short number standing alone between separators.
_NUMBER_PART = lazy_compile(r"(?<![A-Za-z0-9])\d{1,4}(?![A-Za-z0-9])")
_CLUSTER = lazy_compile(r"[^aeiouyAEIOUY]{4}")


def _pronounceable(word: str) -> bool:
    return sum(c in _VOWELS for c in word) >= 0.25 * len(word) and not _CLUSTER.search(word)


@_memo
def sequential(value: str) -> bool:
    """True when most neighbouring characters are consecutive (``ABCDEF…``, ``0123456789``)."""
    if len(value) < 8 or not _five_in_a_row(value):
        return False
    steps = sum(1 for a, b in zip(value, value[1:], strict=False) if ord(b) - ord(a) == 1)
    return steps >= 0.85 * (len(value) - 1)


_ALPHABETS = ("0123456789", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: Five consecutive characters somewhere: the cheap precondition of :func:`sequential`.
_SEQ_RUN = lazy_compile("|".join(a[i : i + 5] for a in _ALPHABETS for i in range(len(a) - 4)))
#: Each ASCII byte to the next of its alphabet (:data:`_ALPHABETS`); any other, and the last of
#: each, to ``0x80``, which no ASCII text holds.
_NEXT_IN_ALPHABET = bytes(
    {ord(c): ord(n) for a in _ALPHABETS for c, n in zip(a, a[1:], strict=False)}.get(i, 0x80)
    for i in range(256)
)


def _five_in_a_row(value: str) -> bool:
    """Whether :data:`_SEQ_RUN` occurs in ``value``: for ASCII, four steps in a row from a
    character to the next of its alphabet, found without a loop in Python (where the regex tries
    its 65 runs at each character): each byte's next and the byte after it, XORed as two
    integers, give a zero byte where the step is one."""
    if not value.isascii():
        return _SEQ_RUN.search(value) is not None
    size = len(value) - 1
    if size < 4:
        return False
    raw = value.encode("ascii")
    expected = int.from_bytes(raw[:-1].translate(_NEXT_IN_ALPHABET), "big")
    return b"\0\0\0\0" in (expected ^ int.from_bytes(raw[1:], "big")).to_bytes(size, "big")


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
    """True when ``value`` is a version or a version range (:data:`_VERSION`)."""
    return _VERSION.match(value) is not None


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
    """True when ``value`` is a file path (:data:`_PATH`): where a key is kept, not the key."""
    return _PATH.match(value) is not None


def applied_name(value: str) -> bool:
    """A name subscripted, made generic or (a type) optional: ``api_keys[0``,
    ``environment["TOKEN"`` (cut at the quote), ``Optional[SecretStr``, ``List<String>``,
    ``String?``."""
    return _NAME_APPLIED.match(value) is not None


def dotted_names(value: str) -> bool:
    """Dotted names made of word humps, without digits (``process.env.API_KEY``,
    ``config.apiKey``, ``ProcessInfo.processInfo``): a random token of that length almost
    always holds a digit, and its humps are short and unpronounceable."""
    if not _DOTTED_NAMES.match(value):
        return False
    humps = _HUMP.findall(value)
    return all(len(h) >= 3 or h.isupper() for h in humps) and all(
        h.isupper() or _pronounceable(h) for h in humps if len(h) >= 4
    )


@_memo
def is_benign_shape(value: str) -> bool:
    """True for random-looking values that are public by design: UUIDs, algorithm-prefixed
    content hashes (``sha512-…``, ``h1:…``, ``sha256:…``), base64 data URIs, versions, PEM
    public keys and certificates, OpenSSH public keys."""
    return bool(
        _UUID.match(value) or _BENIGN_SHAPE.match(value) or _DOTTED_NAME.match(value) or ssh_public_key(value)
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
_PLAIN_URL = lazy_compile(r"^[a-z][a-z0-9+.-]*://[^\s@/]+(?:/\S*)?$", re.IGNORECASE)


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
    return is_benign_shape(text) or bool(_PLAIN_URL.match(text))


@_memo
def counting_share(value: str) -> float:
    """Share of the letters and digits of ``value`` that sit in counting runs of three or
    more (``abc``, ``123``, ``xyz``, case folded, up or down) or in a group repeated three
    times (``1234-1234-1234``). Typed-in sample tokens are built that way
    (``abc123xyz-456def``); a random token of 30 characters almost never has more than one
    short run."""
    n = len(value.replace("-", "").replace("_", "").replace(".", "").replace(":", "").replace("/", "")
            .replace("+", "").replace("=", "").replace(" ", ""))  # fmt: skip
    if n < 6:
        return 0.0
    low = value.lower()
    # each run of three found counts its characters; most values hold none (each three
    # characters of the value looked up in the set of runs)
    runs = _ANY_RUN.search(low) is not None
    if not runs:
        counted = 0
    elif value.isascii():  # case-folding an ASCII value is lower-casing it, character by character
        counted = 3 * len(_ANY_RUN.findall(low))
    else:
        counted = 3 * len(_RUN3.findall(value))
    if sum(map(value.count, "-_.:/ ")) >= 2:
        groups = [g for g in _NOT_ALNUM.split(low) if len(g) >= 3]
        for g in set(groups):
            if groups.count(g) >= 3:
                counted += len(g) * groups.count(g)
    return min(1.0, counted / n)


#: Every counting run of three, up and down (lower case): a cheap test before :data:`_RUN3`.
_RUNS = frozenset(
    run
    for a in ("0123456789", "abcdefghijklmnopqrstuvwxyz")
    for i in range(len(a) - 2)
    for run in (a[i : i + 3], a[i : i + 3][::-1])
)
#: Any of :data:`_RUNS`, as one search: an alternative per first character, each of its (one or
#: two) runs after it (``a(?:bc)``, ``c(?:de|ba)``), so ``re`` tries one branch a position rather
#: than every run: the same positions as looking each three characters up in the set.
_ANY_RUN = lazy_compile(
    "|".join(
        f"{first}(?:{'|'.join(sorted(run[1:] for run in _RUNS if run[0] == first))})"
        for first in sorted({run[0] for run in _RUNS})
    )
)
_NOT_ALNUM = lazy_compile(r"[^a-z0-9]+")
_RUN3 = lazy_compile(
    "|".join(
        a[i : i + 3] + "|" + a[i : i + 3][::-1]
        for a in ("0123456789", "abcdefghijklmnopqrstuvwxyz")
        for i in range(len(a) - 2)
    ),
    re.IGNORECASE,
)

#: At least this share in counting runs or repeated groups makes a token a typed-in sample.
COUNTING_SHARE_FAKE = 0.5


@_memo
def typed_sample(value: str) -> bool:
    """A value made mostly of counting runs and repeated groups, after any provider prefix
    (``sk-ant-api03-abc123xyz-456de-…``, ``dapi1234567890…``, ``AbCeFG123``), or hex digits in
    both cases (``acdeFf05b1a6…``)."""
    rest = _PROVIDER_PREFIX.sub("", value)
    if _HEX.match(rest) and len(_CASE_SWITCH.findall(rest)) >= 2:  # (two switches of case
        # between adjacent letters: :data:`_CASE_SWITCH`, defined below)
        return True  # hex from a generator is one case (after any ``AC``-style prefix); hex
        # whose letters switch case back and forth (``acdeFf05b1…``) was typed or edited
    return counting_share(rest) >= COUNTING_SHARE_FAKE


_HEX = lazy_compile(r"^[0-9a-fA-F]{16,}$")


@_memo
def not_a_secret(value: str) -> bool:
    """The value decision's veto for any detected span: a placeholder, a benign shape, an
    identifier made of words, an almost wholly sequential value (an alphabet string), a
    typed-in sample made mostly of counting runs (:func:`typed_sample`), or code that names a
    value (:func:`applied_name`, :func:`dotted_names`). Tokens with one
    counting run inside (``xoxb-123456789012-…`` and a random tail) are still masked:
    masking a fake costs little, keeping a real one readable costs a lot."""
    return (
        is_placeholder(value)
        or is_benign_shape(value)
        or sequential(value)
        or wordy(value)
        or typed_sample(value)
        or applied_name(value)
        or dotted_names(value)
    )


@_memo
def _looks_random(s: str, *, min_len: int, bits: float) -> bool:
    if not min_len <= len(s) <= _MAX_VALUE_LEN or not _DIGIT.search(s) or _char_classes(s) < 2:
        return False  # (the cheap tests first: each is a veto, so their order is free)
    if is_benign_shape(s) or is_placeholder(s) or sequential(s) or wordy(s):
        return False
    return (
        shannon_entropy(s) >= bits
        and not typed_sample(s)
        and not encodes_public_text(s)
        and not slug_with_digest(s)
        and not labelled_path(s)
    )


def scrambled_letters(s: str) -> bool:
    """Letters alone, 16 or more after a prefix, switching case about every other letter, most
    of their lower-case runs unvoiced (``appl_vKdPqWnRtYxZbMcLfGhJsAeUi``): generated without
    digits, not a name (``iOSMacOSWatchOSTvOSiPadOS``)."""
    tail = _SLUG_SEPARATORS.split(s)[-1]
    if len(tail) < _SCRAMBLED_MIN or not (tail.isalpha() and tail.isascii()):
        return False
    # a generator switches case about every other letter; names of words (``XMLHttpRequest…``)
    # switch once a word
    if len(_CASE_SWITCH.findall(tail)) < len(tail) * _SCRAMBLED_SWITCH_RATE:
        return False
    # short words and acronyms switch often too (``iOSMacOSWatchOSTvOSiPadOS``), but a word's
    # lower-case body is voiced; a generator's runs mostly are not (``vKdPqWnRtYxZb…``: d, q, n, t)
    bodies = _LOWER_RUN.findall(tail)
    return sum(1 for b in bodies if _VOWEL.search(b)) * 2 < len(bodies)


#: The fewest letters a value of letters alone needs to read as generated (:func:`scrambled_letters`).
_SCRAMBLED_MIN = 16
#: The fewest case switches per letter of such a value.
_SCRAMBLED_SWITCH_RATE = 0.4
#: A run of lower-case letters: a word's body in CamelCase.
_LOWER_RUN = lazy_compile(r"[a-z]+")
#: Words of a password rule, not of a pass phrase ("at least 12 characters", "min 12 chars",
#: "mindestens 12 Zeichen"), in the languages the clause detector reads.
RULE_WORDS = frozenset(
    "least characters chars digits letters symbols minimum maximum min max must should your between length long "
    "mindestens zeichen stellen caractères caracteres caratteri dígitos chiffres ziffern".split()
)
#: A slug's part: a pronounceable word, or a short label (``npm``, ``v2``, ``x64``).
_SLUG_SEPARATORS = lazy_compile(r"[-_.]")
_HEX_DIGEST = lazy_compile(r"^(?:[0-9a-f]{16,}|[0-9A-F]{16,})$")


def labelled_path(value: str) -> bool:
    """True for a relative path of two folders or more whose folders are words or short labels
    (``k8s/deploy/prod/app-7f3a…``): an object's or a cache's key, whatever its last part."""
    if value.count("/") < 2:
        return False
    *folders, _ = value.split("/")
    return all(_label_or_word(f) for f in folders) and any(len(f) > 4 for f in folders)


def _label_or_word(part: str) -> bool:
    """A short label (``k8s``, ``v2``) or words joined by ``-``/``_`` (``deploy``, ``app-data``)."""
    if part.isalnum() and len(part) <= 4:
        return True
    words = [w for w in _SLUG_SEPARATORS.split(part) if w]
    return bool(words) and all(w.isalpha() and (len(w) <= 3 or _pronounceable(w)) for w in words)


#: Words that make a prefix a credential's, not a slug's.
_SECRET_PARTS = frozenset(
    "key keys token secret api apikey auth pass password pwd access private bearer session cred creds".split()
)


def slug_with_digest(value: str) -> bool:
    """True for words joined to a hex digest (``build-cache-linux-x64-3f2a1b…``,
    ``npm-cache-v2-6c5d…``): a cache key or an artifact's name, whose random part is a content
    hash. Every part before the digest is a short label (four characters at most) or a
    pronounceable word, and one of them is a word of three letters or more."""
    if "-" not in value and "_" not in value and "." not in value:
        return False
    *head, last = _SLUG_SEPARATORS.split(value)
    if not head or not _HEX_DIGEST.match(last):
        return False
    words = 0
    for part in head:
        if part.lower() in _SECRET_PARTS:
            return False  # a provider's prefix: Mailgun's ``key-<hex>``, ``api-token-<hex>``
        if part.isalpha() and len(part) >= 3 and _pronounceable(part):
            words += 1
        elif not (part.isalnum() and len(part) <= 4):
            return False
    return words >= 1


_PW_FORBIDDEN = lazy_compile(r"[()\[\]{}<>/\\'\"`,|=:;]")
#: An ``=`` inside a value that is no ``name=value``: what stands before it is no name (it holds
#: a symbol: ``*jh99bj=+8xhyk``), and the value does not end with it (base64 padding).
_SYMBOL_EQUALS = lazy_compile(r"^(?=[^=]*[^\w.=-][^=]*=)[^=\s]+=[^=\s]*[^=\s]$")
_PW_NOT_VALUE = lazy_compile(
    r"^(?:[0-9a-f]+|[0-9A-F]+|[\d.:\-TZ+]+|v?\d+(?:\.\d+)+[A-Za-z0-9-]*|"
    r"[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+|[\w.+-]+@[\w-]+\.[\w.]+|[A-Za-z]+(?:[-_][A-Za-z]+)*-v\d{1,3})$"
)  # (the last: a name and its version alone, an environment's or a model's: ``CartPole-v1``)
#: A snake_case name (``id_ed25519``) or words joined by ``-``/``_`` (``User-data``): a name.
_SNAKE_NAME = lazy_compile(r"^(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Za-z]+(?:[-_][A-Za-z]+)+)$")
#: Strict prose passwords (no "is"/":" between keyword and value, or the value comes first):
#: at least this long, with three of lower / upper / digit / symbol.
PROSE_PASSWORD_STRICT_LEN = 8


@_memo
def _password_like(value: str, *, strict: bool) -> bool:
    """A token shaped like a password: 6-64 characters (8 when ``strict``), a letter, a digit or
    symbol, two character classes (three when ``strict``), no code or path punctuation, and not
    a placeholder, hex digest, UUID, version, date, dotted name or email."""
    if not (PROSE_PASSWORD_STRICT_LEN if strict else 6) <= len(value) <= 64:
        return False
    if _PW_FORBIDDEN.search(value.replace("=", "") if _SYMBOL_EQUALS.match(value) else value):
        return False
    if _PW_NOT_VALUE.match(value) or _UUID.match(value) or value[0] == "$":
        return False
    low = value.lower()
    if "passw" in low or not any(c.isalpha() for c in value):
        return False
    # a character other than a letter, a digit, ``_``, ``-`` or ``.`` (``value`` holds a letter,
    # so without those three marks it is not empty: ``isalnum`` tests every character)
    symbol = not value.replace("_", "").replace("-", "").replace(".", "").isalnum()
    classes = _char_classes(value) + (symbol or "_" in value or "-" in value or "." in value)
    if strict:
        ok = (
            (classes >= 3 or _interleaved(value))
            and shannon_entropy(value) >= 2.5
            and not _SNAKE_NAME.match(value)
        )
    else:
        ok = classes >= 2 and (symbol or bool(_DIGIT.search(value)) or case_scrambled(value))
    return ok and not is_placeholder(value)


#: A switch between a lower-case and an upper-case letter.
_CASE_SWITCH = lazy_compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[a-z])")
#: Words in CamelCase (``BiuroGoscie``, ``iPhone``, ``McDonalds``), acronyms among them
#: (``iPhoneSE``, ``YouTubeTV``, ``IBMWebSphere``, ``iOSDevKit``): a name, not a generated value.
#: An acronym gives its last capital to a word after it (``IBM`` + ``Web``); a lone capital at
#: the end is no acronym.
_CAMEL_WORDS = lazy_compile(r"^[a-z]*(?:[A-Z]{2,}(?=[A-Z][a-z])|[A-Z][a-z]+|[A-Z]{2,}$)+$")
#: A capitalised word of three letters or more, which a word says with a vowel (``Fxp`` is none).
_CAMEL_LONG_WORD = lazy_compile(r"[A-Z][a-z]{2,}")
_VOWEL = lazy_compile(r"[aeiouyAEIOUY]")


def _camel_words(value: str) -> bool:
    """``value`` reads as words in CamelCase (:data:`_CAMEL_WORDS`), each long one voiced."""
    if _CAMEL_WORDS.match(value) is None:
        return False
    return all(_VOWEL.search(w.group(0)) for w in _CAMEL_LONG_WORD.finditer(value))


def case_scrambled(value: str) -> bool:
    """Letters alone, 8 or more, switching case at least :data:`INTERLEAVED_SWITCHES` times and
    not in CamelCase words: a generated password of letters (``EFxpAVud``)."""
    return (
        len(value) >= 8
        and value.isalpha()
        and value.isascii()
        and not _camel_words(value)
        and len(_CASE_SWITCH.findall(value)) >= INTERLEAVED_SWITCHES
    )


#: A switch between a letter and a digit.
_LETTER_DIGIT = lazy_compile(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])")
#: Letter/digit switches that make a value of two classes generated rather than named: a name
#: or a code word puts its digits in one or two places (``AES256GCM``, ``haneul744194``); a
#: generator scatters them (``JG1BKS4749``, ``disney4949x1g``).
INTERLEAVED_SWITCHES = 3


def _interleaved(value: str) -> bool:
    """Letters and digits alone, switching back and forth at least :data:`INTERLEAVED_SWITCHES`
    times: a password of two character classes that still reads as generated."""
    return value.isalnum() and value.isascii() and len(_LETTER_DIGIT.findall(value)) >= INTERLEAVED_SWITCHES
