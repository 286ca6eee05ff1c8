"""Benchmark the batch job against a local OpenAI-compatible server with a fixed latency.

    .venv/bin/python bench/batch.py [--n 200] [--latency 0.2] [--concurrency 1 8 32] [--baseline REV]
        [--repeat K] [--plan-sizes 200 1000] [--engine local|ray] [--ledger-scale 1000 10000 100000]
        [--agents K] [--server keep-alive http10]

Starts the scripted server of the test suite (``tests/support/llm_server.py``) with a responder that
answers each detect request with a valid extraction of the transcript's one preference (and
``keep_both`` to any dedup request, to each item of a batched one), after ``--latency`` seconds. Generates N transcripts (one
in five has nothing to learn), then runs ``memscribe batch`` (a subprocess, litellm path, JSON
report) at each concurrency on a fresh memory root, and finally, on the last root: the same run
again (incremental: no model call expected) and a run after appending a new fact to 10% of
the transcripts. Prints wall time, transcripts/s, model calls and tokens per transcript,
memscribe's own CPU time per transcript, and the ratio of wall time to the ideal
(calls × latency / concurrency), all measured in this run; 'conns' is the TCP connections the
server accepted during the run (a client that reuses its connections opens about one per call in
flight at once, not one per call).

``--server``: how the server answers. ``keep-alive`` (the default, the realistic case): HTTP/1.1
with the connection kept open and TCP_NODELAY, as hosted APIs, vLLM, llama.cpp's server and Ollama
answer; ``http10``: HTTP/1.0, a new TCP connection per call (the test suite's server). Name both
to run each concurrency (and each before/after pair) against both, side by side in one run; the
rerun and appended rows use the first.

Then the planning section: the test suite's corpus generator (``tests/support/batch_corpus.py``:
repeated preferences, moves that supersede each other, nothing-to-learn sessions), with the
embedded model in-process, at each of ``--plan-sizes``: the share of transcripts planned more
than once (a plan found stale at commit), memscribe's CPU per transcript, and the commit: plans
per commit group, ``os.fsync`` calls per committed plan and the commit's wall time per plan.

``--ledger-scale N…``: the cost of a run that has little to do. N tiny transcripts whose ledger
rows are seeded as processed (settled mtimes), of which 100 then get a new fact; it prints the
CPU (user+sys of the ``memscribe batch`` process) of the run over all N, of a run over only
those 100 (same work: the difference is what the N cost), and of a single-transcript call
(the session-end hook) beyond ``memscribe --help``.

``--baseline REV`` (e.g. ``HEAD``) also runs the code of git revision REV (exported with
``git archive`` to a temporary folder; the working tree is not touched), alternating with the
working tree's code on the same corpus, server and machine, and prints before/after ratios of
CPU per transcript and wall/ideal for each full run; ``--repeat K`` alternates the two K times
per concurrency (fresh roots each time; every other pair runs the working tree first) and prints
the medians as well (a shared machine's noise is often larger than one change).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "bench"))  # its sibling scripts, also when loaded as a module

from before_after import byte_compiled, export_revision, medians  # noqa: E402

from tests.support.batch_corpus import memory_state  # noqa: E402
from tests.support.llm_server import Traffic, serve  # noqa: E402

#: ``--server`` choices: whether the scripted server keeps connections alive (HTTP/1.1).
SERVERS = {"keep-alive": True, "http10": False}


def start_servers(
    stack: contextlib.ExitStack, servers: list[str], latency: float, traffic: dict[str, Traffic]
) -> dict[str, str]:
    """One scripted server per ``--server`` choice (answering :func:`respond` after ``latency``
    seconds, counting into ``traffic``), stopped with ``stack``: their URLs by choice."""
    return {
        server: stack.enter_context(
            serve(latency_s=latency, responder=respond, http11=SERVERS[server], traffic=traffic[server])
        )
        for server in servers
    }


SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
#: Made-up words: the facts of different transcripts share no content word (nothing to dedup).
WORDS = sorted({a + b + c for a in SYLLABLES[:20] for b in SYLLABLES[20:40] for c in SYLLABLES[40:50]})
_ITEM = re.compile(r"^ITEM (\d+)\. NEW ", re.MULTILINE)
_PREF = re.compile(r"^\[(\d+)\] user: I prefer ([a-z ]+)\.$", re.MULTILINE)


def transcript(i: int, rng: random.Random) -> str:
    if i % 5 == 4:
        return "User: What's the weather like?\nAssistant: Sunny.\nUser: Thanks.\nAssistant: Bye.\n"
    words = " ".join(rng.sample(WORDS, 3))
    return f"User: Can you help me plan the week?\nAssistant: Sure.\nUser: I prefer {words}.\nAssistant: Noted.\n"


def respond(messages: list[dict[str, Any]]) -> str:
    system = next((str(m.get("content", "")) for m in messages if m.get("role") == "system"), "")
    user = "\n".join(str(m.get("content", "")) for m in messages if m.get("role") == "user")
    if "TASK: dedup" in system:
        decision = {"action": "keep_both", "existing_ids": [], "reason": "different facts"}
        items = _ITEM.findall(user)  # a batched request (dedup_batch.j2): one decision per item
        if items:
            return json.dumps({"decisions": [{"item": int(n), **decision} for n in items]})
        return json.dumps(decision)
    profiles = [
        {
            "slug": "pref-" + "-".join(words.split()[:2]),
            "ttl": "infinity",
            "body": f"User prefers {words}.",
            "evidence_turns": [int(index)],
        }
        for index, words in _PREF.findall(user)
    ]
    return json.dumps({"profiles": profiles, "playbooks": []})


def session_path(corpus: Path, i: int, agents: int) -> Path:
    """Transcript ``i``'s file: flat, or with ``agents`` > 0 the session of agent ``i % agents`` in
    the OpenClaw layout (``agents/<id>/sessions/``: one memory namespace per agent)."""
    name = f"session-{i:04d}.txt"
    return corpus / "agents" / f"a{i % agents:02d}" / "sessions" / name if agents else corpus / name


def run_batch(
    corpus: Path, root: Path, url: str, concurrency: int, code: Path = REPO, engine: str = "local"
) -> dict[str, Any]:
    env = {**os.environ, "OPENAI_API_KEY": "bench-key-not-real", "PYTHONPATH": str(code)}
    cmd = [
        sys.executable,
        "-m",
        "memscribe.cli",
        "batch",
        str(corpus),
        "--memory-dir",
        str(root),
        "--concurrency",
        str(concurrency),
        "--json",
        "--no-progress",
        "--model",
        "openai/bench",
        "--api-base",
        url,
    ]
    if engine != "local":
        cmd += ["--engine", engine]
    with tempfile.NamedTemporaryFile("r", suffix=".time") as measured:
        # max RSS of the memscribe process (KiB): /usr/bin/time around it (see cli_run)
        timed = ["/usr/bin/time", "-f", "%M", "-o", measured.name, *cmd]
        done = subprocess.run(timed, capture_output=True, text=True, env=env, cwd=code, check=False)
        rss = measured.read().split()
    if done.returncode != 0:
        raise SystemExit(f"memscribe batch failed ({done.returncode}):\n{done.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    report["max_rss_kib"] = int(rss[-1]) if rss else 0
    return report


def counted(traffic: Traffic, run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``run()``'s report with the connections and requests the server saw during it."""
    connections, requests = traffic.connections, traffic.requests
    report = run()
    report["connections"] = traffic.connections - connections
    report["requests"] = traffic.requests - requests
    return report


def replanned(report: dict[str, Any]) -> float:
    """Share of processed transcripts planned more than once."""
    again = sum(1 for t in report["transcripts"] if t.get("replans", 0) > 0)
    return 100.0 * again / max(1, int(report["processed"]))


#: Runs one in-process batch over the generated corpus (with whichever code PYTHONPATH names).
PLAN_RUN = """
import json, sys, time
from pathlib import Path
sys.path.append(sys.argv[3])
from memscribe.batch.discovery import discover
from memscribe.batch.runner import BatchConfig, run_batch
from memscribe.model.embedded import EmbeddedModel
from tests.support.batch_corpus import make_corpus
import os
import memscribe.batch.runner as runner
corpus, root = Path(sys.argv[1]), Path(sys.argv[2])
if not corpus.exists():
    make_corpus(corpus, int(sys.argv[4]))
commits = {"fsyncs": 0, "s": 0.0, "plans": 0, "groups": 0, "on": False}
real_fsync, real_commit = os.fsync, runner.commit_group
def fsync(fd):
    commits["fsyncs"] += commits["on"]
    return real_fsync(fd)
def commit_group(group, ctx):
    commits["on"], started = True, time.perf_counter()
    try:
        done = real_commit(group, ctx)
    finally:
        commits["on"] = False
        commits["s"] += time.perf_counter() - started
    commits["plans"] += sum(1 for o in done.outcomes if o == "committed")
    commits["groups"] += 1
    return done
os.fsync, runner.commit_group = fsync, commit_group
cpu = time.process_time()
report = run_batch(discover([str(corpus)]), BatchConfig(root=root, concurrency=8), EmbeddedModel)
commits.pop("on")
print(json.dumps({"cpu": time.process_time() - cpu, "commits": commits, "report": report.model_dump(mode="json")}))
"""


def plan_run(corpus: Path, root: Path, n: int, code: Path = REPO) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    env.pop("MEMSCRIBE_MODEL", None)
    done = subprocess.run(
        [sys.executable, "-c", PLAN_RUN, str(corpus), str(root), str(REPO), str(n)],
        capture_output=True,
        text=True,
        env=env,
        cwd=code,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"batch (planning section) failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def cli_run(args: list[str], code: Path = REPO) -> tuple[float, float, int, dict[str, Any] | None]:
    """(CPU s (user+sys), wall s, max RSS KiB) of one ``memscribe`` process, and its JSON output.

    Measured by ``/usr/bin/time`` around it: a child forked from this (large) benchmark process
    would report this process's RSS as its own high-water mark."""
    import time

    env = {**os.environ, "PYTHONPATH": str(code)}
    env.pop("MEMSCRIBE_MODEL", None)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as measured:
        started = time.perf_counter()
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S %M", "-o", measured.name]
            + [sys.executable, "-m", "memscribe.cli", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=code,
        )
        wall = time.perf_counter() - started
        user, system, rss = measured.read().split()[-3:]
    if done.returncode not in (0, 6):
        raise SystemExit(f"memscribe {args[0]} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    cpu = float(user) + float(system)
    try:
        return cpu, wall, int(rss), json.loads(done.stdout)
    except json.JSONDecodeError:
        return cpu, wall, int(rss), None


def seed_processed(folder: Path, root: Path, n: int) -> list[Path]:
    """N small transcripts recorded in ``root``'s ledger as processed (mtimes settled)."""
    from memscribe.batch import ledger

    folder.mkdir(parents=True)
    old = 1_600_000_000_000_000_000
    rows = []
    paths = []
    for i in range(n):
        path = (folder / f"{i // 1000:03d}" / f"s-{i:06d}.txt").resolve()
        if i % 1000 == 0:
            path.parent.mkdir(parents=True, exist_ok=True)
        data = f"User: hello {i}.\nAssistant: Hi.\n".encode()
        path.write_bytes(data)
        os.utime(path, ns=(old, old))
        record = ledger.LedgerRecord(
            path=str(path), sha256=ledger.sha256_hex(data), size=len(data), last_line=2
        )
        rows.append((path, ledger.LedgerFile(record=record), ledger.FileStat(len(data), old, settled=True)))
        paths.append(path)
    with ledger.Ledger(root) as book:
        book.save_many(rows)
    return paths


def ledger_scale(sizes: list[int], tmp: Path, codes: list[tuple[str, Path]]) -> list[list[str]]:
    """Per size and code: the run over N (100 changed), the 100 alone, the hook calls."""
    rows: list[list[str]] = []
    for n in sizes:
        folder, pristine = tmp / f"scale-{n}", tmp / f"scale-root-{n}"
        paths = seed_processed(folder, pristine, n)
        changed = paths[:: max(1, n // 100)][:100]
        only = tmp / f"scale-only-{n}"
        only.mkdir()
        for path in changed:  # the same 100 transcripts alone, with the same ledger rows
            (only / path.name).symlink_to(path)
        originals = {path: path.read_bytes() for path in changed}
        for label, code in codes:
            help_cpu, *_ = cli_run(["--help"], code)
            root = tmp / f"scale-root-{n}-{label[:6]}"
            common = ["--json", "--no-progress", "--memory-dir", str(root)]
            row = [str(n), label]
            for turn, what in enumerate(("green", "black")):  # the N run, then the 100 alone
                shutil.rmtree(root, ignore_errors=True)
                shutil.copytree(pristine, root)
                for path in changed:  # same new turns each time, on the seeded rows
                    path.write_bytes(
                        originals[path] + f"User: I prefer {what} tea.\nAssistant: Noted.\n".encode()
                    )
                cpu, wall, rss, report = cli_run(["batch", str(folder if turn == 0 else only), *common], code)
                assert report is not None and report["processed"] == len(changed), report
                row += [f"{cpu:.2f}", f"{wall:.2f}", f"{rss / 1024:.0f}"]
            with changed[0].open("a", encoding="utf-8") as f:
                f.write("User: I prefer jasmine tea.\nAssistant: Noted.\n")
            cpu_one, *_ = cli_run(["batch", str(changed[0]), *common], code)
            cpu_noop, *_ = cli_run(["batch", str(changed[0]), *common], code)  # nothing new now
            overhead = float(row[2]) - float(row[5])
            row += [f"{overhead:.2f}", f"{cpu_one - help_cpu:.2f}", f"{cpu_noop - help_cpu:.2f}"]
            rows.append(row)
            for path in changed:
                path.write_bytes(originals[path])
    return rows


def table(head: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        print("  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True)))


def cpu_total(report: dict[str, Any]) -> float:
    """CPU s of the run: memscribe's process and its helper processes (``--call-process``: the
    model-call helper; with ``--plan-process`` too, the planner and its model-call helper)."""
    return float(report["cpu_s"]) + float(report.get("helper_cpu_s", 0.0))


def with_total_cpu(report: dict[str, Any]) -> dict[str, Any]:
    return {**report, "cpu_s": cpu_total(report)}


def row(label: str, report: dict[str, Any], concurrency: int, latency: float, n: int) -> list[str]:
    calls = report["model_calls"]
    ideal = calls * latency / concurrency
    done = max(1, report["processed"])
    ratio = f"{report['wall_s'] / ideal:.2f}" if ideal else "-"
    return [
        label,
        str(concurrency),
        f"{report['processed']}/{report['seen']}",
        f"{report['wall_s']:.2f}",
        f"{n / report['wall_s']:.1f}" if report["wall_s"] else "-",
        str(calls),
        f"{calls / n:.2f}",
        f"{(report['prompt_tokens'] + report['completion_tokens']) / n:.0f}",
        f"{1000 * cpu_total(report) / done:.1f}",
        f"{1000 * report.get('helper_cpu_s', 0.0) / done:.1f}",
        f"{ideal:.2f}",
        ratio,
        str(report["writes"]),
        f"{replanned(report):.1f}",
        f"{report.get('max_rss_kib', 0) / 1024:.0f}",
        str(report.get("connections", "-")),
    ]


def in_turn(
    k: int, after: Callable[[], dict[str, Any]], before: Callable[[], dict[str, Any]] | None
) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The ``k``-th before/after pair's reports: the baseline's run first, and every other pair
    the working tree's first (a load that rises or falls over the run weighs on both alike)."""
    if before is None:
        return None, after()
    if k % 2 == 0:
        old = before()
        return old, after()
    new = after()
    return before(), new


def process_medians(
    pairs: list[tuple[int, dict[str, Any], dict[str, Any]]], concurrencies: list[int], repeat: int
) -> None:
    """The medians of the alternating runs' CPU per transcript, memscribe's process apart from its
    helper processes (the model-call helper; with ``--plan-process``, the planner and its helper):
    the process that commits is the one a second core does not relieve."""
    if not pairs or repeat < 2:
        return
    import statistics

    def per_transcript(report: dict[str, Any], key: str) -> float:
        helper = float(report.get("helper_cpu_s", 0.0))
        value = float(report["cpu_s"]) - helper if key == "main" else helper  # cpu_s: the total here
        return 1000 * value / max(1, int(report["processed"]))

    for concurrency in concurrencies:
        runs = [(old, new) for c, old, new in pairs if c == concurrency]
        figures = [
            f"{key} cpu ms/transcript "
            f"{statistics.median(per_transcript(o, key) for o, _ in runs):.1f} -> "
            f"{statistics.median(per_transcript(n, key) for _, n in runs):.1f}"
            for key in ("main", "helper")
        ]
        print(f"  conc {concurrency:>3}: " + ", ".join(figures))


def full_run(
    args: argparse.Namespace,
    tmp: Path,
    served: tuple[Path, str, Traffic],
    concurrency: int,
    k: int,
    server: str,
    codes: tuple[Path | None, Path],
    out: tuple[list[list[str]], list[tuple[int, dict[str, Any], dict[str, Any]]], list[bool]],
) -> Path:
    """The ``k``-th full run (and its before/after pair) at ``concurrency`` against ``server``
    (``served``: the corpus, the server's URL and its traffic counter); its table rows, pair and
    files' equality go to ``out``. Returns the working tree's memory root."""
    corpus, url, seen = served
    before, after = codes
    rows, pairs, same = out
    tag = f" [{server}]" if len(args.server) > 1 else ""
    suffix = f"-{k}" if k else ""
    root = tmp / f"memory-{concurrency}{suffix}-{server}"
    where = tmp / f"before-{concurrency}{suffix}-{server}"
    old, new = in_turn(
        k,
        partial(counted, seen, partial(run_batch, corpus, root, url, concurrency, after, engine=args.engine)),
        None
        if before is None
        else partial(counted, seen, partial(run_batch, corpus, where, url, concurrency, before)),
    )
    if old is not None:
        same.append(memory_state(where) == memory_state(root))
        rows.append(row(f"full (before: {args.baseline}){tag}", old, concurrency, args.latency, args.n))
        pairs.append((concurrency, with_total_cpu(old), with_total_cpu(new)))
    rows.append(row(f"full{tag}", new, concurrency, args.latency, args.n))
    return root


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument(
        "--baseline", metavar="REV", help="also run git revision REV's code (before) for comparison"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="with --baseline: alternate before/after this many times per concurrency (medians printed)",
    )
    parser.add_argument(
        "--after-code",
        metavar="DIR",
        help="a folder holding memscribe/ run as 'after' in the full runs (default: this tree; "
        "e.g. an export with one change applied, apart from other edits of a shared tree)",
    )
    parser.add_argument(
        "--before-code",
        metavar="DIR",
        help="with --baseline: a folder holding memscribe/ run as 'before' instead of REV's export "
        "(REV then only labels it)",
    )
    parser.add_argument("--plan-sizes", type=int, nargs="*", default=[200, 1000])
    parser.add_argument("--engine", default="local", help="engine of the working tree's runs (local, ray)")
    parser.add_argument("--ledger-scale", type=int, nargs="*", default=[], metavar="N")
    parser.add_argument(
        "--agents", type=int, default=0, help="spread the transcripts over K agents (one namespace each)"
    )
    parser.add_argument(
        "--server",
        nargs="+",
        choices=list(SERVERS),
        default=["keep-alive"],
        help="keep-alive: HTTP/1.1, connections reused (default, as real model servers); "
        "http10: a new connection per call; both: side by side",
    )
    args = parser.parse_args()
    rng = random.Random(6)
    head = [
        "run",
        "conc",
        "processed",
        "wall s",
        "tr/s",
        "calls",
        "calls/tr",
        "tokens/tr",
        "cpu ms/tr",
        "helper",
        "ideal s",
        "wall/ideal",
        "writes",
        "replan %",
        "MiB",
        "conns",
    ]
    rows: list[list[str]] = []
    #: Per server: (concurrency, before, after) of each pair.
    pairs: dict[str, list[tuple[int, dict[str, Any], dict[str, Any]]]] = {s: [] for s in args.server}
    #: Per before/after pair: whether both runs wrote the same memory files (ids, times aside).
    same: list[bool] = []
    #: Per concurrency (and pair): whether the runs against each ``--server`` wrote the same files.
    across: list[bool] = []
    traffic = {server: Traffic() for server in args.server}
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        urls = start_servers(stack, args.server, args.latency, traffic)
        url = urls[args.server[0]]
        corpus = Path(tmp) / "transcripts"
        corpus.mkdir()
        for i in range(args.n):
            path = session_path(corpus, i, args.agents)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(transcript(i, rng), encoding="utf-8")
        before = export_revision(args.baseline, Path(tmp) / "baseline") if args.baseline else None
        if before is not None and args.before_code:
            before = Path(args.before_code)
        after = Path(args.after_code) if args.after_code else REPO
        byte_compiled(before, after, REPO)  # each side's byte code, as installed
        root = Path(tmp) / "memory"
        for concurrency in args.concurrency:
            for k in range(args.repeat if before is not None else 1):
                roots = [
                    full_run(
                        args,
                        Path(tmp),
                        (corpus, urls[server], traffic[server]),
                        concurrency,
                        k,
                        server,
                        (before, after),
                        (rows, pairs[server], same),
                    )
                    for server in args.server
                ]
                if len(roots) > 1:  # the same code's files, whichever way the server answered
                    across.append(all(memory_state(r) == memory_state(roots[0]) for r in roots[1:]))
                root = roots[0]
        last = args.concurrency[-1]
        rows.append(row("rerun", run_batch(corpus, root, url, last, after), last, args.latency, args.n))
        for i in range(0, args.n, 10):  # 10% appended to
            with session_path(corpus, i, args.agents).open("a", encoding="utf-8") as f:
                f.write(f"User: I prefer {' '.join(rng.sample(WORDS, 3))}.\nAssistant: Noted.\n")
        rows.append(
            row("+10% appended", run_batch(corpus, root, url, last, after), last, args.latency, args.n)
        )
        scale_codes = [(f"before: {args.baseline}", before)] if before is not None else []
        scale_codes.append(("after", REPO))
        scale = (
            ledger_scale(
                args.ledger_scale, Path(tmp), [(label, c) for label, c in scale_codes if c is not None]
            )
            if args.ledger_scale
            else []
        )
        plans: list[list[str]] = []
        for size in args.plan_sizes:
            generated = Path(tmp) / f"corpus-{size}"
            codes = [(f"before: {args.baseline}", before)] if before is not None else []
            for label, code in [*codes, ("after", REPO)]:
                assert code is not None
                done = plan_run(generated, Path(tmp) / f"plan-{size}-{label[:6]}", size, code)
                report = done["report"]
                commits = done["commits"]
                committed = max(1, commits["plans"])
                plans.append(
                    [
                        label,
                        str(size),
                        f"{report['processed']}",
                        f"{replanned(report):.1f}",
                        f"{1000 * done['cpu'] / max(1, report['processed']):.1f}",
                        f"{report['wall_s']:.2f}",
                        str(report["writes"]),
                        f"{committed / max(1, commits['groups']):.1f}",
                        f"{commits['fsyncs'] / committed:.2f}",
                        f"{commits['fsyncs'] / max(1, report['writes']):.2f}",
                        f"{1000 * commits['s'] / committed:.2f}",
                    ]
                )
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    print(
        f"memscribe batch: {args.n} transcripts"
        + (f" of {args.agents} agents (one namespace each)" if args.agents else "")
        + f", model latency {args.latency * 1000:.0f} ms (per-transcript "
        f"columns divide by {args.n}; cpu is memscribe's own CPU per processed transcript: its process "
        "and its helper processes (model calls; planner), which 'helper' shows apart)"
    )
    for r in [head, *rows]:
        print("  ".join(cell.rjust(w) for cell, w in zip(r, widths, strict=True)))
    if plans:
        print(
            "\nplanning: generated corpus (repeated facts, supersessions), embedded model, "
            "concurrency 8, in-process"
        )
        print(
            "  (commit: plans committed per group, os.fsync calls per committed plan and per memory written "
            "(the ledger's SQLite syncs are not counted), wall ms of the commit per committed plan)"
        )
        table(
            [
                "code",
                "transcripts",
                "processed",
                "replan %",
                "cpu ms/tr",
                "wall s",
                "writes",
                "plans/group",
                "fsyncs/plan",
                "fsyncs/write",
                "commit ms/plan",
            ],
            plans,
        )
    if scale:
        print(
            "\nledger at scale: N processed transcripts of which 100 changed (the memscribe process: CPU s, "
            "wall s, max RSS MiB; 'N cost' = CPU of the run over N minus the run over the 100 alone, same "
            "rows and new turns; hook = CPU of one transcript with new turns, and again with nothing new, "
            "minus --help)"
        )
        table(
            [
                "N",
                "code",
                "run cpu",
                "run wall",
                "run MiB",
                "100 alone cpu",
                "wall",
                "MiB",
                "N cost",
                "hook",
                "hook (no-op)",
            ],
            scale,
        )
    compared(args, pairs, same, across)


def compared(
    args: argparse.Namespace,
    pairs: dict[str, list[tuple[int, dict[str, Any], dict[str, Any]]]],
    same: list[bool],
    across: list[bool],
) -> None:
    """The before/after figures of each server's pairs, and whether the files written agree."""
    for server, runs in pairs.items():
        if len(pairs) > 1 and runs:
            print(f"\nserver: {server}")
        medians(runs, args.concurrency, args.repeat, args.baseline, args.latency, args.n)
        process_medians(runs, args.concurrency, args.repeat)
    if same:
        print(f"\nmemory files identical before/after: {sum(same)}/{len(same)} pairs")
    if across:
        print(
            f"memory files identical across servers ({', '.join(args.server)}): {sum(across)}/{len(across)}"
        )
    for server, runs in pairs.items():
        if not runs:
            continue
        print(
            f"\nafter / before ({args.baseline}), same run"
            + (f", server {server}:" if len(pairs) > 1 else ":")
        )
        for concurrency, old, new in runs:
            ideal = old["model_calls"] * args.latency / concurrency or 1.0
            ideal_new = new["model_calls"] * args.latency / concurrency or 1.0  # each run's own calls
            cpu = (new["cpu_s"] / max(1, new["processed"])) / (old["cpu_s"] / max(1, old["processed"]))
            print(
                f"  conc {concurrency:>3}: cpu/transcript x{cpu:.2f}, wall x{new['wall_s'] / old['wall_s']:.2f}, "
                f"wall/ideal {old['wall_s'] / ideal:.2f} -> {new['wall_s'] / ideal_new:.2f}"
            )


if __name__ == "__main__":
    main()
