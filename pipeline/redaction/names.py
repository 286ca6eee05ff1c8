"""Secret names: how strongly a variable's or a key's name says its value is a secret
(:func:`name_strength`), and the hints every such name holds. Split from
:mod:`~memscribe.redaction.structure` (over 500 lines)."""

from __future__ import annotations

import functools
import re

from memscribe.lazyre import lazy_compile
from memscribe.redaction.benign import RECORD_KEY_WORDS, RECORD_TOKEN_WORDS
from memscribe.redaction.values import wordy

STRONG_WORDS = frozenset(
    {
        "password", "passwd", "pwd", "pass", "passphrase", "secret", "secrets", "token", "tokens",
        "pat", "credential", "credentials", "apikey", "auth", "cred", "creds", "psk",
        # the same words in other languages' identifiers
        "passwort", "kennwort", "wachtwoord", "contrasena", "contraseña", "senha", "passe", "haslo",
        "hasło", "sifre", "şifre", "lozinka", "salasana", "losenord", "lösenord", "adgangskode",
        "пароль", "токен", "секрет", "密码", "密碼", "口令", "令牌", "パスワード", "비밀번호", "암호",
    }
)  # fmt: skip
#: Glued names that end in one of these are secret names too (``PGPASSWORD``, ``authtoken``).
GLUED_SUFFIXES = ("password", "passwd", "passwort", "secret", "token", "pwd", "apikey")
#: Names whose value is a password: a plain word is still a value there (``POSTGRES_PASSWORD:
#: supersecret``); under other names a plain word is more likely a reference or a setting.
_PASSWORD_WORDS = frozenset(
    {"password", "passwd", "pwd", "pass", "passphrase", "passwort", "kennwort", "wachtwoord", "senha",
     "contrasena", "contraseña", "haslo", "hasło", "sifre", "şifre", "пароль", "密码", "パスワード"}
)  # fmt: skip
#: Values that describe a field rather than fill it (schemas, forms, docs).
SCHEMA_WORDS = frozenset(
    """string required optional boolean integer number object array secret password masked hidden
    disabled enabled default prompt sensitive writeonly readonly generated random""".split()
)
STRONG_PAIRS = frozenset(
    {
        ("api", "key"), ("access", "key"), ("private", "key"), ("secret", "key"),
        ("signing", "key"), ("encryption", "key"), ("master", "key"), ("account", "key"),
        ("app", "key"), ("auth", "key"), ("client", "secret"), ("license", "key"),
        ("subscription", "key"), ("webhook", "secret"),
    }
)  # fmt: skip
#: Trailing name parts that still denote the secret itself (``SECRET_VALUE``, ``token_b64``).
_VALUE_SUFFIXES = frozenset("value values str string b64 base64 hex raw plain plaintext bytes base".split())
#: Name parts that make the value something *about* a secret, not a secret.
DENY_ANY = frozenset(
    "hash hashed public pub publishable fingerprint digest csrf xsrf authenticity".split()
    # a stand-in named as one (``FAKE_API_KEY``, ``dummyToken``, ``example_secret``)
    + "fake dummy mock example sample placeholder".split()
)
_FORM_GLUED = ("csrf", "xsrf", "antiforgery")
#: Words that make a name a phrase *about* the secret named after them (where it is kept, how
#: many there are), not the secret itself.
_ABOUT_WORDS = frozenset("to for of from into with store storing stored".split())
#: Trailing qualifiers that do not change what a name holds (``DB_PASSWORD_PROD``, ``API_KEY_V2``).
_QUALIFIERS = frozenset(
    """prod production dev development staging stage test testing qa uat local live sandbox old new
    backup primary secondary main default too also v1 v2 v3 tmp temp alt override""".split()
)
#: Key names whose UUID-shaped value is an identifier, not a credential.
_ID_KEY_PREFIXES = frozenset(
    "idempotency cache partition primary foreign sort object s3 row hash range lookup dedup dedupe request correlation trace".split()
)
RESERVED_VALUES = frozenset({"none", "null", "nil", "true", "false", "undefined", "yes", "no"})
#: The word ``key`` in the other languages the clause detector reads it in (German, French,
#: Spanish; ``ue`` for ``ü`` as identifiers spell it): a compound name ending in one is a key's
#: name (``WLAN-Netzwerkschlüssel``, ``WLAN-Schlüssel``; ``clé_wifi`` ends in ``wifi``: not one).
_KEY_WORDS = ("schlüssel", "schluessel", "clé", "clave")


def _compound_key(parts: list[str]) -> bool:
    """The last part ends in a key word of :data:`_KEY_WORDS` and the name says more than that
    word (``WLAN-Schlüssel``, ``Netzwerkschlüssel``): a bare ``Schlüssel`` or ``clave`` (a
    table's column, a label) is left to the clause and table detectors, which read the words
    of a sentence or a header around it."""
    last = parts[-1]
    return last.endswith(_KEY_WORDS) and (len(parts) > 1 or last not in _KEY_WORDS)


def _name_parts(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name.strip("'\"`"))
    spaced = re.sub(r"([A-Za-z])([0-9]+)$", r"\1_\2", spaced)  # ``token4``, ``password2``
    return [p for p in re.split(r"[_.\-]+", spaced.lower()) if p]


#: Plurals of a secret's word: a name ending in one may count them (``max_tokens``, ``preTokens``).
_COUNTED = frozenset({"tokens", "secrets", "keys", "passwords"})


def names_a_count(name: str) -> bool:
    """True when ``name`` ends in the plural of a secret's word (``total_tokens``, ``preTokens``,
    ``max_keys``): under it, a number counts them (an LLM's usage record, a limit); one secret's
    value is never many."""
    parts = _name_parts(name)
    return bool(parts) and parts[-1] in _COUNTED


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
    while len(parts) > 1 and (
        parts[-1] in _VALUE_SUFFIXES or parts[-1] in _QUALIFIERS or parts[-1].isdigit()
    ):
        parts.pop()
    if not parts or any(p in DENY_ANY or p.startswith(_FORM_GLUED) for p in parts):
        return None  # (``csrfmiddlewaretoken``, ``xsrftoken``: a form's token glued to its name)
    if parts[-3:] == ["request", "verification", "token"]:
        return None  # ASP.NET's anti-forgery field (``__RequestVerificationToken``)
    if any(p in _ABOUT_WORDS for p in parts[:-1]):
        return None  # ``path_to_secret``, ``keyVaultToStoreSecrets``, ``number_of_tokens``
    if parts[-1] == "token" and len(parts) > 1 and parts[-2] in RECORD_TOKEN_WORDS:
        return None  # ``NextToken``, ``nextPageToken``: a cursor, see RECORD_TOKEN_WORDS
    if parts[-1] in STRONG_WORDS or tuple(parts[-2:]) in STRONG_PAIRS:
        return "strong"
    if any(parts[-1].endswith(w) for w in GLUED_SUFFIXES):
        return "strong"
    if parts[-1] == "salt" and len(parts) > 1:
        return "weak"  # a named salt is configuration (``AUTH_SALT``, ``key_derivation_salt``)
    if parts[-1].endswith("key") or parts[-1] == "sig" or _compound_key(parts):
        if (
            parts[-1] in ("pubkey", "publickey")
            or (parts[-1] == "key" and len(parts) > 1 and parts[-2] in RECORD_KEY_WORDS)
            or parts[-1][:-3] in RECORD_KEY_WORDS  # glued: ``data-sitekey``, ``sortkey``
        ):
            return None  # ``sshPubkey``; ``cache_key``, ``recaptcha_site_key``: see RECORD_KEY_WORDS
        return "weak"
    return None


#: Every secret-ish name (see :func:`name_strength`) contains one of these.
#: (``ssel``: ``Schlüssel`` and ``Schluessel`` alike; the hints are ASCII where they can be.)
NAME_HINTS = (
    "pass", "pwd", "secret", "token", "pat", "cred", "auth", "key", "sig", "salt", "psk", "wort", "senha", "contrase", "haslo", "hasło",
    "sifre", "şifre", "lozinka", "salasana", "losenord", "lösenord", "adgangskode", "пароль", "токен",
    "секрет", "密码", "密碼", "口令", "令牌", "パスワード", "비밀번호", "암호", "ssel", "clave", "wachtwoord",
    "clé",
)  # fmt: skip


@functools.lru_cache(maxsize=4096)
def generic_key(name: str) -> bool:
    """``key`` alone or after an id-ish word (``cache_key``, ``idempotencyKey``)."""
    parts = _name_parts(name)
    return len(parts) < 2 or parts[-2] in _ID_KEY_PREFIXES


@functools.lru_cache(maxsize=4096)
def is_password_name(name: str) -> bool:
    parts = _name_parts(name)
    while parts and (parts[-1] in _VALUE_SUFFIXES or parts[-1].isdigit()):
        parts.pop()
    return bool(parts) and (parts[-1] in _PASSWORD_WORDS or parts[-1].endswith(("password", "passwd")))


#: An identifier of two words or more, of letters alone: joined by ``_``, ``-`` or ``.``, or in
#: CamelCase (a capital after a lower-case letter, or an acronym's last capital before one).
_WORD_IDENT = lazy_compile(
    r"^(?=.*(?:[a-z][_.\-]?[A-Z]|[A-Z][A-Z][a-z]|[A-Za-z][_.\-][A-Za-z]))[A-Za-z_][A-Za-z_.\-]*$"
)


def spelled_in_words(v: str) -> bool:
    """Words joined into an identifier (``max_completion_tokens``, ``AWSSecretKey``), each
    pronounceable or a secret's own name (``client_secret``, ``x-api-key``): what a generator
    never writes, so under a key's or a token's name it names something. (``name_strength``'s
    cache is for names: a value is decided uncached, so none outlives its scan.)"""
    return (
        _IDENT_CHARS.match(v) is not None  # (most values fail here, at their first digit or symbol)
        and _WORD_IDENT.match(v) is not None
        and (wordy(v) or name_strength.__wrapped__(v) is not None)
    )


#: :data:`_WORD_IDENT` without its look-ahead: the characters alone, which most values (a digit,
#: a symbol) fail at once, where the look-ahead reads the whole value back and forth first.
_IDENT_CHARS = lazy_compile(r"[A-Za-z_][A-Za-z_.\-]*+$")


@functools.lru_cache(maxsize=4096)
def secret_name(name: str) -> bool:
    """A name ending in ``secret`` (``secret``, ``SESSION_SECRET``): a secret people may choose
    as they choose a password, unlike a generated key or token. (Cached as
    :func:`name_strength` is: asked of every assignment's name, a name, never a value.)"""
    parts = _name_parts(name)
    return bool(parts) and parts[-1] in ("secret", "secrets")
