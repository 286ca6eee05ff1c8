"""The senders of a transcript's user turns, found in one pass without holding every turn's
segments (issue 17: a 50 MB transcript's segments were ~24 MB at once), answer as the
definition: every user message's segments, then the named senders in order, else the hosts."""

from __future__ import annotations

import random
import tracemalloc

from memscribe.groups.speakers import handles, segments, senders
from memscribe.schemas.transcript import Role, SourcePos, Turn, TurnKind
from memscribe.stages.detect import _group

_PIECES = (
    "ship it", "the build", "Oksana:", "Tomasz Nowak:", "[#release-train]", "[群聊 支付组]", "李雷：",
    "Note:", "Step 1:", "@dev_ops:", "\n", "  ", "ok,", "好的，", "x: y", "postgres://a:b@h", ":", "：",
)  # fmt: skip
_SHAPES: tuple[tuple[Role, TurnKind], ...] = (
    ("user", "message"),
    ("user", "message"),
    ("assistant", "message"),
    ("tool", "tool_result"),
    ("user", "tool_result"),
)


def _reference(turns: list[Turn]) -> list[str]:
    """The definition, as written before the one-pass form."""
    users = [t for t in turns if t.role == "user" and t.kind == "message"]
    known = handles(turns)
    said = {t.index: segments(t.text, t.speaker, known) for t in users}
    named = [s.speaker for t in users for s in said[t.index] if s.speaker]
    hosts = [t.speaker for t in users if t.speaker]
    return list(dict.fromkeys(named or hosts))


def _transcripts() -> list[list[Turn]]:
    rng = random.Random(11)
    out = []
    for _ in range(600):
        turns = []
        for i in range(rng.randint(0, 12)):
            role, kind = rng.choice(_SHAPES)
            text = " ".join(rng.choices(_PIECES, k=rng.randint(1, 7)))
            speaker = rng.choice((None, None, "Ana", "Ben", "李雷", ""))
            turns.append(
                Turn(
                    index=i,
                    role=role,
                    kind=kind,
                    text=text,
                    speaker=speaker,
                    source=SourcePos(file="t", line=i + 1),
                )
            )
        out.append(turns)
    return out


def test_senders_answer_as_the_definition() -> None:
    cases = _transcripts()
    found = [senders(turns) for turns in cases]
    assert any(len(names) >= 2 for names in found) and any(names == [] for names in found)
    assert any(len(names) == 1 for names in found)
    for turns, names in zip(cases, found, strict=True):
        assert names == _reference(turns), [t.text for t in turns]


def test_group_holds_no_segments_of_plain_turns() -> None:
    """A long chat without any colon: the senders are found without a segment per turn."""
    turns = [
        Turn(
            index=i,
            role="user" if i % 2 == 0 else "assistant",
            kind="message",
            text=f"turn {i} says nothing much",
            source=SourcePos(file="t", line=i + 1),
        )
        for i in range(20_000)
    ]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        assert _group(turns) is None
        grown = tracemalloc.get_traced_memory()[1] - before
        reference_start = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        assert _reference(turns) == []
        reference = tracemalloc.get_traced_memory()[1] - reference_start
    finally:
        tracemalloc.stop()
    assert grown * 20 < reference, (grown, reference)
