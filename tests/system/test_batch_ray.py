"""The batch on a Ray cluster (a private local one): the same files as the local engine.

Ray is in the ``dev`` extra: these run in CI. They skip only where the package is absent.
One local cluster serves the module (start-up ~10 s on a loaded 2-core machine).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memscribe.batch import ledger
from memscribe.batch.discovery import discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.batch.settings import ModelSettings
from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from memscribe.schemas.candidates import DedupDecision
from memscribe.schemas.requests import DedupBatchRequest
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import make_corpus, memory_state
from tests.support.processes import adopting_orphans, children

REPO = Path(__file__).resolve().parents[2]

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'memscribe[ray]')")


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    with tempfile.TemporaryDirectory(prefix="memscribe-ray-test-") as temp:
        ray.init(
            num_cpus=2,
            object_store_memory=96 * 1024 * 1024,
            include_dashboard=False,
            _temp_dir=temp,
            log_to_driver=False,
            configure_logging=False,
        )
        try:
            yield
        finally:
            ray.shutdown()


def _engine() -> Any:
    from memscribe.batch.ray_engine import RayEngine

    return RayEngine()


def _errors(report: Any) -> list[tuple[str, str | None]]:
    """The failed transcripts of a run and why (shown when a run has failures)."""
    return [(Path(t.path).name, t.error) for t in report.transcripts if t.status == "failed"]


def test_ray_engine_writes_the_same_files_as_the_local_engine(tmp_path: Path, cluster: None) -> None:
    make_corpus(tmp_path / "t", 40)  # duplicates, supersessions, nothing-to-learn
    items = discover([str(tmp_path / "t")])
    local = run_batch(items, BatchConfig(root=tmp_path / "local", concurrency=8), EmbeddedModel)
    distributed = run_batch(
        items, BatchConfig(root=tmp_path / "ray", concurrency=8), ModelSettings(), engine=_engine()
    )
    assert distributed.failed == 0, _errors(distributed)
    assert distributed.processed == local.processed == 40
    assert memory_state(tmp_path / "ray") == memory_state(tmp_path / "local")
    assert sum(t.replans for t in distributed.transcripts) <= 4  # planned against the memory at commit
    again = run_batch(items, BatchConfig(root=tmp_path / "ray"), ModelSettings(), engine=_engine())
    assert again.processed == 0 and again.transcripts_skipped_by_reason == {"unchanged": 40}


_TOPICS = ["editing", "email", "notes", "music", "maps"]
_VALUES = ["alpha", "bravo", "delta", "kilo", "lima", "oscar", "romeo", "tango"]


class BatchingModel(EmbeddedModel):
    """The embedded model's answers, asked as an LLM is: each call a round trip, counted, and
    several dedup items answered in one call (``batches_dedup``)."""

    batches_dedup = True
    #: Where each call is written down as its task and its dedup items (a line each, appended
    #: from any worker process); None: nowhere.
    log: str | None = None

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: Any) -> Any:
        self.usage.llm_calls += 1
        if self.log is not None:
            items = len(request.items) if isinstance(request, DedupBatchRequest) else 1
            with open(self.log, "a", encoding="utf-8") as f:
                f.write(f"{task} {items}\n")
        time.sleep(0.05)
        if not isinstance(request, DedupBatchRequest):
            return EmbeddedModel.generate(
                self, task=task, messages=messages, response_model=response_model, request=request
            )
        decisions = []
        for n, item in enumerate(request.items, start=1):
            one = EmbeddedModel.generate(
                self, task=task, messages=messages, response_model=DedupDecision, request=item
            )
            decisions.append({"item": n, **one.model_dump()})
        return response_model.model_validate({"decisions": decisions})


def test_ray_workers_share_dedup_calls_and_write_the_local_engines_files(
    tmp_path: Path, cluster: None
) -> None:
    """Dedup decisions of units on different workers go out together (as the local engine's)."""
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers build the model
    (tmp_path / "t").mkdir()
    for i in range(40):  # each fact's topic is another transcript's too: dedup decides each
        topic, value = _TOPICS[i % len(_TOPICS)], _VALUES[(i * 3) % len(_VALUES)]
        (tmp_path / "t" / f"s-{i:03d}.txt").write_text(
            f"User: Can you help me set up my tools?\nAssistant: Sure.\nUser: I use {value} for {topic}.\n"
            "Assistant: Noted.\n",
            encoding="utf-8",
        )
    items = discover([str(tmp_path / "t")])
    local = run_batch(items, BatchConfig(root=tmp_path / "local", concurrency=8), BatchingModel)
    BatchingModel.log = str(tmp_path / "calls.log")  # (the workers get the class by value)
    try:
        distributed = run_batch(
            items, BatchConfig(root=tmp_path / "ray", concurrency=8), BatchingModel, engine=_engine()
        )
    finally:
        BatchingModel.log = None
    assert distributed.failed == 0, _errors(distributed)
    assert distributed.processed == local.processed == 40
    assert memory_state(tmp_path / "ray") == memory_state(tmp_path / "local")
    calls = [line.split() for line in (tmp_path / "calls.log").read_text(encoding="utf-8").splitlines()]
    dedup = [int(items) for task, items in calls if task != "detect"]
    # What the engine guarantees, whatever the timing: one detection per transcript (a re-plan
    # reuses its answer), a dedup call only for asks, and every ask answered: each transcript
    # whose topic an earlier one had asks about its one fact (a re-plan may ask again).
    seen = (len(calls), dedup, distributed.model_calls)
    assert sum(task == "detect" for task, _ in calls) == 40, seen
    assert len(calls) == 40 + len(dedup) == distributed.model_calls, seen
    assert sum(dedup) >= 40 - len(_TOPICS), seen
    # and the sharing: fewer dedup calls than items asked (each asked alone: as many), that is
    # the asks of several units answered in one call at least once (on a quiet machine most
    # calls carry several: 7 calls for 35 items)
    assert len(dedup) < sum(dedup), seen


def test_ray_engine_resumes_a_half_done_root(tmp_path: Path, cluster: None) -> None:
    """A run stopped half-way (the first half committed) and finished on Ray: as one local run."""
    make_corpus(tmp_path / "t", 24)
    items = discover([str(tmp_path / "t")])
    run_batch(items[:12], BatchConfig(root=tmp_path / "m"), EmbeddedModel)
    with (tmp_path / "t" / "session-003.txt").open("a", encoding="utf-8") as f:
        f.write("User: I moved to Lisbon last month.\nAssistant: Noted.\n")
    resumed = run_batch(
        items, BatchConfig(root=tmp_path / "m", concurrency=4), ModelSettings(), engine=_engine()
    )
    assert resumed.failed == 0, _errors(resumed)  # a failed transcript is missing from the files
    run_batch(items[:12], BatchConfig(root=tmp_path / "ref"), EmbeddedModel)
    run_batch(items, BatchConfig(root=tmp_path / "ref"), EmbeddedModel)
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


def _cli(corpus: Path, root: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "RAY_USAGE_STATS_ENABLED": "0"}
    env.pop("MEMSCRIBE_MODEL", None)
    env.pop("RAY_ADDRESS", None)
    args = ["batch", str(corpus), "--memory-dir", str(root), "--engine", "ray", "--json", "--no-progress"]
    return subprocess.Popen(
        [sys.executable, "-m", "memscribe.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=REPO,
    )


def _committed(root: Path) -> int:
    try:
        with contextlib.closing(sqlite3.connect(root / ledger.LEDGER_DIR / ledger.DB_NAME, timeout=5)) as db:
            return int(db.execute("SELECT count(*) FROM transcripts WHERE pending IS NULL").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_killing_the_ray_driver_mid_run_then_rerunning_gives_the_same_files(tmp_path: Path) -> None:
    """The driver (and with it its private cluster) killed once some plans are committed.

    The killed driver's private cluster is left orphaned: its gcs_server and raylet exit, its
    actors (board, slots, desk, workers) and the raylet's DashboardAgent and RuntimeEnvAgent live
    on until they see the raylet gone (Ray's own processes; the agents last). This process adopts
    and reaps them (kills those still running): a first process that reaps no orphans (this
    machine's) left two zombies after each run of this test."""
    make_corpus(tmp_path / "t", 120)
    items = discover([str(tmp_path / "t")])
    run_batch(items, BatchConfig(root=tmp_path / "ref"), EmbeddedModel)
    before = children(os.getpid())
    adopted: list[int] = []
    with adopting_orphans(adopted):
        proc = _cli(tmp_path / "t", tmp_path / "m")
        deadline = time.monotonic() + 120
        while proc.poll() is None and _committed(tmp_path / "m") < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert _committed(tmp_path / "m") < 120, "the run finished before the kill: nothing tested"
        again = _cli(tmp_path / "t", tmp_path / "m")
        assert again.wait(timeout=300) == 0
    assert not children(os.getpid()) - before  # nothing left: no zombie, no orphan running
    memory = MemoryRoot(tmp_path / "m")
    memory.entries()
    assert not memory.problems and not memory.pending_journals()
    assert memory_state(tmp_path / "m") == memory_state(tmp_path / "ref")


def test_a_ray_run_that_ends_normally_leaves_no_process(tmp_path: Path) -> None:
    """Only a killed driver orphans its private cluster: a run that ends normally takes every
    process it started with it, so this process, made the reaper of orphans, adopts none."""
    make_corpus(tmp_path / "t", 6)
    before = children(os.getpid())
    left: list[int] = []
    with adopting_orphans(left):
        assert _cli(tmp_path / "t", tmp_path / "m").wait(timeout=300) == 0
    assert left == [], f"the run left processes behind: {left}"
    assert not children(os.getpid()) - before


def _ends_as_local(items: list[Any], tmp_path: Path, engine: Any, *, deadline: float) -> None:
    """Runs ``items`` with ``engine`` into ``tmp_path / "ray"`` in a thread, and asserts that the
    run ends within ``deadline`` seconds (a run that hangs is the fault these tests catch), fails
    nothing and writes the files of the local engine's run in ``tmp_path / "local"``."""
    import threading

    done: list[Any] = []
    worker = threading.Thread(
        target=lambda: done.append(
            run_batch(
                items, BatchConfig(root=tmp_path / "ray", concurrency=8), ModelSettings(), engine=engine
            )
        ),
        daemon=True,
    )
    worker.start()
    worker.join(timeout=deadline)
    assert done, "the run did not end"
    assert done[0].failed == 0, _errors(done[0])
    assert memory_state(tmp_path / "ray") == memory_state(tmp_path / "local")


def test_more_workers_than_cpus_still_finish(tmp_path: Path, cluster: None) -> None:
    """Asked for more workers than the cluster has CPUs (2 here), the engine starts no more than
    it can schedule: a worker never scheduled held its units for good and the run never ended."""

    from memscribe.batch.ray_engine import RayEngine

    make_corpus(tmp_path / "t", 8)
    items = discover([str(tmp_path / "t")])
    run_batch(items, BatchConfig(root=tmp_path / "local", concurrency=8), EmbeddedModel)
    _ends_as_local(items, tmp_path, RayEngine(workers=5), deadline=180)


def test_a_busy_cluster_runs_on_the_cpus_that_are_free(tmp_path: Path, cluster: None) -> None:
    """One of the 2 CPUs held by another actor (another job on a shared cluster): the engine
    starts workers on the free CPU only. Before, it started one per CPU of the cluster, and the
    worker never scheduled held the units routed to it as long as the other actor lived."""

    from memscribe.batch.ray_engine import RayEngine

    @ray.remote(num_cpus=1)
    class Busy:
        def ready(self) -> bool:
            return True

    busy = Busy.remote()  # type: ignore[attr-defined]
    try:
        assert ray.get(busy.ready.remote(), timeout=60)
        deadline = time.monotonic() + 30
        while ray.available_resources().get("CPU", 0) > 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        make_corpus(tmp_path / "t", 8)
        items = discover([str(tmp_path / "t")])
        run_batch(items, BatchConfig(root=tmp_path / "local", concurrency=8), EmbeddedModel)
        _ends_as_local(items, tmp_path, RayEngine(), deadline=120)
    finally:
        ray.kill(busy)
