"""A batch run and the in-place ``update`` op (a dedup ``merge`` naming one stored memory):
plans of one run that merge into the same memory write what one transcript at a time writes
(each version archived once, no transcript refused), and an appended transcript keeps the
update its new turns evidence."""

from __future__ import annotations

import datetime as dt
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from memscribe import semantic
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.report import BatchReport
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.model.base import Message
from memscribe.schemas.plan import Usage
from memscribe.schemas.requests import DedupBatchRequest, DedupRequest
from tests.support.batch_corpus import memory_state, tool_detection

_PREF = re.compile(r"^\[(\d+)\] user: I use (\w+) for (\w+)\.$", re.MULTILINE)
NOW = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)
_STAMPS = re.compile(r"^(updated|updated_at): .*$", re.MULTILINE)


def _decide(item: DedupRequest) -> dict[str, Any]:
    """Same topic stored: merge into it (the merged text names every value once); else keep."""
    same = [s for s in item.shortlist if s.slug.split("-")[0] == item.slug.split("-")[0]]
    if not same:
        return {"action": "keep_both", "existing_ids": [], "reason": "new topic"}
    old = same[0]
    value = item.text.split()[2]
    if value.startswith("z"):  # a replacement, not more detail
        return {"action": "supersede_old", "existing_ids": [old.id], "reason": "replaced"}
    merged = old.text if value in old.text else f"{old.text.rstrip('.')}, {value}."
    return {"action": "merge", "existing_ids": [old.id], "merged_body": merged, "reason": "merge"}


class MergeModel:
    """Detection from the transcript's 'I use X for Y.' lines; dedup by :func:`_decide`."""

    name = "merge-model"
    batches_dedup = False
    calls = 0
    lock = threading.Lock()

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        time.sleep(0.01)  # a round trip: the units of a run overlap
        with self.lock:
            type(self).calls += 1
        if task == "detect":
            return response_model.model_validate(tool_detection(messages, _PREF))
        assert task == "dedup"
        if isinstance(request, DedupBatchRequest):
            decisions = [{"item": n, **_decide(i)} for n, i in enumerate(request.items, start=1)]
            return response_model.model_validate({"decisions": decisions})
        assert isinstance(request, DedupRequest)
        return response_model.model_validate(_decide(request))


@pytest.fixture(autouse=True)
def _lexical(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(semantic.ENV_VAR, "off")  # scores fixed by the words
    semantic.reset()


def _said(value: str, topic: str = "editing") -> str:
    return f"User: Can you help me set up my tools?\nAssistant: Sure.\nUser: I use {value} for {topic}.\nAssistant: Noted.\n"


def _state(root: Path) -> list[tuple[str, str]]:
    return [(path, _STAMPS.sub(r"\1: *", text)) for path, text in memory_state(root)]


def _seed(root: Path, folder: Path) -> None:
    """The stored memory every later transcript merges into."""
    folder.mkdir(parents=True)
    first = folder / "a-000.txt"
    first.write_text(_said("alpha"), encoding="utf-8")
    report = run_batch([WorkItem(first.resolve())], BatchConfig(root=root, now=NOW), MergeModel)
    assert report.failed == 0, [t.error for t in report.transcripts if t.error]  # what failed, if it does


def _batch_beside_sequential(
    tmp_path: Path, values: list[str], look_ahead: bool
) -> tuple[BatchReport, list[tuple[str, str]]]:
    """One transcript per value (``_said``) after the seeded memory: a concurrent batch run into
    one root and a one-at-a-time run into another; the batch report and the batch root's state,
    asserted equal to the one-at-a-time root's."""
    batch, seq = tmp_path / "batch", tmp_path / "seq"
    _seed(batch, tmp_path / "seed-b")
    _seed(seq, tmp_path / "seed-s")
    folder = tmp_path / "t"
    folder.mkdir()
    paths = []
    for n, value in enumerate(values, start=1):
        path = folder / f"s-{n:03d}.txt"
        path.write_text(_said(value), encoding="utf-8")
        paths.append(path)
    report = run_batch(
        discover([str(folder)]),
        BatchConfig(root=batch, concurrency=4, now=NOW, look_ahead=look_ahead),
        MergeModel,
    )
    assert report.failed == 0 and report.processed == len(values), [
        t.error for t in report.transcripts if t.status == "failed"
    ]
    for path in paths:
        assert run_batch([WorkItem(path.resolve())], BatchConfig(root=seq, now=NOW), MergeModel).failed == 0
    state = _state(batch)
    assert state == _state(seq)
    return report, state


@pytest.mark.parametrize(("look_ahead", "gathered"), [(True, False), (False, False), (True, True)])
def test_plans_merging_into_one_memory_write_what_one_transcript_at_a_time_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, look_ahead: bool, gathered: bool
) -> None:
    """Four transcripts whose dedup merges into one stored memory: planned against the run's
    pending plans (each merges into the version the one before wrote), against the committed
    memory only (each re-planned once the one before commits), or with dedup gathered into
    shared calls (answered provisionally first)."""
    monkeypatch.setattr(MergeModel, "batches_dedup", gathered)
    _, state = _batch_beside_sequential(tmp_path, ["bravo", "delta", "kilo", "lima"], look_ahead)
    active = [text for rel, text in state if "/.archive/" not in f"/{rel}"]
    assert len(active) == 1 and "User uses alpha for editing, bravo, delta, kilo, lima." in active[0]
    archived = sorted(text.split("---\n")[-1].strip() for rel, text in state if ".archive/" in rel)
    assert archived == [  # each previous version once
        "User uses alpha for editing, bravo, delta, kilo.",
        "User uses alpha for editing, bravo, delta.",
        "User uses alpha for editing, bravo.",
        "User uses alpha for editing.",
    ]


def test_a_grown_transcript_keeps_the_update_its_new_turns_evidence(tmp_path: Path) -> None:
    root = tmp_path / "m"
    _seed(root, tmp_path / "seed")
    path = tmp_path / "t" / "s-001.txt"
    path.parent.mkdir()
    path.write_text(_said("bravo", "email"), encoding="utf-8")
    first = run_batch(discover([str(path.parent)]), BatchConfig(root=root, now=NOW), MergeModel)
    assert first.failed == 0 and first.processed == 1
    with path.open("a", encoding="utf-8") as grown:
        grown.write("User: I use kilo for editing.\nAssistant: Noted.\n")
    second = run_batch(discover([str(path.parent)]), BatchConfig(root=root, now=NOW), MergeModel)
    assert second.failed == 0 and second.processed == 1
    state = _state(root)
    active = {rel: text for rel, text in state if ".archive/" not in rel}
    editing = [text for text in active.values() if "editing" in text]
    assert len(editing) == 1 and "User uses alpha for editing, kilo." in editing[0]
    archived = [text for rel, text in state if ".archive/" in rel]
    assert len(archived) == 1 and "User uses alpha for editing." in archived[0]
    assert "updated in place: merge" in archived[0]


@pytest.mark.parametrize("look_ahead", [True, False])
def test_a_plan_superseding_a_memory_an_earlier_plan_updated_is_planned_again(
    tmp_path: Path, look_ahead: bool
) -> None:
    values = ["bravo", "zulu", "delta", "zebra", "kilo", "zinc"]  # merge, replace, merge, …
    report, state = _batch_beside_sequential(tmp_path, values, look_ahead)
    if look_ahead:  # each plan made against the version before it: none planned twice
        assert sum(t.replans for t in report.transcripts) == 0
    active = [text for rel, text in state if ".archive/" not in rel]
    assert len(active) == 1 and "User uses zinc for editing." in active[0]
    archived = sorted(text.split("---\n")[-1].strip() for rel, text in state if ".archive/" in rel)
    assert archived == [  # each version once: the merged ones, and the ones replaced
        "User uses alpha for editing, bravo.",
        "User uses alpha for editing.",
        "User uses zebra for editing, kilo.",
        "User uses zebra for editing.",
        "User uses zulu for editing, delta.",
        "User uses zulu for editing.",
    ]


def test_an_update_made_against_a_version_that_never_landed_is_stale(tmp_path: Path) -> None:
    """A plan made against an earlier plan's pending update, which was planned again and did not
    make it: its merge is into a version the memory never held (the store would refuse it)."""
    from memscribe.batch.board import ViewBase
    from memscribe.batch.staleness import is_stale_since
    from memscribe.batch.view import MemoryState, MemView
    from memscribe.schemas.plan import Plan, UpdateOp

    root = tmp_path / "m"
    _seed(root, tmp_path / "seed")
    state = MemoryState(MemView(root, persist=False))
    (stored,) = state.entries()
    pending = "User uses alpha for editing, bravo."

    def plan(previous: str) -> Plan:
        op = UpdateOp(
            kind=stored.kind,
            id=stored.id,
            slug=stored.slug,
            path=stored.path,
            text="(new text)",
            body=f"{previous.rstrip('.')}, kilo.",
            previous_body=previous,
            archive_path=stored.path.replace(".reflexio/", ".reflexio/.archive/"),
            evidence=[2],
            reason="merge",
        )
        return Plan(transcript="t", format="text", model="m", created="2026", operations=[op])

    base = ViewBase(state.version)
    assert is_stale_since(plan(pending), base, state, seen=[(stored.id, pending)])
    assert not is_stale_since(plan(stored.body), base, state, seen=[(stored.id, stored.body)])
