"""The embedded detector's case-insensitive cues searched through their lower-case twins
(:func:`memscribe.lexicon.caseless.caseless_hit`, issue 17): the same answer as the
case-insensitive pattern on any text, ASCII in any case or not."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re

import pytest

import memscribe.model.embedded as embedded
from memscribe.lexicon.caseless import caseless_hit


def _pairs() -> list[tuple[str, re.Pattern[str], re.Pattern[str]]]:
    """Every ``X`` / ``X_LOWER`` pair of the embedded modules."""
    out = []
    for info in pkgutil.iter_modules(embedded.__path__):
        module = importlib.import_module(f"{embedded.__name__}.{info.name}")
        for name, lowered in vars(module).items():
            if name.endswith("_LOWER") and hasattr(module, name[: -len("_LOWER")]):
                out.append((f"{info.name}.{name}", getattr(module, name[: -len("_LOWER")]), lowered))
    return out


PAIRS = _pairs()


def test_the_twins_are_found() -> None:
    assert {name for name, _, _ in PAIRS} >= {
        "directives._STANDING_LOWER",
        "directives._DIRECTIVE_HEDGE_LOWER",
        "profiles._ASKS_FOR_HELP_LOWER",
    }


@pytest.mark.parametrize(("name", "pattern", "lowered"), PAIRS, ids=[n for n, _, _ in PAIRS])
def test_a_twin_is_its_pattern_case_sensitive_and_written_in_lower_case(
    name: str, pattern: re.Pattern[str], lowered: re.Pattern[str]
) -> None:
    assert pattern.pattern == lowered.pattern
    assert pattern.flags & re.IGNORECASE and not lowered.flags & re.IGNORECASE
    assert pattern.flags & ~re.IGNORECASE == lowered.flags
    letters = re.sub(r"\\.", "", pattern.pattern)  # escapes (\b, \S, \W …) are no literals
    assert not re.search(r"[A-Z]", letters), name
    assert not re.search(r"\(\?[a-zA-Z-]*[:)]", letters.replace("(?:", "")), name  # no inline flags


_WORDS = (
    "always never Every each ALL whenever from now on Going forward conventions Standards rules policy"
    " should MUST ensure make sure be sure Remember please want you to We Use we always start instruction"
    " updated emphasize Stress important Crucial KEY prioritize maybe Perhaps might not sure wondering"
    " what if could you can you Do you used to previously before we last time in the past by default"
    " in general as a prefix naming conventions, use: add the cache build failed I reran it The config"
    " ? if If 以后 总是 Grüße straße İf ıf Kelvin help me I need HELP Need 3 believe tell me about Will"
).split()


@pytest.mark.parametrize(("name", "pattern", "lowered"), PAIRS, ids=[n for n, _, _ in PAIRS])
def test_a_twin_answers_as_its_pattern(name: str, pattern: re.Pattern[str], lowered: re.Pattern[str]) -> None:
    rng = random.Random(17)
    for _ in range(3000):
        words = [rng.choice(_WORDS) for _ in range(rng.randint(1, 8))]
        words = [w.upper() if rng.random() < 0.2 else w for w in words]
        text = rng.choice((" ", ", ", ": ")).join(words)
        assert caseless_hit(pattern, lowered, text) == bool(pattern.search(text)), (name, text)


def test_the_rule_cue_answers_as_its_pattern() -> None:
    """``coderules._rule_cue`` asks a lowered ASCII sentence the alternatives of ``_RULE_CUE``
    apart (its words grouped by first letter; a leading verb matched, or searched after a comma
    or a colon): the same answer as the case-insensitive pattern."""
    from memscribe.model.embedded import coderules
    from memscribe.model.embedded.directives import DIRECTIVE_VERBS

    rng = random.Random(23)
    verbs = DIRECTIVE_VERBS.split("|")
    for _ in range(3000):
        words = [rng.choice(_WORDS + verbs) for _ in range(rng.randint(1, 8))]
        words = [w.upper() if rng.random() < 0.2 else w for w in words]
        text = rng.choice((" ", ", ", ": ", " ,", ",\n")).join(words)
        assert coderules._rule_cue(text) == bool(coderules._RULE_CUE.search(text)), text
