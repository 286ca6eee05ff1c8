"""Portability: the writers' lock works through filelock, and no POSIX-only call is on a write path.

The lock tests run real processes: a second holder is refused with the first one's pid and
command, a holder killed without cleanup (``Popen.kill``: SIGKILL here, TerminateProcess on
Windows) leaves the lock free, and the note is read past the byte Windows locks.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memscribe.errors import StoreError
from memscribe.store.root import LOCK_FILE, MemoryRoot

PACKAGE = Path(__file__).resolve().parents[2] / "pipeline"

HOLDER = """
import sys
from pathlib import Path
from memscribe.store.root import MemoryRoot
with MemoryRoot(Path(sys.argv[-1])).lock():
    print("locked", flush=True)
    sys.stdin.readline()
"""


def _hold(tmp_path: Path, *argv: str) -> subprocess.Popen[str]:
    """A process holding the lock, run as ``memscribe-holder.py ARGV... ROOT``."""
    script = tmp_path / "memscribe-holder.py"
    script.write_text(HOLDER, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, str(script), *argv, str(tmp_path / "root")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    return proc


def test_a_second_holder_is_told_who_holds_the_lock(tmp_path: Path) -> None:
    secret = "https://bob:hunter2tok@llm.example.com/v1"
    proc = _hold(tmp_path, "extract", "session.jsonl", "--api-base", secret)
    try:
        with pytest.raises(StoreError) as caught:
            with MemoryRoot(tmp_path / "root").lock(timeout=0.2):
                pass
        message = str(caught.value)
        assert f"memory root is locked by pid {proc.pid}" in message
        assert "(memscribe-holder.py extract session.jsonl)" in message  # the command, up to the options
        assert "hunter2tok" not in message and "api-base" not in message
    finally:
        proc.communicate("\n", timeout=30)
    assert proc.returncode == 0
    with MemoryRoot(tmp_path / "root").lock():  # released on exit
        note = (tmp_path / "root" / LOCK_FILE).read_bytes()
        assert note.startswith(b"\n") and f"pid={os.getpid()} ".encode() in note
    assert (tmp_path / "root" / LOCK_FILE).read_bytes() == b""  # emptied on release, never deleted


def test_a_killed_holder_leaves_the_lock_free(tmp_path: Path) -> None:
    proc = _hold(tmp_path, "extract")
    proc.kill()
    proc.communicate(timeout=30)
    assert f"pid={proc.pid}" in (tmp_path / "root" / LOCK_FILE).read_text()  # its note is stale
    with MemoryRoot(tmp_path / "root").lock(timeout=5):
        assert f"pid={proc.pid}" not in (tmp_path / "root" / LOCK_FILE).read_text()


def test_a_note_without_a_pid_still_gives_a_clear_message(tmp_path: Path) -> None:
    root = MemoryRoot(tmp_path)
    with root.lock():
        (tmp_path / LOCK_FILE).write_bytes(b"\ngarbage\xff")  # written by hand while held
        with pytest.raises(StoreError, match="locked by another process"):
            with MemoryRoot(tmp_path).lock():
                pass


# -- no POSIX-only call on a write path ---------------------------------------------------------

#: Modules that exist only on POSIX: importing one fails on Windows.
POSIX_MODULES = {"fcntl", "termios", "pwd", "grp", "resource", "posix", "tty", "pty"}
#: ``os`` / ``signal`` attributes missing on Windows.
POSIX_ATTRS = {
    "os": {
        "pwrite", "pread", "fchmod", "fchown", "chown", "lchown", "geteuid", "getuid", "getegid",
        "getgid", "killpg", "getpgid", "setsid", "setpgid", "fork", "forkpty", "sync", "statvfs",
        "mkfifo", "getloadavg", "sched_getaffinity", "posix_fadvise", "fdatasync",
    },
    "signal": {"SIGKILL", "SIGHUP", "SIGQUIT", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGPIPE", "alarm", "setitimer"},
}  # fmt: skip


def _posix_only_uses(tree: ast.AST) -> list[str]:
    """POSIX-only imports and attribute uses that are not guarded by ``getattr``/``hasattr``
    (an ``os.X`` reached through ``getattr(os, "X", default)`` is the portable spelling)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.split(".")[0] in POSIX_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in POSIX_MODULES:
                found.append(f"from {node.module} import")
            for alias in node.names:
                if alias.name in POSIX_ATTRS.get(node.module, set()):
                    found.append(f"from {node.module} import {alias.name}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.attr in POSIX_ATTRS.get(node.value.id, set()):
                found.append(f"{node.value.id}.{node.attr}")
    return found


def test_the_package_makes_no_posix_only_call() -> None:
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        uses = _posix_only_uses(ast.parse(path.read_text(encoding="utf-8")))
        if uses:
            offenders[str(path.relative_to(PACKAGE))] = uses
    assert offenders == {}


def test_the_scan_finds_what_it_looks_for() -> None:
    bad = "import fcntl\nimport os, signal\nos.pwrite(1, b'', 0)\nos.kill(1, signal.SIGKILL)\n"
    assert _posix_only_uses(ast.parse(bad)) == ["import fcntl", "os.pwrite", "signal.SIGKILL"]
    assert _posix_only_uses(ast.parse("import os\nflags = getattr(os, 'O_NOFOLLOW', 0)\n")) == []


# -- no connection left open (Python 3.13 warns about each one) ---------------------------------


def test_an_index_file_that_is_not_a_database_is_rebuilt_and_no_connection_leaks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from memscribe.index import sql

    opened: list[sqlite3.Connection] = []
    real_connect = sqlite3.connect

    def tracking_connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        conn = real_connect(*args, **kwargs)  # type: ignore[call-overload]
        opened.append(conn)
        return conn

    monkeypatch.setattr(sql.sqlite3, "connect", tracking_connect)
    location = tmp_path / "memscribe.sqlite3"
    location.write_bytes(b"not a database " * 200)
    conn = sql.open_file(location)
    try:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (sql.SCHEMA_VERSION,)
    finally:
        conn.close()
    for each in opened:  # every connection, the refused one included, is closed
        with pytest.raises(sqlite3.ProgrammingError):
            each.execute("SELECT 1")


# -- the supported versions: one list, which CI follows -----------------------------------------


def test_ci_runs_the_oldest_and_newest_supported_python() -> None:
    import re
    import tomllib

    root = PACKAGE.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    versions = sorted(
        (
            tuple(map(int, c.rsplit(" ", 1)[1].split(".")))
            for c in project["classifiers"]
            if re.search(r":: 3\.\d+$", c)
        ),
    )
    oldest, newest = versions[0], versions[-1]
    assert versions == [(3, minor) for minor in range(oldest[1], newest[1] + 1)]  # no gap
    assert project["requires-python"] == f">={oldest[0]}.{oldest[1]}"
    script = (root / ".ci" / "run").read_text(encoding="utf-8")
    assert f"OLDEST={oldest[0]}.{oldest[1]} " in script and f"NEWEST={newest[0]}.{newest[1]} " in script
