"""The embedded detector places a turn's language once for all of the turn's cues (issue 17)."""

from __future__ import annotations

from collections import Counter

import pytest

from memscribe.lexicon import identify
from memscribe.model.embedded.detect import extract
from tests.support.turns import make_transcript


def test_each_turn_is_placed_once_and_again_in_the_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each user turn's text is placed once however many cues ask (a correction's, the profile
    rules'), and a later turn with the same words is placed anew: the memo lives for one turn."""
    placed: Counter[str] = Counter()
    real = identify._language_of

    def counting(text: str) -> str:
        placed[text] += 1
        return real(text)

    monkeypatch.setattr(identify, "_language_of", counting)
    same = "I live in Leeds and I work as a data engineer."
    transcript = make_transcript(("user", same), ("assistant", "Noted."), ("user", same), ("assistant", "ok"))
    detection = extract(transcript.turns)
    assert detection.profiles  # the turns were read
    assert placed[same] == 2  # once per turn, never carried over to the other turn
