"""The guard's development corpus (``bench/injection_corpus.py``): the authored samples join it,
split by the same hash of their id, in the corpus's own category groups."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.bench_modules import load_bench

REPO = Path(__file__).resolve().parents[2]
AUTHORED = REPO / "fixtures" / "guard" / "authored_samples.jsonl"
AUTHORED_2 = REPO / "fixtures" / "guard" / "authored_samples_2.jsonl"
DEV_STATEMENTS = REPO / "fixtures" / "guard" / "dev_user_statements.jsonl"
AUTHORED_3 = REPO / "fixtures" / "guard" / "dev_authored_samples_3.jsonl"


def _corpus() -> ModuleType:
    return load_bench("injection_corpus", as_name="injection_corpus")


@pytest.mark.parametrize("which", ["authored", "authored_2"])
def test_authored_samples_join_the_split_by_their_id(tmp_path: Path, which: str) -> None:
    corpus = _corpus()
    (tmp_path / "labels.jsonl").write_text("", encoding="utf-8")  # no corpus samples: authored only
    path, source = (
        (AUTHORED, corpus.AUTHORED_SOURCE) if which == "authored" else (AUTHORED_2, corpus.AUTHORED_2_SOURCE)
    )
    samples = corpus.load(
        tmp_path,
        package_docs=None,
        dev_statements=None,
        authored_3=None,
        **{"authored": None, "authored_2": None, which: path},
    )
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert [s.id for s in samples] == [r["id"] for r in rows]
    assert {s.source for s in samples} == {source}
    for s, r in zip(samples, rows, strict=True):
        assert (s.text, s.injection, s.category) == (r["text"], r["injection"], r["category"])
        assert s.split == corpus.split_of(r["id"])
    splits = Counter(s.split for s in samples)
    assert splits["train"] > splits["threshold"] > 0 and splits["validation"] > 0
    assert 0.5 < splits["train"] / len(samples) < 0.7
    # every benign sample lands in a group the false-positive budgets count
    benign = {s.category for s in samples if not s.injection}
    assert benign <= corpus.USER_STATEMENTS | corpus.CLEAN_DOCUMENTS
    assert "benign_document" in benign and {"benign", "hard_negative", "user_rule"} <= benign
    assert "indirect" in {s.category for s in samples if s.injection}


def test_the_two_authored_files_share_no_id_and_load_together(tmp_path: Path) -> None:
    corpus = _corpus()
    (tmp_path / "labels.jsonl").write_text("", encoding="utf-8")
    samples = corpus.load(tmp_path, package_docs=None, dev_statements=None, authored_3=None)
    assert len({s.id for s in samples}) == len(samples)
    assert {s.source for s in samples} == {corpus.AUTHORED_SOURCE, corpus.AUTHORED_2_SOURCE}


def test_authored_samples_can_be_left_out(tmp_path: Path) -> None:
    corpus = _corpus()
    (tmp_path / "labels.jsonl").write_text("", encoding="utf-8")
    assert (
        corpus.load(
            tmp_path, package_docs=None, authored=None, authored_2=None, dev_statements=None, authored_3=None
        )
        == []
    )


def test_development_user_statements_never_reach_validation(tmp_path: Path) -> None:
    corpus = _corpus()
    (tmp_path / "labels.jsonl").write_text("", encoding="utf-8")
    samples = corpus.load(tmp_path, package_docs=None, authored=None, authored_2=None, authored_3=None)
    rows = [
        json.loads(line) for line in DEV_STATEMENTS.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    assert [s.id for s in samples] == [r["id"] for r in rows]
    assert {s.source for s in samples} == {corpus.DEV_STATEMENTS_SOURCE}
    # benign user statements only, in the groups the user budget counts, and development only
    assert all(not s.injection and s.category in corpus.USER_STATEMENTS for s in samples)
    splits = Counter(s.split for s in samples)
    assert set(splits) == {"train", "threshold"} and splits["train"] > splits["threshold"]
    # an id that the corpus's own split sends to validation stays in development here
    to_validation = next(f"x-{i}" for i in range(1000) if corpus.split_of(f"x-{i}") == "validation")
    assert corpus.dev_split_of(to_validation) in {"train", "threshold"}
    # the whole file is also part of the default load, ids unique across files
    every = corpus.load(tmp_path, package_docs=None)
    assert len({s.id for s in every}) == len(every) and {r["id"] for r in rows} <= {s.id for s in every}


def test_third_authors_samples_are_development_only_and_not_trained_on(tmp_path: Path) -> None:
    corpus = _corpus()
    (tmp_path / "labels.jsonl").write_text("", encoding="utf-8")
    samples = corpus.load(tmp_path, package_docs=None, authored=None, authored_2=None, dev_statements=None)
    rows = [json.loads(line) for line in AUTHORED_3.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert [s.id for s in samples] == [r["id"] for r in rows]
    assert {s.source for s in samples} == {corpus.AUTHORED_3_SOURCE}
    assert {s.split for s in samples} == {"train", "threshold"}
    # attacks of every kind, and benign samples in the groups the false-positive budgets count
    assert {"indirect", "extraction", "instruction_override"} <= {s.category for s in samples if s.injection}
    assert {s.category for s in samples if not s.injection} <= corpus.USER_STATEMENTS | corpus.CLEAN_DOCUMENTS
    assert all("\n\n" not in s.text and s.text == s.text.strip() for s in samples)
    every = corpus.load(tmp_path, package_docs=None)
    assert len({s.id for s in every}) == len(every)
    train_guard = load_bench("train_guard", as_name="train_guard")
    assert corpus.AUTHORED_3_SOURCE in train_guard.WITHOUT  # the shipped weights leave them out
