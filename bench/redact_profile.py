"""Where redaction spends its CPU on the documents ``bench/redact.py`` times (cProfile).

    .venv/bin/python bench/redact_profile.py                      # top 40 by own time
    .venv/bin/python bench/redact_profile.py --sort cumulative --top 60 --by-corpus

Loads the same documents as ``bench/redact.py`` (shared corpora, generated transcripts and
config shapes, both splits, default seed and sizes), runs ``find_secrets`` once over all of them
to warm (regex compiles, memos), then profiles ``--passes`` more passes. ``--by-corpus`` first
prints each corpus's CPU per MB (unprofiled), to tell which corpus the time goes to.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from redact import SECRETS, SHARED, Doc, load_generated, load_shapes, load_shared  # noqa: E402

from memscribe.redaction import find_secrets  # noqa: E402


def docs(folder: Path, seed: int, sessions: int, shapes: int) -> list[Doc]:
    out: list[Doc] = []
    if SECRETS.is_dir():
        for corpus in SHARED:
            out += load_shared(corpus, folder)
    for split, s in (("dev", seed), ("validation", seed + 1)):
        out += load_generated(folder, s, sessions, split)
        out += load_shapes(folder, s, shapes, split)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description="cProfile of find_secrets on bench/redact.py's documents")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sessions", type=int, default=40)
    ap.add_argument("--shapes", type=int, default=40)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--sort", default="tottime")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--by-corpus", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memscribe-redact-profile-") as tmp:
        texts = [(d.corpus, d.text) for d in docs(Path(tmp), a.seed, a.sessions, a.shapes)]
    for _, text in texts:
        find_secrets(text)
    if a.by_corpus:
        cpu: dict[str, float] = defaultdict(float)
        size: dict[str, float] = defaultdict(float)
        for corpus, text in texts:
            t0 = time.process_time()
            find_secrets(text)
            cpu[corpus] += time.process_time() - t0
            size[corpus] += len(text.encode("utf-8")) / 1e6
        for corpus in cpu:
            print(
                f"{corpus:<16}{size[corpus]:8.3f} MB {cpu[corpus]:8.3f} s CPU {cpu[corpus] / size[corpus]:8.3f} s/MB"
            )
        print(f"{'all':<16}{sum(size.values()):8.3f} MB {sum(cpu.values()):8.3f} s CPU")
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(a.passes):
        for _, text in texts:
            find_secrets(text)
    prof.disable()
    pstats.Stats(prof).sort_stats(a.sort).print_stats(a.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
