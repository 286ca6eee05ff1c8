"""Extract's stages read the transcript in linear time (issue 17): a candidate's checks look at
the turns near its evidence, never a copy of every turn before it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from memscribe.schemas.transcript import Role, SourcePos, Turn
from memscribe.stages.verify import question_before


def _turn(index: int, role: Role, text: str) -> Turn:
    return Turn(index=index, role=role, text=text, source=SourcePos(file="t", line=index + 1))


class _Counted(Sequence[Turn]):
    """The turns, counting how many of them are read (by index, slice or iteration)."""

    def __init__(self, turns: list[Turn]) -> None:
        self.turns = turns
        self.read = 0

    @overload
    def __getitem__(self, at: int) -> Turn: ...
    @overload
    def __getitem__(self, at: slice) -> Sequence[Turn]: ...
    def __getitem__(self, at: int | slice) -> Turn | Sequence[Turn]:
        got = self.turns[at]
        self.read += len(got) if isinstance(got, list) else 1
        return got

    def __len__(self) -> int:
        return len(self.turns)

    def __iter__(self) -> Iterator[Turn]:
        for turn in self.turns:
            self.read += 1
            yield turn


def test_question_before_reads_back_to_the_last_message_only() -> None:
    turns: list[Turn] = []
    for n in range(0, 20_000, 2):
        turns += [_turn(n, "user", f"line {n}"), _turn(n + 1, "assistant", f"Did you try option {n}?")]
    counted = _Counted(turns)
    assert question_before(counted, 19_998) == "Did you try option 19996?"
    assert question_before(counted, 19_999) == ""  # the user spoke last
    assert question_before(counted, 0) == ""
    assert question_before(counted, 50_000) == "Did you try option 19998?"  # past the end: the last one
    assert counted.read <= 8  # not the 20,000 turns before each (a slice per call was quadratic)
