"""A correction chain reads on from its own adjustment, found by position (issue 17)."""

from __future__ import annotations

from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, ToolCall, Turn

SRC = SourcePos(file="-", line=1)


def _session(*after: tuple[str, str]) -> list[Turn]:
    said = [
        ("user", "commit the changes in internal/feed with a sensible message"),
        ("assistant", ""),
        ("assistant", "Committed as 4e1c9a2."),
        ("user", "No, don't add the Co-Authored-By trailer to my commits. Amend it please."),
        ("assistant", ""),
        ("assistant", "Amended, no trailer."),
        *after,
    ]
    commands = {1: "git commit -m 'feed: backoff'", 4: "git commit --amend"}
    return [
        Turn(
            index=i,
            role=role,  # type: ignore[arg-type]
            kind="tool_call" if i in commands else "message",
            text=text,
            tool_calls=(ToolCall(name="exec", arguments=f'{{"command": "{commands[i]}"}}'),)
            if i in commands
            else (),
            source=SRC,
        )
        for i, (role, text) in enumerate(said)
    ]


def test_a_chain_is_confirmed_after_its_own_adjustment_not_an_equal_earlier_turn() -> None:
    # the same session logged twice, numbered alike: confirmed the first time, never the second
    turns = _session(("user", "perfect, that's what I want")) + _session()
    first, second = extract(turns).playbooks
    assert (first.confirmation, first.confirmation_turn) == ("explicit", 6)
    assert (second.confirmation, second.confirmation_turn) == ("none", None)
