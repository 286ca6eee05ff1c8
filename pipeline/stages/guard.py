"""Injection guard: memory text must describe the user, never address or command the agent.

Stored memories are shown to a future agent, so a memory that says "ignore previous
instructions", fakes a ``<system>`` tag, or tells the agent to send data somewhere is a prompt
injection waiting to fire. :func:`injection_rule` names the first rule in :data:`RULES` that
matches; later issues extend the table. Procedural playbook text such as "Run tests with
pnpm, not npm" must pass: plain ``run <tool>`` is a rule the user taught, while "run this
command", "execute the following" or "send ... to https://..." command the agent.

Also here: :func:`is_echo` (a candidate that only restates a memory the agent was shown) and
:func:`html_escape_memory` (escaping for recall blocks).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memscribe.textsim import content_tokens

__all__ = [
    "COPIED_CONTAINMENT",
    "ECHO_CONTAINMENT",
    "CopySource",
    "RULES",
    "InjectionRule",
    "html_escape_memory",
    "injection_rule",
    "is_copied",
    "is_echo",
]


@dataclass(frozen=True)
class InjectionRule:
    """A named pattern; a match means the text tries to steer the agent."""

    name: str
    pattern: re.Pattern[str]


def _rule(name: str, pattern: str, *, ignore_case: bool = True) -> InjectionRule:
    flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
    return InjectionRule(name, re.compile(pattern, flags))


# Tags an agent transcript or recall block uses. Role tags match in any case; generic words
# only in lowercase, so code generics such as ``Promise<User>`` are not flagged.
_ROLE_TAGS = (
    r"(?i:system|assistant|developer|im_start|im_end|memwal-memories|relevant[-_]memories|"
    r"function_calls?|tool_calls?|tool_result|tool_use|antml:[a-z_]+)"
)
_LOWER_TAGS = r"user|tool|human|ai|instructions?|prompt|memories|memory|context|admin|root"

#: The rule table, checked in order. Each entry: (name, case-insensitive regex).
RULES: tuple[InjectionRule, ...] = (
    _rule(
        "ignore_instructions",
        r"\b(?:ignore|disregard|forget|override|bypass|skip)\b[^.\n]{0,40}?"
        r"\b(?:previous|prior|above|earlier|all|any|your|the|system|existing|other|preceding)\b"
        r"[^.\n]{0,20}?\b(?:instructions?|prompts?|rules|directions|directives|guidelines|guardrails)\b",
    ),
    _rule(
        "do_not_follow",
        r"\b(?:do\s+not|don'?t|never|stop)\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)?\s+to)\s+"
        r"(?:the\s+|your\s+|any\s+)?(?:system|developer|previous|original|above|prior|safety)\b",
    ),
    _rule("system_prompt", r"\bsystem\s+(?:prompt|message|instructions?)\b"),
    _rule(
        "fake_role_tag",
        r"<\s*/?\s*(?:" + _ROLE_TAGS + "|" + _LOWER_TAGS + r")(?![\w-])[^<>]{0,80}>",
        ignore_case=False,
    ),
    _rule("fake_role_token", r"<\|\s*(?:im_start|im_end|system|user|assistant|endoftext)\s*\|>|\[/?INST\]"),
    _rule("fake_role_prefix", r"^\s*(?:#+\s*)?(?:system|assistant|developer)\s*:"),
    _rule(
        "addresses_agent",
        r"\b(?:ai|llm|gpt|chatbot|language\s+model|(?:ai\s+)?assistants?|agents?|bots?)\b"
        r"[^.\n]{0,20}\b(?:reading|seeing|processing|parsing|that\s+reads?)\s+this\b",
    ),
    _rule(
        "role_hijack", r"\byou\s+are\s+now\b|\bfrom\s+now\s+on,?\s+you\b|\bpretend\s+(?:to\s+be|you\s+are)\b"
    ),
    _rule("new_instructions", r"\b(?:new|updated|real|actual|override)\s+(?:instructions?|rules|orders)\s*:"),
    _rule(
        "exfiltration",
        r"\b(?:send|post|upload|forward|exfiltrate|transmit|leak|beacon)\b"
        r"[^\n]{0,80}?\b(?:https?://|ftp://|webhook|[\w.+-]+@[\w-]+\.[\w.]+)",
    ),
    _rule(
        "shell_exfiltration",
        r"\b(?:curl|wget|nc|netcat|invoke-webrequest)\b[^\n]*?"
        r"(?:\s-(?:d|F|T|X\s*(?:POST|PUT))\b|\s--(?:data\S*|upload-file|form)\b|\|\s*(?:ba|z)?sh\b)",
    ),
    _rule("pipe_to_shell", r"\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\beval\s*\(\s*(?:atob|base64)"),
    _rule(
        "run_this_command",
        r"\b(?:run|execute|exec|eval|paste)\s+(?:this|these|the\s+following|following|the\s+below|below)"
        r"\s*(?:(?:shell\s+)?(?:commands?|code|scripts?|snippets?|payload|instructions?|steps?)\b|:)"
        r"|\bexecute\s+(?:this|these|the\s+following|following|below)\b|\bexecute\s*:",
    ),
    _rule("call_tool", r"\b(?:call|invoke)\s+(?:the\s+|your\s+|this\s+)?(?:[\w-]+\s+)?tools?\b"),
    _rule(
        "self_persistence",
        r"\bremember\s+(?:this|that|these)\s+(?:forever|permanently|always)\b"
        r"|\b(?:always|must)\s+(?:obey|comply)\b"
        r"|\b(?:save|store|write|add|put)\b[^.\n]{0,40}\b(?:to|into)\s+(?:your\s+|the\s+)?"
        r"(?:long[- ]term\s+)?memor(?:y|ies)(?![\w-])"
        r"|\b(?:store|save|keep|remember)\b[^.\n]{0,20}\bpermanently\b"
        r"|\bmemory\s+update\s*:",
    ),
)


def injection_rule(text: str) -> str | None:
    """Name of the first :data:`RULES` entry that matches ``text``, or ``None`` when clean."""
    for rule in RULES:
        if rule.pattern.search(text):
            return rule.name
    return None


#: A candidate is an echo when at least this share of its content words (stemmed,
#: stopwords removed; see :func:`memscribe.textsim.content_tokens`) appear in one shown memory.
ECHO_CONTAINMENT = 0.8
_ENUM = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+")
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&#39;", "'"), ("&amp;", "&"))


def _unescape(text: str) -> str:
    for entity, char in _ENTITIES:
        text = text.replace(entity, char)
    return text


def is_echo(text: str, injected_memories: Sequence[str]) -> bool:
    """True when ``text`` only restates one of the memories the agent was shown.

    Memory lines may carry list numbering and HTML escapes from the recall block; both are
    removed. A candidate with no content words is never an echo (nothing to compare).
    """
    cand = content_tokens(_unescape(text))
    if not cand:
        return False
    for memory in injected_memories:
        mem = content_tokens(_ENUM.sub("", _unescape(memory)))
        if mem and len(cand & mem) / len(cand) >= ECHO_CONTAINMENT:
            return True
    return False


def html_escape_memory(text: str) -> str:
    """Escape ``& < > " '`` so stored text cannot open or close tags in a recall block."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )


#: A candidate is *copied* from a tool result or fetched page when at least this share of its
#: content words appear in one tool turn and no user turn says it at that level.
COPIED_CONTAINMENT = 0.8
#: Candidates with fewer content words than this are too short to call copied.
COPIED_MIN_TOKENS = 4


@dataclass
class CopySource:
    """The transcript's tool-result turns (text a tool or web page produced) and user turns, as
    content-token sets, for :func:`is_copied`. Build once per transcript."""

    tool: list[frozenset[str]] = field(default_factory=list)
    user: list[frozenset[str]] = field(default_factory=list)

    @classmethod
    def from_texts(cls, tool_texts: Iterable[str], user_texts: Iterable[str]) -> CopySource:
        def sets(texts: Iterable[str]) -> list[frozenset[str]]:
            return [frozenset(t) for t in (content_tokens(_unescape(x)) for x in texts) if t]

        return cls(sets(tool_texts), sets(user_texts))


def is_copied(text: str, source: CopySource) -> bool:
    """True when ``text`` restates a tool result or fetched page rather than something the user
    said: :data:`COPIED_CONTAINMENT` of its content words (at least :data:`COPIED_MIN_TOKENS`)
    are in one tool turn, and no user turn contains it at that level."""
    cand = content_tokens(_unescape(text))
    if len(cand) < COPIED_MIN_TOKENS or not source.tool:
        return False
    need = COPIED_CONTAINMENT * len(cand)
    if not any(len(cand & t) >= need for t in source.tool):
        return False
    return not any(len(cand & u) >= need for u in source.user)
