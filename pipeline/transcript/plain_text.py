"""Plain-text transcripts: ``User:`` / ``Assistant:`` lines (also ``Human:`` / ``AI:``).

A line without a prefix continues the previous turn, so pasted code blocks and
multi-paragraph answers stay in one turn.
"""

from __future__ import annotations

import re

from memscribe.schemas.transcript import Role, Transcript

from .common import ParseContext, Text, TurnDraft, build_transcript, iter_lines

_PREFIX = re.compile(r"^(?P<who>User|Human|Assistant|AI)\s*:[ \t]?(?P<rest>.*)$")
_ROLES: dict[str, Role] = {"User": "user", "Human": "user", "Assistant": "assistant", "AI": "assistant"}


def parse_text(text: Text, ctx: ParseContext) -> Transcript:
    """Read a ``User:``/``Assistant:`` transcript; text before the first prefix is a bad line."""
    drafts: list[TurnDraft] = []
    body: list[str] = []  # the lines of the last draft, joined when the next one starts
    for number, line in enumerate(iter_lines(text), start=1):
        match = _PREFIX.match(line)
        if match:
            if drafts:
                drafts[-1].text = "\n".join(body).strip()
            drafts.append(TurnDraft(role=_ROLES[match.group("who")], line=number))
            body = [match.group("rest")]
        elif drafts:
            body.append(line)
        elif line.strip():
            ctx.bad(number, "text before the first 'User:' or 'Assistant:' line")
    del text  # read: freed before the turns are built (the caller handed it over)
    if drafts:
        drafts[-1].text = "\n".join(body).strip()
    return build_transcript(drafts, ctx, "text")
