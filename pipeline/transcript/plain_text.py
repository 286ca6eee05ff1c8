"""Plain-text transcripts: ``User:`` / ``Assistant:`` lines (also ``Human:`` / ``AI:``).

A line without a prefix continues the previous turn, so pasted code blocks and
multi-paragraph answers stay in one turn. Before the first prefix, a relay's header naming the
person who configured the assistant (``# relay: matrix #room -> assistant (configured user: Hana)``)
is a system turn, as a system message is in the other formats: it says whose memory this is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.schemas.transcript import Role, Transcript

from .common import CONFIGURED_HEADER, ParseContext, Text, TurnDraft, build_transcript, iter_lines

#: A turn's opening: who speaks, then its text (the rest of the line, cut off after the match:
#: the pattern does not read it, as ``(?P<rest>.*)$`` did, a line holding no line break).
_PREFIX = re.compile(r"(?P<who>User|Human|Assistant|AI)\s*:[ \t]?")
_ROLES: dict[str, Role] = {"User": "user", "Human": "user", "Assistant": "assistant", "AI": "assistant"}


def parse_text(text: Text, ctx: ParseContext) -> Transcript:
    """Read a ``User:``/``Assistant:`` transcript; text before the first prefix is a bad line.

    Each turn is built as its draft is read (the drafts are never all held beside the text)."""
    return build_transcript(_drafts(text, ctx), ctx, "text")


def _drafts(text: Text, ctx: ParseContext) -> Iterator[TurnDraft]:
    """The drafts in order, each handed on once the next prefix (or the end) closes its text."""
    draft: TurnDraft | None = None
    body: list[str] = []  # the lines of the draft being read, joined when the next one starts
    for number, line in enumerate(iter_lines(text), start=1):
        match = _PREFIX.match(line)
        if match:
            if draft is not None:
                draft.text = "\n".join(body).strip()
                yield draft
            draft = TurnDraft(role=_ROLES[match.group("who")], line=number)
            body = [line[match.end() :]]
        elif draft is not None:
            body.append(line)
        elif CONFIGURED_HEADER.search(line):
            yield TurnDraft(role="system", kind="system", text=line.strip(), line=number)
        elif line.strip():
            ctx.bad(number, "text before the first 'User:' or 'Assistant:' line")
    del text  # read (a file's pieces are let go as they are read)
    if draft is not None:
        draft.text = "\n".join(body).strip()
        yield draft
