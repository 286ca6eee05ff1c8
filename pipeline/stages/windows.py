"""Split a long transcript into windows that fit a model's context.

Windows overlap by ``overlap_turns`` turns so that a correction near the end of one window and
its confirmation at the start of the next are still seen together in one of them. Only windows
that contain a gated signal turn are worth a model call.
"""

from __future__ import annotations

from collections.abc import Sequence

from memscribe.guard import check
from memscribe.schemas.transcript import Turn

#: Tool output is context, not speech: enough of it to follow the conversation, no more.
TOOL_TEXT_LIMIT = 600
TURN_TEXT_LIMIT = 6000
#: What the detector sees instead of tool output (a tool result, a fetched page or file) that
#: the injection guard's rules flag: untrusted text that tries to steer the agent never reaches
#: it. The rules alone decide here: the classifier learned from chat and documents, and test
#: logs, code and tables are outside what it was taught.
WITHHELD = "[withheld: suspected injection]"


def render_text(turn: Turn) -> str:
    """The text of a turn as the detector sees it (tool output truncated, tool calls named;
    tool output the injection guard flags replaced by :data:`WITHHELD`)."""
    text = turn.text
    limit = TOOL_TEXT_LIMIT if turn.role == "tool" else TURN_TEXT_LIMIT
    if len(text) > limit:
        text = text[:limit] + f" …[{len(turn.text) - limit} more characters]"
    if turn.role == "tool" and text and check(text, use_classifier=False).injection:
        text = WITHHELD
    if turn.tool_calls:
        calls = ", ".join(c.name for c in turn.tool_calls)
        text = f"{text} [calls tool: {calls}]".strip()
    return text


def estimate_tokens(text: str) -> int:
    """A deliberately pessimistic estimate (3 characters a token) that needs no tokenizer."""
    return len(text) // 3 + 4


def split_windows(
    turns: Sequence[Turn], *, budget_tokens: int, overlap_turns: int = 6
) -> list[tuple[Turn, ...]]:
    """Greedy windows of consecutive turns within ``budget_tokens``, overlapping by turns."""
    if not turns:
        return []
    costs = [estimate_tokens(render_text(t)) for t in turns]
    windows: list[tuple[Turn, ...]] = []
    start = 0
    while True:
        end, used = start, 0
        while end < len(turns) and (end == start or used + costs[end] <= budget_tokens):
            used += costs[end]
            end += 1
        windows.append(tuple(turns[start:end]))
        if end >= len(turns):
            return windows
        # Step back for the overlap, but always move forward by at least one turn.
        start = max(start + 1, end - overlap_turns)
