"""Redact-in: mask secrets in transcript text before any model or file sees it.

Pure and deterministic: no I/O, no model. Each detector in :data:`DETECTORS` names a secret
type and yields the character span of the secret *value*; overlapping spans are merged
(the longest match names the type) and each merged span is replaced by
``[REDACTED:<type>]`` (``[REDACTED:<type>#<n>]`` for the n-th distinct value of that type in
one transcript, see :class:`Masker`).

Masks are never re-detected (any candidate overlapping an existing mask, or whose value
contains ``[REDACTED``, is dropped), so redacting redacted text changes nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from schemas.plan import Redaction
from schemas.transcript import ToolCall, Transcript, Turn

__all__ = [
    "DETECTORS",
    "MASK_RE",
    "Detector",
    "Finding",
    "Masker",
    "is_mostly_secret",
    "is_placeholder",
    "redact_text",
    "redact_transcript",
    "secret_fraction",
    "shannon_entropy",
]


@dataclass(frozen=True)
class Finding:
    """One detected secret: its type and span in the *input* text. Never holds the value."""

    type: str
    start: int
    end: int


Finder = Callable[[str], Iterator[tuple[int, int]]]


@dataclass(frozen=True)
class Detector:
    """A named secret detector: ``find(text)`` yields ``(start, end)`` spans of secret values."""

    name: str
    find: Finder


#: A mask written by this module (also the bare ``[REDACTED]`` people write by hand).
MASK_RE = re.compile(r"\[REDACTED(?::[a-z0-9_]+(?:#\d+)?)?\]")

# Left boundary: not glued to a word character, except after a JSON escape such as ``\n``
# (tool output is often JSON-escaped text: ``...\naws_access_key_id = AKIA...``).
_B = r"(?:(?<=\\[nrt])|(?<![A-Za-z0-9_]))"
_E = r"(?![A-Za-z0-9_])"

# --------------------------------------------------------------------------- placeholders

_KNOWN_EXAMPLES = frozenset(
    {
        "AKIAIOSFODNN7EXAMPLE",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "AKIATESTTESTTESTTEST",
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        # jwt.io's documented example token (signature part)
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    }
)
_PLACEHOLDER_VALUES = frozenset(
    "password passwd pass secret token apikey api_key api-key username user admin key value test".split()
)
_PLACEHOLDER_WORDS = re.compile(
    r"your|example|changeme|change_me|change-me|placeholder|dummy|redacted|replace|xxxx|\*\*\*|"
    r"\.\.\.|…|####|<[^>]*>|\bnull\b|\bnone\b|insert|todo|secret_here|key_here|token_here",
    re.IGNORECASE,
)
_PROVIDER_PREFIX = re.compile(
    r"^(?:sk-ant-(?:api\d\d-)?|sk-proj-|sk-|sk_live_|rk_live_|sk_test_|gh[pousr]_|github_pat_|glpat-|"
    r"xox[baprs]-|hf_|npm_|pypi-|SG\.|AKIA|ASIA|AIza|ATBB)"
)
_VAR_REF = re.compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|\{\{.*\}\}|\$\(.*\)|"
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$"
)


def is_placeholder(value: str) -> bool:
    """True for values that stand in for a secret rather than being one.

    Covers empty values, variable references (``$VAR``, ``${VAR}``, ``%VAR%``,
    ``{{ secrets.X }}``, a bare ``ENV_VAR_NAME``), angle-bracket slots (``<your-api-key>``),
    masks (``[REDACTED]``), filler (``xxxx``, ``****``, ``sk-...``), words such as ``changeme``
    / ``your_key_here`` / ``example``, and documented example keys (``AKIAIOSFODNN7EXAMPLE``).
    """
    v = value.strip().strip("'\"`")
    if (
        len(v) < 4
        or v.lower() in _PLACEHOLDER_VALUES
        or v in _KNOWN_EXAMPLES
        or "[REDACTED" in v
        or "REDACTED" in v.upper()
    ):
        return True
    if any(ex in v for ex in _KNOWN_EXAMPLES):
        return True
    if _VAR_REF.match(v) or _PLACEHOLDER_WORDS.search(v):
        return True
    rest = _PROVIDER_PREFIX.sub("", v)
    if len(rest) < 4:
        return True
    # one repeated filler character (``xxxxxxxx``, ``00000000``, ``********``)
    return len(set(rest.lower()) - set("-_.")) <= 1


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
    counts: dict[str, int] = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _char_classes(s: str) -> int:
    return sum(
        (
            any(c.islower() for c in s),
            any(c.isupper() for c in s),
            any(c.isdigit() for c in s),
        )
    )


_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def _looks_random(s: str, *, min_len: int, bits: float) -> bool:
    if len(s) < min_len or _UUID.match(s) or is_placeholder(s):
        return False
    if not any(c.isdigit() for c in s) or _char_classes(s) < 2:
        return False
    return shannon_entropy(s) >= bits


# --------------------------------------------------------------------------- detectors


def _regex(pattern: str, flags: int = 0, *, group: str | int = 0, check: bool = True) -> Finder:
    rx = re.compile(pattern, flags)

    def find(text: str) -> Iterator[tuple[int, int]]:
        for m in rx.finditer(text):
            start, end = m.span(group)
            if start < 0 or end <= start:
                continue
            if check and is_placeholder(text[start:end]):
                continue
            yield start, end

    return find


# Provider-specific token formats. Order matters only for naming ties (earlier wins).
_PROVIDERS: list[tuple[str, str]] = [
    ("anthropic_key", _B + r"sk-ant-[A-Za-z0-9_-]{20,}"),
    ("openai_key", _B + r"sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}"),
    ("google_api_key", _B + r"AIza[0-9A-Za-z_-]{35}" + r"(?![A-Za-z0-9_-])"),
    ("aws_access_key_id", _B + r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}" + _E),
    ("github_token", _B + r"gh[pousr]_[A-Za-z0-9]{36,}" + _E),
    ("github_token", _B + r"github_pat_[A-Za-z0-9_]{30,}"),
    ("gitlab_token", _B + r"glpat-[A-Za-z0-9_-]{20,}"),
    ("slack_token", _B + r"xox[a-z]-(?=[A-Za-z-]*\d)[A-Za-z0-9-]{10,}"),
    ("slack_token", _B + r"xapp-\d-[A-Za-z0-9-]{10,}"),
    ("slack_webhook", r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_+-]{20,}"),
    ("stripe_key", _B + r"(?:sk|rk)_(?:live|prod)_[A-Za-z0-9]{20,}"),
    ("huggingface_token", _B + r"hf_[A-Za-z0-9]{30,}" + _E),
    ("npm_token", _B + r"npm_[A-Za-z0-9]{36}" + _E),
    ("pypi_token", _B + r"pypi-[A-Za-z0-9_-]{50,}"),
    ("sendgrid_key", _B + r"SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}"),
    ("twilio_key", _B + r"(?:SK|AC)[0-9a-fA-F]{32}" + _E),
    ("telegram_bot_token", r"(?<![A-Za-z0-9_])\d{8,10}:AA[A-Za-z0-9_-]{32,35}(?![A-Za-z0-9_-])"),
    (
        "discord_token",
        _B + r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])",
    ),
    ("bitbucket_app_password", _B + r"ATBB[A-Za-z0-9_=.-]{28,}"),
    (
        "azure_client_secret",
        r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
    ),
    ("jwt", _B + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"),
]

# PEM / OpenSSH / PGP private key blocks, raw or JSON-escaped (``\n``). A block cut off before
# its END line is masked through the end of its base64 body.
_PRIVATE_KEY = (
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.{16,}?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----"
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
_AZURE_STORAGE = r"(?i)\bAccountKey\s*=\s*(?P<v>[A-Za-z0-9+/]{40,}={0,2})"
_AWS_SECRET = (
    r"(?i)aws_?secret_?(?:access_?)?key['\"]?\s*(?:=|:|=>)\s*['\"]?(?P<v>[A-Za-z0-9/+=]{40})"
    r"(?![A-Za-z0-9/+=])"
)

_COOKIE_LINE = re.compile(r"(?i)\b(?:set-)?cookie\s*:\s*(?P<body>[^\n\"']*)")
_COOKIE_PAIR = re.compile(r"(?:^|[;\s])(?P<name>[A-Za-z0-9_.\-]+)=(?P<v>[^;\s]+)")
_SESSIONISH = re.compile(r"(?i)sess|sid|token|auth|jwt|csrf|xsrf|remember|login|key|secret")


def _find_cookies(text: str) -> Iterator[tuple[int, int]]:
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
    r"(?P<name>[A-Za-z_][A-Za-z0-9_.\-]*)['\"]?\s*(?::=|=>|[:=])\s*)"
    # the value sits in a lookahead so a skipped match does not swallow the next assignment
    r"(?:!!?[A-Za-z]+[ ]+)?"  # YAML tag such as ``!!binary``
    r"(?=(?P<q>\\?['\"`])(?P<qv>[^'\"`\n]{0,512}?)(?P=q)|(?P<uv>[^\s'\"`,;)}\]\\]{1,512}))"
)
_MORE_QUOTED = re.compile(r"[ \t]*,[ \t]*(?P<q>['\"])(?P<v>[^'\"\n]*)(?P=q)(?!\s*:)")
_DOTTED_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)+$")
_IDENT = re.compile(r"^[A-Za-z_]+$")


def _plausible_value(value: str, strength: str, *, quoted: bool) -> bool:
    v = value.strip()
    if is_placeholder(v) or v.lower() in _RESERVED_VALUES or "[REDACTED" in v:
        return False
    if strength == "weak":
        return _looks_random(v, min_len=16, bits=WEAK_NAME_BITS)
    if any(c.isspace() for c in v) or len(v) < 6:
        return False
    if quoted:
        return True
    # unquoted: code references (``os.environ``, ``args.token``, ``get_pw(``) are not values
    if "(" in v or _DOTTED_IDENT.match(v) or _IDENT.match(v):
        return False
    return any(c.isdigit() for c in v) or _looks_random(v, min_len=12, bits=3.0)


def _find_assignments(text: str) -> Iterator[tuple[int, int]]:
    for m in _ASSIGN.finditer(text):
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


# --- high-entropy token shortly after a secret keyword in prose ("here's my key: 9f8e...")

_KEYWORD = re.compile(
    r"(?i)\b(?:api[ _-]?key|access[ _-]?key|key|token|secret|password|passwd|passphrase|credentials?|"
    r"bearer|auth)\b"
)
_TOKEN = re.compile(r"[A-Za-z0-9+/_.~=-]+")
_KEYWORD_WINDOW_TOKENS = 4


def _find_near_keyword(text: str) -> Iterator[tuple[int, int]]:
    """Random-looking tokens among the few words after a secret keyword.

    A token counts when it is at least :data:`HIGH_ENTROPY_MIN_LEN` characters, mixes letters
    and digits, is not a UUID, and has at least :data:`HIGH_ENTROPY_BITS` bits of Shannon
    entropy per character. The window is counted in tokens (not characters) so that
    re-scanning masked text sees the same neighbours.
    """
    for kw in _KEYWORD.finditer(text):
        line_end = text.find("\n", kw.end())
        window = text[kw.end() : line_end if line_end >= 0 else len(text)]
        for i, tok in enumerate(_TOKEN.finditer(window)):
            if i >= _KEYWORD_WINDOW_TOKENS:
                break
            raw = tok.group(0)
            value = raw.strip(".~-/")
            if not value or "REDACTED" in value or value.count("/") > 2:
                continue  # empty, a mask, or a path
            if _looks_random(value, min_len=HIGH_ENTROPY_MIN_LEN, bits=HIGH_ENTROPY_BITS):
                offset = kw.end() + tok.start() + raw.index(value)
                yield offset, offset + len(value)


def _build_detectors() -> tuple[Detector, ...]:
    dets = [Detector(name, _regex(rx)) for name, rx in _PROVIDERS]
    dets += [
        Detector("private_key", _regex(_PRIVATE_KEY, re.DOTALL, check=False)),
        Detector("aws_secret_key", _regex(_AWS_SECRET, group="v")),
        Detector("azure_storage_key", _regex(_AZURE_STORAGE, group="v")),
        Detector("url_password", _regex(_URL_CREDS, group="v")),
        Detector("conn_string_password", _regex(_CONN_PASSWORD, re.MULTILINE, group="v")),
        Detector("basic_auth", _regex(_CURL_USER, group="v")),
        Detector("auth_header", _regex(_AUTH_HEADER, group="v")),
        Detector("auth_header", _regex(_AUTH_HEADER, group="bare")),
        Detector("api_key_header", _regex(_KEY_HEADER, group="v")),
        Detector("session_cookie", _find_cookies),
        Detector("secret_assignment", _find_assignments),
        Detector("high_entropy", _find_near_keyword),
    ]
    return tuple(dets)


#: Every detector, most specific first (the order breaks naming ties between equal spans).
DETECTORS: tuple[Detector, ...] = _build_detectors()
_PRIORITY = {id(d): i for i, d in enumerate(DETECTORS)}


# --------------------------------------------------------------------------- resolution


@dataclass(frozen=True)
class _Candidate:
    type: str
    start: int
    end: int
    priority: int


def find_secrets(text: str) -> list[Finding]:
    """All secret spans in ``text``, overlaps merged, sorted by position.

    Overlapping candidates are merged into one span (the union, so no detected character
    survives); the merged span takes the type of its longest candidate, ties going to the
    earlier, more specific detector. Candidates touching an existing mask are ignored.
    """
    masks = [m.span() for m in MASK_RE.finditer(text)]
    cands: list[_Candidate] = []
    for prio, det in enumerate(DETECTORS):
        for start, end in det.find(text):
            if any(start < me and ms < end for ms, me in masks):
                continue
            cands.append(_Candidate(det.name, start, end, prio))
    cands.sort(key=lambda c: (c.start, -c.end))
    merged: list[list[_Candidate]] = []
    group_end = -1
    for c in cands:
        if merged and c.start < group_end:
            merged[-1].append(c)
            group_end = max(group_end, c.end)
        else:
            merged.append([c])
            group_end = c.end
    findings = []
    for group in merged:
        best = min(group, key=lambda c: (-(c.end - c.start), c.priority))
        findings.append(Finding(best.type, min(c.start for c in group), max(c.end for c in group)))
    return findings


@dataclass
class Masker:
    """Masks secrets consistently within one transcript.

    The first distinct value of a type becomes ``[REDACTED:<type>]``, later distinct values
    ``[REDACTED:<type>#2]``, ``#3``...; the same value always gets the same mask, so a reader can
    still tell "the same key again" from "another key". Values are held only in memory for the
    life of the masker and never returned.
    """

    _masks: dict[tuple[str, str], str] = field(default_factory=dict)
    _counts: dict[str, int] = field(default_factory=dict)

    def mask_for(self, type_: str, value: str) -> str:
        key = (type_, value)
        if key not in self._masks:
            n = self._counts.get(type_, 0) + 1
            self._counts[type_] = n
            self._masks[key] = f"[REDACTED:{type_}]" if n == 1 else f"[REDACTED:{type_}#{n}]"
        return self._masks[key]

    def redact(self, text: str) -> tuple[str, list[Finding]]:
        """Mask every secret in ``text``; findings carry spans into the input ``text``."""
        findings = find_secrets(text)
        if not findings:
            return text, []
        parts: list[str] = []
        pos = 0
        for f in findings:
            parts.append(text[pos : f.start])
            parts.append(self.mask_for(f.type, text[f.start : f.end]))
            pos = f.end
        parts.append(text[pos:])
        return "".join(parts), findings


def redact_text(text: str) -> tuple[str, list[Finding]]:
    """Mask each secret in ``text`` as ``[REDACTED:<type>]``.

    Returns the redacted text and the findings, whose spans index the *input* text.
    Idempotent: ``redact_text(redact_text(t)[0])`` returns its input unchanged with no findings.
    """
    return Masker().redact(text)


def redact_transcript(transcript: Transcript) -> tuple[Transcript, list[Redaction]]:
    """Redact every turn's text and tool-call arguments with one :class:`Masker`.

    Returns a new transcript (turns replaced, everything else kept) and one
    ``Redaction(type, turn=index, stage="in")`` per finding.
    """
    masker = Masker()
    redactions: list[Redaction] = []
    turns: list[Turn] = []
    for turn in transcript.turns:
        text, found = masker.redact(turn.text)
        calls: list[ToolCall] = []
        for call in turn.tool_calls:
            args, arg_found = masker.redact(call.arguments)
            found += arg_found
            calls.append(call.model_copy(update={"arguments": args}) if arg_found else call)
        redactions.extend(Redaction(type=f.type, turn=turn.index, stage="in") for f in found)
        if found:
            turn = turn.model_copy(update={"text": text, "tool_calls": tuple(calls)})
        turns.append(turn)
    return transcript.model_copy(update={"turns": tuple(turns)}), redactions


# --------------------------------------------------------------------------- secret-only

#: A candidate is dropped as ``secret_only`` above this share of secret characters.
SECRET_ONLY_FRACTION = 0.5
_WORD = re.compile(r"[A-Za-z\u00c0-\uffff][A-Za-z\u00c0-\uffff'’-]+")
_SECRET_TALK = frozenset(
    """key keys token tokens secret secrets password passwords credential credentials api is are the
    a an my our your his her their its of for to set as env value user user's uses has was new
    here it this that and or in on with""".split()
)


def secret_fraction(text: str) -> float:
    """Share (0..1) of the non-space characters of ``text`` that are secrets or existing masks."""
    total = sum(1 for c in text if not c.isspace())
    if not total:
        return 0.0
    spans = [(f.start, f.end) for f in find_secrets(text)]
    spans += [m.span() for m in MASK_RE.finditer(text)]
    covered: set[int] = set()
    for start, end in spans:
        covered.update(i for i in range(start, end) if not text[i].isspace())
    return len(covered) / total


def is_mostly_secret(text: str) -> bool:
    """True when ``text`` is essentially a secret, so storing it (even masked) is useless.

    Either more than :data:`SECRET_ONLY_FRACTION` of its non-space characters are secrets or
    masks, or it contains a secret and, once masks, variable names (``OPENAI_API_KEY``) and
    secret-talk words ("my", "key", "is") are removed, no ordinary word is left. Works on raw
    or already-redacted text.
    """
    if secret_fraction(text) > SECRET_ONLY_FRACTION:
        return True
    redacted, findings = redact_text(text)
    if not findings and not MASK_RE.search(redacted):
        return False
    rest = MASK_RE.sub(" ", redacted)
    words = [
        w
        for w in _WORD.findall(rest)
        if w.lower() not in _SECRET_TALK and not (("_" in w) or (w.isupper() and len(w) > 3))
    ]
    return not words
