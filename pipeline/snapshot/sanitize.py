"""Redact-out for snapshot and group-memory text: secrets masked, env var values dropped, injections out.

Pure. Built on the one write guard (:class:`memscribe.safety.write_guard.WriteGuard`): control
and bidi characters stripped, oversized fields refused whole, injections refused and reported. Env var *names* are kept and their *values* never are (FORMATS.md §2): on top of the secret
detectors of :mod:`memscribe.redaction`, any ``NAME=value`` / ``export NAME=value`` /
``NAME: value`` whose name looks like an environment variable has its value replaced.
"""

from __future__ import annotations

import re
import unicodedata

from memscribe.safety.write_guard import FIELD_MAX_CHARS, WriteGuard
from memscribe.schemas.plan import Redaction

ENV_VALUE_MASK = "[REDACTED:env_value]"
_ENV_ASSIGN = re.compile(
    r"(?P<name>\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?P<op>\s*=\s*|:\s+)(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^\s,;`)]+)"
)


class Sanitizer:
    """One per output: a :class:`Masker` (same value → same mask) plus the count of what it did."""

    def __init__(self) -> None:
        self.guard = WriteGuard()
        self.masker = self.guard.masker
        self.redactions: list[Redaction] = self.guard.redactions
        self.dropped_injections = 0

    @property
    def refused(self) -> list[str]:
        """What the guard refused (``field: reason (detail)``), for the command's report."""
        return self.guard.refused_lines()

    def text(self, value: str, *, name: str = "field", limit: int = FIELD_MAX_CHARS) -> str:
        """``value`` cleaned and bounded (``""`` when oversized), secrets masked, env values removed."""
        masked = self.guard.text(value, name=name, limit=limit)

        def _env(match: re.Match[str]) -> str:
            current = match.group("value")
            if current.startswith("[REDACTED") or current.strip("\"'") == "":
                return match.group(0)
            self.redactions.append(Redaction(type="env_value", turn=None, stage="out"))
            return f"{match.group('name')}{match.group('op')}{ENV_VALUE_MASK}"

        return _ENV_ASSIGN.sub(_env, masked)

    def env_name(self, value: str) -> str:
        """An env var reference reduced to its name (``DATABASE_URL=postgres://…`` → ``DATABASE_URL``)."""
        match = _ENV_ASSIGN.match(value.strip().removeprefix("export "))
        if match:
            self.redactions.append(Redaction(type="env_value", turn=None, stage="out"))
            return match.group("name")
        return self.text(value)

    def code(self, value: str) -> str:
        """A code excerpt: at most 50 lines, cleaned, secrets masked."""
        return self.guard.code(value)

    def keep(self, value: str, *, name: str = "item", limit: int = FIELD_MAX_CHARS) -> bool:
        """False (and reported) when ``value`` tries to steer the agent that will read it or is oversized."""
        before = sum(r.reason == "injection" for r in self.guard.refused)
        if self.guard.admit(value, name=name, limit=limit):
            return True
        self.dropped_injections += sum(r.reason == "injection" for r in self.guard.refused) - before
        return False


def language_hint(texts: list[str]) -> str:
    """A prompt line asking to keep CJK text in its language, when the source is mostly CJK."""
    text = "".join(texts)
    cjk = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
    if text and cjk / max(1, len(text)) > 0.2:
        return " The conversation is in Chinese/Japanese/Korean: write the text in that language."
    return ""
