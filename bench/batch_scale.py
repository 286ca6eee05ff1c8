"""Batch CPU per transcript as the memory grows (issues 14/17: flat from 200 to 5,000 within 1.3x).

    .venv/bin/python bench/batch_scale.py [--sizes 200 1000 5000] [--baseline REV [--only PATH ...]]
        [--profile OUT.raw --sizes N]

At each size N it writes N transcripts (``bench/batch.py``'s ``transcript()``: four in five teach
one new preference, so the memory grows with the run to ~0.8 N memories) and runs ``memscribe
batch`` on them (a subprocess, the embedded default model, a fresh memory root), then the same
run again (incremental: nothing to do). It prints memscribe's CPU (user+sys of the process) per
transcript (also less the rerun's CPU: start-up and the listing, which weigh on small runs; the
full run's imports weigh more still), its peak RSS and the memory files written, and the ratios
of CPU per transcript between sizes (largest / smallest, and each size / the one before).

``--baseline REV`` also runs the code of git revision REV (exported with ``git archive``; the
working tree is not touched) on the same corpora, alternating with the working tree's code, and
checks that both write the same memory files (``tests/support/batch_corpus.memory_state``: ids
and times normalised); ``--only PATH ...``: the "after" side is REV with only these paths taken
from the working tree (other work in progress in a shared checkout left out).

``--profile OUT.raw``: one run per size under ``py-spy record --gil`` (raw folded stacks to OUT.raw).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "bench"))

from batch import transcript  # noqa: E402
from before_after import export_revision  # noqa: E402

from tests.support.batch_corpus import memory_state  # noqa: E402


def corpus(n: int, dest: Path) -> Path:
    """N transcripts in folders of 1,000 (the same text for the same N)."""
    rng = random.Random(6)
    for i in range(n):
        path = dest / f"{i // 1000:03d}" / f"session-{i:06d}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(transcript(i, rng), encoding="utf-8")
    return dest


def run_batch(code: Path | None, transcripts: Path, root: Path, profile: str | None = None) -> dict[str, Any]:
    """One ``memscribe batch`` (``code``: a folder to import memscribe from; None: the working
    tree): CPU seconds (user+sys; and sys alone), peak RSS in MiB, wall seconds, memory files."""
    env = {**os.environ}
    env.pop("MEMSCRIBE_MODEL", None)
    env["PYTHONPATH"] = str(code) if code is not None else str(REPO)
    command = [sys.executable, "-m", "memscribe.cli", "batch", str(transcripts), "--memory-dir", str(root)]
    command += ["--json", "--no-progress"]
    if profile:
        spy = REPO / ".venv" / "bin" / "py-spy"
        command = [str(spy), "record", "-r", "200", "--gil", "-f", "raw", "-o", profile, "--", *command]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, env=env, cwd=REPO, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - started
        if process.returncode != 0:
            err.seek(0)
            sys.exit(f"memscribe batch failed: {err.read().decode()[-2000:]}")
    files = sum(1 for _ in root.rglob("*.md")) if root.exists() else 0
    return {
        "cpu": usage.ru_utime + usage.ru_stime,
        "sys": usage.ru_stime,
        "rss": usage.ru_maxrss / 1024,
        "wall": wall,
        "files": files,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000, 5000])
    parser.add_argument("--baseline", help="also run this git revision's code (before -> after)")
    parser.add_argument("--only", nargs="+", default=None, help="with --baseline: the working tree's paths")
    parser.add_argument("--profile", help="py-spy raw output (one run per size)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folders")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="batch-scale-"))
    sides: list[tuple[str, Path | None]] = []
    if args.baseline:
        before = export_revision(args.baseline, tmp / "before")
        sides.append((f"before ({args.baseline})", before))
        after: Path | None = None
        if args.only:
            after = export_revision(args.baseline, tmp / "after")
            for rel in args.only:
                source, rel_path = REPO / rel, Path(rel)
                targets = [after / rel_path]
                if rel_path.parts[0] == "pipeline":
                    targets.append(after / "memscribe" / Path(*rel_path.parts[1:]))
                for target in targets:
                    if source.exists():
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(source, target)
                    else:
                        target.unlink(missing_ok=True)
        sides.append(("after (working tree" + (": " + " ".join(args.only) if args.only else "") + ")", after))
    else:
        sides.append(("working tree", None))

    cpu: dict[str, dict[int, float]] = {label: {} for label, _ in sides}
    net: dict[str, dict[int, float]] = {label: {} for label, _ in sides}
    try:
        for index, n in enumerate(args.sizes):
            transcripts = corpus(n, tmp / f"t{n}")
            states = []
            for turn, (label, code) in enumerate(sides if index % 2 == 0 else sides[::-1]):
                root = tmp / f"m{n}-{turn}"
                profile = f"{args.profile}.{n}.{turn}" if args.profile else None
                full = run_batch(code, transcripts, root, profile)
                rerun = run_batch(code, transcripts, root)
                per = 1000 * full["cpu"] / n
                beyond = 1000 * (full["cpu"] - rerun["cpu"]) / n
                cpu[label][n], net[label][n] = per, beyond
                print(
                    f"N={n:>6} {label}: CPU {full['cpu']:.1f} s = {per:.2f} ms/transcript "
                    f"({beyond:.2f} less the rerun's CPU; sys {1000 * full['sys'] / n:.2f}), RSS "
                    f"{full['rss']:.0f} MiB, wall {full['wall']:.1f} s, files {full['files']}; "
                    f"rerun CPU {rerun['cpu']:.2f} s",
                    flush=True,
                )
                states.append(memory_state(root) if len(sides) > 1 else None)
            if len(sides) > 1:
                same = states[0] == states[1]
                print(f"N={n:>6} memory files identical (memory_state): {same}", flush=True)
                if not same:
                    sys.exit("the memory files differ")
        sizes = sorted(args.sizes)
        for label, _ in sides:
            for what, per in (("CPU per transcript", cpu[label]), ("less the rerun's CPU", net[label])):
                steps = ", ".join(
                    f"{b}/{a} {per[b] / per[a]:.2f}" for a, b in zip(sizes, sizes[1:], strict=False)
                )
                print(
                    f"{label}: {what} ratio {sizes[-1]}/{sizes[0]} {per[sizes[-1]] / per[sizes[0]]:.2f}; {steps}"
                )
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
