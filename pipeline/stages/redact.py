"""Redact-in (compatibility module): the detectors and masking live in :mod:`memscribe.redaction`."""

from __future__ import annotations

from memscribe.redaction import *  # noqa: F403 - re-export the package's public names
from memscribe.redaction import __all__ as __all__
