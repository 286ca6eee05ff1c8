"""The masker's look-up of earlier secrets in a later text (``Masker._repeated``), against its
definition: every ``(value, type)`` masked so far, in the order first masked, whose value
stripped is ``REPEAT_MIN_LEN`` or longer and occurs in the text. Through the scanner's
rebuilds (values masked one by one, and many at once), with short values, values padded
with blanks, one value under two types, and values inside one another. Values are generated."""

from __future__ import annotations

import random
import string

from memscribe.redaction.combine import REPEAT_MIN_LEN, Masker


def _value(rng: random.Random) -> str:
    n = rng.choice((2, REPEAT_MIN_LEN - 1, REPEAT_MIN_LEN, REPEAT_MIN_LEN + 5, 20))
    body = "".join(rng.choice(string.ascii_letters + string.digits + "!.-") for _ in range(n))
    return rng.choice(("", " ", "\t")) + body + rng.choice(("", " ", "\n"))


def _expected(masked: list[tuple[str, str]], text: str) -> list[tuple[str, str]]:
    return [(v, t) for v, t in masked if len(v.strip()) >= REPEAT_MIN_LEN and v.strip() in text]


def test_repeated_equals_its_definition() -> None:
    rng = random.Random(20261206)
    for _ in range(20):
        masker, masked, pool = Masker(), list[tuple[str, str]](), list[str]()
        for _ in range(rng.randrange(5, 120)):
            for _ in range(rng.choice((1, 1, 1, 6))):  # now and then several texts' values at once
                if pool and rng.random() < 0.2:
                    value = rng.choice(pool)  # a value seen before, perhaps under another type
                elif pool and rng.random() < 0.1:
                    inner = rng.choice(pool).strip()
                    value = inner[: max(REPEAT_MIN_LEN, len(inner) - 2)]  # inside an earlier one
                else:
                    value = _value(rng)
                type_ = rng.choice(("password", "api_key"))
                if (value, type_) not in masked:
                    masked.append((value, type_))
                masker.mask_for(type_, value)
                pool.append(value)
            picked = rng.sample(pool, min(len(pool), rng.randrange(0, 4)))
            text = " and ".join(v.strip() for v in picked) or "nothing here"
            assert masker._repeated(text) == _expected(masked, text)
