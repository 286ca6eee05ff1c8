"""Redact-in (compatibility module): see :mod:`memscribe.redaction`."""

from __future__ import annotations

from memscribe.redaction import (
    CONTACT_DETECTORS,
    DETECTORS,
    MASK_RE,
    SECRET_ONLY_FRACTION,
    Detector,
    Finding,
    Masker,
    detectors,
    find_secrets,
    iban_ok,
    is_mostly_secret,
    is_placeholder,
    luhn_ok,
    name_strength,
    redact_text,
    redact_transcript,
    secret_fraction,
    shannon_entropy,
)

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
