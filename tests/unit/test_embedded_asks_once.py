"""The embedded detector reads each user turn of a chat for an ask for help once (issue 17)."""

from __future__ import annotations

import pytest

from memscribe.model.embedded import detect, profiles
from memscribe.schemas.transcript import SourcePos, Turn

SRC = SourcePos(file="-", line=1)


def _chat() -> list[Turn]:
    said = [
        ("user", "I'm baking bread tomorrow, can you scale the recipe for twelve people?"),
        ("assistant", "Sure, here is the recipe for twelve."),
        ("user", "My divorce is final tomorrow."),
        ("assistant", "That is a big step."),
        ("user", "I live in Lyon with my two cats."),
        ("assistant", "Lyon is lovely."),
    ]
    return [
        Turn(index=i, role=role, kind="message", text=text, source=SRC)  # type: ignore[arg-type]
        for i, (role, text) in enumerate(said)
    ]


def test_a_chat_reads_each_user_turn_for_an_ask_once(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    asks = profiles._asks

    def counted(text: str) -> bool:
        read.append(text)
        return asks(text)

    monkeypatch.setattr(profiles, "_asks", counted)
    found = detect.extract(_chat())
    assert sorted(read) == sorted(t.text for t in _chat() if t.role == "user")
    bodies = " ".join(p.body for p in found.profiles)
    assert "Lyon" in bodies  # a standing fact of a chat with an ask is still written
    assert "bread" not in bodies  # the asking turn's day is the task's


def test_asking_turns_agrees_with_asks_for_help() -> None:
    turns = _chat()
    assert profiles.asking_turns(turns) == {0}
    assert profiles.asks_for_help(turns)
    quiet = [t for t in turns if t.index != 0]
    assert profiles.asking_turns(quiet) == set() and not profiles.asks_for_help(quiet)
