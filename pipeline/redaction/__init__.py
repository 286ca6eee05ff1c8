"""Redaction: mask secrets in text before any model or file sees it.

Pure and deterministic: no I/O, no model. The package is split by what decides:

- :mod:`~memscribe.redaction.providers`: provider token shapes, as a data table;
- :mod:`~memscribe.redaction.structure`: key blocks, URLs with credentials, connection strings,
  headers, cookies and assignments under secret-ish names in config and code;
- :mod:`~memscribe.redaction.names`: how strongly a name says its value is a secret;
- :mod:`~memscribe.redaction.prose`: secrets said in prose;
- :mod:`~memscribe.redaction.valuelines`: a value alone on the line after its name, pasted values;
- :mod:`~memscribe.redaction.commands`: passwords and one-time codes on command lines;
- :mod:`~memscribe.redaction.cmdline`: passwords in a command line's credential positions (a
  password flag beside a user flag, a value piped to a password read from stdin, an account's
  password where a user is created);
- :mod:`~memscribe.redaction.values`: the value decision (placeholders, entropy, shapes);
- :mod:`~memscribe.redaction.shapes`: values by their shape wherever they stand (a chosen
  password's four character classes), values joined from literals, crypt hashes masked whole;
- :mod:`~memscribe.redaction.allowlists`: gitleaks' allowlists, loaded as data (documented
  example keys, templates), applied to every finding;
- :mod:`~memscribe.redaction.pii`: cards, IBANs, national ids, and opt-in contact details;
- :mod:`~memscribe.redaction.prefilter`: which detectors can fire on a text (their hints);
- :mod:`~memscribe.redaction.combine`: span merging and masking.

Each merged span is replaced by ``[REDACTED:<type>]`` (``#<n>`` for the n-th distinct value of
a type in one transcript). Masks are never re-detected, so redacting redacted text changes
nothing. :func:`detectors` is the stable way for other modules to get the detector table.
"""

from __future__ import annotations

from memscribe.redaction.base import MASK_RE, Detector, Finding
from memscribe.redaction.combine import Masker, find_secrets, redact_text, redact_transcript
from memscribe.redaction.detectors import CONTACT_DETECTORS, DETECTORS, detectors
from memscribe.redaction.names import name_strength
from memscribe.redaction.pii import iban_ok, luhn_ok
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.secret_only import SECRET_ONLY_FRACTION, is_mostly_secret, secret_fraction
from memscribe.redaction.values import shannon_entropy

__all__ = [
    "CONTACT_DETECTORS",
    "DETECTORS",
    "MASK_RE",
    "SECRET_ONLY_FRACTION",
    "Detector",
    "Finding",
    "Masker",
    "detectors",
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
