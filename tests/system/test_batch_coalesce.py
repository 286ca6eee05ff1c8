"""Dedup decisions of several transcripts of one namespace go out in one call, answered provisionally
while the transcripts plan on; the files are the ones one transcript at a time writes."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from memscribe import semantic
from memscribe.batch import coalesce
from memscribe.batch.coalesce import DedupCoalescer, HeldDecisions
from memscribe.batch.discovery import WorkItem, discover
from memscribe.batch.engine import LocalEngine, OrderedSlots
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.errors import ModelError
from memscribe.model.base import Message
from memscribe.schemas.candidates import DedupBatchDecision, DedupDecision
from memscribe.schemas.plan import Usage
from memscribe.schemas.requests import DedupBatchRequest, DedupRequest, ShortlistItem
from tests.support.batch_corpus import memory_state, tool_detection

_PREF = re.compile(r"^\[(\d+)\] user: I (?:prefer|use) (\w+) for (\w+)\.$", re.MULTILINE)


def _decide(item: DedupRequest) -> dict[str, Any]:
    """A decision from the item's own content only (so any grouping of items answers the same):
    a stored memory of the same topic is replaced; the same value again is a duplicate."""
    same = [s for s in item.shortlist if s.slug.split("-")[0] == item.slug.split("-")[0]]
    if same and same[0].text == item.text:
        return {"action": "drop_new", "existing_ids": [same[0].id], "reason": "same"}
    if same:
        return {"action": "supersede_old", "existing_ids": [same[0].id], "reason": "newer"}
    return {"action": "keep_both", "existing_ids": [], "reason": f"other topic than {item.slug}"}


class TopicModel:
    """An LLM stand-in (it batches dedup) answering detection from the transcript and each dedup
    item by :func:`_decide`; it records every call (shared across the run's instances)."""

    name = "topic-model"
    batches_dedup = True
    log: list[tuple[str, list[Message], BaseModel]] = []
    lock = threading.Lock()

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        time.sleep(0.01)  # a round trip: concurrent units' decisions coincide
        with self.lock:
            type(self).log.append((task, messages, request))
        self.usage.llm_calls += 1
        if task == "detect":
            return response_model.model_validate(tool_detection(messages, _PREF))
        assert task == "dedup"
        if isinstance(request, DedupBatchRequest):
            decisions = [{"item": n, **_decide(i)} for n, i in enumerate(request.items, start=1)]
            return response_model.model_validate({"decisions": decisions})
        assert isinstance(request, DedupRequest)
        return response_model.model_validate(_decide(request))


TOPICS = ["editing", "email", "notes", "music", "maps"]
VALUES = ["alpha", "bravo", "delta", "kilo", "lima", "oscar", "romeo", "tango"]


def _corpus(folder: Path, n: int) -> list[Path]:
    folder.mkdir(parents=True)
    paths = []
    for i in range(n):
        topic, value = TOPICS[i % len(TOPICS)], VALUES[(i * 3) % len(VALUES)]
        text = (
            "User: Can you help me set up my tools?\nAssistant: Sure.\n"
            f"User: I use {value} for {topic}.\nAssistant: Noted.\n"
        )
        if i % 4 == 1:  # a second fact, another topic
            text += f"User: I use {VALUES[i % len(VALUES)]} for {TOPICS[(i + 2) % len(TOPICS)]}.\nAssistant: Ok.\n"
        path = folder / f"s-{i:03d}.txt"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(autouse=True)
def _lexical(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(semantic.ENV_VAR, "off")  # scores fixed by the words
    semantic.reset()
    TopicModel.log = []


def test_gathered_provisional_decisions_write_what_one_transcript_at_a_time_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(coalesce, "QUIET_S", 0.05)  # a loaded machine spreads the asks: gather longer
    monkeypatch.setattr(coalesce, "LINGER_S", 0.2)
    paths = _corpus(tmp_path / "t", 30)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=8), TopicModel
    )
    assert report.failed == 0 and report.processed == 30
    dedup_calls = [r for task, _, r in TopicModel.log if task == "dedup"]
    gathered = [r for r in dedup_calls if isinstance(r, DedupBatchRequest)]
    asked_items = sum(len(r.items) if isinstance(r, DedupBatchRequest) else 1 for r in dedup_calls)
    assert gathered and len(dedup_calls) < asked_items  # several transcripts' items per call
    assert report.model_calls == len(TopicModel.log)  # a gathered call is counted once
    decisions = {_decide(i)["action"] for r in gathered for i in r.items}
    assert {"supersede_old", "keep_both"} <= decisions  # provisional keep_both was wrong for some
    TopicModel.log = []
    for path in sorted(paths):
        run_batch([WorkItem(path.resolve())], BatchConfig(root=tmp_path / "seq"), TopicModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "seq")
    # and what the run wrote before decisions were gathered (each unit asks its own, and waits)
    real_open = LocalEngine.open

    def ungathered(self: LocalEngine, *args: Any, **kwargs: Any) -> None:
        real_open(self, *args, **kwargs)
        self._coalescer = None  # type: ignore[assignment]

    monkeypatch.setattr(LocalEngine, "open", ungathered)
    TopicModel.log = []
    run_batch(discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "old", concurrency=8), TopicModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "old")
    reasons = sorted(
        line for _, text in memory_state(tmp_path / "m") for line in text.splitlines() if "\x00" in line
    )
    assert reasons == []  # no provisional marker reaches a file


def _item(text: str, slug: str = "editing-tool", shortlist: tuple[ShortlistItem, ...] = ()) -> DedupRequest:
    return DedupRequest(kind="profile", slug=slug, text=text, shortlist=shortlist)


STORED = (
    ShortlistItem(id="prof_aaaa0001", slug="editing-tool", text="User uses vim.", created="2026", score=0.5),
)


class _Recorder:
    name = "recorder"
    batches_dedup = True

    def __init__(self, fail: bool = False) -> None:
        self.usage = Usage()
        self.calls: list[tuple[list[Message], BaseModel]] = []
        self.fail = fail

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        self.calls.append((messages, request))
        time.sleep(0.05)
        if self.fail:
            raise ModelError("server down", stage="dedup", attempts=1)
        if isinstance(request, DedupBatchRequest):
            items = [{"item": n, **_decide(i)} for n, i in enumerate(request.items, start=1)]
            return response_model.model_validate({"decisions": items})
        assert isinstance(request, DedupRequest)
        return response_model.model_validate(_decide(request))


def _ask(
    coalescer: DedupCoalescer,
    model: _Recorder,
    rank: int,
    namespace: str,
    request: BaseModel,
    out: dict[int, Any],
) -> threading.Thread:
    shape = DedupBatchDecision if isinstance(request, DedupBatchRequest) else DedupDecision

    def run() -> None:
        try:
            out[rank] = coalescer.ask(
                model=model,
                rank=rank,
                namespace=namespace,
                messages=[{"role": "user", "content": f"own {rank}"}],
                response_model=shape,
                request=request,
            )
        except ModelError as exc:
            out[rank] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_concurrent_asks_of_one_namespace_share_a_call_and_get_their_own_decisions() -> None:
    model = _Recorder()
    coalescer = DedupCoalescer(OrderedSlots(4), quiet_s=0.2, linger_s=1.0)
    out: dict[int, Any] = {}
    pair = DedupBatchRequest(
        items=(_item("User uses nano.", shortlist=STORED), _item("User uses mutt.", "mail"))
    )
    threads = [
        _ask(coalescer, model, 2, "a", pair, out),
        _ask(coalescer, model, 1, "a", _item("User uses vim.", shortlist=STORED), out),
        _ask(coalescer, model, 3, "b", _item("User uses emacs.", shortlist=STORED), out),
    ]
    for t in threads:
        t.join(timeout=30)
    assert len(model.calls) == 2  # namespace a together, namespace b alone
    by_size = sorted(model.calls, key=lambda c: len(getattr(c[1], "items", ())))
    alone, together = by_size
    assert alone[0] == [{"role": "user", "content": "own 3"}]  # a lone ask keeps its own prompt
    assert isinstance(together[1], DedupBatchRequest)
    assert [i.text for i in together[1].items] == ["User uses vim.", "User uses nano.", "User uses mutt."]
    assert "ITEM 3. NEW profile" in str(together[0][1]["content"])  # dedup_batch.j2, rank order
    assert out[1].action == "drop_new" and out[3].action == "supersede_old"
    assert [(d.item, d.action) for d in out[2].decisions] == [(1, "supersede_old"), (2, "keep_both")]


def test_a_failed_gathered_call_is_each_units_model_error() -> None:
    model = _Recorder(fail=True)
    coalescer = DedupCoalescer(OrderedSlots(4), quiet_s=0.2, linger_s=1.0)
    out: dict[int, Any] = {}
    threads = [_ask(coalescer, model, r, "a", _item(f"User uses tool{r}."), out) for r in (1, 2)]
    for t in threads:
        t.join(timeout=30)
    assert len(model.calls) == 1
    assert all(isinstance(out[r], ModelError) and "server down" in str(out[r]) for r in (1, 2))


def test_held_decisions_keep_both_now_and_settle_on_the_real_answers() -> None:
    model = _Recorder()
    held = HeldDecisions(DedupCoalescer(OrderedSlots(2), quiet_s=0.0, linger_s=0.0), rank=0)
    other = _item("User uses jed.", "other-tool")
    now = held.hold(model, "a", [{"role": "user", "content": "x"}], DedupDecision, other)
    assert now.action == "keep_both" and now.reason.startswith("\x00")  # answered before the call
    assert held.settle() == {now.reason: "other topic than other-tool"}
    assert held.answered(other, DedupDecision) == DedupDecision(
        action="keep_both", existing_ids=[], reason="other topic than other-tool"
    )  # asked again (a re-plan): no new call
    assert len(model.calls) == 1
    update = _item("User uses nano.", shortlist=STORED)
    held.hold(model, "a", [{"role": "user", "content": "y"}], DedupDecision, update)
    assert held.settle() is None  # the real decision replaces: the unit plans again
    assert held.answered(update, DedupDecision).action == "supersede_old"  # type: ignore[union-attr]


def test_each_provisional_reason_is_replaced_by_its_own_decisions_reason() -> None:
    from memscribe.batch.task import _real_reason

    reasons = {"\x00held 3 1\x00": "first", "\x00held 3 12\x00": "twelfth"}
    assert _real_reason("keep_both: \x00held 3 12\x00", reasons) == "keep_both: twelfth"
    assert _real_reason("keep_both: \x00held 3 1\x00", reasons) == "keep_both: first"
    assert _real_reason("new", reasons) == "new"


def test_asks_arriving_over_a_few_milliseconds_share_one_call_by_default() -> None:
    """Units whose answers arrive over the call slots' turnover ask their dedup decisions a few
    milliseconds apart, not at once: units on their way to their asks (their detection answers
    back) are waited for, so asks 6 ms apart still share one call (a 4 ms quiet gap sent each
    alone)."""
    model = _Recorder()
    coalescer = DedupCoalescer(OrderedSlots(4))
    coming = {rank: coalescer.arriving("a") for rank in (1, 2, 3)}
    out: dict[int, Any] = {}
    threads = []
    for rank in (1, 2, 3):
        threads.append(_ask(coalescer, model, rank, "a", _item(f"User uses tool{rank}.", f"t{rank}"), out))
        time.sleep(0.002)
        coming[rank]()
        time.sleep(0.004)
    for t in threads:
        t.join(timeout=30)
    assert len(model.calls) == 1 and all(not isinstance(out[r], ModelError) for r in (1, 2, 3))


def test_a_call_waits_for_a_unit_on_its_way_to_its_ask_and_no_longer() -> None:
    """A unit whose detection answer is back is on its way to its dedup ask: the call being
    gathered in its namespace waits for it (past the quiet gap), and leaves once it has asked."""
    model = _Recorder()
    coalescer = DedupCoalescer(OrderedSlots(4), quiet_s=0.01, linger_s=5.0)
    out: dict[int, Any] = {}
    on_its_way = coalescer.arriving("a")
    elsewhere = coalescer.arriving("b")  # another namespace's unit: no reason to wait
    started = time.monotonic()
    first = _ask(coalescer, model, 1, "a", _item("User uses vim.", "editor"), out)
    time.sleep(0.3)  # far past the quiet gap
    assert model.calls == []
    second = _ask(coalescer, model, 2, "a", _item("User uses mutt.", "mail"), out)
    time.sleep(0.05)
    on_its_way()
    for t in (first, second):
        t.join(timeout=30)
    assert time.monotonic() - started < 2.0  # not held to the 5 s bound
    assert len(model.calls) == 1 and isinstance(model.calls[0][1], DedupBatchRequest)
    assert out[1].action == "keep_both" and out[2].action == "keep_both"
    elsewhere()


def test_an_ask_with_no_unit_on_its_way_leaves_without_the_gathering_window() -> None:
    """With no unit of the namespace on its way to an ask, waiting gathers nothing: the call
    leaves after the short quiet gap, not after the whole window (the last asks of a run)."""
    waited = []
    for rank in (1, 2, 3):
        model = _Recorder()
        coalescer = DedupCoalescer(OrderedSlots(4))
        out: dict[int, Any] = {}
        started = time.monotonic()
        _ask(coalescer, model, rank, "a", _item(f"User uses tool{rank}.", f"t{rank}"), out).join(timeout=30)
        waited.append(time.monotonic() - started - 0.05)  # less the model's own round trip
    assert min(waited) < coalesce.LINGER_S / 2


def test_the_asking_unit_does_not_start_a_thread_for_the_call_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A gathered call's leader runs in one of the engine's reused workers: starting a thread
    waits until it runs, and under a busy interpreter lock the unit that opened the call waited
    so (tens of ms with 4 busy threads) at every call it opened."""
    started: list[str] = []
    real_start = threading.Thread.start

    def start(self: threading.Thread) -> None:
        started.append(self.name)
        real_start(self)

    monkeypatch.setattr(threading.Thread, "start", start)
    _corpus(tmp_path / "t", 12)
    report = run_batch(
        discover([str(tmp_path / "t")]), BatchConfig(root=tmp_path / "m", concurrency=4), TopicModel
    )
    assert report.failed == 0 and any(task == "dedup" for task, _, _ in TopicModel.log)
    assert "memscribe-dedup" not in started
