"""Running the memscribe commands a hook starts: in a forked copy of the hook's own process where
it can, else in a new interpreter.

A hook that extracts runs ``memscribe batch`` (and ``snapshot save``, ``flush``) on the session's
transcript, by default in the background so the agent never waits on it. A new interpreter pays
Python's start-up, typer and the command line again (about 0.3 s of CPU) before the batch job's
own work; a fork of the hook process, which has them loaded already, does not. Each command
still runs in a process of its own, as ``memscribe <argv>`` would (fresh standard streams on the
hook log, stdin on ``/dev/null``, its own exit code), so what it writes, the root's lock and the
batch ledger's exactly-once work as before, and killing it is as safe as killing the command.

A fork is used only in the ``memscribe`` process itself (:func:`memscribe.cli_common.own_process`,
never a caller's process such as a test runner), on Linux (macOS's system libraries are not safe
to use in a forked child that does not exec, which is why ``multiprocessing`` spawns there), with
no other thread running (a fork copies only the calling thread), and when ``$MEMSCRIBE_BIN`` is
unset or names this very memscribe (the console script beside this interpreter, which
``memscribe install`` writes there). Anything else starts a new interpreter, as before.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

#: Runs the given memscribe commands one after the other (they share the root's lock, so one
#: after the other is also how they would run); the background form of :func:`run_commands`.
_SEQUENCE = (
    "import json, subprocess, sys\n"
    "for command in json.loads(sys.argv[1]):\n"
    "    subprocess.run(command, stdin=subprocess.DEVNULL, check=False)\n"
)
#: Exit code of a waited-for command killed at its deadline (as ``timeout(1)`` says it).
TIMED_OUT = 124
#: The POSIX-only calls the fork needs, absent on Windows (reached only once :func:`can_fork`).
_FORK: Callable[[], int] | None = getattr(os, "fork", None)
_SETSID: Callable[[], None] | None = getattr(os, "setsid", None)
_KILL_SIGNAL = int(getattr(signal, "SIGKILL", signal.SIGTERM))


def memscribe_command() -> list[str]:
    """How to start memscribe again: ``$MEMSCRIBE_BIN``, else this very interpreter."""
    explicit = os.environ.get("MEMSCRIBE_BIN")
    if explicit:
        return [explicit]
    return [
        sys.executable,
        "-c",
        "import sys; from memscribe.cli import main; sys.argv[0] = 'memscribe'; main()",
    ]


def _names_this_memscribe(binary: str) -> bool:
    """Whether ``binary`` is the ``memscribe`` console script beside this interpreter."""
    try:
        return os.path.samefile(binary, Path(sys.executable).parent / "memscribe")
    except OSError:
        return False


def can_fork() -> bool:
    """Whether the commands can run in forks of this process (see the module's docstring)."""
    from memscribe.cli_common import own_process

    if not sys.platform.startswith("linux") or _FORK is None or _SETSID is None or not own_process():
        return False
    if threading.active_count() != 1:
        return False
    explicit = os.environ.get("MEMSCRIBE_BIN")
    return not explicit or _names_this_memscribe(explicit)


def run_commands(commands: list[list[str]], log: Path, *, wait: bool, timeout: float) -> list[int]:
    """Run memscribe ``commands`` (argv after ``memscribe``) in order, their output appended to
    ``log``; in one detached background sequence unless ``wait``.

    Waited for, each command gets ``timeout`` + 30 s before it is killed (exit code 124).
    Returns the exit codes (none in the background).
    """
    log.parent.mkdir(parents=True, exist_ok=True)
    if can_fork():
        return _forked(commands, log, wait=wait, timeout=timeout)
    return _exec(commands, log, wait=wait, timeout=timeout)


# -- a new interpreter per command ----------------------------------------------------------------


def _exec(commands: list[list[str]], log: Path, *, wait: bool, timeout: float) -> list[int]:
    full = [[*memscribe_command(), *argv] for argv in commands]
    with open(log, "a", encoding="utf-8") as out:
        if wait:
            codes: list[int] = []
            for command in full:
                try:
                    codes.append(
                        subprocess.run(
                            command,
                            stdin=subprocess.DEVNULL,
                            stdout=out,
                            stderr=out,
                            timeout=timeout + 30,
                            check=False,
                        ).returncode
                    )
                except subprocess.TimeoutExpired:
                    codes.append(TIMED_OUT)
            return codes
        kwargs: dict[str, object] = {}
        if os.name == "nt":  # pragma: no cover - Windows only
            kwargs["creationflags"] = getattr(subprocess, "DETACHED_PROCESS", 0) | getattr(
                subprocess, "CREATE_NEW_PROCESS_GROUP", 0
            )
        else:
            kwargs["start_new_session"] = True
        runner = [sys.executable, "-c", _SEQUENCE, json.dumps(full)]
        subprocess.Popen(runner, stdin=subprocess.DEVNULL, stdout=out, stderr=out, **kwargs)  # type: ignore[call-overload]
        return []


# -- a fork of this process per command -----------------------------------------------------------


def _forked(commands: list[list[str]], log: Path, *, wait: bool, timeout: float) -> list[int]:
    _flush_streams()  # nothing buffered here is written twice by a child
    if wait:
        return [_wait(_fork_command(argv, log), timeout + 30) for argv in commands]
    assert _FORK is not None and _SETSID is not None  # can_fork
    sequencer = _FORK()
    if sequencer == 0:  # pragma: no cover - runs in the forked child (coverage is not collected)
        code = 1
        try:
            # Its own session, as start_new_session gave the new interpreter: the agent ending its
            # process group (or its terminal) does not end the job; off the agent's pipes, which
            # it may read to their end. Then a second fork, so the sequence is nobody's child
            # here (no zombie) and this one returns at once.
            _SETSID()
            _redirect(log)
            if _FORK() == 0:
                for argv in commands:
                    _wait(_fork_command(argv, log), None)
            code = 0
        finally:
            os._exit(code)
    os.waitpid(sequencer, 0)
    return []


def _fork_command(argv: list[str], log: Path) -> int:
    """Start ``memscribe <argv>`` in a fork of this process; returns its pid."""
    assert _FORK is not None  # can_fork
    pid = _FORK()
    if pid == 0:  # pragma: no cover - runs in the forked child (coverage is not collected)
        _run_in_child(argv, log)
    return pid


def _run_in_child(argv: list[str], log: Path) -> None:  # pragma: no cover - forked child only
    """Become ``memscribe <argv>`` with stdin on /dev/null and its output appended to ``log``;
    never returns."""
    code = 1
    try:
        _redirect(log)
        from memscribe.cli import main
        from memscribe.cli_common import configure_logging

        configure_logging(verbose=False, log_file=None)  # the hook's --verbose is not passed on
        sys.argv = ["memscribe", *argv]
        main()
        code = 0
    except SystemExit as exc:
        code = _exit_code(exc)
    except BaseException:
        traceback.print_exc()
    finally:
        try:
            # What an interpreter's exit runs (logging's flush, filelock's release); not the
            # hook's own unwinding, which is the parent's.
            atexit._run_exitfuncs()
        finally:
            _flush_streams()
            os._exit(code)


def _redirect(log: Path) -> None:  # pragma: no cover - forked child only
    """Descriptor 0 on /dev/null, 1 and 2 appending to ``log``, and ``sys``'s streams on them."""
    null = os.open(os.devnull, os.O_RDONLY)
    out = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    for source, target in ((null, 0), (out, 1), (out, 2)):
        os.dup2(source, target)
    for fd in (null, out):
        if fd > 2:
            os.close(fd)
    _close_inherited()
    _fresh_streams()


def _close_inherited() -> None:  # pragma: no cover - forked child only
    """Close the descriptors above 2 this process was handed when it started (say, a pipe of the
    agent's), as a new interpreter started with ``close_fds`` would not have them: those are the
    inheritable ones (Python opens its own non-inheritable, PEP 446)."""
    fds: list[int] | range = range(3, 256)
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            fds = [int(name) for name in os.listdir(folder)]
            break
        except (OSError, ValueError):
            continue
    for fd in fds:
        if fd > 2:
            try:
                if os.get_inheritable(fd):
                    os.close(fd)
            except OSError:  # closed already (the listing's own descriptor)
                pass


def _exit_code(exc: SystemExit) -> int:  # pragma: no cover - forked child only
    """The status Python's own exit gives a ``SystemExit`` (a non-integer is printed, status 1)."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code & 0xFF
    print(exc.code, file=sys.stderr)
    return 1


def _fresh_streams() -> None:  # pragma: no cover - forked child only
    """``sys.stdin``/``stdout``/``stderr`` on descriptors 0-2, as a new interpreter makes them
    (the encodings and error handlers of this process's own streams)."""

    def stream(fd: int, original: object, mode: str, errors: str) -> io.TextIOWrapper:
        raw = io.FileIO(fd, mode, closefd=False)
        buffered = io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
        return io.TextIOWrapper(
            buffered,
            encoding=getattr(original, "encoding", None) or "utf-8",
            errors=getattr(original, "errors", None) or errors,
            line_buffering=False,
        )

    sys.stdin = stream(0, sys.__stdin__, "r", "strict")
    sys.stdout = stream(1, sys.__stdout__, "w", "strict")
    sys.stderr = stream(2, sys.__stderr__, "w", "backslashreplace")


def _flush_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass


def _wait(pid: int, timeout: float | None) -> int:
    """``pid``'s exit code (minus the signal that ended it), polled as ``subprocess`` waits; past
    ``timeout`` seconds it is killed and the result is :data:`TIMED_OUT`."""
    if timeout is None:
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    deadline = time.monotonic() + timeout
    delay = 0.0005
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            os.kill(pid, _KILL_SIGNAL)
            os.waitpid(pid, 0)
            return TIMED_OUT
        delay = min(delay * 2, remaining, 0.05)
        time.sleep(delay)
