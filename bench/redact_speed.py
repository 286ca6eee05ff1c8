"""Redaction CPU, today's tree against a git revision's, side by side in one process.

    .venv/bin/python bench/redact_speed.py --before HEAD            # before committing a speed-up
    .venv/bin/python bench/redact_speed.py --before bfa98e2 --repeats 9

Two workloads, each timed for both packages (``pipeline/redaction`` at ``--before``, loaded
beside today's by :mod:`at_ref`), the two interleaved pass by pass after one warm-up pass each:

- ``extract``: ``redact_transcript`` on the extract benchmark's generated text transcript
  (``bench/extract.py``'s ``write_transcript``, ``--megabytes``): many short turns, where the
  per-turn costs (the prefilter, the detectors without hints) decide;
- ``corpora``: ``find_secrets`` on every document ``bench/redact.py`` scores (the shared corpora,
  the generated transcripts and the config shapes, both splits), whole: dense in secrets.

Prints, per workload, the fastest pass's CPU (``time.process_time``: the machine is shared, and
the fastest pass is the one least disturbed) as s/MB and MB/s, and the after/before ratio.
Findings are not compared here: ``bench/redact_identity.py --before REV`` does that.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402
from extract import write_transcript  # noqa: E402
from redact import SECRETS, SHARED, Doc, load_generated, load_shapes, load_shared  # noqa: E402

import memscribe.redaction as today  # noqa: E402
from memscribe.transcript import read_transcript  # noqa: E402


def _docs(folder: Path) -> list[Doc]:
    docs: list[Doc] = []
    if SECRETS.is_dir():
        for corpus in SHARED:
            docs += load_shared(corpus, folder)
    for split, seed in (("dev", 7), ("validation", 8)):
        docs += load_generated(folder, seed, 40, split)
        docs += load_shapes(folder, seed, 40, split)
    return docs


def main() -> int:
    ap = argparse.ArgumentParser(description="redaction CPU, today's tree vs a git revision's")
    ap.add_argument("--before", default="HEAD", help="git revision of pipeline/redaction to compare with")
    ap.add_argument("--repeats", type=int, default=7, help="timed passes per package and workload")
    ap.add_argument("--megabytes", type=float, default=10, help="size of the extract transcript")
    a = ap.parse_args()
    before = package_at(a.before, "pipeline/redaction", "memscribe.redaction")
    if before is None:
        raise SystemExit(f"no pipeline/redaction at {a.before}")
    with tempfile.TemporaryDirectory(prefix="memscribe-redact-speed-") as tmp:
        folder = Path(tmp)
        path = write_transcript("text", a.megabytes, folder)
        transcript = read_transcript(path)
        extract_mb = path.stat().st_size / 1e6
        texts = [d.text for d in _docs(folder)]
    corpora_mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    packages = {f"before {a.before}": before, "today": today}
    work: dict[str, Callable[[object], object]] = {
        "extract": lambda pkg: pkg.redact_transcript(transcript),  # type: ignore[attr-defined]
        "corpora": lambda pkg: [pkg.find_secrets(t) for t in texts],  # type: ignore[attr-defined]
    }
    best: dict[tuple[str, str], float] = {}
    for rep in range(a.repeats + 1):
        for job, run in work.items():
            for name, pkg in packages.items():
                t0 = time.process_time()
                run(pkg)
                spent = time.process_time() - t0
                if rep:  # the first pass warms both (regex compiles, scanners, memos)
                    best[job, name] = min(best.get((job, name), spent), spent)
    for job, mb in (("extract", extract_mb), ("corpora", corpora_mb)):
        cells = [
            f"{name} {best[job, name] / mb:.4f} s/MB ({mb / best[job, name]:.2f} MB/s)" for name in packages
        ]
        ratio = best[job, "today"] / best[job, f"before {a.before}"]
        print(f"{job:<8} {mb:6.2f} MB: " + " -> ".join(cells) + f"; CPU today/before x{ratio:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
