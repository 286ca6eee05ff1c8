"""The batch job: incremental, deterministic at any concurrency, failures isolated, time budget."""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from typer.testing import CliRunner

from memscribe.batch import ledger
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.cli import app
from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import CountingModel, make_corpus, memory_state


@pytest.fixture(autouse=True)
def _reset_counter() -> None:
    CountingModel.calls = 0


def _run(folder: Path, root: Path, **kwargs: Any) -> Any:
    return run_batch(discover([str(folder)]), BatchConfig(root=root, **kwargs), CountingModel)


def test_first_run_writes_second_run_is_free(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 10)
    first = _run(tmp_path / "t", tmp_path / "m")
    assert (first.seen, first.processed, first.failed) == (10, 10, 0)
    assert first.writes == 10 and first.supersessions == 1  # 8 preferences, 2 cities
    assert CountingModel.calls > 0
    before = memory_state(tmp_path / "m")
    listing = sorted(p.name for p in (tmp_path / "m").rglob("*"))

    CountingModel.calls = 0
    second = _run(tmp_path / "t", tmp_path / "m")
    assert CountingModel.calls == 0
    assert (second.processed, second.skipped, second.writes) == (0, 10, 0)
    assert second.transcripts_skipped_by_reason == {"unchanged": 10}
    assert memory_state(tmp_path / "m") == before
    assert sorted(p.name for p in (tmp_path / "m").rglob("*")) == listing


def test_same_result_at_any_concurrency_and_as_one_by_one(tmp_path: Path) -> None:
    paths = make_corpus(tmp_path / "t", 14)
    states = []
    for n, concurrency in enumerate((1, 8, 32)):
        _run(tmp_path / "t", tmp_path / f"m{n}", concurrency=concurrency)
        states.append(memory_state(tmp_path / f"m{n}"))
    # One by one, in path order: the reference the concurrent runs must match.
    for path in sorted(paths):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert states[0] == states[1] == states[2] == memory_state(tmp_path / "seq")
    active = [rel for rel, _ in states[0] if "/profiles/home-city" in rel and ".archive" not in rel]
    assert len(active) == 1  # the later move superseded the earlier one
    text = dict(states[0])[".reflexio/profiles/home-city.md"]
    assert "Oslo" in text and "Berlin" not in text


def test_appended_transcript_processes_only_new_turns(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 4)
    _run(tmp_path / "t", tmp_path / "m")
    target = tmp_path / "t" / "session-000.txt"
    with target.open("a", encoding="utf-8") as f:
        f.write("User: I'm a vegetarian.\nAssistant: Noted.\n")
    CountingModel.calls = 0
    report = _run(tmp_path / "t", tmp_path / "m")
    assert report.processed == 1 and report.skipped == 3
    done = next(t for t in report.transcripts if t.status == "processed")
    assert done.change == "appended" and done.new_turns == 2
    assert len(done.writes) == 1 and "vegetarian" in done.writes[0] or "diet" in done.writes[0]
    # The old preference (already stored) was neither re-learned nor re-detected as a duplicate.
    assert done.skipped == {}
    bodies = [e.body for e in MemoryRoot(tmp_path / "m").entries()]
    assert sum("tabs" in b for b in bodies) == 1

    # Appending turns with nothing to learn costs no model call.
    with target.open("a", encoding="utf-8") as f:
        f.write("User: ok thanks\nAssistant: Bye.\n")
    CountingModel.calls = 0
    report = _run(tmp_path / "t", tmp_path / "m")
    assert CountingModel.calls == 0 and report.writes == 0 and report.processed == 1


def test_failing_transcript_is_reported_and_others_go_on(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 3)
    (tmp_path / "t" / "broken.jsonl").write_bytes(b"\x00\x01 not a transcript")
    report = _run(tmp_path / "t", tmp_path / "m")
    assert (report.processed, report.failed) == (3, 1)
    failed = next(t for t in report.transcripts if t.status == "failed")
    assert failed.path.endswith("broken.jsonl") and "binary" in (failed.error or "")
    result = CliRunner().invoke(
        app, ["batch", str(tmp_path / "t"), "--memory-dir", str(tmp_path / "m"), "--json"]
    )
    assert result.exit_code == 6
    data = json.loads(result.stdout)
    assert data["failed"] == 1 and data["skipped"] == 3


class FailingModel(EmbeddedModel):
    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        from memscribe.errors import ModelError

        raise ModelError(f"{task}: model unavailable after retries: RateLimitError", stage=task, attempts=4)


def test_model_errors_fail_the_transcript_without_recording_it(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 2)
    report = run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m"), FailingModel)
    assert report.failed == 2 and report.writes == 0
    assert "RateLimitError" in (report.transcripts[0].error or "")
    again = _run(tmp_path / "t", tmp_path / "m")  # not in the ledger: retried in full
    assert again.processed == 2 and again.writes == 3


class SlowModel(EmbeddedModel):
    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        time.sleep(0.2)
        return super().generate(task=task, messages=messages, response_model=response_model, request=request)


def test_time_budget_applies_what_is_done_and_the_next_run_finishes(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 8)
    items = discover([str(tmp_path / "t")])
    report = run_batch(items, BatchConfig(root=tmp_path / "m", concurrency=2, budget_s=0.3), SlowModel)
    assert report.timed_out and report.failed == 0
    assert report.transcripts_skipped_by_reason.get("timeout", 0) >= 1
    assert not MemoryRoot(tmp_path / "m").problems
    rest = run_batch(items, BatchConfig(root=tmp_path / "m", concurrency=8), EmbeddedModel)
    assert not rest.timed_out and rest.failed == 0
    assert report.processed + rest.processed == 8
    _run(tmp_path / "t", tmp_path / "ref")
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 5)
    report = _run(tmp_path / "t", tmp_path / "m", dry_run=True)
    assert report.dry_run and report.writes == 5
    assert not (tmp_path / "m").exists() or not list((tmp_path / "m").rglob("*.md"))
    assert not (tmp_path / "m" / ledger.LEDGER_DIR).exists()


def test_report_counts_redactions_and_skips(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "a.txt").write_text(
        "User: I prefer dark mode. My token is ghp_Xy7Kp2Qm9LrT4vWb8NcJ3hZs6DfG1aEk0uYt\nAssistant: Noted.\n",
        encoding="utf-8",
    )
    (folder / "b.txt").write_text("User: I prefer dark mode.\nAssistant: Noted.\n", encoding="utf-8")
    report = _run(folder, tmp_path / "m")
    assert report.redactions_by_type.get("github_token") == 1
    assert report.writes == 1 and report.skips_by_reason.get("duplicate") == 1


def test_openclaw_discovery_namespaces_and_resets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sessions = tmp_path / "state" / "agents" / "coder" / "sessions"
    sessions.mkdir(parents=True)
    src = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts" / "openclaw_profile_facts.jsonl"
    (sessions / "s1.jsonl").write_bytes(src.read_bytes())
    (sessions / "s0.jsonl.reset.2026-01-01T00-00-00Z").write_bytes(src.read_bytes())
    (sessions / "sessions.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    items = discover([])
    assert [(i.path.name, i.agent) for i in items] == [("s1.jsonl", "coder")]
    assert len(discover([], include_resets=True)) == 2
    report = run_batch(items, BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    assert report.transcripts[0].namespace == "coder" and report.writes >= 1
    assert all(e.namespace == "coder" for e in MemoryRoot(tmp_path / "m").entries())


def test_disk_refusal_leaves_nothing_partial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import memscribe.store.group as group_mod
    import memscribe.store.transaction as apply_mod
    from memscribe.errors import StoreError
    from memscribe.store.atomic import write_new_file as real
    from memscribe.store.atomic import write_new_files as real_batch

    make_corpus(tmp_path / "t", 2)
    refused: list[Path] = []

    def full_disk(path: Path, text: str, **kw: bool) -> None:
        # The journal goes in; the first memory file does not, whenever it is tried (the group
        # is rolled back, then its plans are committed one by one: that plan fails alone).
        if ".journal" not in path.parts and (not refused or refused[0] == path):
            refused.append(path)
            raise StoreError(f"cannot write {path}: no space left on device", path=str(path), errno=28)
        real(path, text, **kw)

    def full_disk_batch(files: list[tuple[Path, str]], *, published: Callable[[int], None]) -> None:
        # A group commit's files: its temp files are all written before any is published, so a
        # refused one publishes none of them.
        for path, _ in files:
            if not refused or refused[0] == path:
                refused.append(path)
                raise StoreError(f"cannot write {path}: no space left on device", path=str(path), errno=28)
        real_batch(files, published=published)

    monkeypatch.setattr(apply_mod, "write_new_file", full_disk)
    monkeypatch.setattr(group_mod, "write_new_files", full_disk_batch)
    report = _run(tmp_path / "t", tmp_path / "m", concurrency=1)
    assert report.failed >= 1
    assert "no space left on device" in (
        next(t for t in report.transcripts if t.status == "failed").error or ""
    )
    root = MemoryRoot(tmp_path / "m")
    assert not root.pending_journals() and not root.problems
    monkeypatch.setattr(apply_mod, "write_new_file", real)
    monkeypatch.setattr(group_mod, "write_new_files", real_batch)
    _run(tmp_path / "t", tmp_path / "m")
    _run(tmp_path / "t", tmp_path / "ref")
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


def test_cli_batch_json_and_since(tmp_path: Path) -> None:
    make_corpus(tmp_path / "t", 3)
    runner = CliRunner()
    args = ["batch", str(tmp_path / "t"), "--memory-dir", str(tmp_path / "m"), "--json"]
    result = runner.invoke(app, [*args, "--since", "2999-01-01"])
    assert result.exit_code == 0 and json.loads(result.stdout)["seen"] == 0
    result = runner.invoke(app, [*args, "--concurrency", "4"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["processed"] == 3 and data["writes"] == 4 and data["concurrency"] == 4
    assert runner.invoke(app, [*args[:-1], "--since", "yesterday"]).exit_code == 2
    human = runner.invoke(app, ["batch", str(tmp_path / "t"), "--memory-dir", str(tmp_path / "m")])
    assert human.exit_code == 0 and "transcripts seen" in human.stdout


def test_a_duplicate_of_a_since_superseded_memory_is_replanned(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    texts = ["I live in Lisbon.", "I moved to Oslo last month.", "I moved to Lisbon last month."]
    for n, text in enumerate(texts):
        (folder / f"s{n}.txt").write_text(f"User: {text}\nAssistant: Noted.\n", encoding="utf-8")
    # Lisbon is stored first; the next run plans s2 (Lisbon again) as a duplicate of it, but s1
    # (Oslo) commits first and supersedes it: s2 must be re-planned and win.
    run_batch([WorkItem((folder / "s0.txt").resolve())], BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    report = _run(folder, tmp_path / "m", look_ahead=False)  # plan against the committed memory
    for path in sorted(folder.iterdir()):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")
    assert sum(t.replans for t in report.transcripts) >= 1


def test_non_transcripts_found_in_a_folder_are_skipped_but_named_ones_fail(tmp_path: Path) -> None:
    """A label file beside the sessions is not a transcript: skipped when found, failed when named."""
    from typer.testing import CliRunner

    from memscribe.cli import app

    folder = tmp_path / "sessions"
    folder.mkdir()
    (folder / "s1.txt").write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n")
    (folder / "s1.labels.json").write_text('{"expected": {"profiles": []}}\n')
    runner = CliRunner()
    found = runner.invoke(app, ["batch", str(folder), "--memory-dir", str(tmp_path / "m"), "--json"])
    assert found.exit_code == 0, found.output
    report = json.loads(found.stdout)
    by_name = {Path(r["path"]).name: r for r in report["transcripts"]}
    assert by_name["s1.labels.json"]["status"] == "skipped"
    assert by_name["s1.labels.json"]["reason"] == "not_a_transcript"
    assert by_name["s1.txt"]["status"] == "processed"
    named = runner.invoke(
        app, ["batch", str(folder / "s1.labels.json"), "--memory-dir", str(tmp_path / "m2"), "--json"]
    )
    assert named.exit_code != 0
    assert json.loads(named.stdout)["transcripts"][0]["status"] == "failed"


class ThresholdModel(EmbeddedModel):
    """Records the collector's thresholds while the run calls it."""

    seen: list[tuple[int, int, int]] = []

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        ThresholdModel.seen.append(gc.get_threshold())
        return super().generate(task=task, messages=messages, response_model=response_model, request=request)


def test_collector_runs_less_often_during_a_run_and_is_restored(tmp_path: Path) -> None:
    from memscribe.batch import runner
    from memscribe.batch.runner import YOUNG_THRESHOLD

    make_corpus(tmp_path / "t", 3)
    before = gc.get_threshold()
    ThresholdModel.seen = []
    report = run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m"), ThresholdModel)
    assert report.processed == 3 and ThresholdModel.seen
    assert all(t[0] >= YOUNG_THRESHOLD and t[1:] == before[1:] for t in ThresholdModel.seen)
    assert gc.get_threshold() == before
    # Restored when the run stops on an error too.
    with pytest.raises(ZeroDivisionError), runner._young_collections_rarer():
        assert gc.get_threshold()[0] >= YOUNG_THRESHOLD
        raise ZeroDivisionError
    assert gc.get_threshold() == before
