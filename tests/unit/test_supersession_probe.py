"""The supersession probe (fixtures/persona/probe/supersession.jsonl) becomes labelled units the
eval loader reads, and the embedded default archives none of the memories it says to keep."""

from __future__ import annotations

import json
from pathlib import Path

from memscribe.evaluation.datasets import load_agent
from tests.support.bench_modules import load_bench


def test_probe_cases_become_labelled_units(tmp_path: Path) -> None:
    bench = load_bench("supersession", as_name="bench_supersession_under_test")
    cases = [json.loads(line) for line in bench.PROBE.read_text(encoding="utf-8").splitlines()]
    assert bench.write_probe(bench.PROBE, tmp_path) == len(cases)
    units = load_agent(tmp_path)
    assert len(units) == len(cases)
    by_name = {u.name: u for u in units}
    for case in cases:
        unit = by_name[case["id"]]
        assert [m.body for m in unit.seed] == [body for _, body in case["stored"]]
        olds = {r["old_id"] for r in unit.gold["expected"]["supersedes"]}
        assert olds == {unit.seed[i].id for i in case["old"]}
    # updates in six languages, and statements that update nothing
    assert {c["lang"] for c in cases} == {"en", "de", "es", "fr", "zh", "ja"}
    assert sum(1 for c in cases if not c["old"]) >= 20
