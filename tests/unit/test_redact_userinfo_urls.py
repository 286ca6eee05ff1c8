"""``extents.userinfo_urls``: the URLs with user info that the whole-value extents widen to, found
from each ``://`` instead of by trying the pattern at every word boundary (issue 12: a speed
change, the same matches). Texts are generated from the characters the pattern reads."""

from __future__ import annotations

import random

from memscribe.redaction.extents import _USERINFO_URL, userinfo_urls
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth

_PIECES = (
    "://", "@", "/", ":", " ", "\n", "'", '"', "<", ">", "`", "+", ".", "-", "_", "é", "9",
    "a", "Z", "http", "postgres", "x" * 29, "y" * 31, "https://", "u:p@", "user:pw@host", "a://b@c",
)  # fmt: skip


def _spans(text: str, found: object) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [(m.span(), m.span("info")) for m in found]  # type: ignore[attr-defined]


def test_the_same_matches_as_finditer() -> None:
    rng = random.Random(20261206)
    cases = [
        "see postgres://app:pw@db:5432/x and mysql://u:p@h/y.",
        "a.b+c-d://u@h",
        "1http://u:p@h _x://u@h x_://u@h é://u@h éa://u@h",
        "http://u:p@h://v:q@g https://u@h/https://v@g",
        "x" * 40 + "://u@h " + "y" * 30 + "://u@h",
        "://u@h ://@ a:// a://@",
        "http://a/b@c http://a b@c http://a@",
    ]
    for _ in range(3000):
        cases.append("".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 40))))
    for text in cases:
        assert _spans(text, userinfo_urls(text)) == _spans(text, _USERINFO_URL.finditer(text)), text


def test_linear_on_long_lines() -> None:
    """Lines of many ``://`` (with and without user info, schemes too long): 8x as long costs
    about 8x, measured in turn (``tests/support/growth.py``). The lines were 4x as long against
    a bound of 8x until a CI run under load measured 8.2 for this linear code."""
    for unit in ("a://b@", "http://u:p@h/", "x" * 40 + "://u@", "a://b/c://@", "://@"):
        small, large = unit * 2500, unit * 20000
        growth = cpu_growth(lambda text: list(userinfo_urls(text)), small, large)
        assert growth < LINEAR_BOUND_8X, (unit, growth)
