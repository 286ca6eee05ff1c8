"""The pure-Python WordLlama tokenizer (memscribe.semantic.bpe): the same ids as ``tokenizers``,
tables cached once per tokenizer file, the reference tokenizer loaded only when needed."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memscribe.semantic import bpe, wordllama
from memscribe.semantic.calibration import content_text

needs_model = pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed")

REPO = Path(__file__).resolve().parents[2]
SHARED_DATA = Path("/work/shared/data")
#: Longer strings (whole documents) are not what the encoder is given: turns and memory texts are.
MAX_CHARS = 4000


def _tokenizer_file() -> Path:
    folder = wordllama.package_dir()
    assert folder is not None
    return folder / wordllama.TOKENIZER


def _reference() -> Any:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(_tokenizer_file()))
    tok.no_padding()
    tok.no_truncation()
    return tok


def _ids(tok: Any, texts: list[str]) -> list[list[int]]:
    return [list(enc.ids) for enc in tok.encode_batch(texts, add_special_tokens=False)]


def _logged(tok: Any, used: list[str]) -> bpe.TokenIds:
    """The reference, noting the texts it is asked for."""

    def token_ids(texts: list[str]) -> list[list[int]]:
        used.extend(texts)
        return _ids(tok, texts)

    return token_ids


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bpe.Tables:
    found = bpe.load_tables(_tokenizer_file(), tmp_path_factory.mktemp("cache"))
    assert found is not None
    return found


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _corpus() -> list[str]:
    """Every string of the dev data and fixtures (transcript turns, memory texts, expectations),
    as stored and as the encoder sees it (:func:`content_text`)."""
    texts: set[str] = set()
    for base in (REPO / "fixtures", SHARED_DATA):
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in {".json", ".jsonl", ".md", ".txt", ".yaml"} or not path.is_file():
                continue
            try:
                raw = path.read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if path.suffix == ".json":
                lines = [raw]
            elif path.suffix == ".jsonl":
                lines = raw.splitlines()
            else:  # a transcript turn or a memory line per line
                texts.update(raw.splitlines())
                continue
            for line in lines:
                try:
                    texts.update(_strings(json.loads(line)))
                except ValueError:
                    texts.add(line)
    texts = {t for t in texts if len(t) <= MAX_CHARS}
    return sorted(texts | {content_text(t) for t in texts})


EDGE_CASES = [
    "",
    " ",
    "   ",
    "a",
    " leading and trailing ",
    "two  spaces   three",
    "tab\there\nnewline\r\nwindows\x0bvt\x0cff",
    "non\u00a0breaking\u2009thin\u3000ideographic spaces",
    "already\u2581has\u2581the\u2581marker \u2581\u2581 mixed",
    "用户住在柏林，喜欢喝咖啡。",
    "ユーザーは在宅勤務で週5日ずっと家にいるんだけど",
    "사용자는 커피를 좋아합니다",
    "Der Nutzer wohnt in Köln – straße, Ærøskøbing, naïve café",
    "emoji 👩‍💻🏳️‍🌈👍🏽 and flags 🇩🇪🇯🇵",
    "combining e\u0301 and a\u0308 and ZWJ\u200d and BOM\ufeff",
    "rare 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𐍈 \U0010fffd",
    "<s> special </s> tokens <unk> in text",
    "half<s>glued</s>specials",
    "https://example.com/a-very-long_path/with?query=1&x=%20y#frag",
    "x" * 300,
    "supercalifragilisticexpialidocious" * 5,
    "pneumonoultramicroscopicsilicovolcanoconiosis" + "😀" * 40,
    "0123456789" * 12,
]


def _random_texts(count: int, seed: int = 17) -> list[str]:
    """Texts drawn over many scripts, spaces and unassigned code points."""
    rng = random.Random(seed)
    blocks = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x4FF), (0x590, 0x6FF), (0x900, 0x97F),
              (0x2000, 0x206F), (0x2580, 0x259F), (0x3040, 0x30FF), (0x4E00, 0x4FFF),
              (0xAC00, 0xAD00), (0xE000, 0xE0FF), (0x1F300, 0x1F6FF), (0x10000, 0x1007F)]  # fmt: skip
    out = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 40)):
            lo, hi = rng.choice(blocks)
            parts.append(chr(rng.randint(lo, hi)) if rng.random() < 0.8 else rng.choice([" ", "  ", "\n"]))
        out.append("".join(parts))
    return out


@needs_model
def test_same_ids_as_tokenizers_on_edge_cases_and_random_text(tables: bpe.Tables) -> None:
    tok = _reference()
    texts = EDGE_CASES + _random_texts(3000)
    encoder = bpe.BpeEncoder(tables, lambda batch: _ids(tok, batch))
    assert encoder(texts) == _ids(tok, texts)


@needs_model
def test_same_ids_as_tokenizers_on_every_dev_text(tables: bpe.Tables) -> None:
    tok = _reference()
    texts = _corpus()
    assert len(texts) > 1000
    assert any(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in texts)  # CJK is in the sample
    used: list[str] = []
    encoder = bpe.BpeEncoder(tables, _logged(tok, used))
    ours = encoder(texts)
    theirs = _ids(tok, texts)
    wrong = [t[:80] for t, a, b in zip(texts, ours, theirs, strict=True) if a != b]
    assert wrong == []
    assert len(used) < len(texts) / 100  # the fast path encodes nearly all of them itself


@needs_model
def test_whole_text_merging_agrees_with_pieces_and_heap_with_scan(tables: bpe.Tables) -> None:
    """The piece split is exact (no merge crosses it), and both merge loops give one result."""
    tok = _reference()
    texts = [t for t in EDGE_CASES + _random_texts(300, seed=5) if "<" not in t]
    whole = bpe.BpeEncoder(bpe.Tables(*tables.dump()[:4], by_piece=False), lambda batch: [])
    assert tables.by_piece
    assert [whole.encode(t) for t in texts] == _ids(tok, texts)
    for text in texts:
        symbols = whole._symbols(bpe.SPACE + text.replace(" ", bpe.SPACE))
        assert bpe.merge_scan(list(symbols), tables.merges) == bpe.merge_heap(symbols, tables.merges)


@needs_model
def test_special_tokens_in_text_go_to_the_reference(tables: bpe.Tables) -> None:
    tok = _reference()
    used: list[str] = []
    encoder = bpe.BpeEncoder(tables, _logged(tok, used))
    texts = ["plain text", "a <s> b", "ends with </s>", "more plain"]
    assert encoder(texts) == _ids(tok, texts)
    assert used == ["a <s> b", "ends with </s>"]
    assert 1 in encoder(["a <s> b"])[0]  # matched as the special token, as tokenizers does


@needs_model
def test_tables_cached_once_per_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "tok.json"
    source.write_bytes(_tokenizer_file().read_bytes())
    cache = tmp_path / "cache"
    first = bpe.load_tables(source, cache)
    files = list((cache / "tokenizers").glob("*.marshal"))
    assert first is not None and len(files) == 1

    def no_build(spec: object) -> bpe.Tables:
        raise AssertionError("built again")

    monkeypatch.setattr(bpe, "build_tables", no_build)
    again = bpe.load_tables(source, cache)
    assert again is not None and again.merges == first.merges and again.chars == first.chars
    monkeypatch.undo()

    # The file changes (a reinstall): the tables are built again, the stale cache removed.
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 10**9))
    assert bpe.load_tables(source, cache) is not None
    fresh = list((cache / "tokenizers").glob("*.marshal"))
    assert len(fresh) == 1 and fresh != files

    # A damaged cache is rebuilt, not trusted.
    fresh[0].write_bytes(b"\x00garbage")
    rebuilt = bpe.load_tables(source, cache)
    assert rebuilt is not None and rebuilt.merges == first.merges


def test_default_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MEMSCRIBE_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    from memscribe.config import cache_dir

    assert cache_dir() == tmp_path / "xdg" / "memscribe"
    monkeypatch.setenv("MEMSCRIBE_CACHE_DIR", str(tmp_path / "own"))
    assert cache_dir() == tmp_path / "own"


@needs_model
def test_unwritable_cache_falls_back_to_the_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("MEMSCRIBE_CACHE_DIR", str(blocker))
    assert bpe.load_tables(_tokenizer_file()) is None
    encoder = wordllama.load()
    assert not isinstance(encoder.token_ids, bpe.BpeEncoder)
    assert encoder.token_ids(["dark roast coffee"]) == _ids(_reference(), ["dark roast coffee"])


def test_other_tokenizer_shapes_are_refused(tmp_path: Path) -> None:
    spec = {
        "normalizer": {"type": "NFC"},
        "pre_tokenizer": {"type": "Whitespace"},
        "model": {"type": "BPE", "vocab": {"a": 0}, "merges": [], "byte_fallback": True},
    }
    with pytest.raises(bpe.Unsupported):
        bpe.build_tables(spec)
    source = tmp_path / "other.json"
    source.write_text(json.dumps(spec))
    assert bpe.load_tables(source, tmp_path / "cache") is None


@needs_model
def test_encoder_loads_without_the_tokenizers_library(tmp_path: Path) -> None:
    """With the cache written, loading and encoding never import ``tokenizers`` (~0.08 s)."""
    code = (
        "import sys; from memscribe.semantic import wordllama; "
        "e = wordllama.load(); v = e.encode(['User drinks oat milk lattes', '用户喜欢喝咖啡']); "
        "print(int('tokenizers' in sys.modules), sum(map(abs, v[0])) > 0)"
    )
    env = {**os.environ, "MEMSCRIBE_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)]
    runs.append(
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    )
    assert [r.stdout.split() for r in runs] == [["0", "True"], ["0", "True"]]
    assert len(list((tmp_path / "tokenizers").glob("*.marshal"))) == 1
