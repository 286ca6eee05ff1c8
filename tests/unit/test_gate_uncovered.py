"""The gate places a user turn's language once (issue 17): whether the lexicon covers a turn is
read from the language its cues placed the turn in, and asked of ``langs.covered`` only for a
turn they did not place. The same answer as ``covered`` on every text, drawn from the language
tables' own words, accents and elisions, around the length that makes a run of words "other"."""

from __future__ import annotations

import json
import random
from pathlib import Path

from memscribe.lexicon import identify, langs
from memscribe.stages import gate as gate_stage

REPO = Path(__file__).resolve().parents[2]

_IDENTIFIERS = ("parse_cfg", "load_env", "ctx", "retry_max", "http", "backoff", "reran", "buf", "x2")
_OTHER_SCRIPTS = ("Привет мир", "这是我的项目", "これはテストです", "안녕하세요 반갑습니다", "γειά σου")


def _drawn_texts(rng: random.Random, count: int) -> list[str]:
    """Runs of identifiers with, now and then, a function word, an accented letter, an elision,
    a word in another script, a capital or a quote mark: the alternatives ``covered`` and
    ``language_of`` each look for."""
    function_words = sorted({w for table in identify._FUNCTION_WORDS.values() for w in table})
    accents = [c for p in identify._ACCENTS.values() for c in p.pattern.strip("[]")]
    extras = [
        *function_words,
        *(f"{w}{c}" for w, c in zip(_IDENTIFIERS, accents, strict=False)),
        *("j'ai", "c'est", "l'agence", "qu'il", "d'occasion", "don't", "it's"),
        *_OTHER_SCRIPTS,
        *("Straße", "ĲSSEL", "ſtate", "İstanbul", "ıi"),
    ]
    texts = []
    for _ in range(count):
        words = [rng.choice(_IDENTIFIERS) for _ in range(rng.randint(0, langs.LATIN_OTHER_MIN_WORDS + 3))]
        for _ in range(rng.choice((0, 0, 1, 2))):
            words.insert(rng.randint(0, len(words)), rng.choice(extras))
        if words and rng.random() < 0.3:
            words[0] = words[0].upper()
        texts.append(rng.choice(("", " ", "\n")) + " ".join(words) + rng.choice(("", ".", "?", " !")))
    return texts


def _corpus_texts() -> list[str]:
    texts = []
    for path in sorted((REPO / "fixtures" / "persona").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                texts += [record.get("text", ""), record.get("before", "")]
    return texts


def _uncovered_as_before(text: str) -> bool:
    return len(text.strip()) >= gate_stage.UNCOVERED_MIN_CHARS and not langs.covered(text)


def test_the_placed_language_answers_what_covered_answers() -> None:
    texts = _drawn_texts(random.Random(17), 4000) + _corpus_texts()
    placed_some = 0
    for first in (True, False):
        for text in texts:
            reading = gate_stage._cues(text, first=first)[3]
            placed_some += reading[0] is not None
            assert gate_stage._uncovered(text, reading[0]) == _uncovered_as_before(text), text
            assert gate_stage._uncovered(text, None) == _uncovered_as_before(text), text
    assert placed_some > len(texts)  # most turns are placed by their cues: covered is not asked
