"""Where a ``memscribe batch`` run's CPU goes, per process and per stage, per transcript.

    .venv/bin/python bench/batch_cpu.py [--n 200] [--latency 0.2] [--concurrency 32] [--repeat K]
        [--baseline REV | --before-code DIR] [--after-code DIR] [--stage NAME=module:qualname ...]
        [--server keep-alive http10]

Same corpus and scripted server as ``bench/batch.py``. The ``memscribe batch`` process runs with
thread-CPU counters put around a list of functions as its modules load (measurement only: the
code runs unchanged; each call adds two ``time.thread_time()`` reads): every module holding the
function under its name gets the counted one, so a stage imported by name is counted too. Each
process of the run (the driver, the forked planner, the model-call helper) writes its counters
and its own user and system CPU when it ends; the report gives, per transcript processed, each
process's CPU and each stage's CPU in the process that ran it (a stage's figure includes the
stages it calls: ``extract`` holds ``detect``, which holds the caller's side of its model call).

A thread's CPU is its own: the time a thread waits (for the interpreter lock, a model answer, an
earlier transcript) is not counted, so the figures add up to the process's CPU, not its wall.

With ``--baseline REV`` (or ``--before-code DIR``) both codes run ``--repeat`` times, alternating,
and the medians are printed side by side (``--after-code DIR``: an export with one change applied,
apart from other edits of a shared tree).

``--server`` (as in ``bench/batch.py``): ``keep-alive``, the default and the realistic case, answers
HTTP/1.1 with connections kept open, as hosted APIs, vLLM, llama.cpp's server and Ollama do;
``http10`` answers HTTP/1.0, a new TCP connection per call. Name both for a column per code and
server, side by side in one run (each repeat runs every column once, in alternating order).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "bench"))

from batch import SERVERS, session_path, start_servers, transcript  # noqa: E402
from before_after import byte_compiled, export_revision  # noqa: E402

from tests.support.llm_server import Traffic  # noqa: E402

#: (label, module:qualname): the stages counted by default, in the order printed.
STAGES = [
    ("unit (all of it)", "memscribe.batch.task:run_unit"),
    ("  parse", "memscribe.batch.task:_parse"),
    ("  extract", "memscribe.run:extract"),
    ("    gate", "memscribe.run:gate"),
    ("    redact", "memscribe.run:redact_transcript"),
    ("    detect", "memscribe.run:detect"),
    ("    verify", "memscribe.run:verify"),
    ("    screen", "memscribe.run:screen"),
    ("    dedup", "memscribe.run:dedup_all"),
    ("      shortlist", "memscribe.batch.speculate:Speculation.shortlist"),
    ("        pair scores", "memscribe.batch.speculate:Speculation._score"),
    ("    build operations", "memscribe.run:build_operations"),
    ("  check before publish", "memscribe.batch.speculate:Speculation.holds"),
    ("model call, caller's side", "memscribe.model.llm:LiteLLMModel.generate"),
    ("  prompt rendered", "memscribe.prompting:render_messages"),
    ("client stack (litellm, SDK, httpx)", "memscribe.model.call_route:_marked_completion"),
    ("commit groups", "memscribe.batch.commit:commit_group"),
]

#: Runs ``memscribe batch`` with counters (argv[1]: the folder the counts go to; argv[2]: the
#: stages as JSON; the rest: the CLI's arguments).
PROBED = r"""
import functools, importlib, json, os, sys, threading, time
OUT = sys.argv.pop(1)
STAGES = json.loads(sys.argv.pop(1))
COUNTS = {}
LOCK = threading.Lock()
LOCAL = threading.local()
DEPTH = [0]
def counted(name, fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        depth = getattr(LOCAL, name, 0)
        setattr(LOCAL, name, depth + 1)
        started = time.thread_time()
        try:
            return fn(*a, **k)
        finally:
            setattr(LOCAL, name, depth)
            if depth == 0:  # a recursive call is counted once, by its outermost call
                spent = time.thread_time() - started
                with LOCK:
                    found = COUNTS.setdefault(name, [0.0, 0])
                    found[0] += spent
                    found[1] += 1
    return inner
import memscribe.cli, memscribe.batch.runner, memscribe.batch.engine, memscribe.run  # noqa
for name, where in STAGES:
    module_name, _, qualname = where.partition(":")
    try:
        owner = importlib.import_module(module_name)
        *path, attr = qualname.split(".")
        for part in path:
            owner = getattr(owner, part)
        original = getattr(owner, attr)
    except (ImportError, AttributeError):
        continue  # not in this code: not counted
    wrapped = counted(name, original)
    setattr(owner, attr, wrapped)
    if not path:  # every module holding the function under its name counts it too
        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("memscribe") and getattr(module, attr, None) is original:
                setattr(module, attr, wrapped)
def dump():
    times = os.times()
    counts = {"_user": times.user, "_system": times.system, "_depth": DEPTH[0]}
    with LOCK:
        counts.update({name: found for name, found in COUNTS.items()})
    with open(os.path.join(OUT, f"{os.getpid()}.json"), "w") as f:
        json.dump(counts, f)
real_exit, real_fork = os._exit, os.fork
def probed_exit(code):
    dump()
    real_exit(code)
def probed_fork():
    pid = real_fork()
    if pid == 0:  # the child: its own counts (a forked process starts with its parent's)
        with LOCK:
            COUNTS.clear()
        DEPTH[0] += 1
    return pid
os._exit, os.fork = probed_exit, probed_fork
import atexit
atexit.register(dump)
sys.argv = ["memscribe", *sys.argv[1:]]
memscribe.cli.main()
"""


def run_once(
    corpus: Path, root: Path, url: str, concurrency: int, code: Path, stages: list[tuple[str, str]]
) -> dict[str, Any]:
    """One probed run: the report's figures and each process's counts."""
    out = Path(tempfile.mkdtemp(prefix="cpu-", dir=root.parent))
    env = {**os.environ, "OPENAI_API_KEY": "bench-key-not-real", "PYTHONPATH": str(code)}
    cmd = [sys.executable, "-c", PROBED, str(out), json.dumps(stages), "batch", str(corpus)]
    cmd += ["--memory-dir", str(root), "--concurrency", str(concurrency), "--json", "--no-progress"]
    cmd += ["--model", "openai/bench", "--api-base", url]
    with (out / "report.json").open("w") as stdout:
        done = subprocess.run(
            cmd, stdout=stdout, stderr=subprocess.PIPE, text=True, env=env, cwd=code, check=False
        )
    if done.returncode != 0:
        raise SystemExit(f"memscribe batch failed ({done.returncode}):\n{done.stderr[-2000:]}")
    report = json.loads((out / "report.json").read_text())
    processes = [json.loads(p.read_text()) for p in out.glob("[0-9]*.json")]
    return {"report": report, "processes": processes}


def role(counts: dict[str, Any]) -> str:
    """The process's part in the run: the driver (the process started), the planner (a forked
    process that planned units) or the model-call helper (a forked one that ran the client stack)."""
    if counts["_depth"] == 0:
        return "driver"
    if "unit (all of it)" in counts:
        return "planner"
    if "client stack (litellm, SDK, httpx)" in counts:
        return "model-call helper"
    return f"process at depth {counts['_depth']}"


def per_transcript(run: dict[str, Any], stages: list[tuple[str, str]]) -> dict[str, float]:
    """ms per processed transcript: each process's user+system CPU, and each stage's CPU in the
    process that ran it (``stage @ role``)."""
    done = max(1, int(run["report"]["processed"]))
    figures: dict[str, float] = {}
    for counts in run["processes"]:
        part = role(counts)
        if part == "driver":  # its start-up (imports) apart: the run's own CPU from the report
            figures["driver, run only"] = 1000 * float(run["report"]["cpu_s"]) / done
        else:
            figures[part] = 1000 * (counts["_user"] + counts["_system"]) / done
        for name, _ in stages:
            if name in counts:
                figures[f"{name.strip()} @ {part}"] = 1000 * counts[name][0] / done
    figures["model calls per transcript"] = run["report"]["model_calls"] / done
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--baseline", metavar="REV", help="also run git revision REV's code, alternating")
    parser.add_argument("--before-code", metavar="DIR", help="a folder holding memscribe/ as the baseline")
    parser.add_argument(
        "--after-code", metavar="DIR", help="a folder holding memscribe/ (default: this tree)"
    )
    parser.add_argument(
        "--stage", action="append", default=[], metavar="NAME=module:qualname", help="count one more function"
    )
    parser.add_argument(
        "--server",
        nargs="+",
        choices=list(SERVERS),
        default=["keep-alive"],
        help="keep-alive: HTTP/1.1, connections reused (default); http10: a connection per call",
    )
    args = parser.parse_args()
    stages = STAGES + [tuple(s.split("=", 1)) for s in args.stage]  # type: ignore[misc]
    rng = random.Random(6)
    traffic = {server: Traffic() for server in args.server}
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        urls = start_servers(stack, args.server, args.latency, traffic)
        corpus = Path(tmp) / "transcripts"
        corpus.mkdir()
        for i in range(args.n):
            session_path(corpus, i, 0).write_text(transcript(i, rng), encoding="utf-8")
        codes: list[tuple[str, Path]] = []
        if args.before_code:
            codes.append((f"before ({args.baseline or args.before_code})", Path(args.before_code)))
        elif args.baseline:
            codes.append(
                (f"before ({args.baseline})", export_revision(args.baseline, Path(tmp) / "baseline"))
            )
        codes.append(("after" if codes else "this tree", Path(args.after_code) if args.after_code else REPO))
        byte_compiled(*(code for _, code in codes))  # each side's byte code, as installed
        columns = [
            (label + (f" {server}" if len(args.server) > 1 else ""), code, server)
            for label, code in codes
            for server in args.server
        ]
        runs: dict[str, list[dict[str, float]]] = {label: [] for label, _, _ in columns}
        for k in range(args.repeat):
            for label, code, server in columns if k % 2 == 0 else columns[::-1]:
                root = Path(tmp) / f"memory-{k}-{len(runs[label])}-{label[:5]}-{server}"
                seen = traffic[server]
                connections = seen.connections
                run = run_once(corpus, root, urls[server], args.concurrency, code, stages)
                figures = per_transcript(run, stages)
                figures["connections per model call"] = (seen.connections - connections) / max(
                    1, run["report"]["model_calls"]
                )
                runs[label].append(figures)
    keys = list(dict.fromkeys(key for figures in runs.values() for run in figures for key in run))
    order = ["driver, run only", "planner", "model-call helper"]
    keys = [k for k in order if k in keys] + sorted(
        (k for k in keys if k not in order), key=_stage_rank(stages)
    )
    labels = list(runs)
    print(
        f"memscribe batch: {args.n} transcripts, concurrency {args.concurrency}, model latency "
        f"{1000 * args.latency:.0f} ms; CPU ms per processed transcript (medians of {args.repeat})"
    )
    width = max(len(k) for k in keys)
    cell = max(22, *(len(label) for label in labels))
    print(" " * width + "".join(f"  {label:>{cell}}" for label in labels))
    for key in keys:
        cells = [
            statistics.median(run[key] for run in runs[label] if key in run)
            if any(key in run for run in runs[label])
            else None
            for label in labels
        ]
        print(
            key.ljust(width)
            + "".join(f"  {c:>{cell}.2f}" if c is not None else f"  {'-':>{cell}}" for c in cells)
        )


def _stage_rank(stages: list[tuple[str, str]]) -> Any:
    names = [name.strip() for name, _ in stages]

    def rank(key: str) -> tuple[int, int, str]:
        stage, _, part = key.partition(" @ ")
        parts = ["driver", "planner", "model-call helper"]
        return (parts.index(part) if part in parts else 9, names.index(stage) if stage in names else 99, key)

    return rank


if __name__ == "__main__":
    main()
