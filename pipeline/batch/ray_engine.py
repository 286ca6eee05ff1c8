"""The batch on a Ray cluster: ``memscribe batch --engine ray [--address …]``.

Units run in ``workers`` Ray actors (one process each, several units at once in threads, as the
local engine does: a unit mostly waits on its model call), routed by rank so a re-plan lands
where the transcript's detection is remembered. Three small actors are shared by every worker:
the call slots (model calls in flight, bounded cluster-wide, handed out in path order), the
board (the memory each unit plans against: :mod:`memscribe.batch.board`; a unit fetches it
when it reaches dedup, so only the entries travel, once per unit; while a unit plans on
against earlier plans published tentatively it peeks at it instead: :mod:`memscribe.batch.speculate`)
and the dedup desk (the dedup decisions of one namespace that coincide, from any worker, asked
in one call, answered provisionally while the units plan on: :mod:`memscribe.batch.coalesce`, as
in the local engine). The driver keeps the commit, the ledger and the lock, so the files are
those of ``--engine local``.

Without ``address`` a private local cluster is started for the run, sized for a small machine
(``num_cpus``, a small object store, no dashboard, its own temp folder, worker logs kept off the
terminal) and shut down at the end, its processes with it (:mod:`memscribe.batch.ray_reap`).
Ray is an optional extra: ``pip install 'memscribe[ray]'``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Collection, Sequence
from typing import Any

from pydantic import BaseModel

from memscribe.batch.board import Board, Candidate, Peek, ViewBase
from memscribe.batch.coalesce import Asked, DedupCoalescer, asked
from memscribe.batch.engine import BoundedModel
from memscribe.batch.ray_reap import ClusterReaper
from memscribe.batch.seam import Engine, UnitInput, UnitOutput
from memscribe.batch.settings import ModelFactory, ModelTwins
from memscribe.batch.slots import HeldSlots, OrderedSlots
from memscribe.batch.task import run_unit
from memscribe.batch.view import Delta, Snapshot
from memscribe.errors import ModelError, UserError
from memscribe.model.base import Message, StructuredModel
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import Usage

#: Object store of a private local cluster: the run ships memory views and plans, not data sets.
OBJECT_STORE_BYTES = 96 * 1024 * 1024

#: The desk gathers a call until no ask has joined for this long (at most ``DESK_LINGER_S``):
#: an ask crosses processes, so asks that coincide arrive further apart than in one process.
DESK_QUIET_S = 0.02
DESK_LINGER_S = 0.1

#: What the desk answers an ask: the answer, the usage of the call it made for it (the ask that
#: opened a call counts it, once), and the error (message, stage, attempts) instead of an answer.
DeskAnswer = tuple[BaseModel | None, Usage, tuple[str, str, int] | None]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UserError("--engine ray needs Ray: pip install 'memscribe[ray]'") from None
    return ray


def _shutdown(ray: Any, *, wait: bool) -> None:
    """``ray.shutdown()``, waiting for the processes ``ray.init()`` started where asked and the
    installed Ray can (``wait_for_processes``; an older one: the reaper's wait covers them)."""
    if wait:
        try:
            ray.shutdown(wait_for_processes=True)
            return
        except TypeError:
            pass
    ray.shutdown()


class _RemoteSlots:
    """The shared call slots, as :class:`BoundedModel` sees them."""

    def __init__(self, actor: Any) -> None:
        self._actor = actor

    def acquire(self, rank: int) -> None:
        _ray().get(self._actor.acquire.remote(rank))

    def release(self) -> None:
        _ray().get(self._actor.release.remote())


class _RemoteBoard:
    """The shared board, as a unit sees it."""

    def __init__(self, actor: Any) -> None:
        self._actor = actor

    def start(self) -> tuple[MemoryEntry, ...]:
        got: tuple[MemoryEntry, ...] = _ray().get(self._actor.start.remote())
        return got

    def fetch(self, rank: int, scope: tuple[str, str] | None = None) -> tuple[Snapshot, ViewBase]:
        got: tuple[Snapshot, ViewBase] = _ray().get(self._actor.fetch.remote(rank, scope))
        return got

    def declare(self, rank: int, namespace: str | None) -> None:
        _ray().get(self._actor.declare.remote(rank, namespace))

    def publish(self, rank: int, delta: Delta) -> None:
        _ray().get(self._actor.publish.remote(rank, delta))

    # What a speculation reads (:class:`memscribe.batch.speculate.SpeculationBoard`): a unit plans
    # on against the earlier plans published tentatively, its dedup decisions held meanwhile.

    def peek(self, rank: int, scope: tuple[str, str] | None) -> Peek:
        got: Peek = _ray().get(self._actor.peek.remote(rank, scope))
        return got

    def wait_change(
        self, tick: int, progress: float, rank: int | None = None, on: Collection[int] | None = None
    ) -> bool:
        on = None if on is None else frozenset(on)
        changed: bool = _ray().get(self._actor.wait_change.remote(tick, progress, rank, on))
        return changed

    def declare_candidates(self, rank: int, candidates: Sequence[Candidate]) -> None:
        _ray().get(self._actor.declare_candidates.remote(rank, tuple(candidates)))

    def taken_now(self, rank: int) -> frozenset[str]:
        taken: frozenset[str] = _ray().get(self._actor.taken_now.remote(rank))
        return taken

    def publish_tentative(self, rank: int, delta: Delta) -> None:
        _ray().get(self._actor.publish_tentative.remote(rank, delta))


class DedupDesk:
    """The cluster's dedup coalescer (an actor): every worker's dedup asks, gathered per namespace
    into one call made under a cluster-wide call slot (:class:`DedupCoalescer`)."""

    def __init__(self, factory: ModelFactory, slots: Any) -> None:
        self._models = ModelTwins(factory)
        self._coalescer = DedupCoalescer(
            HeldSlots(_RemoteSlots(slots)), quiet_s=DESK_QUIET_S, linger_s=DESK_LINGER_S
        )
        #: The units on their way to a dedup request (:meth:`coming`), by token; and the tokens
        #: told :meth:`came` before :meth:`coming` (a threaded actor runs calls in any order).
        self._arriving: dict[str, Callable[[], None]] = {}
        self._gone: set[str] = set()
        self._lock = threading.Lock()

    def coming(self, token: str, namespace: str) -> None:
        """A unit of ``namespace`` is on its way to a dedup request (its detection is back): a
        call being gathered there waits for it, as the local engine's does (``linger_s`` at most)."""
        with self._lock:
            if token in self._gone:
                self._gone.discard(token)
                return
            self._arriving[token] = self._coalescer.arriving(namespace)

    def came(self, token: str) -> None:
        """The unit of ``token`` asked, asks the model something else, or ended."""
        with self._lock:
            arrived = self._arriving.pop(token, None)
            if arrived is None:
                self._gone.add(token)
                return
        arrived()

    def ask(
        self,
        rank: int,
        namespace: str,
        messages: list[Message],
        response_model: type[BaseModel],
        request: BaseModel,
    ) -> DeskAnswer:
        model = self._models()  # its own usage: only the call this ask opened counts in it

        try:
            answer = self._coalescer.ask(
                model=model,
                rank=rank,
                namespace=namespace,
                messages=messages,
                response_model=response_model,
                request=request,
            )
        except ModelError as exc:  # sent as data: the unit raises it as its own call's error
            return None, model.usage, (exc.message, exc.stage, exc.attempts)
        except Exception as exc:  # noqa: BLE001 - any other failure of the call, as a model error
            return None, model.usage, (f"dedup call failed: {exc}", "dedup", 1)
        return answer, model.usage, None


class _RemoteCoalescer(DedupCoalescer):
    """The desk, as a unit's :class:`BoundedModel` sees a coalescer: an ask goes to the desk and
    its answer (and the usage of a call it opened) comes back to the unit's own model."""

    def __init__(self, desk: Any) -> None:
        super().__init__(OrderedSlots(1))  # unused: the desk holds the slots
        self._desk = desk
        self._tokens = itertools.count()

    def arriving(self, namespace: str) -> Callable[[], None]:
        """Tell the desk a unit is on its way (see :meth:`DedupDesk.coming`); what this returns
        tells it the unit arrived (once; again is harmless)."""
        token = f"{os.getpid()}:{next(self._tokens)}"
        self._desk.coming.remote(token, namespace)
        told = threading.Lock()

        def arrived() -> None:
            if told.acquire(blocking=False):
                self._desk.came.remote(token)

        return arrived

    def submit(
        self,
        model: StructuredModel,
        rank: int,
        namespace: str,
        messages: list[Message],
        response_model: type[BaseModel],
        request: BaseModel,
    ) -> Asked:
        ask = asked(rank, messages, response_model, request)
        ref = self._desk.ask.remote(rank, namespace, messages, response_model, request)
        threading.Thread(target=_receive, args=(ref, ask, model), daemon=True).start()
        return ask


def _receive(ref: Any, ask: Asked, model: StructuredModel) -> None:
    """Fill ``ask`` from the desk's answer, adding the call's usage to the unit's model."""
    try:
        answer, usage, error = _ray().get(ref)
    except Exception as exc:  # noqa: BLE001 - the desk died: this unit's call failed
        ask.error = ModelError(f"dedup call failed: {exc}", stage="dedup", attempts=1)
    else:
        own = model.usage
        own.llm_calls += usage.llm_calls
        own.prompt_tokens += usage.prompt_tokens
        own.completion_tokens += usage.completion_tokens
        if usage.cost_usd is not None:
            own.cost_usd = (own.cost_usd or 0.0) + usage.cost_usd
        if error is not None:
            ask.error = ModelError(error[0], stage=error[1], attempts=error[2])
        else:
            ask.own = answer
    finally:
        ask.done.set()


class UnitWorker:
    """One worker process: runs units in threads, remembering each transcript's model."""

    def __init__(self, factory: ModelFactory, board: Any, slots: Any, desk: Any) -> None:
        self._factory = ModelTwins(factory)  # one model built per worker, twins for its units
        self._board = _RemoteBoard(board)
        self._slots = _RemoteSlots(slots)
        self._coalescer = _RemoteCoalescer(desk)
        self._models: dict[int, BoundedModel] = {}

    def run(self, unit: UnitInput) -> UnitOutput:
        model = self._models.get(unit.rank)
        if model is None:
            model = self._models[unit.rank] = BoundedModel(
                self._factory(), self._slots, unit.rank, self._coalescer
            )
        try:
            return run_unit(unit, model=model, source=self._board)
        finally:
            model.arrived()  # (a unit that ended on its way: the desk stops waiting for it)


def pool_size(workers: int | None, cluster_cpus: float, free_cpus: float) -> int:
    """How many workers a run starts: ``workers`` (None: one per CPU of the cluster), and no more
    than the CPUs free now (one at least). Each worker asks for a CPU, and one never scheduled
    would hold the units handed to it (rank modulo the pool) until another job gives a CPU back:
    on a busy cluster (``--address``) the run goes at the pace of what is free, it does not wait
    for what is not."""
    wanted = workers or max(1, int(cluster_cpus))
    return max(1, min(wanted, int(cluster_cpus), int(free_cpus)))


class RayEngine(Engine):
    """Units on a Ray cluster (an existing one at ``address``, or a private local one)."""

    name = "ray"

    def __init__(
        self, address: str | None = None, *, num_cpus: int | None = None, workers: int | None = None
    ) -> None:
        self.address = address
        self.num_cpus = num_cpus
        self.workers = workers
        self._started = False
        self._temp: str | None = None
        self._reaper: ClusterReaper | None = None  # a private cluster's processes, to reap
        self._refs: dict[Any, int] = {}
        self._queue: list[tuple[int, int, UnitInput]] = []
        self._seq = 0
        self._limit = 2
        self._closed = False

    def _init(self) -> None:
        ray = _ray()
        if ray.is_initialized():
            return
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        if self.address:
            ray.init(address=self.address, log_to_driver=False, configure_logging=False)
        else:
            self._temp = tempfile.mkdtemp(prefix="memscribe-ray-")
            self._reaper = ClusterReaper()
            self._reaper.starting()  # (this process adopts what the cluster's processes orphan)
            try:
                ray.init(
                    num_cpus=self.num_cpus or min(4, os.cpu_count() or 1),
                    object_store_memory=OBJECT_STORE_BYTES,
                    include_dashboard=False,
                    _temp_dir=self._temp,
                    log_to_driver=False,
                    configure_logging=False,
                )
            except BaseException:  # what a half-started cluster left is taken too; no subreaper after
                reaper, self._reaper = self._reaper, None
                reaper.started()
                reaper.stopping()
                with contextlib.suppress(Exception):
                    _shutdown(ray, wait=False)
                reaper.stopped()
                raise
            self._reaper.started()
        self._started = True

    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        ray = _ray()
        self._init()
        self._limit = max(2, 2 * concurrency)
        self._board = ray.remote(num_cpus=0, max_concurrency=4 * self._limit + 16)(Board).remote(
            snapshot, look_ahead=look_ahead
        )
        self._slots = ray.remote(num_cpus=0, max_concurrency=4 * self._limit + 16)(OrderedSlots).remote(
            concurrency
        )
        self._desk = ray.remote(num_cpus=0, max_concurrency=4 * self._limit + 16)(DedupDesk).remote(
            model_factory, self._slots
        )
        count = pool_size(
            self.workers, ray.cluster_resources().get("CPU", 1), ray.available_resources().get("CPU", 0)
        )
        per_worker = -(-self._limit // count)
        worker = ray.remote(num_cpus=1, max_concurrency=per_worker + 2)(UnitWorker)
        self._pool = [
            worker.remote(model_factory, self._board, self._slots, self._desk) for _ in range(count)
        ]

    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        import heapq

        self._seq += 1
        heapq.heappush(self._queue, (0 if first else 1, self._seq, unit))
        self._start_more()

    def _start_more(self) -> None:
        import heapq

        while self._queue and not self._closed:
            if len(self._refs) >= self._limit and self._queue[0][0] != 0:
                return
            unit = heapq.heappop(self._queue)[2]
            ref = self._pool[unit.rank % len(self._pool)].run.remote(unit)
            self._refs[ref] = unit.rank

    def results(self, timeout: float | None) -> list[UnitOutput]:
        ray = _ray()
        if not self._refs:
            return []
        ready, _ = ray.wait(list(self._refs), num_returns=1, timeout=timeout)
        if ready:
            more, _ = ray.wait(list(self._refs), num_returns=len(self._refs), timeout=0)
            ready = list(dict.fromkeys([*ready, *more]))
        found: list[UnitOutput] = []
        for ref in ready:
            rank = self._refs.pop(ref)
            try:
                found.append(ray.get(ref))
            except Exception as exc:  # the worker died: reported for this transcript
                found.append(UnitOutput(rank=rank, error=f"internal error: worker failed: {exc}"))
        self._start_more()
        return found

    def expect(self, ranks: list[int]) -> None:
        _ray().get(self._board.expect.remote(ranks))

    def withdraw(self, rank: int, *, again: bool) -> None:
        _ray().get(self._board.withdraw.remote(rank, again=again))

    def advance(self, version: int, delta: Delta, rank: int | None) -> None:
        _ray().get(self._board.advance.remote(version, delta, rank))

    def close(self) -> None:
        self._closed = True
        self._queue.clear()
        if hasattr(self, "_pool"):
            ray = _ray()
            for actor in [*self._pool, self._board, self._slots, self._desk]:
                with contextlib.suppress(Exception):
                    ray.kill(actor)
            del self._pool

    def shutdown(self) -> None:
        """Stop the private cluster this engine started (an existing one is left running)."""
        self.close()
        if self._started:
            reaper, self._reaper = self._reaper, None
            if reaper is not None:
                reaper.stopping()
            with contextlib.suppress(Exception):
                _shutdown(_ray(), wait=reaper is not None)
            if reaper is not None:  # its processes gone with it, not left to whoever reaps orphans
                reaper.stopped()
            self._started = False
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None
