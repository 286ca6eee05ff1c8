"""The detector table: every detector, most specific first."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.redaction.base import ASCII_DIGITS, Detector, regex_finder
from memscribe.redaction.benign import is_uuid
from memscribe.redaction.clause_words import HINTS as _CLAUSE_HINTS
from memscribe.redaction.clauses import find_clause_passwords, find_clause_tokens
from memscribe.redaction.cmdline import CURL_HINTS, CURL_JOINED_USER, find_command_passwords
from memscribe.redaction.cmdline import HINTS as CMDLINE_HINTS
from memscribe.redaction.commands import KEY_USER_HINTS, OTP_FLAG_HINTS, find_cli_passwords, find_key_users
from memscribe.redaction.configs import HINTS as _CONFIG_HINTS
from memscribe.redaction.configs import find_config_values, find_named_literals
from memscribe.redaction.credfiles import (
    CHPASSWD_HINTS,
    ENCODED_URL_HINTS,
    HASH_COMMAND_HINTS,
    HASH_HINTS,
    PGPASS_HINTS,
    PRINTF_HINTS,
    STORE_HINTS,
    find_chpasswd,
    find_encoded_urls,
    find_hashed_passwords,
    find_password_hashes,
    find_pgpass,
    find_printf_values,
    find_store_values,
)
from memscribe.redaction.directives import HINTS as DIRECTIVE_HINTS
from memscribe.redaction.directives import find_directive_values
from memscribe.redaction.encoded import HINTS as ENCODED_HINTS
from memscribe.redaction.encoded import find_encoded_secrets
from memscribe.redaction.keyblocks import find_key_blocks, find_private_keys
from memscribe.redaction.lists import RECOVERY_WORDS, TABLE_HINTS, find_recovery_codes, find_table_cells
from memscribe.redaction.logins import HINTS as _LOGIN_HINTS
from memscribe.redaction.logins import find_login_pairs
from memscribe.redaction.names import NAME_HINTS
from memscribe.redaction.pairs import HINTS as _PAIR_HINTS
from memscribe.redaction.pairs import find_code_pairs
from memscribe.redaction.pii import EMAIL, PHONE, find_cards, find_ibans, find_national_ids
from memscribe.redaction.piped import HINTS as PIPED_HINTS
from memscribe.redaction.piped import find_piped_tokens
from memscribe.redaction.prose import find_near_keyword, find_prose_passwords
from memscribe.redaction.providers import (
    GATES,
    LIVE_KEY_HINTS,
    MAILGUN_HINTS,
    PROVIDERS,
    TEST_KEY_HINTS,
    find_jwts,
    find_live_keys,
    find_mailgun_keys,
    find_test_keys,
)
from memscribe.redaction.shapes import (
    JOINED_HINTS,
    SHAPE_HINTS,
    find_joined_literals,
    find_password_shapes,
    widened_to_crypt,
)
from memscribe.redaction.structure import (
    AUTH_HEADER,
    AWS_SECRET,
    AZURE_STORAGE,
    CONN_PASSWORD,
    CURL_USER,
    CURL_USER_GATE,
    KEY_HEADER,
    KEY_HEADER_HINTS,
    URL_CREDS,
    URL_CREDS_GATE,
    find_assignments,
    find_calls,
    find_cookies,
    find_encoded_private_keys,
    find_env_defaults,
    find_terraform_defaults,
    find_xml,
)
from memscribe.redaction.totp import HINTS as TOTP_HINTS
from memscribe.redaction.totp import find_totp_seeds
from memscribe.redaction.urls import HINTS as _URL_HINTS
from memscribe.redaction.urls import SIGNED_HINTS, find_signed_urls, find_url_credentials
from memscribe.redaction.valuelines import find_pasted, find_value_lines
from memscribe.redaction.values import not_a_secret


def _re(
    name: str,
    pattern: str,
    flags: int = 0,
    *,
    group: str | int = 0,
    check: bool = True,
    hints: tuple[str, ...] = (),
    ihints: tuple[str, ...] = (),
    boundary: bool = False,
    strict_value: bool = False,
    prefilter: tuple[str, ...] = (),
    line_bound: bool = False,
    gate: str = "",
) -> Detector:
    """A regex detector whose prefilter hints are its literal hints, case-folded; and as
    written (``exact``) when the pattern is case-sensitive and has no other hints: its finder
    skips a text without one as written, so the prefilter may too."""
    finder = regex_finder(
        pattern,
        flags,
        group=group,
        check=check,
        strict_value=strict_value,
        hints=hints,
        ihints=ihints,
        boundary=boundary,
        line_bound=line_bound,
        gate=gate,
    )
    cased = not flags & re.IGNORECASE and "(?i" not in pattern and not (ihints or prefilter)
    folded = prefilter or tuple(h.casefold() for h in hints + ihints)
    return Detector(name, finder, folded, hints if cased else ())


#: Prefilter hints of the function detectors (see :class:`Detector`): each lists what every
#: finding of that detector contains, case-folded.
_ASSIGNMENT_HINTS = tuple(h.casefold() for h in NAME_HINTS)
#: (``pass`` alone would let every "passed" through: the keywords are password, passwd, passphrase)
_KEYWORD_HINTS = ("key", "token", "secret", "passw", "passp", "credential", "bearer", "auth")
#: The prose password keywords (password, passwd, passphrase, passcode, pw, pwd), case-folded.
_PW_HINTS = ("passw", "passp", "passc", "pw")
_CONTEXT_HINTS = ("secret", "token", "pass", "pw", "api", "cred", "private", "access", "auth", "key")


_BARE_AUTH = regex_finder(AUTH_HEADER, group="bare", ihints=("authorization",))


def _bare_credentials(text: str) -> Iterator[tuple[int, int]]:
    """An ``Authorization`` header's value without a scheme, unless the value decision vetoes
    it (code: ``"Authorization": auth_header,``); a UUID there is a token, as under a secret's
    name (Heroku's and Snyk's keys are UUIDs)."""
    for start, end in _BARE_AUTH(text):
        value = text[start:end]
        if is_uuid(value) or not not_a_secret(value):
            yield start, end


def _build_detectors() -> tuple[Detector, ...]:
    # provider shapes are runs of token characters: none holds a line break (tested)
    dets = [
        Detector(name, find_jwts, tuple(h.casefold() for h in hints), hints)
        if name == "jwt"
        else _re(
            name, rx, hints=hints, boundary=True, strict_value=True, line_bound=True, gate=GATES.get(name, "")
        )
        for name, rx, hints in PROVIDERS
    ]
    dets.append(Detector("mailgun_key", find_mailgun_keys, MAILGUN_HINTS))
    dets += [
        Detector("private_key", find_private_keys, ("private key",)),
        Detector("private_key", find_encoded_private_keys, ("ls0tls1crudjt",)),
        Detector("private_key", find_key_blocks, ("-----begin",)),
        _re("aws_secret_key", AWS_SECRET, group="v", ihints=("secret",)),
        _re("azure_storage_key", AZURE_STORAGE, group="v", ihints=("accountkey",)),
        _re("url_password", URL_CREDS, group="v", ihints=("@",), gate=URL_CREDS_GATE),
        Detector("url_password", find_url_credentials, _URL_HINTS),
        Detector("url_password", find_signed_urls, SIGNED_HINTS, needs="?&"),
        _re("conn_string_password", CONN_PASSWORD, re.MULTILINE, group="v", ihints=("password", "pwd")),
        _re("basic_auth", CURL_USER, group="v", hints=("-u", "--user"), gate=CURL_USER_GATE),
        Detector("basic_auth", find_key_users, KEY_USER_HINTS),
        _re("auth_header", AUTH_HEADER, group="v", ihints=("authorization",)),
        Detector("auth_header", _bare_credentials, ("authorization",)),
        _re("api_key_header", KEY_HEADER, group="v", ihints=KEY_HEADER_HINTS, strict_value=True),
        Detector("session_cookie", find_cookies, ("cookie",)),
        Detector("secret_assignment", find_assignments, _ASSIGNMENT_HINTS, needs="=:-"),  # (``--``, ``<-``)
        Detector(
            "secret_assignment", find_calls, ("passw", "secret", "token", "apikey", "api_key", "credential")
        ),
        Detector("secret_assignment", find_terraform_defaults, ("variable",)),
        Detector("secret_assignment", find_code_pairs, _PAIR_HINTS),
        Detector("secret_assignment", find_config_values, _CONFIG_HINTS),
        Detector("secret_assignment", find_named_literals, _ASSIGNMENT_HINTS, needs="\"'"),
        Detector("secret_assignment", find_xml, ("<",)),
        Detector("secret_assignment", find_env_defaults, ("get", "fetch", "env"), needs="("),
        Detector(
            "cli_password",
            find_cli_passwords,
            ("mysql", "mariadb", "sshpass", "login", "redis-cli", "set ", "set\t", *OTP_FLAG_HINTS),
        ),
        Detector("password_hash", find_password_hashes, HASH_HINTS),
        Detector("password", find_chpasswd, CHPASSWD_HINTS),
        Detector("password", find_pgpass, PGPASS_HINTS),
        Detector("url_password", find_encoded_urls, ENCODED_URL_HINTS),
        Detector("encoded_secret", find_encoded_secrets, ENCODED_HINTS),
        Detector("password", find_hashed_passwords, HASH_COMMAND_HINTS),
        Detector("secret_assignment", find_store_values, STORE_HINTS),
        Detector("secret_assignment", find_printf_values, PRINTF_HINTS),
        Detector("password", find_prose_passwords, _PW_HINTS),
        Detector("password", find_clause_passwords, _CLAUSE_HINTS),
        Detector("password", find_login_pairs, _LOGIN_HINTS),
        Detector("recovery_code", find_recovery_codes, RECOVERY_WORDS),
        Detector("secret_assignment", find_table_cells, TABLE_HINTS, needs="\n"),
        Detector("high_entropy", widened_to_crypt(find_near_keyword), _KEYWORD_HINTS),
        Detector("high_entropy", widened_to_crypt(find_clause_tokens), _CLAUSE_HINTS),
        Detector("high_entropy", widened_to_crypt(find_pasted), ("paste",)),
        Detector("high_entropy", widened_to_crypt(find_value_lines), _CONTEXT_HINTS, needs="\n"),
        # PII, redacted by default
        # (each finds nothing in a text without a digit: in an ASCII one, without an ASCII digit)
        Detector("payment_card", find_cards, ascii_hints=ASCII_DIGITS),
        Detector("iban", find_ibans, ascii_hints=ASCII_DIGITS),
        Detector("national_id", find_national_ids, ascii_hints=ASCII_DIGITS),
        # shapes added after the evaluation prompts were recorded: last, so a span another
        # detector finds too keeps that one's name (and the prompts their text)
        Detector("stripe_key", find_test_keys, TEST_KEY_HINTS),
        Detector("live_secret_key", find_live_keys, LIVE_KEY_HINTS),
        Detector("password", find_password_shapes, SHAPE_HINTS),
        Detector("secret_assignment", find_joined_literals, JOINED_HINTS, needs="="),
        Detector("secret_assignment", find_directive_values, DIRECTIVE_HINTS),
        Detector("totp_seed", find_totp_seeds, TOTP_HINTS),
        Detector("piped_token", find_piped_tokens, PIPED_HINTS),
        Detector("cli_password", find_command_passwords, CMDLINE_HINTS),
        _re("basic_auth", CURL_JOINED_USER, group="v", ihints=CURL_HINTS),
    ]
    return tuple(dets)


#: Contact details, redacted only on request (``redact_contact=True``, ``--redact-contact``).
CONTACT_DETECTORS: tuple[Detector, ...] = (
    _re("email", EMAIL, check=False, hints=("@",)),
    Detector("phone", regex_finder(PHONE, check=False)),
)


#: Every detector, most specific first (the order breaks naming ties between equal spans).
DETECTORS: tuple[Detector, ...] = _build_detectors()
_PRIORITY = {id(d): i for i, d in enumerate(DETECTORS)}


def detectors(*, contact: bool = False) -> tuple[Detector, ...]:
    """The detector table, most specific first (plus the contact detectors when ``contact``).

    The stable way for other modules (the embedded extractor, the snapshot sanitiser) to get
    the detectors, whatever the package's internal layout.
    """
    return DETECTORS + CONTACT_DETECTORS if contact else DETECTORS
