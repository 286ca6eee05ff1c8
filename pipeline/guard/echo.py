"""Echo and copy checks, and recall-block escaping.

:func:`is_echo`: a candidate that only restates a memory the agent was shown.
:func:`is_copied`: a candidate lifted from a tool result or fetched page rather than said by
the user. :func:`html_escape_memory`: stored text cannot open or close tags in a recall block.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memscribe.textsim import content_tokens

__all__ = [
    "COPIED_CONTAINMENT",
    "COPIED_MIN_TOKENS",
    "ECHO_CONTAINMENT",
    "CopySource",
    "html_escape_memory",
    "is_copied",
    "is_echo",
]

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
    content-token sets, for :func:`is_copied`. Build once per transcript; the token → turn
    postings are built on first use, so each check reads only the turns that can qualify."""

    tool: list[frozenset[str]] = field(default_factory=list)
    user: list[frozenset[str]] = field(default_factory=list)
    _postings: dict[str, dict[str, list[int]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def from_texts(cls, tool_texts: Iterable[str], user_texts: Iterable[str]) -> CopySource:
        def sets(texts: Iterable[str]) -> list[frozenset[str]]:
            return [frozenset(t) for t in (content_tokens(_unescape(x)) for x in texts) if t]

        return cls(sets(tool_texts), sets(user_texts))

    def holds(self, side: str, cand: frozenset[str], need: float) -> bool:
        """One ``side`` (``tool`` or ``user``) set holds at least ``need`` of ``cand``'s tokens.

        Prefix filter: a set missing at most ``len(cand) - need`` tokens holds one of any
        ``floor(len(cand) - need) + 1`` of them, so only the sets holding one of the rarest
        ones are compared — the same answer as comparing every set."""
        sets = self.tool if side == "tool" else self.user
        if side not in self._postings:
            postings: dict[str, list[int]] = {}
            for pos, tokens in enumerate(sets):
                for token in tokens:
                    postings.setdefault(token, []).append(pos)
            self._postings[side] = postings
        postings = self._postings[side]
        probe = min(len(cand), int(len(cand) - need) + 2)  # one spare against rounding
        rarest = sorted(cand, key=lambda t: len(postings.get(t, ())))[:probe]
        seen = {pos for token in rarest for pos in postings.get(token, ())}
        return any(len(cand & sets[pos]) >= need for pos in seen)


def is_copied(text: str, source: CopySource) -> bool:
    """True when ``text`` restates a tool result or fetched page rather than something the user
    said: :data:`COPIED_CONTAINMENT` of its content words (at least :data:`COPIED_MIN_TOKENS`)
    are in one tool turn, and no user turn contains it at that level."""
    cand = frozenset(content_tokens(_unescape(text)))
    if len(cand) < COPIED_MIN_TOKENS or not source.tool:
        return False
    need = COPIED_CONTAINMENT * len(cand)
    if not source.holds("tool", cand, need):
        return False
    return not source.holds("user", cand, need)
