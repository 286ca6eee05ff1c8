"""``memscribe batch`` with the model calls in a helper process (``--call-process``): the same
files as with the calls made in the run's own process, and kill-safe (the helper goes with the
run; a re-run finishes the job), alone (``--no-plan-process``) and beside the planner process
(the default, whose files ``test_batch_plan_process`` compares)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from memscribe.commands.batch import usable_cpus
from memscribe.store.root import MemoryRoot
from tests.support.batch_corpus import memory_state
from tests.support.bench_modules import load_bench
from tests.support.llm_server import serve
from tests.support.processes import running as _running

REPO = Path(__file__).resolve().parents[2]
WORDS = ["tea", "coffee", "vim", "emacs", "rust", "go", "tabs", "spaces", "dark", "light", "cats", "dogs"]

#: The bench's scripted model (detect: the transcript's preferences; dedup: keep both).
_respond = load_bench("batch", as_name="bench_batch_for_call_process").respond

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helper is forked (Linux)"),
    pytest.mark.skipif(usable_cpus() < 2, reason="the helper runs where there is a second CPU"),
]


def _corpus(folder: Path, n: int) -> Path:
    rng = random.Random(14)
    folder.mkdir()
    for i in range(n):
        text = "User: Hi.\nAssistant: Hello.\n"
        if i % 4 != 3:  # one in four has nothing to learn
            text += f"User: I prefer {' '.join(rng.sample(WORDS, 3))}.\nAssistant: Noted.\n"
        (folder / f"session-{i:03d}.txt").write_text(text, encoding="utf-8")
    return folder


def _batch(corpus: Path, root: Path, url: str, *flags: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "OPENAI_API_KEY": "test-key-not-real"}
    env.pop("MEMSCRIBE_CALL_PROCESS", None)
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "memscribe.cli",
            "batch",
            str(corpus),
            "--memory-dir",
            str(root),
            "--concurrency",
            "4",
            "--json",
            "--no-progress",
            "--model",
            "openai/bench",
            "--api-base",
            url,
            *flags,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )


def _report(proc: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, (proc.returncode, _failures(out), err[-2000:])
    report: dict[str, Any] = json.loads(out)
    return report


def _failures(out: str) -> list[tuple[str, Any]]:
    """The failed transcripts of a ``--json`` report and why (exit 6 says neither)."""
    try:
        report = json.loads(out)
    except ValueError:
        return [("(no report)", out[-2000:])]
    return [
        (Path(t["path"]).name, t.get("error"))
        for t in report.get("transcripts", [])
        if t["status"] == "failed"
    ]


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
def test_calls_in_the_helper_write_the_same_files(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "t", 24)
    with serve(latency_s=0.02, responder=_respond) as url:
        helped = _report(_batch(corpus, tmp_path / "helped", url, "--no-plan-process"))
        here = _report(_batch(corpus, tmp_path / "here", url, "--no-call-process"))
    assert helped["helper_cpu_s"] > 0.0 and here["helper_cpu_s"] == 0.0
    assert helped["planner_cpu_s"] == 0.0  # (the call helper alone)
    assert helped["processed"] == here["processed"] == 24
    assert helped["model_calls"] > 0 and helped["writes"] == here["writes"] == 18
    assert memory_state(tmp_path / "helped") == memory_state(tmp_path / "here")
    assert len(memory_state(tmp_path / "here")) == 18


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
@pytest.mark.parametrize(
    ("flags", "helpers_wanted"),
    [(("--no-plan-process",), 1), ((), 2)],  # the call helper; the planner and its call helper
    ids=["call-helper", "planner"],
)
def test_kill_the_run_its_helpers_go_too_and_a_rerun_writes_the_same_files(
    tmp_path: Path, flags: tuple[str, ...], helpers_wanted: int
) -> None:
    corpus = _corpus(tmp_path / "t", 40)
    root = tmp_path / "m"
    with serve(latency_s=0.15, responder=_respond) as url:
        reference = _report(_batch(corpus, tmp_path / "ref", url, "--no-call-process"))
        run = _batch(corpus, root, url, *flags)
        helpers: list[int] = []
        try:
            deadline = time.monotonic() + 90  # generous: they start after the imports
            while time.monotonic() < deadline and len(helpers) < helpers_wanted:
                helpers = _descendants(run.pid)
                time.sleep(0.02)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not list((root / ".reflexio").rglob("*.md")):
                time.sleep(0.05)  # mid-run: something committed already
            run.send_signal(signal.SIGKILL)
            run.communicate(timeout=10)
        finally:
            if run.poll() is None:
                run.kill()
                run.communicate(timeout=10)
        assert len(helpers) >= helpers_wanted, f"{helpers_wanted} helper processes were not started"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_running(pid) for pid in helpers):
            time.sleep(0.05)
        assert not any(_running(pid) for pid in helpers)
        again = _report(_batch(corpus, root, url, *flags))
    assert reference["writes"] > 0
    assert not MemoryRoot(root).pending_journals()
    assert again["processed"] + again["transcripts_skipped_by_reason"].get("unchanged", 0) == 40
    assert memory_state(root) == memory_state(tmp_path / "ref")


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children, ...)."""
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            children = [int(c) for c in Path(f"/proc/{parent}/task/{parent}/children").read_text().split()]
        except OSError:
            continue
        found += children
        todo += children
    return found
