"""Redact-out for snapshot and group-memory text: secrets masked, env var values dropped, injections out.

Pure. Env var *names* are kept and their *values* never are (FORMATS.md §2): on top of the secret
detectors of :mod:`memscribe.redaction`, any ``NAME=value`` / ``export NAME=value`` /
``NAME: value`` whose name looks like an environment variable has its value replaced.
"""

from __future__ import annotations

import re
import unicodedata

from memscribe.guard import injection_rule
from memscribe.redaction import Masker
from memscribe.schemas.plan import Redaction

ENV_VALUE_MASK = "[REDACTED:env_value]"
_ENV_ASSIGN = re.compile(
    r"(?P<name>\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?P<op>\s*=\s*|:\s+)(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^\s,;`)]+)"
)


class Sanitizer:
    """One per output: a :class:`Masker` (same value → same mask) plus the count of what it did."""

    def __init__(self) -> None:
        self.masker = Masker()
        self.redactions: list[Redaction] = []
        self.dropped_injections = 0

    def text(self, value: str) -> str:
        """``value`` with secrets masked and env var values removed."""
        masked, found = self.masker.redact(value)
        self.redactions.extend(Redaction(type=f.type, turn=None, stage="out") for f in found)

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

    def keep(self, value: str) -> bool:
        """False (and counted) when ``value`` tries to steer the agent that will read it."""
        if injection_rule(value) is not None:
            self.dropped_injections += 1
            return False
        return True


def language_hint(texts: list[str]) -> str:
    """A prompt line asking to keep CJK text in its language, when the source is mostly CJK."""
    text = "".join(texts)
    cjk = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
    if text and cjk / max(1, len(text)) > 0.2:
        return " The conversation is in Chinese/Japanese/Korean: write the text in that language."
    return ""
