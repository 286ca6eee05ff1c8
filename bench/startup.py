"""Benchmark start-up: CPU (user+sys) of ``memscribe --help``, of a dry-run extract of a
two-line transcript and of the session-end hook, each in a fresh child, today's tree beside
another copy in the same run.

    .venv/bin/python bench/startup.py                       # today's tree only
    .venv/bin/python bench/startup.py --before <pkgdir>     # and a folder holding another 'memscribe'
    .venv/bin/python bench/startup.py --runs 15
    .venv/bin/python bench/startup.py --before <pkgdir> --after <pkgdir>   # two copies, e.g. a
                                                            # shared tree's uncommitted work left out
    .venv/bin/python bench/startup.py --root /tmp/root100k --root-size 100000   # and a large root
    .venv/bin/python bench/startup.py --before <pkgdir> --root R --before-root R0  # the before tree
                                                            # against its own copy R0 of the root

The hook cases are what Claude Code's ``SessionEnd`` runs (``memscribe hook claude-code``, the
payload on stdin) with ``--wait``, so the batch job it starts on the session's transcript (a
two-turn claude-code session, new to the root) is a child it waits for and its CPU is counted:
once into an empty root, once into a root that already holds memories (the dedup compares, so
the offline semantic model loads). ``extract (2 lines, 2 memories)`` is the dry-run extract
against that root holding memories (issue 17: a non-empty root imports the dedup's rule
modules; their CPU beyond ``--help`` is what the lazy tables save). Each run gets a fresh copy
of its root. For them the table also gives the CPU beyond ``--help``.

With ``--root DIR`` the dry-run extract also runs against that root as it is (not copied: a dry
run writes no memory; the first, untimed run of each tree brings its index up to date), and the
table gives its CPU over the extract into the empty root (issue 17's bar: at most 1.3x with
100k entries). ``--root-size N`` first fills a missing DIR with N memories (bench/store.py's
generator) and builds its index. ``--before-root DIR0``: the ``--before`` tree extracts against
DIR0 instead (a copy of the root, ``cp -a``): when the two trees' index schemas differ, one root
would be rebuilt by each tree in turn.

Runs alternate between the two trees (load on the machine hits both alike); the table gives the
median CPU seconds and, with ``--before``, the ratio. Bars: ``memscribe --help`` < 0.3 s CPU
(issue 17); a single-transcript hook call with new turns < 0.5 s CPU beyond ``--help`` (issue
14). Byte-code caches are used as an installed package would (PYTHONDONTWRITEBYTECODE unset).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HELP = "--help"


@dataclass(frozen=True)
class Case:
    argv: list[str]
    #: The hook payload written to stdin (``{transcript}`` and ``{root}`` filled in), if any.
    stdin: str | None = None
    #: A copy of this prepared root per run (``{root}`` is the copy), instead of the shared empty one.
    seeded: bool = False
    #: The CPU beyond ``--help`` is printed too.
    beyond_help: bool = False


_HOOK = ["hook", "claude-code", "--wait", "--memory-dir", "{root}"]
_PAYLOAD = json.dumps(
    {"session_id": "s2", "transcript_path": "{session}", "cwd": "{root}", "hook_event_name": "SessionEnd"}
)
EMPTY = "extract (2 lines, dry run)"
BIG = "extract (2 lines, --root)"
CASES = {
    HELP: Case([HELP]),
    EMPTY: Case(["extract", "{transcript}", "--dry-run", "--json", "--memory-dir", "{root}"]),
    "extract (2 lines, 2 memories)": Case(
        ["extract", "{transcript}", "--dry-run", "--json", "--memory-dir", "{root}"],
        seeded=True,
        beyond_help=True,
    ),
    "search (empty root)": Case(["search", "coffee", "--memory-dir", "{root}"]),
    "hook SessionEnd, empty root": Case(_HOOK, _PAYLOAD, beyond_help=True),
    "hook SessionEnd, 2 memories": Case(_HOOK, _PAYLOAD, seeded=True, beyond_help=True),
}


def _session(path: Path, sid: str, user: str) -> Path:
    """A two-turn Claude Code transcript."""
    lines = [
        {"type": "user", "uuid": "u1", "sessionId": sid, "timestamp": "2026-01-01T10:00:00Z",
         "message": {"role": "user", "content": user}},
        {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": sid,
         "timestamp": "2026-01-01T10:00:05Z",
         "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}},
    ]  # fmt: skip
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def cpu_of(args: list[str], before: str | None, stdin: str | None = None) -> float:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["COLUMNS"] = "100"
    if before:
        env["PYTHONPATH"] = before + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "memscribe.cli", *args],
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    if stdin is not None:
        assert proc.stdin is not None
        proc.stdin.write(stdin.encode("utf-8"))
        proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"memscribe {' '.join(args)} failed (tree: {before or 'today'})")
    # with --wait the hook waits for the batch job it starts: its CPU is in the child's rusage
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", help="a folder holding another 'memscribe' package")
    ap.add_argument(
        "--after", help="a folder holding the 'memscribe' measured as after (default: today's tree)"
    )
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--root", type=Path, help="also extract against this memory root (not copied)")
    ap.add_argument("--root-size", type=int, default=0, help="fill a missing --root with N memories")
    ap.add_argument(
        "--before-root", type=Path, help="with --before: its tree extracts against this copy of --root"
    )
    args = ap.parse_args()
    cases = _cases(args.root, args.root_size)
    with tempfile.TemporaryDirectory(prefix="memscribe-startup-") as tmp:
        folder = Path(tmp)
        transcript = folder / "t.txt"
        transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
        root = folder / "root"
        root.mkdir()
        session = _session(folder / "session.jsonl", "s2", "I use Neovim for everything. I live in Lisbon.")
        seed = folder / "seed"  # a root holding memories, written by today's tree
        seed.mkdir()
        earlier = _session(folder / "earlier.jsonl", "s1", "I prefer tabs over spaces. My timezone is UTC+1.")
        cpu_of(["batch", str(earlier), "--memory-dir", str(seed), "--json", "--no-progress"], None)
        trees = [("before", args.before), ("after", args.after)] if args.before else [("now", args.after)]
        big_root = {name: str(args.root) for name, _ in trees}
        if args.before and args.before_root:
            big_root["before"] = str(args.before_root)
        for name, where in trees:  # warm the byte-code caches once (and the large root's index)
            cpu_of([HELP], where)
            if BIG in cases:
                fill = {"transcript": str(transcript), "big": big_root[name]}
                cpu_of([a.format(**fill) for a in cases[BIG].argv], where)
        print(
            f"{'case':<30} "
            + " ".join(f"{name + ' s':>10}" for name, _ in trees)
            + ("  ratio" if args.before else "")
        )
        medians_of: dict[str, list[float]] = {}
        runs = 0
        for case_name, case in cases.items():
            times: dict[str, list[float]] = {name: [] for name, _ in trees}
            for _ in range(args.runs):
                for name, where in trees:
                    run_root = root
                    if case.seeded or case.stdin is not None:
                        runs += 1
                        run_root = folder / f"run-{runs}"
                        if case.seeded:
                            shutil.copytree(seed, run_root)
                        else:
                            run_root.mkdir()
                    fill = {
                        "transcript": str(transcript),
                        "root": str(run_root),
                        "session": str(session),
                        "big": big_root.get(name, ""),
                    }
                    argv = [a.format(**fill) for a in case.argv]
                    stdin = None if case.stdin is None else case.stdin.replace("{session}", fill["session"])
                    if stdin is not None:
                        stdin = stdin.replace("{root}", fill["root"])
                    times[name].append(cpu_of(argv, where, stdin))
            medians = [statistics.median(times[name]) for name, _ in trees]
            medians_of[case_name] = medians
            line = f"{case_name:<30} " + " ".join(f"{m:>10.3f}" for m in medians)
            if args.before:
                line += f"  ×{medians[1] / medians[0]:.2f}"
            print(line)
            if case.beyond_help:
                beyond = [m - h for m, h in zip(medians, medians_of[HELP], strict=True)]
                line = f"{'  beyond --help':<30} " + " ".join(f"{b:>10.3f}" for b in beyond)
                if args.before:
                    line += f"  ×{beyond[1] / beyond[0]:.2f}"
                print(line)
            if case_name == BIG:
                over = [b / e for b, e in zip(medians, medians_of[EMPTY], strict=True)]
                print(f"{'  over the empty root':<30} " + " ".join(f"{o:>9.2f}x" for o in over))


def _cases(root: Path | None, size: int) -> dict[str, Case]:
    """CASES, and the extract against ``root`` when given (filled with ``size`` memories first
    when it is missing)."""
    if root is None:
        return dict(CASES)
    if not root.exists() and size:
        _fill(root, size)
    return {**CASES, BIG: Case(["extract", "{transcript}", "--dry-run", "--json", "--memory-dir", "{big}"])}


def _fill(root: Path, size: int) -> None:
    """``size`` memories in ``root`` (bench/store.py's generator) and its index built."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.store import Corpus, generate  # noqa: PLC0415
    from memscribe.index import open_index  # noqa: PLC0415

    generate(root, size, Corpus(seed=size))
    with open_index(root, refresh=False) as index:
        index.refresh(rebuild=True)


if __name__ == "__main__":
    main()
