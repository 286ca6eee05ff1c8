"""Injection guard (compatibility module): see :mod:`memscribe.guard`."""

from __future__ import annotations

from memscribe.guard import (
    CLASSIFIER_RULE,
    COPIED_CONTAINMENT,
    COPIED_MIN_TOKENS,
    ECHO_CONTAINMENT,
    RULES,
    CopySource,
    InjectionRule,
    Verdict,
    check,
    html_escape_memory,
    injection_rule,
    is_copied,
    is_echo,
    memory_rule,
)

__all__ = [
    "CLASSIFIER_RULE",
    "COPIED_CONTAINMENT",
    "COPIED_MIN_TOKENS",
    "ECHO_CONTAINMENT",
    "RULES",
    "CopySource",
    "InjectionRule",
    "Verdict",
    "check",
    "html_escape_memory",
    "injection_rule",
    "memory_rule",
    "is_copied",
    "is_echo",
]
