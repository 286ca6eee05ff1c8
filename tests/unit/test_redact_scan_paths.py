"""The redaction's scan shortcuts find exactly what the plain scans they replace find: PII
patterns tried only where a text's character classes let them start, keywords found by
substring search, identifier starts read backwards, a provider's whole text scanned instead of
its hint lines (and the reverse), and the value tests rewritten with cheaper string operations."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from memscribe.redaction import base
from memscribe.redaction.base import regex_finder
from memscribe.redaction.providers import PROVIDERS
from tests.support.secret_shapes import corpus_turn_texts

configs = importlib.import_module("memscribe.redaction.configs")
pii = importlib.import_module("memscribe.redaction.pii")
prose = importlib.import_module("memscribe.redaction.prose")
structure = importlib.import_module("memscribe.redaction.structure")
values = importlib.import_module("memscribe.redaction.values")
placeholders = importlib.import_module("memscribe.redaction.placeholders")

#: Pieces that open, close and break each pattern's shapes, ASCII and not.
PIECES = (
    "4539 1488 0343 6467", "4539-1488-0343-6467", "4539148803436467", "1234", "0000", " ", "\n", "-",
    ".", "+", "_", "a", "Z", "9", "GB82 WEST 1234 5698 7654 32", "DE89370400440532013000", "GB", "AB",
    "AB 12 34 56 C", "QQ123456C", "AB123456D", "078-05-1120", "٣", "４", "İ", "\u212a", "ſ", "x",
    "api key ", "API-KEY", "access_key", "Auth", "token", "Secret", "passphrase", "credentials",
    "bearer ", "apı key", "KEY", "mypass", "=", ":", "db_password=", "x.y-z_", "пароль", "密码", "PW",
    "pwd", "Passwd", "passcode", "PASSPHRASE", "pass", "spw",
)  # fmt: skip


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 14))) for _ in range(count)]


def _corpus() -> list[str]:
    return corpus_turn_texts()


@pytest.mark.parametrize(
    ("rx", "starts"),
    [(pii._CARD, pii._card_starts), (pii._IBAN, pii._iban_starts), (pii._NINO, pii._nino_starts)],
)
def test_pii_patterns_tried_at_their_possible_starts_find_what_finditer_finds(rx, starts) -> None:  # type: ignore[no-untyped-def]
    texts = _texts(3, 20000) + _corpus()
    found = 0
    for text in texts:
        want = [m.span() for m in rx.finditer(text)]
        found += bool(want)
        assert [m.span() for m in pii._matches(rx, text, starts)] == want, text
    assert found > 100  # the cases hold matches


@pytest.mark.parametrize(
    ("rx", "stems"),
    [(prose._KEYWORD, prose._KEYWORD_STARTS), (prose._PW_KEYWORD, prose._PW_KEYWORD_STARTS)],
)
def test_keywords_found_by_substring_search_equal_finditer(rx, stems) -> None:  # type: ignore[no-untyped-def]
    found = 0
    for text in _texts(5, 20000) + _corpus():
        want = [m.span() for m in rx.finditer(text)]
        found += bool(want)
        assert [m.span() for m in base.stem_matches(rx, text, stems)] == want, text
    assert found > 1000


def _identifier_starts_plain(text: str, low: str, hints: tuple[str, ...]) -> list[int]:
    starts: set[int] = set()
    for hint in hints:
        at = low.find(hint)
        while at >= 0:
            start = at
            while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
                start -= 1
            starts.add(start)
            at = low.find(hint, at + len(hint))
    return sorted(starts)


def test_identifier_starts_read_backwards_equal_the_walk_back() -> None:
    hints = structure.NAME_HINTS
    for text in _texts(7, 20000) + _corpus():
        low = structure.offset_lowered(text)
        assert structure.identifier_starts(text, low, hints) == _identifier_starts_plain(text, low, hints), (
            text
        )


def test_a_provider_scanned_whole_finds_what_its_hint_lines_find(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_CHARS_PER_WINDOW", 0)  # hint lines apart, however many
    rng = random.Random(9)
    tokens = [
        "sk-proj-Ab3dE5fG7hJ9kL1mN3pQ5rS7",
        "ghp_8f7e6d5c4b3a29180716f5e4d3c2b1a0ZyXw",
        "AKIAQ7X2M4K9P3L8N5R6",
    ]
    tokens += [
        "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs",
        "SKd41cd9a2e0f3b6c7d8e9f0a1b2c3d4e5",
    ]
    texts = _corpus() + [
        "\n".join(
            " ".join(
                rng.choice([*tokens, "a.b", "x", "-", "sk", "gh", "AC", "."])
                for _ in range(rng.randint(0, 6))
            )
            for _ in range(rng.randint(1, 60))
        )
        for _ in range(400)
    ]
    for _, rx, hints in PROVIDERS:
        whole = regex_finder(rx, hints=hints, boundary=True, strict_value=True)
        lines = regex_finder(rx, hints=hints, boundary=True, strict_value=True, line_bound=True)
        for text in texts:
            assert list(lines(text)) == list(whole(text)), (rx, text)
            placeholders.forget_values()


_SEQ = re.compile("|".join(a[i : i + 5] for a in values._ALPHABETS for i in range(len(a) - 4)))


def _counting_share_plain(value: str) -> float:
    n = len(value) - sum(value.count(c) for c in "-_.:/+= ")
    if n < 6:
        return 0.0
    low = value.lower()
    runs = [
        r
        for a in ("0123456789", "abcdefghijklmnopqrstuvwxyz")
        for i in range(len(a) - 2)
        for r in (a[i : i + 3], a[i : i + 3][::-1])
    ]
    counted = 3 * len(values._RUN3.findall(value)) if any(r in low for r in runs) else 0
    if sum(value.count(c) for c in "-_.:/ ") >= 2:
        groups = [g for g in re.split(r"[^a-z0-9]+", low) if len(g) >= 3]
        for g in set(groups):
            if groups.count(g) >= 3:
                counted += len(g) * groups.count(g)
    return min(1.0, counted / n)


def _periodic_tail_plain(core: str) -> int:
    best = 0
    for period in range(1, 5):
        n = 0
        i = len(core) - 1 - period
        while i >= 0 and core[i] == core[i + period]:
            n += 1
            i -= 1
        best = max(best, n + period if n else 0)
    return best


_VALUE_ALPHABET = "aAbBcCxX0123456789-_.=:/+ #*<>{}$()…ıſ"
_PLANTS = [
    "123123123123",
    "abcabcabc",
    "0123456789",
    "xyz",
    "XXXX",
    "xxxx",
    "your_key",
    "changeme",
    "<x>",
    "${A}",
]


def _values(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        v = "".join(rng.choice(_VALUE_ALPHABET) for _ in range(rng.choice([3, 6, 12, 16, 20, 33, 64])))
        if rng.random() < 0.4:
            at = rng.randint(0, len(v))
            v = v[:at] + rng.choice(_PLANTS) + v[at:]
        out.append(v)
    return out


def test_value_tests_equal_their_plain_forms() -> None:
    for v in _values(13, 30000):
        assert values.counting_share.__wrapped__(v) == _counting_share_plain(v), v
        core = v.lower().translate(str.maketrans("", "", "-_.="))
        if len(core) >= 16:
            k = len(core) // 2
            assert placeholders._periodic_tail_reaches(core, k) == (_periodic_tail_plain(core) >= k), core
        pieces = any(p in v.lower() for p in placeholders._PLACEHOLDER_PIECES)
        assert pieces or placeholders._PLACEHOLDER_WORDS_LOW.search(v.lower()) is None, v


_CODE_PIECES = (
    "os.getenv(", "ENV.fetch(", "GetEnvOrDefault(", "getEnv(", "env(", "environ.get(", "'API_TOKEN'", '"pw"',
    ", ", "'s3cr3tV4lue!'", '"x"', "\n", " ", "=", "export ", "DB_PASSWORD", "=hunter2x", "\t", "\r",
    "api_key = ", "Kx9-2mQ7", "e", "g", "f", "G", "get", "fetch", "(", ")", "ſ", "é",
)  # fmt: skip


def test_env_defaults_and_env_lines_tried_at_their_starts_equal_finditer() -> None:
    rng = random.Random(17)
    texts = _corpus() + [
        "".join(rng.choice(_CODE_PIECES) for _ in range(rng.randint(1, 16))) for _ in range(20000)
    ]
    found = 0
    for text in texts:
        want = [m.span() for m in structure._ENV_DEFAULT.finditer(text)]
        starts = sorted({at for w in structure._ENV_DEFAULT_STARTS for at in structure._positions(text, w)})
        assert [m.span() for m in structure._matches_at(structure._ENV_DEFAULT, text, starts)] == want, text
        lines = [m.span() for m in configs._ENV_LINE.finditer(text)]
        found += bool(want) + bool(lines)
        assert [m.span() for m in configs._env_lines(text)] == lines, text
    assert found > 300  # the cases hold matches of both
