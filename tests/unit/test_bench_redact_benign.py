"""bench/redact_benign.py: the benign probes are read by line and section, and every finding on
them is counted on the line it starts on."""

from __future__ import annotations

from types import ModuleType

from memscribe.redaction import Finding
from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("redact_benign", as_name="bench_redact_benign_under_test")


def test_each_finding_is_counted_on_the_line_it_starts_on() -> None:
    bench = _bench()
    text = "a\nb x\nc\n"
    per = bench.flagged_lines(text, [Finding("t", 4, 5), Finding("u", 2, 3), Finding("v", 6, 7)])
    assert sorted(per) == [1, 2]
    assert [f.type for f in per[1]] == ["t", "u"]


def test_a_line_belongs_to_the_last_section_title_above_it() -> None:
    bench = _bench()
    lines = ["x", "# --- one", "a", "b", "# --- two", "c"]
    assert bench.sections(lines) == ["(none)", "one", "one", "one", "two", "two"]


def test_the_probes_hold_no_labelled_or_marked_secret() -> None:
    """The probe file is benign text alone: no author's marks, every line plain."""
    text = (_bench().CORPUS).read_text(encoding="utf-8")
    assert "⟦" not in text and "⟧" not in text
    assert sum(1 for line in text.splitlines() if line.strip() and not line.startswith("#")) > 600
