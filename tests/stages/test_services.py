"""The application layer: one composition of the pipeline, one place a Plan is applied."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.mcp_server import MemoryTools
from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView
from memscribe.schemas.plan import Plan
from memscribe.services.extract import Scope, extract_transcript
from memscribe.services.snapshots import save_snapshot
from memscribe.store.base import MemoryStore
from memscribe.store.filestore import FileMemoryStore
from memscribe.transcript import read_transcript
from tests.support.store_helpers import write_profile

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


def _compaction() -> Path:
    found = sorted(FIXTURES.rglob("claude_code_compaction.jsonl"))
    assert found
    return found[0]


def test_a_transcript_is_redacted_once_when_a_snapshot_triggers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import memscribe.run
    import memscribe.snapshot.stage

    calls: list[str] = []
    real = memscribe.run.redact_transcript

    def counted(where: str):  # type: ignore[no-untyped-def]
        def redact(transcript):  # type: ignore[no-untyped-def]
            calls.append(where)
            return real(transcript)

        return redact

    monkeypatch.setattr(memscribe.run, "redact_transcript", counted("run"))
    monkeypatch.setattr(memscribe.snapshot.stage, "redact_transcript", counted("snapshot"))
    path = _compaction()
    store: MemoryStore = FileMemoryStore(tmp_path)
    done = extract_transcript(
        store,
        lambda: read_transcript(path),
        EmbeddedModel,
        context_tokens=lambda _m: 16000,
        scope=Scope("default", "default"),
        raw_path=str(path),
        now=NOW,
    )
    assert done.plan.snapshot is not None and done.applied
    assert calls == ["run"]
    # The store applied the snapshot with the plan: the block is in its daily file.
    assert [s.snapshot_id for s in store.snapshots()] == [done.plan.snapshot.snapshot_id]


def test_explicit_snapshot_goes_through_the_store(tmp_path: Path) -> None:
    path = _compaction()
    store = FileMemoryStore(tmp_path)
    saved = save_snapshot(
        store, lambda: read_transcript(path), EmbeddedModel, context_tokens=lambda _m: 16000, now=NOW
    )
    assert saved.block is not None and saved.block.trigger == "explicit"
    assert [s.snapshot_id for s in store.snapshots(day="2026-11-30")] == [saved.block.snapshot_id]


def test_mcp_writes_sweep_and_dedup_through_the_index(tmp_path: Path) -> None:
    expired = write_profile(
        tmp_path, "prof_old00001", "agenda", "User is at a conference this week.", ttl="one_day"
    )
    write_profile(tmp_path, "prof_diet0001", "diet", "User is vegetarian.", ttl="infinity")
    tools = MemoryTools(tmp_path, EmbeddedModel, now=lambda: NOW)
    answer = tools.write_profile("diet", "infinity", "User is vegetarian.")
    assert answer["stored"] is False and answer["reason"] == "duplicate"
    stored = tools.write_profile("home-city", "one_year", "User lives in Lisbon.")
    assert stored["stored"] is True
    assert not (tmp_path / expired).exists()  # swept to the archive first, as extract does
    assert (tmp_path / ".reflexio" / ".index" / "memscribe.sqlite3").is_file()


def test_index_view_and_list_view_apply_one_rule(tmp_path: Path) -> None:
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Berlin.")
    write_profile(tmp_path, "prof_city0002", "home-city-berlin", "User moved to Berlin in 2024.")
    write_profile(tmp_path, "prof_edit0001", "editor", "User writes code in Neovim.")
    store = FileMemoryStore(tmp_path)
    listed = ListView(store.entries())
    with store.view("default", "default") as view:
        for slug, text in [("home-city", "User lives in Munich."), ("editor", "User uses Neovim daily.")]:
            by_index = [(s.id, s.score) for s in view.shortlist("profile", slug, text)]
            by_list = [(s.id, s.score) for s in listed.shortlist("profile", slug, text)]
            assert by_index == by_list and by_index
        assert {e.id for e in view.entries()} == {e.id for e in listed.entries()}


def test_store_apply_is_the_one_writer_of_a_plan(tmp_path: Path) -> None:
    store = FileMemoryStore(tmp_path)
    empty = Plan(transcript="t", format="text", model="m", created="2026-11-30T12:00:00Z")
    done = store.apply(empty)
    assert done.written == [] and done.snapshot is None and not (tmp_path / ".reflexio").exists()


def test_two_extracts_of_one_session_at_once_write_each_fact_once(tmp_path: Path) -> None:
    """Two runs over the same transcript into one root, the second's view taken before the first
    applied (two hooks firing at once): the second plan is checked against the root under the
    lock, so its restating writes are dropped as duplicates instead of written twice."""
    import contextlib
    from collections.abc import Iterator

    from memscribe.kinds.parse import parse_memory_file

    path = FIXTURES / "transcripts" / "claude_code_confirmed_correction.jsonl"
    root = FileMemoryStore(tmp_path)
    root.recover()

    def run(store: MemoryStore) -> Plan:
        return extract_transcript(
            store,
            lambda: read_transcript(path),
            EmbeddedModel,
            context_tokens=lambda _m: 16000,
            scope=Scope("default", "default"),
            now=NOW,
        ).plan

    class Racing(FileMemoryStore):
        """Another writer finishes the same session while this run's plan is being made."""

        @contextlib.contextmanager
        def view(self, *args, **kwargs) -> Iterator:  # type: ignore[no-untyped-def,override]
            with super().view(*args, **kwargs) as view:
                yield view
            run(FileMemoryStore(tmp_path))

    first = run(Racing(tmp_path))
    files = sorted((tmp_path / ".reflexio").glob("*/*.md"))
    bodies = [parse_memory_file(f.read_text(encoding="utf-8"), str(f)).body for f in files]
    assert len(bodies) == 2 and len(set(bodies)) == 2, bodies
    assert not first.operations
    assert sorted(s.reason for s in first.skipped if s.reason == "duplicate") == ["duplicate", "duplicate"]


def test_a_change_in_the_same_clock_tick_is_still_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a file system with coarse timestamps a write in the same tick leaves the folder times as
    they were (review RV4 F1 of stop 44: 1 duplicate in 12 racing runs on a 1 s ext4): a folder
    time under 2 s old is not trusted, and the plan is checked against the root all the same."""
    import time

    from memscribe.services import extract as extract_service

    frozen = (time.time_ns(),) * 6  # the same recent times before and after the other writer
    monkeypatch.setattr(extract_service, "_root_stamp", lambda _store: frozen)
    test_two_extracts_of_one_session_at_once_write_each_fact_once(tmp_path)


def test_a_plan_made_slowly_still_distrusts_a_time_fresh_at_its_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a folder time is fresh is judged when the view is taken, not at apply (review RV7
    F1 of stop 44: a model that plans for more than 2 s made a fresh time look settled)."""
    import time

    from memscribe.services import extract as extract_service

    start = time.time_ns()
    frozen = (start,) * 6
    clock = iter(range(start, start + 10**12, 3 * 10**9))  # each reading 3 s after the last

    class Clock:
        @staticmethod
        def time_ns() -> int:
            return next(clock)

    monkeypatch.setattr(extract_service, "_root_stamp", lambda _store: frozen)
    monkeypatch.setattr(extract_service, "time", Clock)
    test_two_extracts_of_one_session_at_once_write_each_fact_once(tmp_path)
