"""A role or a diet held since a time: "I've been a nurse since 2015" says it holds now.

The time phrase stripped from the value left "User has been a nurse" one content word, under the
plain statement's bound, so the role was lost (and "a data analyst at the council" was written as
"has been …", unlike "I'm a …"). Now read as the role rule reads "I'm a nurse"."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, ToolCall, Turn

SRC = SourcePos(file="-", line=1)


def _profiles(text: str, *, agent: bool) -> list[tuple[str, str]]:
    turns = [Turn(index=0, role="user", kind="message", text=text, source=SRC)]
    if agent:  # a tool call: a working session, where only the shaped rules apply
        call = ToolCall(name="exec", arguments='{"command": "ls"}')
        turns.append(
            Turn(index=1, role="assistant", kind="tool_call", text="", tool_calls=(call,), source=SRC)
        )
    else:
        turns.append(Turn(index=1, role="assistant", kind="message", text="That's nice.", source=SRC))
    return [(p.slug, p.body) for p in extract(turns).profiles]


@pytest.mark.parametrize("agent", [False, True])
@pytest.mark.parametrize(
    ("said", "body"),
    [
        ("I've been a nurse since 2015.", "User is a nurse."),
        ("I have been a nurse since 2015.", "User is a nurse."),
        ("I've been vegetarian since 2015.", "User is vegetarian."),
        ("I've been vegan since January.", "User is vegan."),
        ("I've been a nurse since I was 20.", "User is a nurse."),
    ],
)
def test_a_state_since_a_time_is_kept(said: str, body: str, agent: bool) -> None:
    assert body in [b for _, b in _profiles(said, agent=agent)]


def test_a_role_at_an_organisation_since_a_time_is_filed_as_a_job() -> None:
    found = _profiles("Since May I've been a data analyst at the council.", agent=False)
    assert ("User is a data analyst at the council.") in [b for _, b in found]
    assert all(slug.startswith("job-") for slug, b in found if "analyst" in b)


def test_the_clause_after_the_time_is_its_own() -> None:
    bodies = [b for _, b in _profiles("I've been a nurse since 2015 and I work nights.", agent=False)]
    assert "User is a nurse." in bodies
    assert "User works nights." in bodies


@pytest.mark.parametrize(
    "said",
    ["I've been a bit stressed since Monday.", "I've been a huge fan of Arsenal since 1998."],
)
def test_no_role_read_from_a_mood_or_a_fandom(said: str) -> None:
    assert not any(b.startswith("User is a") for _, b in _profiles(said, agent=False))
