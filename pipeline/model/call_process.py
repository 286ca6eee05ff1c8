"""Model calls made in a helper process: the client stack's per-call work on a second core.

A batch run is bound by one interpreter lock: the client stack's per-call work (litellm, the
provider SDK, HTTP: ~6 ms of CPU a call, ``bench/model_call.py``) competes with planning and the
commit for one core. :class:`CallProcess` forks a helper (after the client stack is imported, so
nothing is imported again; before any lock or database is open, so the helper holds none) that
makes the completion calls in its own threads; the caller's threads send each call's keyword
arguments and wait for the response object.

Same calls, same answers: the helper runs the same ``completion`` function with the same
arguments (a fork: same code, same settings); the response comes back pickled; an exception comes
back as the same class with the same arguments and the attributes that pickle, so the retry and
error rules of :mod:`memscribe.model.llm` see what they would have seen. A call whose arguments or
answer cannot travel, and every call once the helper is gone, is made in this process instead.
The helper writes nothing and exits when its caller closes the pipe or dies. Where the calls are
litellm's, the helper builds its own HTTP client, with room for every call in flight
(:mod:`memscribe.model.light_pool`); the caller's process is not touched.
"""

from __future__ import annotations

import _thread
import contextlib
import importlib
import itertools
import multiprocessing
import os
import pickle
import queue
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol

Completion = Callable[..., Any]

#: A call the helper could not answer (gone, or an answer that cannot travel): made here instead.
_AGAIN = object()
#: Sent to the helper by :meth:`CallProcess.close`: no more calls.
_BYE = b""
_PROTOCOL = pickle.HIGHEST_PROTOCOL
#: The key of the helper's last message: its CPU time.
_CPU = -1
#: A message's frame on the pipe: its length (8 bytes, big-endian), then its bytes.
_HEADER = struct.Struct("!Q")
#: Bytes read at most per system call (every whole message already there comes with it).
_CHUNK = 1 << 18


def supported() -> bool:
    """Whether a helper can be forked here: Linux (a fork that does not exec is unsafe with
    macOS's system libraries), and no other thread running (a fork copies only the caller)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork") and threading.active_count() == 1


class CallProcess:
    """A forked helper that runs ``completion`` calls, up to ``workers`` at once.

    Call it as ``completion`` itself (keyword arguments); :meth:`close` stops the helper.
    """

    def __init__(
        self, completion: Completion, workers: int, warm: Callable[[], object] | None = None
    ) -> None:
        context = multiprocessing.get_context("fork")
        here, there = context.Pipe(duplex=True)
        self._completion = completion
        self._conn = here
        self._send_lock = threading.Lock()
        self._lock = threading.Lock()
        self._pending: dict[int, Future[Any]] = {}
        #: The call slots of the calls away (:meth:`call_within`), by key.
        self._holders: dict[int, _Holder] = {}
        self._ids = itertools.count()
        self._alive = True
        #: The helper's CPU time (s), as it said when it stopped (:meth:`close`).
        self.cpu_s = 0.0
        self._process = context.Process(
            target=_serve,
            args=(there, here, completion, max(1, workers), warm),
            daemon=True,
            name="memscribe-calls",
        )
        self._process.start()
        there.close()
        self._reader = threading.Thread(target=self._read, daemon=True, name="memscribe-calls-reader")
        self._reader.start()

    @property
    def alive(self) -> bool:
        return self._alive

    def __call__(self, **kwargs: Any) -> Any:
        return self.call_within(None, **kwargs)

    def call_within(self, slot: Slot | None, **kwargs: Any) -> Any:
        """As a call, holding ``slot`` only while the request is away: taken once its message is
        ready to send, given back by the reader as soon as the answer is here, not once this
        thread (which may wait for the interpreter lock) has resumed. A call made here instead
        (the helper gone, an argument or answer that cannot travel) holds it while it runs."""
        holder = _Holder(slot)
        future: Future[Any] = Future()
        with self._lock:
            key = next(self._ids)
            alive = self._alive
            if alive:
                self._pending[key] = future
        if not alive:
            return holder.here(self._completion, kwargs)
        try:
            message = pickle.dumps((key, kwargs), protocol=_PROTOCOL)
        except Exception:  # an argument that cannot travel
            self._forget(key)
            return holder.here(self._completion, kwargs)
        holder.take()
        with self._lock:
            self._holders[key] = holder
        try:
            with self._send_lock:
                _send(self._conn, message)
        except (OSError, ValueError):
            self._lost()
        outcome = future.result()
        if outcome is _AGAIN:
            return holder.here(self._completion, kwargs)
        holder.give_back()  # (the reader's, unless it had none to give)
        ok, value = outcome
        if ok:
            return value
        raise _rebuilt(value)

    def _forget(self, key: int) -> None:
        with self._lock:
            self._pending.pop(key, None)

    def _read(self) -> None:
        frames = _Frames(self._conn)
        while True:
            try:
                found = frames.read()
            except (EOFError, OSError, ValueError):
                break
            try:
                answers = [pickle.loads(data) for data in found]
            except Exception:
                break  # the pipe carries garbage: stop using the helper
            for key, blob in answers:
                self._answered(key, blob)
        self._lost()
        with contextlib.suppress(OSError):
            self._conn.close()

    def _answered(self, key: int, blob: bytes | None) -> None:
        """The helper's answer to the call ``key`` (None: one that could not travel)."""
        if key == _CPU:
            with contextlib.suppress(Exception):
                self.cpu_s = float(pickle.loads(blob))  # type: ignore[arg-type]
            return
        with self._lock:
            future = self._pending.pop(key, None)
            holder = self._holders.pop(key, None)
        if future is None:
            return
        if holder is not None and blob is not None:  # the answer is here: the slot is free
            try:
                holder.give_back()
            except Exception as exc:  # the slot's failure is its caller's, not the reader's
                future.set_exception(exc)
                return
        try:
            future.set_result(_AGAIN if blob is None else pickle.loads(blob))
        except Exception:
            future.set_result(_AGAIN)

    def _lost(self) -> None:
        """The helper is gone: every waiting call is made here, and so is every later one."""
        with self._lock:
            self._alive = False
            waiting, self._pending = self._pending, {}
            self._holders = {}  # (each waiting call makes itself here, holding its slot)
        for future in waiting.values():
            if not future.done():
                future.set_result(_AGAIN)

    def close(self, timeout: float = 5.0) -> None:
        """Stop the helper (calls in flight are made here), wait for it to exit; its CPU time
        is then :attr:`cpu_s`."""
        with contextlib.suppress(OSError, ValueError), self._send_lock:
            _send(self._conn, _BYE)
        self._reader.join(timeout)
        self._process.join(timeout)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout)
        self._lost()


class Slot(Protocol):
    """A call slot (:meth:`CallProcess.call_within`): taken before a request leaves, given back
    once; either from any thread."""

    def acquire(self) -> None: ...

    def release(self) -> None: ...


class _Holder:
    """One call's slot: taken at most once, given back at most once (by whichever thread first
    sees the call done: the reader, or the caller)."""

    def __init__(self, slot: Slot | None) -> None:
        self._slot = slot
        self._lock = threading.Lock()
        self._held = False

    def take(self) -> None:
        if self._slot is not None:
            self._slot.acquire()
            self._held = True

    def give_back(self) -> None:
        with self._lock:
            held, self._held = self._held, False
        if held:
            assert self._slot is not None
            self._slot.release()

    def here(self, completion: Completion, kwargs: dict[str, Any]) -> Any:
        """The call made in this process, under the slot (taken now if not held yet)."""
        with self._lock:
            held = self._held
        if not held:
            self.take()
        try:
            return completion(**kwargs)
        finally:
            self.give_back()


def _fill_caches() -> None:
    """Compute in the helper, once as it starts and before it reads a request, what every call of
    its first wave would otherwise compute at the same time: the platform description of the
    provider SDK's request headers (``platform.platform()``: cached once computed, but not
    computed once; ``uname -p`` in a subprocess each). Not in the caller before the fork: the
    caller (the batch planner) makes no call itself, and its first requests wait for it meanwhile
    (~5 ms, a subprocess started)."""
    if "openai" in sys.modules:
        import platform

        platform.platform()


def _own_connections(workers: int) -> Callable[[], None] | None:
    """Where litellm makes the calls: what gives the helper an HTTP client of its own, with room
    for ``workers`` calls in flight (:mod:`memscribe.model.light_pool`; built once, by the first
    call or the warm-up, whichever comes first). None for another completion. Called before any
    of the helper's threads starts: the SDK clients the caller's litellm cached (the caller's
    pool and sockets) are dropped here, not closed, so that every call builds on the helper's."""
    if "litellm" not in sys.modules:
        return None
    from memscribe.model.light_pool import HelperConnections, forget_inherited_clients

    with contextlib.suppress(Exception):
        forget_inherited_clients()
    return HelperConnections(workers)


def _first(connect: Callable[[], None] | None, warm: Callable[[], object]) -> Callable[[], None]:
    """The warm-up thread's work: the client built (where there is one to build), then the warm
    call. Without a warm-up the first call builds it."""

    def both() -> None:
        if connect is not None:
            with contextlib.suppress(Exception):
                connect()
        warm()

    return both


def _serve(
    conn: Any, other: Any, completion: Completion, workers: int, warm: Callable[[], object] | None = None
) -> None:
    """The helper: each request is run by a worker thread; answers go back as they finish.

    ``warm`` (if any) runs first, in a thread of its own: the work a process does once, on its
    first call (lazy imports, first use of the client stack), done while the caller is still
    preparing its first requests rather than by all of them at once when they arrive together
    (a batch run's first wave: ``concurrency`` calls within a few milliseconds). Requests are
    read meanwhile; a warm-up that fails is ignored.
    """
    other.close()  # the caller's end: the pipe reads end-of-file once the caller is gone
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle
    with contextlib.suppress(Exception):
        _fill_caches()
    connect = _own_connections(workers)
    if warm is not None:
        threading.Thread(
            target=_quietly, args=(_first(connect, warm),), daemon=True, name="memscribe-warm"
        ).start()
    send_lock = threading.Lock()
    tasks: queue.SimpleQueue[tuple[int, dict[str, Any]]] = queue.SimpleQueue()

    def work() -> None:
        while True:
            run(*tasks.get())

    def run(key: int, kwargs: dict[str, Any]) -> None:
        try:
            if connect is not None:
                connect()
            outcome: tuple[bool, Any] = (True, completion(**kwargs))
        except BaseException as exc:
            outcome = (False, _portable(exc))
        try:
            blob: bytes | None = pickle.dumps(outcome, protocol=_PROTOCOL)
        except Exception:
            blob = None  # an answer that cannot travel: the caller makes the call itself
        with contextlib.suppress(OSError, ValueError), send_lock:
            _send(conn, pickle.dumps((key, blob), protocol=_PROTOCOL))

    # every worker started now, while the caller prepares its first requests: a thread started
    # as they arrive made the reading wait for each start (``Thread.start`` waits for the thread
    # to run, which waits for the interpreter lock the first wave's calls hold)
    for _ in range(workers):
        _thread.start_new_thread(work, ())
    code = 0
    frames = _Frames(conn)
    try:
        while _dispatched(frames, tasks.put):
            pass
        with contextlib.suppress(OSError, ValueError), send_lock:
            _send(conn, pickle.dumps((_CPU, pickle.dumps(time.process_time())), protocol=_PROTOCOL))
    except BaseException:  # never a traceback from the helper: the caller makes its calls itself
        code = 1
    os._exit(code)  # calls still in flight are not answered: the caller makes them itself


def _dispatched(frames: _Frames, hand: Callable[[tuple[int, dict[str, Any]]], None]) -> bool:
    """Hand each request read to the workers; False once the caller said bye (or is gone)."""
    try:
        found = frames.read()
    except (EOFError, OSError, ValueError):
        return False
    for data in found:
        if data == _BYE:
            return False
        hand(pickle.loads(data))
    return True


class _Frames:
    """The messages of one end of the pipe, as :func:`_send` framed them, read in as few system
    calls as they came: every whole message already there comes with one read. A burst of answers
    (a wave of calls ends together) then wakes the reading thread once, not once per answer: each
    wake-up of a thread waits for the interpreter lock, held by the process's busy threads for up
    to a switch interval at a time (``sys.getswitchinterval``, 5 ms)."""

    def __init__(self, conn: Any) -> None:
        self._fd = conn.fileno()
        self._buffer = bytearray()

    def read(self) -> list[bytes]:
        """The whole messages there, at least one (waits for one); EOFError once the other end
        is closed."""
        while True:
            found = self._split()
            if found:
                return found
            chunk = os.read(self._fd, _CHUNK)
            if not chunk:
                raise EOFError
            self._buffer += chunk

    def _split(self) -> list[bytes]:
        buffer, at, found = self._buffer, 0, []
        size = _HEADER.size
        while len(buffer) - at >= size:
            (length,) = _HEADER.unpack_from(buffer, at)
            end = at + size + length
            if end > len(buffer):
                break
            found.append(bytes(buffer[at + size : end]))
            at = end
        if at:
            del buffer[:at]
        return found


def _send(conn: Any, data: bytes) -> None:
    """``data`` as one message of the pipe (:class:`_Frames` reads it), written whole (the
    caller holds the end's send lock)."""
    view = memoryview(_HEADER.pack(len(data)) + data)
    fd = conn.fileno()
    while view:
        view = view[os.write(fd, view) :]


def _quietly(warm: Callable[[], object]) -> None:
    with contextlib.suppress(BaseException):
        warm()


#: An exception as it travels: (module, qualified name, args, the attributes that pickle).
Portable = tuple[str, str, tuple[Any, ...], dict[str, Any]]


def _portable(exc: BaseException) -> Portable:
    cls = type(exc)
    state: dict[str, Any] = {}
    for name, value in vars(exc).items():
        try:
            pickle.dumps(value, protocol=_PROTOCOL)
        except Exception:
            continue  # e.g. an HTTP response object: the message and status travel as attributes
        state[name] = value
    try:
        pickle.dumps(exc.args, protocol=_PROTOCOL)
        args = exc.args
    except Exception:
        args = (str(exc),)
    return cls.__module__, cls.__qualname__, args, state


def _rebuilt(portable: Portable) -> BaseException:
    """The exception of the helper, as an object of the same class (``__init__`` not run again:
    its arguments and attributes are set as they were)."""
    module_name, qualname, args, state = portable
    found: Any = None
    with contextlib.suppress(Exception):
        found = importlib.import_module(module_name)
        for part in qualname.split("."):
            found = getattr(found, part)
    if not (isinstance(found, type) and issubclass(found, BaseException)):
        return RuntimeError(f"{qualname}: {args[0] if args else ''}")
    exc: BaseException = found.__new__(found)
    exc.args = args
    with contextlib.suppress(Exception):
        exc.__dict__.update(state)
    return exc


__all__ = ["CallProcess", "Completion", "Slot", "supported"]
