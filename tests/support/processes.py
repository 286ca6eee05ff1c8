"""Whether a process lives, for tests of helper processes that must go with their run."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
from collections.abc import Iterator


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie, exited but not reaped, is not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


_PR_SET_CHILD_SUBREAPER = 36


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (a zombie among them)."""
    found: set[int] = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry))
    return found


@contextlib.contextmanager
def adopting_orphans(adopted: list[int]) -> Iterator[None]:
    """This process adopts what the processes it starts leave behind (``PR_SET_CHILD_SUBREAPER``)
    and reaps it at the end (killed first, where it still runs): a run killed by the test leaves
    orphans (a private Ray cluster's agents), and where the machine's init does not reap orphans
    (a container whose first process is no init) each would stay a zombie. ``adopted`` receives
    their ids."""
    libc = ctypes.CDLL(None, use_errno=True)
    before = children(os.getpid())
    if libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    try:
        yield
    finally:
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
        for pid in sorted(children(os.getpid()) - before):
            adopted.append(pid)
            with contextlib.suppress(ChildProcessError):
                if os.waitpid(pid, os.WNOHANG) == (0, 0):  # still running (else reaped now)
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
