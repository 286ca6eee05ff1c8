"""Where one ``memscribe batch`` run's CPU goes, function by function, in each of its processes.

    .venv/bin/python bench/batch_profile.py [--n 200] [--latency 0.2] [--concurrency 32] [--top 30]
        [--code DIR] [--keep DIR] [--memscribe-only]

Same corpus and scripted server as ``bench/batch.py``. The ``memscribe batch`` process runs under
:mod:`cProfile` with each thread's own CPU clock as the timer (``time.thread_time``: a thread
waiting for a model answer, a lock or the interpreter lock costs nothing, so the figures are CPU,
not wall); every thread is profiled (those started with ``threading`` and with the low-level
``_thread.start_new_thread`` the batch engine and the model-call helper use), and each forked
process (the planner, the model-call helper) starts profiles of its own. Each process writes its
merged profile when it ends; the report names each by its part (driver, planner, model-call
helper), gives its total CPU per processed transcript and its ``--top`` functions by own time and
by cumulative time, in ms per transcript. The driver's figures include its start-up (the
imports; the report's ``cpu_s`` counts the run only). Profiling slows the code (about 3x): compare
shares, not absolute figures (``bench/batch_cpu.py`` measures the real ones).

A profile is read, in the thread that ends the process, without stopping the other threads':
stopping a worker's profile from another thread would close its open call (the wait for work)
at that other thread's clock, ~1 s of made-up CPU per waiting worker.

``--keep DIR``: the ``.prof`` files stay there (``python -m pstats``, snakeviz).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "bench"))

from batch import session_path, start_servers, transcript  # noqa: E402
from before_after import byte_compiled  # noqa: E402

from tests.support.llm_server import Traffic  # noqa: E402

#: Runs ``memscribe batch`` profiled (argv[1]: the folder the profiles go to; the rest: the CLI's
#: arguments).
PROFILED = r"""
import _thread, atexit, cProfile, os, sys, threading, time
OUT = sys.argv.pop(1)
PROFILES = []
LOCK = threading.Lock()
def started():
    profile = cProfile.Profile(time.thread_time)
    profile.owner = threading.get_ident()
    with LOCK:
        PROFILES.append(profile)
    profile.enable()
    return profile
def profiled(run):
    def inner(*a, **k):
        profile = started()
        try:
            return run(*a, **k)
        finally:
            profile.disable()
    return inner
threading.Thread._bootstrap_inner = profiled(threading.Thread._bootstrap_inner)
_start_new_thread = _thread.start_new_thread
def start_new_thread(fn, args=(), kwargs=None):
    return _start_new_thread(profiled(fn), args, kwargs or {})
_thread.start_new_thread = start_new_thread  # threading keeps its own reference: not profiled twice
class Snapshot:
    # What pstats reads of a profile, taken without disabling it: a profile disabled from another
    # thread closes that thread's open calls (a worker waiting for work) at this thread's clock
    def __init__(self, profile):
        if getattr(profile, "owner", None) == threading.get_ident():
            profile.disable()
        profile.snapshot_stats()
        self.stats = profile.stats
    def create_stats(self):
        pass
def dump():
    with LOCK:
        profiles = list(PROFILES)
    stats = None
    for profile in profiles:
        try:
            snapshot = Snapshot(profile)
            stats = pstats.Stats(snapshot) if stats is None else stats.add(snapshot)
        except TypeError:  # nothing recorded
            pass
    if stats is not None:
        stats.dump_stats(os.path.join(OUT, f"{os.getpid()}.prof"))
import pstats
real_exit, real_fork = os._exit, os.fork
def profiled_exit(code):
    dump()
    real_exit(code)
def profiled_fork():
    pid = real_fork()
    if pid == 0:  # the child: its own profiles (the parent's clock readings mean nothing here)
        with LOCK:
            inherited = list(PROFILES)
            PROFILES.clear()
        for profile in inherited:
            profile.disable()
        started()
    return pid
os._exit, os.fork = profiled_exit, profiled_fork
atexit.register(dump)
import memscribe.cli
started()
sys.argv = ["memscribe", *sys.argv[1:]]
memscribe.cli.main()
"""

#: A function of each part's own loop: how a process is told apart.
ROLES = {
    "model-call helper": ("call_process.py", "_serve"),
    "planner": ("process_engine.py", "_serve"),
}


def role(stats: pstats.Stats) -> str:
    functions = {(Path(file).name, name) for file, _, name in stats.stats}  # type: ignore[attr-defined]
    return next((label for label, key in ROLES.items() if key in functions), "driver")


def run(code: Path, out: Path, n: int, latency: float, concurrency: int) -> dict[str, object]:
    corpus, root = out / "corpus", out / "root"
    rng = random.Random(0)
    for i in range(n):
        path = session_path(corpus, i, 0)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(transcript(i, rng), encoding="utf-8")
    profiles = out / "profiles"
    profiles.mkdir()
    with contextlib.ExitStack() as stack:
        url = start_servers(stack, ["keep-alive"], latency, {"keep-alive": Traffic()})["keep-alive"]
        env = {**os.environ, "OPENAI_API_KEY": "bench-key-not-real", "PYTHONPATH": str(code)}
        cmd = [sys.executable, "-c", PROFILED, str(profiles), "batch", str(corpus), "--memory-dir", str(root)]
        cmd += ["--concurrency", str(concurrency), "--json", "--no-progress", "--model", "openai/bench"]
        cmd += ["--api-base", url]
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=code, check=False)
    if done.returncode != 0:
        raise SystemExit(f"memscribe batch failed ({done.returncode}):\n{done.stderr[-2000:]}")
    report: dict[str, object] = json.loads(done.stdout)
    return report


def show(stats: pstats.Stats, label: str, per: float, top: int, only: bool) -> None:
    rows = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for _, _, tt, _, _ in rows.values())
    print(f"\n== {label}: {total * per:.2f} ms CPU per transcript (profiled)")

    def name(key: tuple[str, int, str]) -> str:
        file, line, function = key
        short = file.split("site-packages/")[-1].replace(str(REPO) + "/", "")
        return f"{short}:{line}({function})" if line else function

    keys = [k for k in rows if not only or "pipeline/" in k[0] or "/memscribe/" in k[0]]
    for title, column in (("own time", 2), ("cumulative", 3)):
        print(f"  by {title} (ms per transcript, calls per transcript):")
        for key in sorted(keys, key=lambda k: rows[k][column], reverse=True)[:top]:
            calls = rows[key][1]
            print(f"    {rows[key][column] * per:8.3f}  {calls * per / 1000:7.2f}  {name(key)[:150]}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--code", metavar="DIR", help="a folder holding memscribe/ (default: this tree)")
    parser.add_argument("--keep", metavar="DIR", help="keep the .prof files in DIR")
    parser.add_argument("--memscribe-only", action="store_true", help="list memscribe's functions only")
    args = parser.parse_args()
    code = Path(args.code) if args.code else REPO
    byte_compiled(code)
    with tempfile.TemporaryDirectory(prefix="batch-profile-") as tmp:
        out = Path(tmp)
        report = run(code, out, args.n, args.latency, args.concurrency)
        processed = int(report["processed"])  # type: ignore[call-overload]
        print(
            f"memscribe batch: {processed} transcripts processed, concurrency {args.concurrency}, "
            f"model latency {args.latency * 1000:.0f} ms; cProfile, thread CPU clock"
        )
        per = 1000.0 / max(processed, 1)
        found = sorted((out / "profiles").glob("*.prof"))
        for path in found:
            stats = pstats.Stats(str(path))
            show(stats, role(stats), per, args.top, args.memscribe_only)
        if args.keep:
            keep = Path(args.keep)
            keep.mkdir(parents=True, exist_ok=True)
            for path in found:
                (keep / path.name).write_bytes(path.read_bytes())


if __name__ == "__main__":
    main()
