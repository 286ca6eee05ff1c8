"""The lexicon's cheap paths decide as before (issue 17).

* A pattern behind :func:`~memscribe.lexicon.langs.led_by` finds the same matches as the pattern
  alone: its guard holds wherever one of the pattern's alternatives can start (checked on the
  parsed pattern, so an alternative added later with a new first letter fails here), and on
  texts of the fixtures the matches are the same.
* The gate places a user turn's language once, not once per cue that asks it.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]
from typing import Any

import pytest

from memscribe.lexicon import dialogue, identify, langs, nonfact, profile, teaching
from memscribe.stages.gate import gate
from tests.support.turns import make_transcript

REPO = Path(__file__).resolve().parents[2]

LED = {
    "profile._PROFILE_EN": profile._PROFILE_EN,
    "profile._STANDING_EN": profile._STANDING_EN,
    "profile._SUBJECT_POSSESSIVE": profile._SUBJECT_POSSESSIVE,
    "profile._EPHEMERAL": profile._EPHEMERAL,
    "dialogue._CORRECTION_ANYWHERE": dialogue._CORRECTION_ANYWHERE,
    "langs.GIVE_UP_EN": langs.GIVE_UP_EN,
    "nonfact._HEDGE_EN": nonfact._HEDGE_EN,
    "nonfact._UNSURE_ONLY_EN": nonfact._UNSURE_ONLY_EN,
    "teaching._UNSURE_OF[en]": teaching._UNSURE_OF["en"],
    "teaching._DIRECTIVE_OF[en]": teaching._DIRECTIVE_OF["en"],
    "teaching._CONTRAST_OF[en]": teaching._CONTRAST_OF["en"],
}

Start = tuple[str, Any]


def _starts(items: list[tuple[Any, Any]]) -> set[Start]:
    """Where a match of the sequence ``items`` can start: ``("bol",)`` (the text's start),
    ``("word", c)`` (a word boundary, then the character ``c``) or ``("item", op, av)`` (a
    character matched by that parsed item). Raises on a construct it does not know."""
    out: set[Start] = set()
    for k, (op, av) in enumerate(items):
        rest = list(items[k + 1 :])
        if op is C.AT and av is C.AT_BEGINNING:
            return out | {("bol", None)}
        if op is C.AT and av is C.AT_BOUNDARY:
            for kind, what in _starts(rest):
                if kind == "item" and what[0] is C.LITERAL:
                    out.add(("word", chr(what[1])))
                elif kind == "bol":
                    out.add(("bol", None))
                else:  # a boundary before anything else: the guard must say so itself
                    out.add(("boundary-before", (kind, what)))
            return out
        if op is C.SUBPATTERN:
            inner = _starts(list(av[3].data) + rest)
            return out | inner
        if op is C.BRANCH:
            for alternative in av[1]:
                out |= _starts(list(alternative.data) + rest)
            return out
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, _high, item = av
            out |= _starts(list(item.data) + rest)
            if low > 0:
                return out
            continue  # optional: the match may start with what follows
        if op in (C.LITERAL, C.IN, C.NOT_LITERAL, C.ANY, C.CATEGORY):
            return out | {("item", (op, _freeze(av)))}
        raise AssertionError(f"unknown opening construct {op} {av}")
    raise AssertionError("a pattern that can match the empty string cannot be led")


def _freeze(av: Any) -> Any:
    return tuple(_freeze(x) for x in av) if isinstance(av, list | tuple) else av


def _split(source: str) -> tuple[str, str]:
    """The guard and the pattern of :func:`led_by`'s ``(?>guard)(?:pattern)``."""
    assert source.startswith("(?>"), source[:40]
    depth, i = 0, 0
    while True:
        ch = source[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = source.index("]", i + 2)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    guard, rest = source[3:i], source[i + 1 :]
    assert rest.startswith("(?:") and rest.endswith(")")
    return guard, rest[3:-1]


def _guard_allows(guard: str, start: Start, flags: int) -> bool:
    """Whether one of ``guard``'s options (``^``, ``\\b(?=[letters])``, ``(?=item…)``) holds at
    the start ``start``."""
    kind, what = start
    parsed = P.parse(guard, flags)
    first = parsed.data[0]
    options = [list(a.data) for a in first[1][1]] if first[0] is C.BRANCH else [list(parsed.data)]
    for option in options:
        op, av = option[0]
        if kind == "bol" and op is C.AT and av is C.AT_BEGINNING:
            return True
        if kind == "word" and op is C.AT and av is C.AT_BOUNDARY and len(option) > 1:
            look_op, (_, look) = option[1]
            assert look_op is C.ASSERT
            op1, av1 = look.data[0]
            codes = {code for kind1, code in av1 if kind1 is C.LITERAL} if op1 is C.IN else {av1}
            folded = what.lower() if flags & re.IGNORECASE else what
            if ord(folded) in codes:
                return True
        if kind == "item" and op is C.ASSERT:
            if _freeze(av[1].data[0]) == what:
                return True
    return False


@pytest.mark.parametrize("name", sorted(LED))
def test_the_guard_holds_wherever_an_alternative_can_start(name: str) -> None:
    rx = LED[name]
    guard, inner = _split(rx.pattern)
    parsed = P.parse(inner, rx.flags)
    starts = _starts(list(parsed.data))
    assert starts
    missing = [s for s in starts if not _guard_allows(guard, s, rx.flags)]
    assert not missing, f"{name}: the guard {guard!r} rules out starts {missing}"


@functools.cache
def _case_forms() -> dict[str, list[str]]:
    """Every character that a letter a-z matches case-insensitively ("k": k, K and the Kelvin sign)."""
    latin = re.compile("[a-z]", re.IGNORECASE)
    candidates = [chr(c) for c in range(sys.maxunicode + 1) if latin.fullmatch(chr(c))]
    return {
        letter: [ch for ch in candidates if re.fullmatch(letter, ch, re.IGNORECASE)]
        for letter in "abcdefghijklmnopqrstuvwxyz"
    }


@pytest.mark.parametrize("name", sorted(LED))
def test_a_letter_class_in_a_guard_takes_every_case_form_of_its_letters(name: str) -> None:
    guard, _ = _split(LED[name].pattern)
    found = re.search(r"\\b\(\?=\[([a-z]+)\]\)", guard)
    if found is None:
        return
    group = re.compile(f"[{found.group(1)}]", re.IGNORECASE)
    for letter in found.group(1):
        for ch in _case_forms()[letter]:
            assert group.fullmatch(ch), (name, letter, hex(ord(ch)))


def _fixture_texts(most: int = 4000) -> list[str]:
    """Lines (and their clauses) of the fixture transcripts and eval sets, every k-th of them."""
    texts: set[str] = set()
    for folder in ("transcripts", "eval"):
        for path in sorted((REPO / "fixtures" / folder).rglob("*")):
            if path.suffix in (".txt", ".jsonl", ".json") and path.stat().st_size < 2_000_000:
                for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                    texts.add(line[:2000])
                    texts.update(part for part in re.split(r"[.,;:!?。，]\s*", line[:2000]) if part)
    ordered = sorted(texts)
    return ordered[:: max(1, len(ordered) // most)]


def test_led_patterns_match_as_the_patterns_alone_on_the_fixtures() -> None:
    texts = _fixture_texts()
    assert len(texts) > 1000
    for name, rx in LED.items():
        _, inner = _split(rx.pattern)
        alone = re.compile(inner, rx.flags)
        for text in texts:
            assert [m.span() for m in rx.finditer(text)] == [m.span() for m in alone.finditer(text)], (
                name,
                text,
            )


def test_ascii_words_are_the_words_of_lowered_ascii_text() -> None:
    """The words an ASCII text's language is read from (lower-cased, a plain a-z range) are the
    words of the Unicode word pattern: on every ASCII character and on the fixtures' ASCII texts."""
    every = "".join(chr(c) for c in range(128))
    texts = [every, every.lower(), "it's o'clock don't 'quoted' x_y 3rd"] + [
        t.lower() for t in _fixture_texts() if t.isascii()
    ]
    for text in texts:
        assert identify._ASCII_WORD.findall(text.lower()) == identify._WORD.findall(text.lower()), text


def test_the_gate_places_each_user_turns_language_once(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = []
    for n in range(30):
        turns += [
            ("user", f"the build for service {n} failed again so I reran it with verbose logging"),
            ("assistant", "Rerunning with the cache cleared."),
        ]
    turns += [("user", "I live in Lisbon and I work mostly in Rust."), ("assistant", "Noted.")]
    placed: list[str] = []
    place = identify._language_of

    def spy(text: str) -> str:
        placed.append(text)
        return place(text)

    monkeypatch.setattr(identify, "_language_of", spy)
    result = gate(make_transcript(*turns))
    assert result.passed
    assert len(placed) == 31, len(placed)
