"""Placeholders: the values that stand in for a secret (examples, slots, references, stand-ins,
filler), and the memos of the value tests (:func:`memo_per_scan`, :func:`forget_values`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TypeVar, cast

from memscribe.lazyre import lazy_compile

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


PROVIDER_PREFIX = lazy_compile(
    r"^(?:sk-ant-(?:api\d\d-)?|sk-proj-|sk-|sk_live_|rk_live_|sk_test_|gh[pousr]_|github_pat_|glpat-|"
    r"xox[baprse]-|hf_|npm_|pypi-|SG\.|AKIA|ASIA|AIzaSy|AIza|ATBB|dapi)"
)


_VAR_REF = lazy_compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$[A-Za-z_]\w*\{[\w.:/-]*\}?|\$\.?[A-Za-z_][\w.]*|%[A-Za-z_][A-Za-z0-9_]*%|\{\{.*\}\}|\$\(.*\)|"
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$"
)


_F = TypeVar("_F", bound=Callable[..., object])


#: ``cache_clear`` of each memoised value test (:func:`memo_per_scan`).
_MEMOS: list[Callable[[], None]] = []
#: Whether a memo may hold a value: set when a value test has computed an answer (which its
#: memo then stores), cleared when :func:`forget_values` empties them.
_HELD = [False]


def memo_per_scan(f: _F) -> _F:
    """Memoise a pure value test for the life of one scan: detectors ask about the same value
    several times (a token is a provider shape, an assignment's value and a prose token at
    once). :func:`forget_values` empties every memo when a scan ends, so no value is held."""

    @functools.wraps(f)
    def computed(*args: object, **kwargs: object) -> object:
        answer = f(*args, **kwargs)
        _HELD[0] = True  # set last, right before the memo stores the answer: a scan ending in
        return answer  # another thread meanwhile cannot reset it between the two

    cached = functools.lru_cache(maxsize=2048)(computed)
    _MEMOS.append(cached.cache_clear)
    return cast(_F, cached)


def forget_values() -> None:
    """Empty the memos of the value tests (:func:`memo_per_scan`): called when each scan ends. A memo
    stores a value only where its test computed an answer, so after a scan that asked none
    (most of a transcript's turns) none holds a value, and none is emptied."""
    if _HELD[0]:
        _HELD[0] = False  # (first: an answer stored meanwhile sets it again)
        for clear in _MEMOS:
            clear()


@memo_per_scan
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
    rest = PROVIDER_PREFIX.sub("", v)
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
