"""Fast paths of the redaction that must find exactly what the plain forms find."""

from __future__ import annotations

import random
import re

from memscribe.redaction import pii, placeholders, structure


def _ssn_plain(text: str) -> list[tuple[int, int]]:
    return [m.span() for rx in (pii._SSN, pii._NINO) for m in rx.finditer(text)]


def test_ssn_found_from_the_hyphen_equals_the_plain_scan() -> None:
    rng = random.Random(7)
    found = 0
    for _ in range(5000):
        text = "".join(
            rng.choice(["", "a", "-", "9", " ", "_", "x1", "\n"])
            + "".join(rng.choice("01692") for _ in range(rng.randint(2, 4)))
            + "-"
            + rng.choice(["00", "45", "01", "4"])
            + "-"
            + rng.choice(["0000", "6789", "1234", "12345"])
            + rng.choice(["", " ", "-", "a", "\n", ".", " AB 12 34 56 C"])
            for _ in range(rng.randint(1, 4))
        )
        want = _ssn_plain(text)
        found += bool(want)
        assert list(pii._national_ids(text)) == want, text
    assert found > 500  # the cases hold SSNs


_PLAIN_WORDS = re.compile(placeholders._PLACEHOLDER_WORDS.pattern, re.IGNORECASE)


def test_placeholder_words_on_the_lower_case_copy_equal_the_case_insensitive_scan() -> None:
    rng = random.Random(11)
    pieces = ["your", "Example", "CHANGEME", "xxxx", "XxXx", "XXXX", "xXXXx", "null", "None", "nullx"]
    pieces += ["<a>", "<%", "...", "####", "{{", "$(", "TOKEN_HERE", "key-here", "ReplAce", "tODo"]
    pieces += list("aZ9_-<>.*$ ")
    for _ in range(20000):
        value = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        low = value.lower()
        fast = bool(placeholders._PLACEHOLDER_WORDS_LOW.search(low) or "xxxx" in value or "XXXX" in value)
        assert fast == bool(_PLAIN_WORDS.search(value)), value
    assert placeholders.is_placeholder("sk-XXXXXXXXXXXXXXXX") and placeholders.is_placeholder("<YOUR-TOKEN>")
    assert not placeholders.is_placeholder("q8XxXv2Lm0aZ7pRt")  # mixed-case x's are not filler


_ENV_DEFAULT_PLAIN = re.compile(
    r"\b(?:getenv|get|fetch|GetEnvOrDefault|getEnvOrDefault|env|getEnv|getProperty|get_env|environ\.get)\s*\(\s*"
    r"(?P<q1>['\"])(?P<name>[^'\"\n]{1,100})(?P=q1)\s*,\s*(?P<q2>['\"])(?P<v>[^'\"\n]{1,512})(?P=q2)"
)


def test_env_default_led_by_its_first_letters_equals_the_word_boundary_form() -> None:
    rng = random.Random(13)
    names = ["getenv", "get", "fetch", "GetEnvOrDefault", "getEnvOrDefault", "env", "getEnv", "getProperty"]
    names += ["get_env", "environ.get", "environ", "Get", "ENV", "genv", "xget", "_get", "fetchx", "e", "g"]
    matched = 0
    for _ in range(20000):
        text = (
            rng.choice(["", "x", "_", ".", " ", "é", "1", "os."])
            + rng.choice(names)
            + rng.choice(["", " ", "\t", "x"])
            + rng.choice(["(", "", "( "])
            + rng.choice(["'API_KEY'", '"k"', "'a\"", ""])
            + rng.choice([", ", ",", " ,"])
            + rng.choice(["'s3cr3t'", '"v"', "'", ""])
        )
        want = [(m.span(), m.span("name"), m.span("v")) for m in _ENV_DEFAULT_PLAIN.finditer(text)]
        got = [(m.span(), m.span("name"), m.span("v")) for m in structure._ENV_DEFAULT.finditer(text)]
        matched += bool(want)
        assert got == want, text
    assert matched > 300


def test_provider_shapes_cannot_hold_a_line_break() -> None:
    """The provider detectors scan only the lines holding their hint (``line_bound``): sound
    only while no shape can match across a line (no ``.``, negated or space class, no anchor)."""
    from re import _parser  # type: ignore[attr-defined]

    from memscribe.redaction.providers import PROVIDERS

    for name, pattern, _ in PROVIDERS:
        tree = str(_parser.parse(pattern))
        for op in ("ANY", "NOT_LITERAL", "NEGATE", "CATEGORY_SPACE", "CATEGORY_NOT", "AT_"):
            assert op not in tree, (name, op)


def test_line_bound_scan_finds_what_the_whole_text_scan_finds() -> None:
    from memscribe.redaction.base import regex_finder

    pattern = r"(?:SK|AC)[0-9a-f]{32}(?![A-Za-z0-9_])"
    whole = regex_finder(pattern, hints=("SK", "AC"), check=False, boundary=True)
    lines = regex_finder(pattern, hints=("SK", "AC"), check=False, boundary=True, line_bound=True)
    rng = random.Random(17)
    for _ in range(300):
        rows = []
        for _ in range(rng.randint(1, 12)):
            row = rng.choice(["ASK me", "BACK up", "x", "", "id:"])
            if rng.random() < 0.4:
                row += " SK" + "".join(rng.choice("0123456789abcdef") for _ in range(32))
            if rng.random() < 0.2:
                row += "AC" + "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice([31, 32, 33])))
            rows.append(row)
        text = "\n".join(rows)
        assert list(lines(text)) == list(whole(text)), text
