"""Split a long transcript into windows that fit a model's context.

Windows overlap by ``overlap_turns`` turns so that a correction near the end of one window and
its confirmation at the start of the next are still seen together in one of them. Only windows
that contain a gated signal turn are worth a model call.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from memscribe.guard import check
from memscribe.lazyre import compile_table
from memscribe.schemas.transcript import Turn

#: Tool output is context, not speech: enough of it to follow the conversation, no more.
TOOL_TEXT_LIMIT = 600
TURN_TEXT_LIMIT = 6000
#: What the detector sees instead of tool output (a tool result, a fetched page or file) that
#: the injection guard's rules flag: untrusted text that tries to steer the agent never reaches
#: it. The rules alone decide here: the classifier learned from chat and documents, and test
#: logs, code and tables are outside what it was taught.
WITHHELD = "[withheld: suspected injection]"
#: Characters a token for alphabetic text in today's tokenizers (English ~4–5).
CHARS_PER_TOKEN = 4
#: Scripts a tokenizer spends about one token a character on: CJK ideographs, kana, hangul,
#: full-width forms (counting them at 4 a token overflowed windows by about 3×). Compiled on
#: first use (a non-ASCII text): its table of ~40k characters is most of this module's import.
_WIDE_CHARS = (
    "[\u1100-\u11ff\u2e80-\u303f\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f"
    "\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)


@functools.cache
def _wide() -> re.Pattern[str]:
    return compile_table(_WIDE_CHARS)  # kept in the program cache between runs


#: Counts the tokens of a text: the model's tokenizer, or :func:`estimate_tokens`.
TokenCounter = Callable[[str], int]


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
    """Tokens of ``text`` without a tokenizer: a CJK/kana/hangul character one token each, other
    text :data:`CHARS_PER_TOKEN` characters a token, plus a few for the message framing."""
    wide = 0 if text.isascii() else len(_wide().findall(text))
    return wide + -(-(len(text) - wide) // CHARS_PER_TOKEN) + 4


def split_windows(
    turns: Sequence[Turn],
    *,
    budget_tokens: int,
    overlap_turns: int = 6,
    count: TokenCounter = estimate_tokens,
) -> list[tuple[Turn, ...]]:
    """Greedy windows of consecutive turns within ``budget_tokens`` (as ``count`` counts them),
    overlapping by turns."""
    if not turns:
        return []
    costs = [count(render_text(t)) for t in turns]
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


def halve(window: Sequence[Turn]) -> list[tuple[Turn, ...]]:
    """``window`` cut in two at its middle turn (a window the model's context could not hold);
    a single turn cannot be cut: ``[]``."""
    if len(window) < 2:
        return []
    middle = len(window) // 2
    return [tuple(window[:middle]), tuple(window[middle:])]
