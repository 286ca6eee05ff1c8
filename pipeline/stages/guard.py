"""Injection guard (compatibility module): the rules and classifier live in :mod:`memscribe.guard`."""

from __future__ import annotations

from memscribe.guard import *  # noqa: F403 - re-export the package's public names
from memscribe.guard import __all__ as __all__
