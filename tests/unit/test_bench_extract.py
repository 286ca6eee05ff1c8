"""bench/extract.py's start-up baseline: CPU and peak RSS medians, and the per-MB figures beyond it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.bench_modules import load_bench


def _bench() -> ModuleType:
    return load_bench("extract", as_name="bench_extract_under_test")


def test_baseline_is_the_median_cpu_and_the_median_rss_of_its_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = _bench()
    tiny = tmp_path / "tiny.txt"
    runs: Iterator[tuple[float, float, dict[str, object]]] = iter(
        [(0.9, 70.0, {}), (0.4, 60.0, {}), (0.5, 50.0, {})]
    )

    def fake_write(fmt: str, megabytes: float, folder: Path) -> Path:
        tiny.write_text("User: hi\n", encoding="utf-8")
        return tiny

    monkeypatch.setattr(bench, "write_in_child", fake_write)
    monkeypatch.setattr(bench, "measure", lambda path, root, package: next(runs))
    cpu, rss = bench.baseline("text", tmp_path, tmp_path, None)
    assert (cpu, rss) == (0.5, 60.0)  # each figure's own median, not one run's pair
    assert not tiny.exists()


def test_net_figures_leave_the_start_up_baseline_out() -> None:
    bench = _bench()
    assert bench.net_per_mb(205.0, 57.0, 47.6) == pytest.approx(148.0 / 47.6)
    assert bench.net_per_mb(0.69, 0.51, 1.0) == pytest.approx(0.18)


def _tiny_session(tmp_path: Path) -> tuple[Path, Path]:
    """A two-turn text transcript and an empty memory root."""
    transcript = tmp_path / "t.txt"
    transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
    root = tmp_path / "root"
    root.mkdir()
    return transcript, root


def test_in_process_cpu_is_the_command_alone(tmp_path: Path) -> None:
    bench = _bench()
    transcript, root = _tiny_session(tmp_path)
    inner = bench.measure_in_process(transcript, root, None)
    whole, rss, summary = bench.measure(transcript, root, None)
    assert "exit" not in summary  # the command ran
    assert 0 < inner.cpu < whole  # the interpreter, imports and parsing are outside the span
    # the RSS the command adds, over the process as it stood (interpreter and imports): not the peak
    assert 0 <= inner.rss_growth < rss / 2
    assert bench.measure_in_process(tmp_path / "missing.txt", root, None).cpu >= 0  # an error still returns


def test_the_bar_is_checked_on_the_whole_process_and_on_the_pipeline() -> None:
    bench = _bench()
    rows = [(1.0, 1.0, 0.66, 47.0, 0.27), (50.0, 47.6, 12.4, 157.0, 12.0)]
    in_process = [(1.0, 1.0, 0.25, 1.5), (50.0, 47.6, 11.9, 110.0)]
    whole, pipeline = bench.bar_lines(rows, in_process).splitlines()
    assert "0.660 / 0.261 s/MB" in whole and "47.0x" in whole and "misses" in whole
    assert "0.250 / 0.250 s/MB" in pipeline and "2.3x" in pipeline and "meets" in pipeline


def test_judged_transcripts_have_every_user_turn_read_by_the_gate(tmp_path: Path) -> None:
    from memscribe.stages.gate import gate
    from memscribe.transcript import read_transcript

    bench = _bench()
    plain = read_transcript(bench.write_transcript("text", 1, tmp_path))
    judged = read_transcript(bench.write_transcript("openai", 1, tmp_path, judged=True))
    assert "does not cover" in gate(plain).reason  # a babble turn the lexicon cannot place
    opened = gate(judged)
    assert opened.passed and "does not cover" not in opened.reason
    assert len(opened.signal_turns) > 100  # the cues of every user turn, not a few uncovered turns


def test_peak_rss_is_the_childs_own_not_a_large_parents(tmp_path: Path) -> None:
    # Linux carries a parent's peak RSS into a child across exec (ru_maxrss): a bench or test
    # process holding a lot must not be counted as the command's memory.
    bench = _bench()
    transcript, root = _tiny_session(tmp_path)
    ballast = bytearray(384 << 20)
    for i in range(0, len(ballast), 4096):
        ballast[i] = 1
    _, rss, summary = bench.measure(transcript, root, None)
    inner = bench.measure_in_process(transcript, root, None)
    del ballast
    assert "exit" not in summary
    assert 0 < rss < 256
    assert 0 <= inner.rss_growth < 256


def test_stage_cpu_times_each_stage_without_a_profiler(tmp_path: Path) -> None:
    bench = _bench()
    transcript, root = _tiny_session(tmp_path)
    spent = bench.stage_cpu(transcript, root, None)
    stages = {"read", "gate", "redact", "detect", "verify", "screen", "dedup", "plan", "other"}
    assert set(spent) == stages  # the tabs preference passes the gate: every stage ran
    assert all(v >= 0 for k, v in spent.items() if k != "other") and spent["gate"] > 0
    line = bench.stage_line(0.5, spent, spent)
    assert line.startswith("stage CPU s/MB at 0.5 MB") and "gate " in line and "->" in line


@pytest.mark.parametrize("flag", ["--compare", "--before"])
def test_a_folder_without_a_memscribe_package_is_refused_not_compared_with_itself(
    tmp_path: Path, flag: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a package folder itself (…/memscribe) on PYTHONPATH imports today's tree: the two sides equal
    package = tmp_path / "export" / "memscribe"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr("sys.argv", ["extract.py", flag, str(package), "--sizes", "1"])
    with pytest.raises(SystemExit) as exit_:
        _bench().main()
    assert exit_.value.code == 2
    assert "no memscribe package" in capsys.readouterr().err


def test_in_process_span_leaves_the_commands_lazy_imports_out(tmp_path: Path) -> None:
    """The modules the command imports only when it first needs them (the format's reader, the
    embedded model) are start-up: found on a tiny transcript and imported before the span, none
    is imported inside it; the fixed cost per run that is left is measured on that transcript."""
    bench = _bench()
    transcript, root = _tiny_session(tmp_path)
    first = bench.measure_in_process(transcript, root, None)
    assert "memscribe.transcript" in first.imported  # the reader: imported by the command itself
    assert bench.measure_in_process(transcript, root, None, first.imported).imported == ()
    modules, fixed = bench.lazy_imports("text", tmp_path, root, None)
    assert "memscribe.transcript" in modules
    assert fixed > 0
