"""The prefilter's look-up by key character (redaction.hintkeys) enables exactly the detectors a
look-up of every hint enables."""

from __future__ import annotations

import random

from memscribe.redaction import DETECTORS
from memscribe.redaction.hintkeys import key_hints, keyed_on
from memscribe.redaction.prefilter import _KEYED_CHARS, _plans, active_detectors, keyed_hints


def _plain(text: str, folded: str, hints: tuple[tuple[str, int, bool, tuple[str, ...]], ...], on: int) -> int:
    for hint, bits, cased, _ in hints:
        if hint in (text if cased else folded):
            on |= bits
    return on


def _texts(rng: random.Random, hints: list[str], count: int) -> list[str]:
    alphabet = "abcXYZ019 \n=:_-$.İßПароль"
    out = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randrange(0, 6)):
            hint = rng.choice(hints)
            if rng.random() < 0.5:  # a piece of a hint, or a hint in another case
                hint = hint[: rng.randrange(len(hint) + 1)]
            parts.append(hint.upper() if rng.random() < 0.3 else hint)
            parts.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(4))))
        out.append("".join(parts))
    return out


def test_keyed_lookup_enables_what_every_hint_enables() -> None:
    rng = random.Random(12)
    for plan in _plans(DETECTORS):
        always, hint_bits = plan[0], plan[1]
        keyed = keyed_hints(hint_bits)
        assert key_hints(tuple((h, b, c) for h, b, c, _ in hint_bits)) == keyed
        assert keyed_hints(hint_bits) is keyed  # grouped once per plan
        hints = [h for h, _, _, _ in hint_bits]
        for text in _texts(rng, hints, 3000):
            folded = text.casefold()
            assert keyed_on(text, folded, keyed, always) == _plain(text, folded, hint_bits, always), text


def test_a_hint_without_its_key_character_is_not_looked_up() -> None:
    keyed = key_hints((("akia", 1, False), ("AKIA", 2, True), ("пароль", 4, False)))
    # the key is the rarest character ("k"; upper-case letters rank alike: the first);
    # a hint without an ASCII character is always looked up
    assert set(keyed[1]) == {"k"} and set(keyed[2]) == {"A"} and keyed[0] == (("пароль", 4, False),)
    assert keyed_on("AKIA", "akia", keyed, 0) == 3
    assert keyed_on("akia", "akia", keyed, 0) == 1
    assert keyed_on("aia пароль", "aia пароль", keyed, 0) == 4


def test_short_and_long_texts_choose_the_same_detectors() -> None:
    rng = random.Random(3)
    hints = [h for h, _, _, _ in _plans(DETECTORS)[0][1]]
    for text in _texts(rng, hints, 300):
        # past the keyed look-up's bound, padded with what no hint holds (a blank would complete
        # a hint such as "/ " at the end of the text)
        padded = text + "\x00" * (_KEYED_CHARS + 1 - len(text))
        assert [d for _, d in active_detectors(text, DETECTORS)] == [
            d for _, d in active_detectors(padded, DETECTORS)
        ]
