"""``_five_in_a_row`` (the cheap precondition of ``sequential``) answers as its regex does, and on
an ASCII value without stepping through its characters in Python."""

from __future__ import annotations

import random
import string
import sys
from types import FrameType
from typing import Any

from memscribe.redaction.values import _ALPHABETS, _SEQ_RUN, _five_in_a_row


def _values() -> list[str]:
    rng = random.Random(9)
    noise = string.ascii_letters + string.digits + "-_.!~ İſ\u212aé"
    values = ["", "abcd", "abcde", "ABCDE", "01234", "xx56789", "aBcDe", "vwxyz{", "9abcd", "zabcd"]
    for _ in range(20_000):
        alphabet = rng.choice(_ALPHABETS)
        at = rng.randrange(len(alphabet) - 3)
        run = alphabet[at : at + rng.randrange(2, 7)]
        values.append(
            "".join(rng.choice(noise) for _ in range(rng.randrange(12)))
            + run
            + "".join(rng.choice(noise) for _ in range(rng.randrange(12)))
        )
    return values


def test_it_answers_as_the_regex_does() -> None:
    values = _values()
    answers = [_five_in_a_row(v) for v in values]
    assert answers == [_SEQ_RUN.search(v) is not None for v in values]
    assert 1_000 < sum(answers) < len(values) - 1_000


def test_an_ascii_value_is_not_stepped_through_in_python() -> None:
    lines = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal lines
        if frame.f_code is _five_in_a_row.__code__:
            lines += event == "line"
            return tracer
        return None

    value = "k9Qz7LmP2xWv" * 40  # 480 characters, no run of five
    sys.settrace(tracer)
    try:
        found = _five_in_a_row(value)
    finally:
        sys.settrace(None)
    assert not found
    assert lines < 20  # (before: a line event per character)
