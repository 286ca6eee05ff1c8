"""Issue 12 (speed only): many assignments or ``value`` fields on one long line cost time linear in
the line, not quadratic: a password's rest of line is not read to the line's end for each value
(``structure._short_rest``), nor a ``value`` field's line found by reading back through the text
(``pairs._line_before``). Outputs are those of the full reads (checked against them here)."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import assigned, pairs, redact_text, structure
from memscribe.redaction.assigned import SPACED_SECRET_MAX
from memscribe.redaction.base import newlines
from tests.support.counting import counting
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth


def test_rest_of_line_read_within_a_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ab password=x yz `` repeated on one line: each ``password=x`` was handed the rest of the
    line to its end as a phrase (the whole text); now only phrases a spaced secret can be are."""
    calls = counting(monkeypatch, assigned, "phrase_of_words")
    text = "ab password=x yz " * 2000
    redact_text(text)
    assert calls.n > 0
    assert max(len(p) for p in calls.firsts) <= SPACED_SECRET_MAX


def test_pass_phrase_to_line_end_still_found() -> None:
    for text in (
        "DB_PASSWORD=Gartenzwerg 17 Rosen\n",
        "x=1\nDB_PASSWORD=Gartenzwerg 17 Rosen  \r\nnext=2",
        "DB_PASSWORD=Gartenzwerg 17 Rosen",
    ):
        masked = redact_text(text)[0]
        assert "Gartenzwerg" not in masked and "Rosen" not in masked, text


def test_name_values_linear_on_long_lines() -> None:
    """``value`` many times on one line: 8x as long costs about 8x (was 64x), measured in turn
    (``tests/support/growth.py``)."""
    unit = "abcdefghijk value"
    growth = cpu_growth(lambda text: list(pairs._name_values(text)), unit * 1000, unit * 8000)
    assert growth < LINEAR_BOUND_8X, growth


def test_line_before_is_the_text_search() -> None:
    """The start of the line before ``at``'s, or 0 on the first line (not the last line's start)."""
    rnd = random.Random(12)
    for _ in range(3000):
        text = "".join(rnd.choice("ab\n\n value") for _ in range(rnd.randint(1, 30)))
        breaks = newlines(text)
        assert breaks == [i for i, c in enumerate(text) if c == "\n"]
        for at in range(len(text)):
            inner = text.rfind("\n", 0, at)
            expected = 0 if inner < 0 else text.rfind("\n", 0, inner) + 1
            assert pairs._line_before(text, breaks, at) == expected, (text, at)


def test_short_rest_is_the_full_match_when_short() -> None:
    rnd = random.Random(7)
    for _ in range(3000):
        text = "".join(rnd.choice(["a", "b#", " ", "  ", "\t", "\n", "\r", "\r\n", "x1"]) for _ in range(30))
        lines = structure._Lines(text)
        for end in range(len(text)):
            full = structure._REST_OF_LINE.match(text, end)
            for room in (0, 3, 12, 100):
                short = structure._short_rest(text, end, room, lines)
                if full is not None and full.end() - end <= room:
                    assert short is not None and short.span() == full.span(), (text, end, room)
                else:
                    assert short is None, (text, end, room)


class _ReadCount:
    """``pairs._NAME_VALUE`` with the characters each ``finditer`` is given to read summed."""

    def __init__(self) -> None:
        self.real = pairs._NAME_VALUE
        self.chars = 0

    def finditer(self, text: str, pos: int, endpos: int):  # type: ignore[no-untyped-def]
        self.chars += endpos - pos
        return self.real.finditer(text, pos, endpos)


@pytest.mark.parametrize(
    "unit",
    [
        "a key value ",
        "name: A, value: x ",
        '{"name":"a","value":"b"}',
        "key value\n",
        "- name: API_TOKEN\n  value: Xk9vQ2mL7pR4tY8wZ\n",
    ],
)
def test_value_fields_of_a_line_are_read_once(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    """Each ``value`` field's record was looked for from the line before its own to the field
    (``'a key value '`` x N read the line N times); now the records of a line are read once, and
    a field asks them (:class:`pairs._Chain`): the characters read stay within a few times the
    text's (they were about N / 2 times)."""
    count = _ReadCount()
    monkeypatch.setattr(pairs, "_NAME_VALUE", count)
    text = unit * 2000
    list(pairs._name_values(text))
    assert 0 < count.chars <= 3 * len(text) + 2 * 520 * text.count("\n") + 520


def test_name_values_linear_on_a_key_then_a_value_field() -> None:
    unit = "a key value "
    growth = cpu_growth(lambda text: list(pairs._name_values(text)), unit * 250, unit * 2000)
    assert growth < LINEAR_BOUND_8X, growth


def _name_values_read_per_field(text: str) -> list[tuple[int, int]]:
    """What :func:`pairs._name_values` answered when each field's records were read on their own
    (from the line before the field's to a :data:`pairs._RECORD_REACH` past it)."""
    found: list[tuple[int, int]] = []
    breaks = newlines(text)
    for at in pairs._occurrences(text, "alue"):
        start = pairs._line_before(text, breaks, at)
        low_line = text[start:at].lower()
        if "name" not in low_line and "key" not in low_line:
            continue
        for m in pairs._NAME_VALUE.finditer(text, start, min(len(text), at + 520)):
            if m.end("j") + 1 != at:
                continue
            quoted = m.group("qv") is not None
            value = (m.group("qv") if quoted else m.group("v").rstrip()) or ""
            begin = m.start("qv") if quoted else m.start("v")
            found.extend(pairs._record_value(m.group("name"), value, begin, quoted))
            break
    return found


def _record(rnd: random.Random) -> str:
    def blank() -> str:
        return rnd.choice(["", " ", "\t", " " * rnd.randint(0, 700)])

    q, vq = rnd.choice(["", '"', "'"]), rnd.choice(["", '"', "'"])
    key = rnd.choice(["name", "key", "Name", "parameterKey"])
    name = rnd.choice(["API_TOKEN", "DB_PASSWORD", "x", "Authorization", "sessionid", "value", "key"])
    sep = rnd.choice([",", ", ", ",\n  ", "\n", "\n  - ", "\n12:\t", " ", "\r\n"])
    field = rnd.choice(["value", "Value", "parameterValue", "valueFrom"])
    value = rnd.choice(
        [
            "Xk9vQ2mL7pR4tY8wZ",
            "Bearer q8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7Yz",
            "theme=dark; sessionid=k2j3h4g5f6d7s8a9q1w2e3r4t5y6u7i8",
            "x key value y",
            "name: B",
            "k2j3h4g5f6d7s8a9q1w2e3r4t5y6u7i8" * rnd.randint(1, 20),
            "",
        ]
    )
    return (
        f"{q}{key}{q}{blank()}{rnd.choice(':=')}{blank()}{q}{name}{q}{blank()}{sep}{blank()}"
        f"{q}{field}{q}{blank()}:{blank()}{vq}{value}{vq}"
    )


def test_value_fields_read_once_find_what_each_read_alone_found() -> None:
    """Records of random shapes, blank runs past a field's reach, values holding ``value`` or
    another record, ``İ`` (two characters lower-cased): the same findings as reading each field's
    records on its own."""
    rnd = random.Random(40)
    hits = 0
    for _ in range(3000):
        junk = ["\n", " ", "İ", "value", "key", "x" * 200, '"', "name"]
        text = "".join(
            _record(rnd) if rnd.random() < 0.6 else rnd.choice(junk) for _ in range(rnd.randint(1, 12))
        )
        expected = _name_values_read_per_field(text)
        hits += bool(expected)
        assert list(pairs._name_values(text)) == expected, text
    assert hits > 300
