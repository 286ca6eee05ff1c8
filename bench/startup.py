"""Benchmark start-up: CPU (user+sys) of ``memscribe --help`` and of a dry-run extract of a
two-line transcript, each in a fresh child, today's tree beside another copy in the same run.

    .venv/bin/python bench/startup.py                       # today's tree only
    .venv/bin/python bench/startup.py --before <pkgdir>     # and a folder holding another 'memscribe'
    .venv/bin/python bench/startup.py --runs 15

Runs alternate between the two trees (load on the machine hits both alike); the table gives the
median CPU seconds and, with ``--before``, the ratio. Bar (issue 17): ``memscribe --help`` < 0.3 s
CPU. Byte-code caches are used as an installed package would (PYTHONDONTWRITEBYTECODE unset).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = {
    "--help": ["--help"],
    "extract (2 lines, dry run)": [
        "extract",
        "{transcript}",
        "--dry-run",
        "--json",
        "--memory-dir",
        "{root}",
    ],
    "search (empty root)": ["search", "coffee", "--memory-dir", "{root}"],
}


def cpu_of(args: list[str], before: str | None) -> float:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["COLUMNS"] = "100"
    if before:
        env["PYTHONPATH"] = before + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "memscribe.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", help="a folder holding another 'memscribe' package")
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memscribe-startup-") as tmp:
        transcript = Path(tmp) / "t.txt"
        transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
        root = Path(tmp) / "root"
        root.mkdir()
        trees = [("before", args.before), ("after", None)] if args.before else [("now", None)]
        for _, where in trees:  # warm the byte-code caches once
            cpu_of(["--help"], where)
        print(
            f"{'case':<28} "
            + " ".join(f"{name + ' s':>10}" for name, _ in trees)
            + ("  ratio" if args.before else "")
        )
        for case, template in CASES.items():
            argv = [a.format(transcript=transcript, root=root) for a in template]
            times: dict[str, list[float]] = {name: [] for name, _ in trees}
            for _ in range(args.runs):
                for name, where in trees:
                    times[name].append(cpu_of(argv, where))
            medians = [statistics.median(times[name]) for name, _ in trees]
            line = f"{case:<28} " + " ".join(f"{m:>10.3f}" for m in medians)
            if args.before:
                line += f"  ×{medians[1] / medians[0]:.2f}"
            print(line)


if __name__ == "__main__":
    main()
