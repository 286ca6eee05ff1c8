"""bench/learned_secrets.py: which tokens it judges, what it reads around them, that every dev file
is scored by a model that never saw it, and that validation is never loaded."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("learned_secrets", as_name="bench_learned_secrets_under_test")


def test_candidates_are_values_not_words_urls_or_masks() -> None:
    bench = _bench()
    text = 'Hello World, password="Hunter2x!" see https://x.io/a and [REDACTED:password] PIN 0815.'
    found = [(text[s:e], key) for s, e, key in bench.candidates(text)]
    assert found == [("Hunter2x", "password"), ("0815", "")]


def test_features_read_the_value_and_the_words_before_it() -> None:
    bench = _bench()
    text = "Die PIN fürs Telefon ist 0815, sagt er"
    start = text.index("0815")
    f = bench.features(text, start, start + 4)
    assert {"digits:4", "cls:d", "w0:ist", "w1:telefon", "w2:pin", "ctx:pin", "gram:tele", "n1:sagt"} <= set(
        f
    )
    assert "w0:pin" not in f
    keyed = bench.features("api_key=Zq8vR2mXk4Pw", 8, 20, "api_key")
    assert {"key:api", "key:key", "cls:lUd"} <= set(keyed)


def _rows(name_seed: int, label: int) -> list[tuple[int, int, int, Counter[str]]]:
    return [(0, 4, label, Counter({"bias": 1, f"shared:{name_seed % 3}": 1, "common": 1}))] * 3


def test_each_document_is_scored_by_a_model_that_did_not_see_it() -> None:
    bench = _bench()
    rows = {f"doc{i}.txt": _rows(i, i % 2) for i in range(12)}
    scored = bench.out_of_fold(rows, [], folds=3, l2=1e-3)
    assert set(scored) == set(rows)
    flipped = dict(rows, **{"doc0.txt": _rows(0, 1)})
    again = bench.out_of_fold(flipped, [], folds=3, l2=1e-3)
    # doc0's own label is not in the model that scores it, so its scores do not move...
    assert again["doc0.txt"] == scored["doc0.txt"]
    # ...while a document of another fold, scored by a model trained on doc0, does
    other = next(n for n in rows if bench.fold_of(n, 3) != bench.fold_of("doc0.txt", 3))
    assert again[other] != scored[other]


def test_only_the_dev_split_is_loaded(tmp_path: Path) -> None:
    bench = _bench()
    docs = bench.dev_docs(tmp_path)
    assert docs and {d.split for d in docs} == {"dev"}
    assert not any(d.path.name.startswith(("sd_", "se_", "sh_", "sj_", "sl_")) for d in docs)


def test_partial_leaks_are_the_caught_secrets_left_readable() -> None:
    authored = load_bench("redact_authored", as_name="bench_redact_authored_under_test")
    score = authored.Score(positives=10, caught=8, leaked=3)
    assert authored.partial_leaks(score) == 1


def test_named_reads_its_own_line_within_80_characters() -> None:
    bench = _bench()
    text = "die PIN ist 0815\nund 4471 hier\n" + "PIN " + "x" * 90 + " 9911"
    assert bench.named(text, text.index("0815"))
    assert not bench.named(text, text.index("4471"))  # the name is on the line before
    assert not bench.named(text, text.index("9911"))  # more than 80 characters after it
