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

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from memscribe.schemas.plan import Redaction
from memscribe.schemas.transcript import ToolCall, Transcript, Turn

__all__ = [
    "CONTACT_DETECTORS",
    "DETECTORS",
    "MASK_RE",
    "Detector",
    "Finding",
    "Masker",
    "find_secrets",
    "iban_ok",
    "is_mostly_secret",
    "is_placeholder",
    "luhn_ok",
    "name_strength",
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

# Left boundaries are checked by :func:`_left_boundary`: not glued to a word character, except
# after a JSON escape such as ``\n`` (tool output is often JSON-escaped text).
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
    r"your|example|changeme|change_me|change-me|placeholder|dummy|redacted|replace|(?-i:x{4}|X{4})|\*\*\*|"
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
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


_LOWER, _UPPER, _DIGIT = re.compile("[a-z]"), re.compile("[A-Z]"), re.compile("[0-9]")
_SPACE = re.compile(r"\s")


def _char_classes(s: str) -> int:
    return sum(1 for rx in (_LOWER, _UPPER, _DIGIT) if rx.search(s))


#: Longer runs are data (base64 blobs), not credentials; PEM blocks have their own detector.
_MAX_VALUE_LEN = 512
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def _looks_random(s: str, *, min_len: int, bits: float) -> bool:
    if not min_len <= len(s) <= _MAX_VALUE_LEN or _UUID.match(s) or is_placeholder(s):
        return False
    if not _DIGIT.search(s) or _char_classes(s) < 2:
        return False
    return shannon_entropy(s) >= bits


# --------------------------------------------------------------------------- detectors


def _left_boundary(text: str, start: int) -> bool:
    """True when ``start`` is not glued to a word character (a JSON ``\\n`` escape counts as a gap)."""
    if start == 0 or not _WORDCHAR(text[start - 1]):
        return True
    return start >= 2 and text[start - 2] == "\\" and text[start - 1] in "nrt"


def _WORDCHAR(c: str) -> bool:  # noqa: N802 - reads like a character class
    return c.isascii() and (c.isalnum() or c == "_")


def _hint_lines(low: str, hints: tuple[str, ...]) -> list[tuple[int, int]]:
    """Sorted, merged ``(start, end)`` spans of the lines of ``low`` that contain a hint."""
    spans: list[tuple[int, int]] = []
    for hint in hints:
        at = low.find(hint)
        while at >= 0:
            start = low.rfind("\n", 0, at) + 1
            end = low.find("\n", at)
            end = len(low) if end < 0 else end
            spans.append((start, end))
            at = low.find(hint, end)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _regex(
    pattern: str,
    flags: int = 0,
    *,
    group: str | int = 0,
    check: bool = True,
    hints: tuple[str, ...] = (),
    ihints: tuple[str, ...] = (),
    boundary: bool = False,
) -> Finder:
    """A finder over ``pattern``'s matches (``group``'s span).

    ``hints``: literal substrings one of which every match contains; the regex is skipped when
    none occurs in the text (a substring search is far cheaper than a regex scan); ``ihints``
    the same, lowercase, matched against the lowercased text.
    ``boundary``: the match must not start glued to a word character (checked here rather
    than with a leading look-behind, which would stop ``re`` from scanning for the literal
    prefix). ``check``: drop placeholder values (:func:`is_placeholder`).
    """
    rx = re.compile(pattern, flags)

    def find(text: str) -> Iterator[tuple[int, int]]:
        if hints and not any(h in text for h in hints):
            return
        windows: list[tuple[int, int]] = [(0, len(text))]
        if ihints:
            windows = _hint_lines(text.lower(), ihints)
        for m in (m for ws, we in windows for m in rx.finditer(text, ws, we)):
            start, end = m.span(group)
            if start < 0 or end <= start:
                continue
            if boundary and not _left_boundary(text, m.start()):
                continue
            if check and is_placeholder(text[start:end]):
                continue
            yield start, end

    return find


#: Provider-specific token formats: (type, regex, hints). The regex starts at the token (a
#: left word boundary is enforced by :func:`_left_boundary`); hints are literal substrings
#: every match contains. Order matters only for naming ties (earlier wins).
_PROVIDERS: list[tuple[str, str, tuple[str, ...]]] = [
    ("anthropic_key", r"sk-ant-[A-Za-z0-9_-]{20,}", ("sk-ant-",)),
    ("openai_key", r"sk-(?!ant-)(?:proj-|svcacct-|admin-|None-|or-v1-)?[A-Za-z0-9_-]{20,}", ("sk-",)),
    ("google_api_key", r"AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])", ("AIza",)),
    ("google_oauth", r"(?:GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[0-9A-Za-z_-]{30,})" + _E, ("GOCSPX-", "ya29.")),
    (
        "aws_access_key_id",
        r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}" + _E,
        ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
    ),
    ("aws_bedrock_key", r"ABSK[A-Za-z0-9+/]{100,}={0,2}", ("ABSK",)),
    ("github_token", r"gh[pousr]_[A-Za-z0-9]{36,}" + _E, ("gh",)),
    ("github_token", r"github_pat_[A-Za-z0-9_]{30,}", ("github_pat_",)),
    (
        "gitlab_token",
        r"(?:glpat|gldt|glrt|glptt|glcbt|glimt|glft|glsoat|glagent|gloas)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20}",
        (
            "glpat-",
            "gldt-",
            "glrt-",
            "glptt-",
            "glcbt-",
            "glimt-",
            "glft-",
            "glsoat-",
            "glagent-",
            "gloas-",
            "GR1348941",
        ),
    ),
    ("slack_token", r"xox[a-z]-(?=[A-Za-z-]*\d)[A-Za-z0-9-]{10,}", ("xox",)),
    ("slack_token", r"xapp-\d-[A-Za-z0-9-]{10,}", ("xapp-",)),
    (
        "slack_webhook",
        r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_+-]{20,}",
        ("hooks.slack.com",),
    ),
    (
        "stripe_key",
        r"(?:sk|rk)_(?:live|prod)_[A-Za-z0-9]{20,}|whsec_[A-Za-z0-9]{32,}",
        ("_live_", "_prod_", "whsec_"),
    ),
    ("huggingface_token", r"(?:hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z]{34})" + _E, ("hf_", "api_org_")),
    ("npm_token", r"npm_[A-Za-z0-9]{36}" + _E, ("npm_",)),
    ("pypi_token", r"pypi-[A-Za-z0-9_-]{50,}", ("pypi-",)),
    ("sendgrid_key", r"SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}", ("SG.",)),
    ("twilio_key", r"(?:SK|AC)[0-9a-fA-F]{32}" + _E, ("SK", "AC")),
    ("telegram_bot_token", r"\d{8,10}:AA[A-Za-z0-9_-]{32,35}(?![A-Za-z0-9_-])", (":AA",)),
    (
        "discord_token",
        r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])",
        (".",),
    ),
    ("bitbucket_app_password", r"ATBB[A-Za-z0-9_=.-]{28,}", ("ATBB",)),
    ("jwt", r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*", ("eyJ",)),
    # ports of distinctive-prefix gitleaks rules
    (
        "hashicorp_vault_token",
        r"(?:hvs\.[A-Za-z0-9_-]{90,120}|hvb\.[A-Za-z0-9_-]{138,300})" + _E,
        ("hvs.", "hvb."),
    ),
    ("terraform_token", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}", (".atlasv1.",)),
    ("sourcegraph_token", r"sgp_(?:[A-Fa-f0-9]{16}|local)_[A-Fa-f0-9]{40}|sgp_[A-Fa-f0-9]{40}", ("sgp_",)),
    ("notion_token", r"ntn_\d{11}[A-Za-z0-9]{35}" + _E, ("ntn_",)),
    (
        "flyio_token",
        r"(?:fo1_[A-Za-z0-9_-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3})",
        ("fo1_", "fm1", "fm2"),
    ),
    ("digitalocean_token", r"do[opr]_v1_[a-f0-9]{64}" + _E, ("_v1_",)),
    ("doppler_token", r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}" + _E, ("dp.",)),
    ("dynatrace_token", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}" + _E, ("dt0c01.",)),
    (
        "grafana_token",
        r"(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})",
        ("glc_", "glsa_"),
    ),
    ("heroku_token", r"HRKU-AA[0-9A-Za-z_-]{58}" + _E, ("HRKU-",)),
    ("linear_token", r"lin_(?:api|oauth)_[A-Za-z0-9]{40}" + _E, ("lin_",)),
    ("postman_token", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}" + _E, ("PMAK-",)),
    ("pulumi_token", r"pul-[a-f0-9]{40}" + _E, ("pul-",)),
    ("rubygems_token", r"rubygems_[a-f0-9]{48}" + _E, ("rubygems_",)),
    ("sentry_token", r"sntry[us]_[A-Za-z0-9+/=_-]{40,}", ("sntry",)),
    ("shopify_token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}" + _E, ("shp",)),
    ("square_token", r"sq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}" + _E, ("sq0",)),
    ("age_secret_key", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", ("AGE-SECRET-KEY-1",)),
    ("alibaba_key", r"LTAI[A-Za-z0-9]{20}" + _E, ("LTAI",)),
    ("atlassian_token", r"ATATT3[A-Za-z0-9_=-]{150,}", ("ATATT3",)),
    ("planetscale_token", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,64}", ("pscale_",)),
    ("docker_hub_token", r"dckr_pat_[A-Za-z0-9_-]{27,}", ("dckr_pat_",)),
    (
        "onepassword_token",
        r"ops_eyJ[A-Za-z0-9+/]{250,}={0,3}|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}",
        ("ops_eyJ", "A3-"),
    ),
    ("newrelic_key", r"NR(?:AK|JS|II)-[A-Za-z0-9]{19,32}" + _E, ("NRAK-", "NRJS-", "NRII-")),
    ("facebook_token", r"EAA[A-Za-z0-9]{90,}" + _E, ("EAA",)),
    ("supabase_token", r"sbp_[a-f0-9]{40}" + _E, ("sbp_",)),
    ("mailchimp_key", r"[a-f0-9]{32}-us\d{1,2}" + _E, ("-us",)),
    ("groq_key", r"gsk_[A-Za-z0-9]{52}" + _E, ("gsk_",)),
    ("replicate_token", r"r8_[A-Za-z0-9]{37}" + _E, ("r8_",)),
    ("perplexity_key", r"pplx-[A-Za-z0-9]{48}" + _E, ("pplx-",)),
    ("xai_key", r"xai-[A-Za-z0-9]{80}" + _E, ("xai-",)),
    (
        "tailscale_key",
        r"tskey-(?:api|auth|client|webhook)-[A-Za-z0-9]{8,}-[A-Za-z0-9]{20,}" + _E,
        ("tskey-",),
    ),
    ("figma_token", r"figd_[A-Za-z0-9_-]{40}" + _E, ("figd_",)),
    ("brevo_key", r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}" + _E, ("xkeysib-",)),
    ("dropbox_token", r"sl\.[A-Za-z0-9_-]{130,}", ("sl.",)),
    ("prefect_key", r"pnu_[A-Za-z0-9]{36}" + _E, ("pnu_",)),
    (
        "azure_client_secret",
        r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
        ("Q~",),
    ),
]

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
        return _looks_random(v, min_len=16, bits=WEAK_NAME_BITS)
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


# --- high-entropy token shortly after a secret keyword in prose ("here's my key: 9f8e...")

#: ``(?i)\b(?:api[ _-]?key|access[ _-]?key|key|token|secret|password|passwd|passphrase|credentials?|
#: bearer|auth)\b``, written to start with a character class (every character ``(?i)[abckpst]``
#: matches, ``ſ`` and the Kelvin sign included) so that ``re`` skips ahead instead of trying a
#: match at every position; the leading ``\b`` becomes ``(?<!\w.)`` after that first letter.
_KEYWORD = re.compile(
    r"[A-Ca-cKkPpSsTt\u017f\u212a](?<!\w.)"
    r"(?i:(?<=a)(?:pi[ _-]?key|ccess[ _-]?key|uth)|(?<=k)ey|(?<=t)oken|(?<=s)ecret|"
    r"(?<=p)ass(?:word|wd|phrase)|(?<=c)redentials?|(?<=b)earer)\b"
)
_TOKEN = re.compile(r"[A-Za-z0-9+/_.~=-]+")
_KEYWORD_WINDOW_TOKENS = 4
_KEYWORD_WINDOW_CHARS = 1000  # bounds the work per keyword on pathological input


def _find_near_keyword(text: str) -> Iterator[tuple[int, int]]:
    """Random-looking tokens among the few words after a secret keyword.

    A token counts when it is at least :data:`HIGH_ENTROPY_MIN_LEN` characters, mixes letters
    and digits, is not a UUID, and has at least :data:`HIGH_ENTROPY_BITS` bits of Shannon
    entropy per character. The window is counted in tokens (not characters) so that
    re-scanning masked text sees the same neighbours.
    """
    for kw in _KEYWORD.finditer(text):
        if _in_mask(text, kw.start()):
            continue
        limit = min(len(text), kw.end() + _KEYWORD_WINDOW_CHARS)
        line_end = text.find("\n", kw.end(), limit)
        end = line_end if line_end >= 0 else limit
        for tok in itertools.islice(_TOKEN.finditer(text, kw.end(), end), _KEYWORD_WINDOW_TOKENS):
            if tok.end() - tok.start() < HIGH_ENTROPY_MIN_LEN:
                continue  # too short to be random (the stripped value is no longer)
            raw = tok.group(0)
            value = raw.strip(".~-/")
            if not value or "REDACTED" in value or value.count("/") > 2:
                continue  # empty, a mask, or a path
            if _looks_random(value, min_len=HIGH_ENTROPY_MIN_LEN, bits=HIGH_ENTROPY_BITS):
                offset = tok.start() + raw.index(value)
                yield offset, offset + len(value)


# --- passwords said in prose ("the admin password is Velvet623!lantern", "pw: ...")

#: ``(?i)\b(?:password|passwd|passphrase|passcode|pw|pwd)\b``, starting with a character class
#: (see :data:`_KEYWORD`).
_PW_KEYWORD = re.compile(r"[Pp](?<!\w.)(?i:ass(?:word|wd|phrase|code)|wd?)\b")
_PW_LINKS = frozenset({"is", "was", "=", ":", "->", "→", "=>", "be", "are", "it's", "its", "now", "to"})
_PW_FILLER = frozenset({"now", "still", "just", "actually", "simply", "set", "to", "literally", "currently"})
_PW_SKIP_WORDS = 5
_PW_BACK_TOKENS = 6
_PW_FORBIDDEN = re.compile(r"[()\[\]{}<>/\\'\"`,|=:;]")
_PW_NOT_VALUE = re.compile(
    r"^(?:[0-9a-f]+|[0-9A-F]+|[\d.:\-TZ+]+|v?\d+(?:\.\d+)+[A-Za-z0-9-]*|"
    r"[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+|[\w.+-]+@[\w-]+\.[\w.]+)$"
)
_WS_TOKEN = re.compile(r"\S+")
#: Strict prose passwords (no "is"/":" between keyword and value, or the value comes first):
#: at least this long, with three of lower / upper / digit / symbol.
PROSE_PASSWORD_STRICT_LEN = 8


def _in_mask(text: str, pos: int) -> bool:
    """True when ``pos`` falls inside a ``[REDACTED:<type>]`` mask (whose type may be a keyword)."""
    opening = text.rfind("[REDACTED", max(0, pos - 40), pos)
    return opening >= 0 and "]" not in text[opening:pos]


def _password_like(value: str, *, strict: bool) -> bool:
    """A token shaped like a password: 6-64 characters (8 when ``strict``), a letter, a digit or
    symbol, two character classes (three when ``strict``), no code or path punctuation, and not
    a placeholder, hex digest, UUID, version, date, dotted name or email."""
    if not (PROSE_PASSWORD_STRICT_LEN if strict else 6) <= len(value) <= 64:
        return False
    if _PW_FORBIDDEN.search(value) or _PW_NOT_VALUE.match(value) or _UUID.match(value):
        return False
    low = value.lower()
    if "passw" in low or not any(c.isalpha() for c in value):
        return False
    symbol = any(not c.isalnum() and c not in "_-." for c in value)
    classes = _char_classes(value) + (symbol or any(c in "_-." for c in value))
    if strict:
        ok = classes >= 3 and shannon_entropy(value) >= 2.5
    else:
        ok = classes >= 2 and (symbol or bool(_DIGIT.search(value)))
    return ok and not is_placeholder(value)


def _clean_token(raw: str) -> tuple[int, str]:
    """(offset, value) of a whitespace token with surrounding quotes and punctuation removed."""
    lead = len(raw) - len(raw.lstrip("`'\"(["))
    value = raw[lead:].rstrip("`'\".,;:?!)]")
    return lead, value


def _find_prose_passwords(text: str) -> Iterator[tuple[int, int]]:
    for kw in _PW_KEYWORD.finditer(text):
        if _in_mask(text, kw.start()):
            continue
        line_start = text.rfind("\n", 0, kw.start()) + 1
        line_end = text.find("\n", kw.end())
        line_end = len(text) if line_end < 0 else line_end
        linked, words = False, 0
        rest = text[kw.end() : line_end]
        if rest[:1] in (":", "="):
            linked = True
        for tok in _WS_TOKEN.finditer(text, kw.end(), line_end):
            lead, value = _clean_token(tok.group(0))
            low = value.lower()
            if low in _PW_LINKS or tok.group(0) in (":", "=", "-"):
                linked = True
                continue
            if linked and low in _PW_FILLER:
                continue
            if value.isalpha() and not linked and words < _PW_SKIP_WORDS:
                words += 1  # "the password for the staging box was ..."
                continue
            if value and _password_like(value, strict=not linked):
                yield tok.start() + lead, tok.start() + lead + len(value)
            break
        # the value before the keyword: "login fails with Xq7#...? that's the password"
        before = list(_WS_TOKEN.finditer(text, line_start, kw.start()))[-_PW_BACK_TOKENS:]
        for tok in before:
            lead, value = _clean_token(tok.group(0))
            if value and _password_like(value, strict=True):
                yield tok.start() + lead, tok.start() + lead + len(value)


# --- a bare value right after a line that names a secret, or after "paste:"

_VALUE_LINE = re.compile(
    r"^(?:\[[A-Za-z_:. -]{1,30}\][ \t]*)?(?:[>$#][ \t]+)?[`'\"]?(?P<v>[^\s`'\"]{8,512})[`'\"]?[ \t]*$",
    re.MULTILINE,
)
_SECRET_CONTEXT = re.compile(
    r"(?i)secret|token|passw|pass\b|_pass|pwd|api[_-]?key|apikey|credential|private[_-]?key|access[_-]?key|auth"
)
_PASTE = re.compile(r"(?i)\bpaste[ds]?\s*:\s*[`'\"]?(?P<v>[^\s`'\"]{16,512})")


def _find_value_lines(text: str) -> Iterator[tuple[int, int]]:
    """A line that holds only a random-looking token, when the line before names a secret
    (``heroku config:get API_TOKEN`` then the value; ``echo $AWS_SECRET_ACCESS_KEY``)."""
    for m in _VALUE_LINE.finditer(text):
        value = m.group("v")
        if "=" in value.rstrip("=") or "://" in value:
            continue  # an assignment or a URL: their own detectors decide
        if not (
            _looks_random(value.strip(".~-/="), min_len=16, bits=HIGH_ENTROPY_BITS)
            or _password_like(value, strict=True)
        ):
            continue
        prev_end = m.start() - 1
        if prev_end < 0:
            continue
        prev_start = text.rfind("\n", 0, prev_end) + 1
        if _SECRET_CONTEXT.search(MASK_RE.sub("", text[prev_start:prev_end])):
            yield m.span("v")


def _find_pasted(text: str) -> Iterator[tuple[int, int]]:
    if "paste" not in text.lower():
        return
    for m in _PASTE.finditer(text):
        value = m.group("v").rstrip(".,;:?!)")
        if _looks_random(value, min_len=16, bits=3.0) or _password_like(value, strict=True):
            yield m.start("v"), m.start("v") + len(value)


# --------------------------------------------------------------------------- PII

# The left boundary is checked after the first digit (``\d(?<![\w.+-]\d)`` is ``(?<![\w.+-])\d``):
# a pattern that starts with a character class lets ``re`` skip to the next digit instead of
# trying a match at every position. Same for the SSN and NINO patterns below.
_CARD = re.compile(
    r"\d(?<![\w.+-]\d)\d{3}(?:[ -]\d{4}[ -]\d{4}[ -]\d{4}(?:[ -]\d{3})?|[ -]\d{6}[ -]\d{5}|\d{9,15})(?![\w.-])"
)
_CARD_IIN = re.compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|3[0689]|35|6011|64[4-9]|65|62)")


def luhn_ok(digits: str) -> bool:
    """The Luhn checksum of a payment card number."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _find_cards(text: str) -> Iterator[tuple[int, int]]:
    for m in _CARD.finditer(text):
        digits = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(digits) <= 19 and _CARD_IIN.match(digits) and len(set(digits)) > 2 and luhn_ok(digits):
            yield m.span()


#: IBAN length per country (the common ones; SEPA and a few more).
_IBAN_LEN = {
    "AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
    "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
    "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
    "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "AE": 23, "SA": 24, "IL": 23, "BR": 29,
}  # fmt: skip
_IBAN = re.compile(r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}(?![A-Za-z0-9])")


def iban_ok(iban: str) -> bool:
    """Country length and ISO 7064 mod-97 check of a compact IBAN."""
    if _IBAN_LEN.get(iban[:2]) != len(iban):
        return False
    return int("".join(str(int(c, 36)) for c in iban[4:] + iban[:4])) % 97 == 1


def _find_ibans(text: str) -> Iterator[tuple[int, int]]:
    for m in _IBAN.finditer(text):
        if not _left_boundary(text, m.start()):
            continue
        want = _IBAN_LEN.get(m.group(0)[:2])
        if want is None:
            continue
        # cut the match back to the country's length (a following word may have been glued on)
        count, end = 0, m.start()
        for i in range(m.start(), m.end()):
            if text[i] != " ":
                count += 1
                if count == want:
                    end = i + 1
                    break
        if count == want and iban_ok(text[m.start() : end].replace(" ", "")):
            yield m.start(), end


#: US social security numbers (no 000/666/9xx area, 00 group, 0000 serial) and UK national
#: insurance numbers.
_SSN = re.compile(r"\d(?<![\w-]\d)(?<!9)(?!(?<=0)00|(?<=6)66)\d\d-(?!00)\d{2}-(?!0000)\d{4}(?![\w-])")
_NINO = re.compile(
    r"[A-CEGHJ-PR-TW-Z](?<![A-Za-z0-9].)(?!(?<=B)G|(?<=G)B|(?<=N)K|(?<=K)N|(?<=T)N|(?<=N)T|(?<=Z)Z)"
    r"[A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])"
)


def _find_national_ids(text: str) -> Iterator[tuple[int, int]]:
    for rx in (_SSN, _NINO):
        for m in rx.finditer(text):
            yield m.span()


# --------------------------------------------------------------------------- contact (opt-in)

_EMAIL = r"(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![\w-])"
_PHONE = (
    r"(?<![\w+])(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{2,4}){2,4}"
    r"|\(\d{3}\)[ .-]?\d{3}[ .-]?\d{4}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w-])"
)


def _build_detectors() -> tuple[Detector, ...]:
    dets = [Detector(name, _regex(rx, hints=hints, boundary=True)) for name, rx, hints in _PROVIDERS]
    dets += [
        Detector("private_key", _regex(_PRIVATE_KEY, re.DOTALL, check=False)),
        Detector("aws_secret_key", _regex(_AWS_SECRET, group="v", ihints=("secret",))),
        Detector("azure_storage_key", _regex(_AZURE_STORAGE, group="v", ihints=("accountkey",))),
        Detector("url_password", _regex(_URL_CREDS, group="v", ihints=("@",))),
        Detector(
            "conn_string_password",
            _regex(_CONN_PASSWORD, re.MULTILINE, group="v", ihints=("password", "pwd")),
        ),
        Detector("basic_auth", _regex(_CURL_USER, group="v", hints=("-u", "--user"))),
        Detector("auth_header", _regex(_AUTH_HEADER, group="v", ihints=("authorization",))),
        Detector("auth_header", _regex(_AUTH_HEADER, group="bare", ihints=("authorization",))),
        Detector("api_key_header", _regex(_KEY_HEADER, group="v", ihints=_KEY_HEADER_HINTS)),
        Detector("session_cookie", _find_cookies),
        Detector("secret_assignment", _find_assignments),
        Detector("password", _find_prose_passwords),
        Detector("high_entropy", _find_near_keyword),
        Detector("high_entropy", _find_pasted),
        Detector("high_entropy", _find_value_lines),
        # PII, redacted by default
        Detector("payment_card", _find_cards),
        Detector("iban", _find_ibans),
        Detector("national_id", _find_national_ids),
    ]
    return tuple(dets)


#: Contact details, redacted only on request (``redact_contact=True``, ``--redact-contact``).
CONTACT_DETECTORS: tuple[Detector, ...] = (
    Detector("email", _regex(_EMAIL, check=False, hints=("@",))),
    Detector("phone", _regex(_PHONE, check=False)),
)


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


def find_secrets(text: str, *, redact_contact: bool = False) -> list[Finding]:
    """All secret spans in ``text``, overlaps merged, sorted by position.

    ``redact_contact`` adds :data:`CONTACT_DETECTORS` (emails, phone numbers), which are kept
    by default: the seeds allow a user's name, role and timezone, and contact details are not
    credentials.

    Overlapping candidates are merged into one span (the union, so no detected character
    survives); the merged span takes the type of its longest candidate, ties going to the
    earlier, more specific detector. Candidates touching an existing mask are ignored.
    """
    masks = [m.span() for m in MASK_RE.finditer(text)]
    cands: list[_Candidate] = []
    detectors = DETECTORS + CONTACT_DETECTORS if redact_contact else DETECTORS
    for prio, det in enumerate(detectors):
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

    #: also mask emails and phone numbers (see :func:`find_secrets`)
    redact_contact: bool = False
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
        findings = find_secrets(text, redact_contact=self.redact_contact)
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


def redact_text(text: str, *, redact_contact: bool = False) -> tuple[str, list[Finding]]:
    """Mask each secret in ``text`` as ``[REDACTED:<type>]``.

    Returns the redacted text and the findings, whose spans index the *input* text.
    ``redact_contact`` also masks emails and phone numbers (kept by default). Idempotent: ``redact_text(redact_text(t)[0])`` returns its input unchanged with no findings.
    """
    return Masker(redact_contact=redact_contact).redact(text)


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
