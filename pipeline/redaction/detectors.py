"""The detector table: every detector, most specific first."""

from __future__ import annotations

import re

from memscribe.redaction.base import Detector, _regex
from memscribe.redaction.pii import _EMAIL, _PHONE, _find_cards, _find_ibans, _find_national_ids
from memscribe.redaction.prose import (
    _find_near_keyword,
    _find_pasted,
    _find_prose_passwords,
    _find_value_lines,
)
from memscribe.redaction.providers import _PROVIDERS
from memscribe.redaction.structure import (
    _AUTH_HEADER,
    _AWS_SECRET,
    _AZURE_STORAGE,
    _CONN_PASSWORD,
    _CURL_USER,
    _KEY_HEADER,
    _KEY_HEADER_HINTS,
    _PRIVATE_KEY,
    _URL_CREDS,
    _find_assignments,
    _find_calls,
    _find_cli_passwords,
    _find_cookies,
    _find_terraform_defaults,
    _find_xml,
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
        Detector("secret_assignment", _find_calls),
        Detector("secret_assignment", _find_terraform_defaults),
        Detector("secret_assignment", _find_xml),
        Detector("cli_password", _find_cli_passwords),
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


def detectors(*, contact: bool = False) -> tuple[Detector, ...]:
    """The detector table, most specific first (plus the contact detectors when ``contact``).

    The stable way for other modules (the embedded extractor, the snapshot sanitiser) to get
    the detectors, whatever the package's internal layout.
    """
    return DETECTORS + CONTACT_DETECTORS if contact else DETECTORS
