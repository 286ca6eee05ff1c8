"""The local engine in a forked planner process: planning beside the commit, not under its lock.

A batch run's main process is bound by one interpreter lock: every unit's planning (parse, gate,
detect's prompt, dedup's shortlists, the answers' validation) competed with the driver's commit
and the model calls' hand-off for it. :class:`ProcessEngine` forks a planner process when it is
made (as the model-call helper is: after the imports, while the caller has one thread, before
any lock or database is open) that runs a :class:`~memscribe.batch.engine.LocalEngine` — the
same units, board, call slots and dedup coalescer as in one process — and makes the run's model
calls (in a model-call helper of its own where one is wanted:
:func:`memscribe.model.llm.calls_in_helper`). The driver keeps the commit, the ledger and the
lock, as with every engine (:mod:`memscribe.batch.seam`): units, results and the board's moves
cross one pipe each way as pickled messages, in order, so the board sees the driver's moves in
the order they were made; a unit's output carries only what its plan was made against
(:class:`~memscribe.batch.board.ViewBase`), not the memory.

Same plans, so the same files as the local engine's (``tests/system/test_batch_plan_process.py``).
Kill-safe: the planner writes nothing; it exits when the driver closes the pipe or dies (its
end reads end-of-file), and its model-call helper with it. A planner that dies fails the units
it had (reported for those transcripts; a re-run plans them again).
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from memscribe.batch.engine import LocalEngine
from memscribe.batch.seam import Engine, UnitInput, UnitOutput, error_message
from memscribe.batch.settings import ModelFactory
from memscribe.batch.view import Delta, Snapshot

_PROTOCOL = pickle.HIGHEST_PROTOCOL
#: The planner's first threshold of the cyclic collector while it plans (the driver's run sets
#: the same: :data:`memscribe.batch.runner.YOUNG_THRESHOLD`).
YOUNG_THRESHOLD = 50_000

#: Sets up where the planner's model calls go; entered in the planner before its first unit, with
#: the run's concurrency; yields an object whose ``cpu_s`` is read once it is left (or None).
CallSetup = Callable[[int], contextlib.AbstractContextManager[Any]]


def supported() -> bool:
    """Whether a planner can be forked here: Linux, and no other thread running (a fork copies
    only the caller)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


class ProcessEngine(Engine):
    """A :class:`LocalEngine` in a forked planner process (see the module docstring).

    Args:
        calls: where the planner makes its model calls (None: in the planner itself), set up for
            up to ``workers`` calls at once.
    """

    name = "local"

    def __init__(self, calls: CallSetup | None = None, workers: int = 1) -> None:
        context = multiprocessing.get_context("fork")
        here, there = context.Pipe(duplex=True)
        self._conn = here
        #: Ranks submitted and not answered yet (failed if the planner dies).
        self._out: set[int] = set()
        self._lost = False
        #: What stopped the planner, as :func:`error_message` words it (None: it said nothing).
        self._cause: str | None = None
        self._closed = False
        #: CPU time (s) of the planner and of its model-call helper, once :meth:`shutdown` ran.
        self.cpu_s = 0.0
        self.calls_cpu_s = 0.0
        self._process = context.Process(
            target=_serve, args=(there, here, calls, workers), daemon=True, name="memscribe-planner"
        )
        self._process.start()
        there.close()

    def _send(self, *message: Any) -> None:
        if self._lost:
            return
        try:
            self._conn.send_bytes(pickle.dumps(message, protocol=_PROTOCOL))
        except (OSError, ValueError):
            self._lost = True

    def open(
        self, snapshot: Snapshot, model_factory: ModelFactory, concurrency: int, *, look_ahead: bool = True
    ) -> None:
        self._send("open", snapshot, model_factory, concurrency, look_ahead)

    def submit(self, unit: UnitInput, *, first: bool = False) -> None:
        self._out.add(unit.rank)
        self._send("submit", unit, first)

    def results(self, timeout: float | None) -> list[UnitOutput]:
        found: list[UnitOutput] = []
        wait = timeout
        while not self._lost:
            try:
                if not self._conn.poll(wait):
                    break
                message = pickle.loads(self._conn.recv_bytes())
            except (EOFError, OSError, pickle.UnpicklingError):
                self._lost = True
                break
            if isinstance(message, list):  # (the planner's last word, its CPU, comes after bye)
                found.extend(message)
            elif isinstance(message, tuple) and message[:1] == ("failed",):
                self._cause = str(message[1])
            elif isinstance(message, tuple) and message[:1] == ("cpu",):  # (after a failure)
                self.cpu_s, self.calls_cpu_s = float(message[1]), float(message[2])
            wait = 0.0
        if self._lost and not found:
            found = self._last_words()
        if self._lost and not found:
            cause = f" ({self._cause})" if self._cause else ""
            found = [
                UnitOutput(rank=rank, error=f"internal error: the planner process failed{cause}")
                for rank in sorted(self._out)
            ]
        self._out.difference_update(out.rank for out in found)
        return found

    def _last_words(self) -> list[UnitOutput]:
        """What the lost planner had still sent: a send that failed marks it lost before the pipe
        is read, where results it finished, why it stopped and its CPU may still wait."""
        found: list[UnitOutput] = []
        with contextlib.suppress(EOFError, OSError, ValueError, pickle.UnpicklingError):
            while self._conn.poll(0):
                message = pickle.loads(self._conn.recv_bytes())
                if isinstance(message, list):
                    found.extend(message)
                elif isinstance(message, tuple) and message[:1] == ("failed",):
                    self._cause = str(message[1])
                elif isinstance(message, tuple) and message[:1] == ("cpu",):
                    self.cpu_s, self.calls_cpu_s = float(message[1]), float(message[2])
        return found

    def expect(self, ranks: list[int]) -> None:
        self._send("expect", ranks)

    def withdraw(self, rank: int, *, again: bool) -> None:
        self._send("withdraw", rank, again)

    def advance(self, version: int, delta: Delta, rank: int | None) -> None:
        self._send("advance", version, delta, rank)

    def close(self) -> None:
        """Start no more units (the planner keeps answering for those running)."""
        if not self._closed:
            self._closed = True
            self._send("close")

    def shutdown(self, timeout: float = 5.0) -> None:
        """Stop the planner and wait for it; its CPU time (and its helper's) is then known."""
        self._send("bye")
        deadline = time.monotonic() + timeout
        while not self._lost and time.monotonic() < deadline:
            try:
                if not self._conn.poll(max(0.0, deadline - time.monotonic())):
                    break
                message = pickle.loads(self._conn.recv_bytes())
            except (EOFError, OSError, pickle.UnpicklingError):
                break
            if isinstance(message, tuple) and message[:1] == ("cpu",):
                self.cpu_s, self.calls_cpu_s = float(message[1]), float(message[2])
                break
        self._lost = True
        with contextlib.suppress(OSError):
            self._conn.close()
        self._process.join(timeout)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout)


def _serve(conn: Any, other: Any, calls: CallSetup | None, workers: int) -> None:
    """The planner: a local engine driven by the messages read; results sent as they come.

    Before the run's first message it sets up its model calls (a helper forked now warms its
    client stack beside it) and does the first unit's one-off work up to its first request
    (:func:`warm_up`, ``first_call_only``): the driver is meanwhile opening the ledger,
    classifying the transcripts and reading the memory. The rest (what a unit does once its
    detection is answered: the encoder's tables, dedup's and screening's first use) waits until
    the run's first requests are out (:func:`_warm_rest`): the first answers are a round trip
    away, and the first requests no longer wait for it."""
    other.close()  # the driver's end: the pipe reads end-of-file once the driver is gone
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's to handle
    # may start the model-call helper (a daemonic process may not); ends with the driver anyway
    multiprocessing.current_process().daemon = False
    gc.set_threshold(max(gc.get_threshold()[0], YOUNG_THRESHOLD), *gc.get_threshold()[1:])
    send_lock = threading.Lock()

    def send(message: object) -> None:
        data = pickle.dumps(message, protocol=_PROTOCOL)
        with send_lock:
            conn.send_bytes(data)

    code = 0
    helper: Any = None
    try:
        with calls(workers) if calls is not None else contextlib.nullcontext() as helper:
            warm_up(first_call_only=True)
            first = _read(conn)  # the engine's ``open`` (or ``bye``: the run planned nothing)
            if first[0] == "open":
                _plan(conn, send, first)
    except BaseException as exc:  # never a traceback from the planner: the driver fails its units
        code = 1
        with contextlib.suppress(Exception):  # with the cause, as one process would report it
            send(("failed", error_message(exc)))
    with contextlib.suppress(Exception):
        send(("cpu", time.process_time(), float(getattr(helper, "cpu_s", 0.0) or 0.0)))
    os._exit(code)


#: What :func:`warm_up` plans: a preference said and confirmed (detect, verify, screen, dedup).
WARM_TEXT = (
    "User: Can you help me plan the week?\nAssistant: Sure.\nUser: I prefer green tea.\nAssistant: Noted.\n"
)


class _WarmModel:
    """Answers the warm-up's detection with the preference it states (nothing, with
    ``nothing``); any other request fails (its stage reports a model error)."""

    name = "warm-up"

    def __init__(self, nothing: bool = False) -> None:
        from memscribe.schemas.plan import Usage

        self.usage = Usage()
        self.nothing = nothing

    def generate(self, *, task: str, messages: Any, response_model: Any, request: Any) -> Any:
        if task != "detect":
            raise RuntimeError("warm-up")
        if self.nothing:
            return response_model.model_validate({"profiles": [], "playbooks": []})
        profile = {
            "slug": "pref-tea",
            "ttl": "infinity",
            "body": "User prefers green tea.",
            "evidence_turns": [2],
        }
        return response_model.model_validate({"profiles": [profile], "playbooks": []})


class _NoMemory:
    entries: tuple[Any, ...] = ()
    taken_ids: frozenset[str] = frozenset()


def warm_up(*, first_call_only: bool = False) -> None:
    """Plan :data:`WARM_TEXT` against no memory with a model answering in-process: what a
    process does once, on its first unit (patterns compiled, prompt templates loaded, the
    encoder's tables read, the answer models' validators built), done before the run's units
    wait for it. Nothing of it is kept but those caches; a failure is ignored (the units do it).
    ``first_call_only``: up to the detection request (its answer finds nothing)."""
    import datetime as dt

    from memscribe.batch.unit import plan_transcript
    from memscribe.transcript import parse_transcript

    with contextlib.suppress(Exception):
        transcript = parse_transcript(WARM_TEXT, source="memscribe-warm-up.txt")
        plan_transcript(
            transcript,
            model=_WarmModel(nothing=first_call_only),
            snapshot=_NoMemory(),
            since_line=0,
            namespace=None,
            context_tokens=16000,
            now=dt.datetime.now(dt.UTC),
        )


def _read(conn: Any) -> tuple[Any, ...]:
    try:
        message: tuple[Any, ...] = pickle.loads(conn.recv_bytes())
    except (EOFError, OSError):
        return ("bye",)
    return message


def _plan(conn: Any, send: Callable[[object], None], first: tuple[Any, ...]) -> None:
    """Open a local engine as ``first`` says, then do what each message says until ``bye``."""
    _, snapshot, factory, concurrency, look_ahead = first
    engine = LocalEngine()
    engine.open(snapshot, factory, concurrency, look_ahead=look_ahead)
    threading.Thread(target=_answer, args=(engine, send), daemon=True, name="memscribe-results").start()
    threading.Thread(target=_warm_rest, args=(engine,), daemon=True, name="memscribe-warm").start()
    while True:
        message = _read(conn)
        kind = message[0]
        if kind == "bye":
            break
        if kind == "submit":
            engine.submit(message[1], first=message[2])
        elif kind == "advance":
            _, version, delta, rank = message
            engine.advance(version, _as_published(engine, delta, rank), rank)
        elif kind == "withdraw":
            engine.withdraw(message[1], again=message[2])
        elif kind == "expect":
            engine.expect(message[1])
        elif kind == "close":
            engine.close()
    engine.close()


#: How long :func:`_warm_rest` waits at most for the first requests to leave.
WARM_REST_WAIT_S = 0.5


def _warm_rest(engine: LocalEngine, wait_s: float | None = None) -> None:
    """The rest of :func:`warm_up`, once the run's first requests are out: every call slot taken,
    or every started unit past its first slot (the units then wait for answers, not for the
    interpreter lock this takes), or after ``wait_s``."""
    deadline = time.monotonic() + (WARM_REST_WAIT_S if wait_s is None else wait_s)
    while time.monotonic() < deadline:
        now = engine.occupancy()
        if now.running > 0 and (now.ahead == 0 or now.free_slots == 0):
            break
        time.sleep(0.002)
    warm_up()


def _as_published(engine: LocalEngine, delta: Delta, rank: int | None) -> Delta:
    """The delta the unit of ``rank`` published, where the committed one equals it: the same
    objects the units read already (their per-object memos stay valid), not a copy of them."""
    published = engine.board.published(rank) if rank is not None else None
    return published if published is not None and published == delta else delta


def _answer(engine: LocalEngine, send: Callable[[object], None]) -> None:
    """Send each batch of results as it comes (one that cannot travel as the unit's failure)."""
    while True:
        found = engine.results(None)
        try:
            send(found)
        except (OSError, ValueError):
            return  # the driver is gone
        except Exception:  # noqa: BLE001 - some output does not pickle: each one alone
            for out in found:
                try:
                    send([out])
                except (OSError, ValueError):
                    return
                except Exception as exc:  # noqa: BLE001
                    send([UnitOutput(rank=out.rank, error=f"internal error: {error_message(exc)}")])


__all__ = ["ProcessEngine", "supported"]
