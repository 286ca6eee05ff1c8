"""Injection guard: memory text must describe the user, never address or command the agent.

Stored memories are shown to a future agent, so a memory that says "ignore previous
instructions", fakes a ``<system>`` tag, pipes a download into a shell or tells the agent to
send data somewhere is a prompt injection waiting to fire. :func:`check` normalises the text
(:mod:`~memscribe.guard.normalise`), runs the named rules (:mod:`~memscribe.guard.rules`) and
then a small learned classifier (:mod:`~memscribe.guard.classifier`, weights shipped in the
package); :func:`injection_rule` gives the reason (a rule name or ``classifier``) or ``None``.
"""

from __future__ import annotations

from memscribe.guard.echo import (
    COPIED_CONTAINMENT,
    COPIED_MIN_TOKENS,
    ECHO_CONTAINMENT,
    CopySource,
    html_escape_memory,
    is_copied,
    is_echo,
)
from memscribe.guard.rules import RULES, InjectionRule
from memscribe.guard.verdict import CLASSIFIER_RULE, Verdict, check, injection_rule, memory_rule

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
