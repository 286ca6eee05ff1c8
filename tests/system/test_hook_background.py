"""The commands an extract hook starts, forked from the hook's own process (Linux) instead of a new
interpreter: the same memory files, the same log, the agent never waiting on a detached job, and
a waited-for job still killed at its deadline.

Each hook runs as the agent runs it, a ``memscribe`` process of its own, through a small driver
that can shut either way off (``_exec`` raising proves the fork ran the job, ``can_fork`` false
forces the new interpreter) and hold the started command at a gate file before it does anything.
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memscribe.integrations import background
from tests.support.integration_support import DEMO, claude_payload

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork: Linux only")

#: ``memscribe`` with the way of starting commands chosen (argv[1]) and a gate: a command the hook
#: started writes its pid and session to $GATE.started, then waits until $GATE exists.
DRIVER = """
import os, sys, time
import memscribe.cli_common as common
import memscribe.integrations.background as background

how = sys.argv.pop(1)
if how == "fork":
    def refuse(*args, **kwargs):
        raise AssertionError("a new interpreter was started")
    background._exec = refuse
else:
    background.can_fork = lambda: False
gate = os.environ.get("GATE")
started = common.command_started

def held():
    if gate and sys.argv[1:2] != ["hook"]:
        with open(gate + ".started", "a") as out:
            out.write(f"{os.getpid()} {os.getsid(0)}\\n")
        while not os.path.exists(gate):
            time.sleep(0.02)
    started()

common.command_started = held
from memscribe.cli import main
sys.argv[0] = "memscribe"
main()
"""


def _hook(
    tmp_path: Path,
    how: str,
    root: Path,
    event: str,
    *,
    wait: bool,
    gate: Path | None = None,
    pass_fds: tuple[int, ...] = (),
    **env: str,
) -> subprocess.CompletedProcess[str]:
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    environ = {k: v for k, v in os.environ.items() if k not in ("MEMSCRIBE_BIN", "MEMSCRIBE_HOOK_WAIT")}
    environ.update(env)
    if gate is not None:
        environ["GATE"] = str(gate)
    argv = [sys.executable, str(driver), how, "hook", "claude-code", "--json", "--memory-dir", str(root)]
    return subprocess.run(
        [*argv, *(["--wait"] if wait else [])],
        input=json.dumps(claude_payload(event, root, root / "session.jsonl")),
        capture_output=True,
        text=True,
        env=environ,
        timeout=300,  # a hang fails the test, never the run
        check=False,
        pass_fds=pass_fds,
    )


def _root(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    root.mkdir()
    shutil.copy(DEMO, root / "session.jsonl")
    return root


_VOLATILE = [
    (re.compile(r"\b(prof|pbk)_[0-9a-z]{8}\b"), r"\1_ID"),  # ids are drawn at random
    (re.compile(r"-[0-9a-z]{8}\.md\b"), "-ID.md"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?Z?"), "TIME"),
    (re.compile(r"Snapshot -- \d\d:\d\d"), "Snapshot -- HH:MM"),
    (re.compile(r"\b\d{4}-\d\d-\d\d\b"), "DATE"),
    (re.compile(r"\b\d{8}T\d{6}Z?\b"), "STAMP"),
]


def _normalised(text: str) -> str:
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def _written(root: Path) -> dict[str, str]:
    """Every memory, snapshot and index file the job wrote (not the lock, logs, journal, databases),
    volatile fields normalised."""
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if not path.is_file() or rel == "session.jsonl" or path.suffix in (".sqlite3", ".lock", ".log"):
            continue
        if "/.journal/" in f"/{rel}" or "/.logs/" in f"/{rel}" or rel.endswith(".lock"):
            continue
        files[_normalised(rel)] = _normalised(path.read_text(encoding="utf-8"))
    return files


def _log(root: Path) -> str:
    """The hook log (the commands' output, then the hook's line), with the root's name, timings
    and times normalised."""
    text = (root / ".reflexio" / ".logs" / "hooks.log").read_text(encoding="utf-8").replace(str(root), "ROOT")
    text = re.sub(r'"(wall_s|cpu_s)": [0-9.e-]+', r'"\1": N', text)
    text = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+", "LOGGED", text)
    return _normalised(text)


def test_forked_job_writes_what_a_new_interpreter_writes(tmp_path: Path) -> None:
    # PreCompact: the batch job and then the task snapshot, one after the other.
    written = {}
    for how in ("exec", "fork"):
        root = _root(tmp_path, how)
        proc = _hook(tmp_path, how, root, "PreCompact", wait=True)
        assert proc.returncode == 0, proc.stderr
        outcome = json.loads(proc.stdout)
        assert outcome["action"] == "extract" and outcome["returncodes"] == [0, 0]
        assert [c[0] for c in outcome["commands"]] == ["batch", "snapshot"]
        written[how] = _written(root)
        assert any("/profiles/" in f for f in written[how]) and any("/playbooks/" in f for f in written[how])
        assert any(f.startswith("memory/") for f in written[how])  # the snapshot
        log = root / ".reflexio" / ".logs" / "hooks.log"
        assert '"processed": 1' in log.read_text(encoding="utf-8")
    assert written["fork"] == written["exec"]
    assert _log(tmp_path / "fork") == _log(tmp_path / "exec")

    # Run again on the same roots: the ledger has the session, nothing is written twice.
    for how in ("exec", "fork"):
        proc = _hook(tmp_path, how, tmp_path / how, "SessionEnd", wait=True)
        assert json.loads(proc.stdout)["returncodes"] == [0]
        assert _written(tmp_path / how) == written["exec"]


def test_detached_job_runs_after_the_hook_returned_in_a_session_of_its_own(tmp_path: Path) -> None:
    root = _root(tmp_path, "root")
    gate = tmp_path / "gate"
    # A pipe the agent handed the hook besides its stdio: the job must not hold it either.
    agent_end, hook_end = os.pipe()
    try:
        proc = _hook(tmp_path, "fork", root, "SessionEnd", wait=False, gate=gate, pass_fds=(hook_end,))
        os.close(hook_end)
        # The hook returned (its stdout and stderr closed: nothing of the job holds them) while
        # the job waits at the gate: nothing written yet.
        assert select.select([agent_end], [], [], 60)[0] == [agent_end], "the job holds the agent's pipe"
        assert os.read(agent_end, 1) == b""
        assert proc.returncode == 0, proc.stderr
        outcome = json.loads(proc.stdout)
        assert outcome["action"] == "extract" and outcome["returncodes"] == []
        started = Path(f"{gate}.started")
        # the job opens the file, then writes its line: wait for the whole line, not the file
        _until(lambda: started.is_file() and started.read_text().endswith("\n"))
        pid, session = map(int, started.read_text().split())
        assert session != os.getsid(0) and session != pid  # its own session, led by the sequencer
        assert not (root / ".reflexio" / "profiles").exists()
    finally:
        os.close(agent_end)
        gate.touch()  # whatever happened, a held job goes on and ends
    _until(lambda: '"processed": 1' in (root / ".reflexio" / ".logs" / "hooks.log").read_text())
    assert any((root / ".reflexio" / "profiles").glob("*.md"))
    _until(lambda: not _alive(pid))


def test_a_waited_for_job_past_its_deadline_is_killed(tmp_path: Path) -> None:
    root = _root(tmp_path, "root")
    gate = tmp_path / "gate"  # opened only once the hook returned
    try:
        # The deadline is the job's --timeout plus 30 s: here one second.
        proc = _hook(tmp_path, "fork", root, "SessionEnd", wait=True, gate=gate, MEMSCRIBE_TIMEOUT_S="-29")
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["returncodes"] == [background.TIMED_OUT]
        pid = int(Path(f"{gate}.started").read_text().split()[0])
        assert not _alive(pid)  # killed and reaped by the hook
        assert not (root / ".reflexio" / "profiles").exists()
    finally:
        gate.touch()


def test_fork_only_in_memscribe_own_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # pytest's process is a caller's: a new interpreter, as before.
    monkeypatch.delenv("MEMSCRIBE_BIN", raising=False)
    assert not background.can_fork()
    import memscribe.cli_common as common

    monkeypatch.setattr(common, "_COLLECTOR_DEFERRED", [True])
    monkeypatch.setattr(background.threading, "active_count", lambda: 1)
    assert background.can_fork()
    # $MEMSCRIBE_BIN naming another memscribe: that one runs the job.
    other = tmp_path / "memscribe"
    other.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setenv("MEMSCRIBE_BIN", str(other))
    assert not background.can_fork()
    beside = Path(sys.executable).parent / "memscribe"
    if beside.is_file():  # what `memscribe install` writes: this very memscribe
        monkeypatch.setenv("MEMSCRIBE_BIN", str(beside))
        assert background.can_fork()
    monkeypatch.setattr(background.threading, "active_count", lambda: 2)  # a fork copies one thread
    assert not background.can_fork()
    monkeypatch.setattr(background.threading, "active_count", lambda: 1)
    monkeypatch.delenv("MEMSCRIBE_BIN")
    assert background.can_fork()
    monkeypatch.setattr(background.sys, "platform", "darwin")  # not fork-safe without an exec
    assert not background.can_fork()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _until(condition: object, limit: float = 120.0) -> None:
    assert callable(condition)
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "the background job never got there"
        time.sleep(0.05)
