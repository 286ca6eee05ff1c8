"""The processes of a private Ray cluster, gone with the run that started it.

``ray.shutdown()`` stops the processes ``ray.init()`` started (gcs_server, raylet, monitors):
each gets SIGTERM, one second, then SIGKILL. The raylet's own children (the workers running the
actors, the DashboardAgent and RuntimeEnvAgent) are not Ray's to wait for: a raylet that exits
in time kills them, one killed after its second (a loaded machine) orphans them, and they live
on until each notices its raylet gone (a periodic check: ray-project/ray#38439 — a worker that
notices kills its own children first; nothing cleans up after one that does not). Those
orphans, and the zombies of workers the raylet killed but did not reap, were adopted by whoever
reaps orphans: a run that ended normally left processes behind for a while.

:class:`ClusterReaper` makes the driver the reaper of what its private cluster leaves: before
``ray.init()`` it marks this process a child subreaper (``PR_SET_CHILD_SUBREAPER``, Linux), so
every orphan of the cluster's process tree is re-parented here; it notes the processes
``ray.init()`` started (the children that appeared during it); and after ``ray.shutdown()`` it
waits a bounded time for the cluster's processes to exit by themselves, terminates those still
running (SIGTERM, then SIGKILL) and reaps them. The cluster's processes are the descendants of
the processes ``ray.init()`` started, noted just before the shutdown, and the workers those
started since (their ``RAY_RAYLET_PID`` names one of them). A cluster the user gave with
``--address`` is never one: nothing is noted or touched for it.

Elsewhere than Linux (no ``/proc``, no subreaper) this does nothing: Ray's own shutdown is all.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from collections.abc import Callable

_PR_SET_CHILD_SUBREAPER = 36
_PR_GET_CHILD_SUBREAPER = 37

#: How long the cluster's processes are given to exit by themselves after ``ray.shutdown()``
#: (an orphaned worker notices its raylet gone within a few seconds, later on a loaded machine),
#: and then to exit after SIGTERM, before SIGKILL. Bounds, not waits: a run whose cluster went
#: with the shutdown (most) waits for nothing.
EXIT_GRACE_S = 5.0
TERM_GRACE_S = 3.0
#: SIGKILL (the reaper is active on Linux only; the name is missing on Windows, where this module
#: is still imported).
_KILL_SIGNAL = int(getattr(signal, "SIGKILL", signal.SIGTERM))

#: A process, as /proc names it: its id and its start time (clock ticks after boot), so that an
#: id the system gave to another process since is never signalled.
Proc = tuple[int, int]


def _stat(pid: int) -> tuple[int, int, str] | None:
    """``pid``'s parent id, start time and state letter (None: no such process)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[19]), fields[0]


def _table() -> dict[int, tuple[int, int, str]]:
    """Every process: id → (parent id, start time, state)."""
    found: dict[int, tuple[int, int, str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            found[int(entry)] = stat
    return found


def _raylet_pid(pid: int) -> int | None:
    """The raylet a Ray worker belongs to (its ``RAY_RAYLET_PID``), None for any other process."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            environ = f.read()
    except OSError:
        return None
    for item in environ.split(b"\0"):
        if item.startswith(b"RAY_RAYLET_PID="):
            value = item.split(b"=", 1)[1]
            return int(value) if value.isdigit() else None
    return None


def _alive(proc: Proc) -> bool:
    """Whether ``proc`` (the same process, not a later one with its id) still runs."""
    stat = _stat(proc[0])
    return stat is not None and stat[1] == proc[1] and stat[2] not in ("Z", "X")


class ClusterReaper:
    """Takes a private Ray cluster's processes with the run that started it (module docstring)."""

    def __init__(self, *, exit_grace_s: float = EXIT_GRACE_S, term_grace_s: float = TERM_GRACE_S) -> None:
        self.exit_grace_s = exit_grace_s
        self.term_grace_s = term_grace_s
        self._active = sys.platform.startswith("linux") and os.path.isdir("/proc")
        self._libc: ctypes.CDLL | None = None
        self._was_subreaper = 0
        self._before: set[int] = set()
        self._roots: set[Proc] = set()
        self._members: set[Proc] = set()
        #: The processes of the cluster found still running (then terminated), for the report.
        self.terminated: list[int] = []

    def _children(self) -> set[int]:
        me = os.getpid()
        return {pid for pid, (parent, _, _) in _table().items() if parent == me}

    def starting(self) -> None:
        """Before ``ray.init()``: become the reaper of the cluster's orphans, note the children."""
        if not self._active:
            return
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            was = ctypes.c_int(0)
            libc.prctl(_PR_GET_CHILD_SUBREAPER, ctypes.byref(was), 0, 0, 0)
            if libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0:
                self._libc, self._was_subreaper = libc, was.value
        self._before = self._children()

    def started(self) -> None:
        """After ``ray.init()``: the children that appeared are the processes it started."""
        if not self._active:
            return
        table = _table()
        me = os.getpid()
        self._roots = {
            (pid, start)
            for pid, (parent, start, _) in table.items()
            if parent == me and pid not in self._before
        }

    def stopping(self) -> None:
        """Just before ``ray.shutdown()``: note the cluster's process tree as it is now."""
        if not self._active or not self._roots:
            return
        table = _table()
        members = {proc for proc in self._roots if proc[0] in table and table[proc[0]][1] == proc[1]}
        grown = True
        while grown:
            ids = {pid for pid, _ in members}
            more = {(pid, start) for pid, (parent, start, _) in table.items() if parent in ids}
            grown = not more <= members
            members |= more
        self._members = members

    def stopped(self, *, sleep: Callable[[float], None] = time.sleep) -> None:
        """After ``ray.shutdown()``: wait for the cluster's processes (``exit_grace_s`` at most),
        terminate what still runs, reap every one of them that is this process's child, and stop
        being a subreaper (as this process was before)."""
        if not self._active:
            return
        try:
            if self._members:
                self._finish(sleep)
        finally:
            if self._libc is not None:
                self._libc.prctl(_PR_SET_CHILD_SUBREAPER, self._was_subreaper, 0, 0, 0)
                self._libc = None
            self._roots, self._members = set(), set()

    def _cluster(self) -> set[Proc]:
        """The cluster's processes still here (running, or this process's unreaped zombies),
        the workers started after :meth:`stopping` included."""
        ids = {pid for pid, _ in self._members}
        me = os.getpid()
        found = set()
        for pid, (parent, start, _) in _table().items():
            if (pid, start) in self._members:
                found.add((pid, start))
            elif parent == me and pid not in self._before and _raylet_pid(pid) in ids:
                found.add((pid, start))  # a worker started after the tree was noted
        self._members |= found  # (a zombie's environment reads empty: kept from when it ran)
        return found

    def _reap(self, procs: set[Proc]) -> None:
        """Reap those of ``procs`` that are this process's exited children."""
        for pid, _ in procs:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)

    def _wait(self, seconds: float, sleep: Callable[[float], None]) -> set[Proc]:
        """Reap as they exit, ``seconds`` at most; what still runs then."""
        deadline = time.monotonic() + seconds
        while True:
            procs = self._cluster()
            self._reap(procs)
            running = {proc for proc in procs if _alive(proc)}
            if not running or time.monotonic() >= deadline:
                return running
            sleep(0.05)

    def _signal(self, procs: set[Proc], signum: int) -> None:
        for proc in procs:
            if _alive(proc):  # (checked again: the id is never another process's)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(proc[0], signum)

    def _finish(self, sleep: Callable[[float], None]) -> None:
        running = self._wait(self.exit_grace_s, sleep)
        if running:
            self.terminated = sorted(pid for pid, _ in running)
            self._signal(running, signal.SIGTERM)
            running = self._wait(self.term_grace_s, sleep)
        if running:
            self._signal(running, _KILL_SIGNAL)
            running = self._wait(self.term_grace_s, sleep)
        for pid, _ in self._cluster():  # the last zombies, reaped
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)
