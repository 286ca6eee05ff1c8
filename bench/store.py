"""Benchmark the memory index: build, incremental refresh, dedup shortlist and search latency.

    .venv/bin/python bench/store.py                    # 1k, 10k, 100k entries
    .venv/bin/python bench/store.py --sizes 1000,10000 --queries 300

For each size a root is generated (80% profiles, 20% playbooks, two namespaces, synthetic
facts over a few thousand words so texts differ the way real memories do) and the program
prints: full index build, a no-op refresh (stat only), the refresh after 100 changed files,
and p50/p99 of the dedup shortlist and of search. The last table gives each measure's growth
from the smallest to the largest root (ratio measured in the same run). Target: shortlist and
search p99 under 50 ms at 100k; incremental refresh proportional to the files changed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline.index import open_index  # noqa: E402
from pipeline.store.files import memory_path, render_playbook, render_profile  # noqa: E402
from pipeline.store.ids import ALPHABET  # noqa: E402

TOPICS = [
    "home-city", "editor", "diet", "timezone", "role", "team", "language", "framework", "database",
    "os", "shell", "hobby", "pet", "commute", "project", "cloud", "ci", "testing", "style", "music",
]  # fmt: skip
TTLS = ["one_week", "one_month", "one_quarter", "one_year", "infinity"]


def _words(rng: random.Random, n: int) -> list[str]:
    consonants, vowels = "bcdfghjklmnprstvz", "aeiou"
    out: set[str] = set()
    while len(out) < n:
        size = rng.randint(2, 4)
        out.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(size)))
    return sorted(out)


class Corpus:
    """Deterministic synthetic memories: a topic, a few content words, a sentence frame."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.vocab = _words(self.rng, 4000)
        # Zipf-ish: a few common words, many rare ones.
        self.weights = [1.0 / (i + 1) ** 0.8 for i in range(len(self.vocab))]

    def words(self, k: int) -> list[str]:
        return self.rng.choices(self.vocab, weights=self.weights, k=k)

    def profile(self, topic: str) -> str:
        w = self.words(5)
        return f"User's {topic.replace('-', ' ')} is {w[0]} {w[1]}; they mention {w[2]}, {w[3]} and {w[4]}."

    def playbook(self) -> tuple[str, str, str]:
        w = self.words(8)
        return (
            f"Working on {w[0]} {w[1]} in the {w[2]} service",
            f"Use {w[3]} with {w[4]}, never {w[5]}.",
            f"User corrected this after a {w[6]} {w[7]} incident.",
        )

    def new_id(self, prefix: str) -> str:
        return prefix + "".join(self.rng.choice(ALPHABET) for _ in range(8))


def generate(root: Path, n: int, corpus: Corpus) -> list[Path]:
    """Write ``n`` memory files (plain writes: the bench measures the index, not the writer)."""
    created = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    paths: list[Path] = []
    for d in ("profiles", "playbooks"):
        (root / ".reflexio" / d).mkdir(parents=True, exist_ok=True)
    for i in range(n):
        namespace = "researcher" if i % 4 == 0 else None
        if i % 5 == 4:
            mem_id = corpus.new_id("pbk_")
            when, what, why = corpus.playbook()
            text = render_playbook(
                id=mem_id, created=created, when=when, what=what, why=why, namespace=namespace
            )
            rel = memory_path("playbook", "rule-" + corpus.words(1)[0], mem_id)
        else:
            topic = corpus.rng.choice(TOPICS)
            mem_id = corpus.new_id("prof_")
            ttl = corpus.rng.choice(TTLS)
            text = render_profile(
                id=mem_id, created=created, ttl=ttl, body=corpus.profile(topic), namespace=namespace
            )
            rel = memory_path("profile", topic, mem_id)
        path = root / rel
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def change(paths: list[Path], corpus: Corpus, count: int) -> None:
    """Rewrite ``count`` files with a new body (same frontmatter)."""
    for path in corpus.rng.sample(paths, count):
        head, _, _ = path.read_text(encoding="utf-8").rpartition("---\n")
        body = (
            corpus.profile("project")
            if "/profiles/" in str(path)
            else "## When\nx\n\n## What\ny\n\n## Why\nz"
        )
        path.write_text(f"{head}---\n\n{body}\n", encoding="utf-8")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run_size(n: int, queries: int, workdir: Path) -> dict[str, float]:
    corpus = Corpus(seed=n)
    root = workdir / f"root-{n}"
    paths = generate(root, n, corpus)
    result: dict[str, float] = {"entries": n}

    with open_index(root, refresh=False) as index:
        t = time.perf_counter()
        stats = index.refresh(rebuild=True)
        result["build_s"] = time.perf_counter() - t
        assert stats.added == n and stats.problems == 0, stats

        t = time.perf_counter()
        index.refresh()
        result["noop_refresh_s"] = time.perf_counter() - t

        change(paths, corpus, 100)
        t = time.perf_counter()
        stats = index.refresh()
        result["incr100_s"] = time.perf_counter() - t
        result["incr100_read"] = stats.read

        shortlist_ms: list[float] = []
        search_ms: list[float] = []
        hits = 0
        for q in range(queries):
            topic = corpus.rng.choice(TOPICS)
            text = corpus.profile(topic)
            ns = "researcher" if q % 4 == 0 else "default"
            t = time.perf_counter()
            items = index.shortlist("profile", topic, text, namespace=ns, default="default")
            shortlist_ms.append((time.perf_counter() - t) * 1000)
            query = " ".join(corpus.words(3))
            t = time.perf_counter()
            found = index.search(query, namespace=ns, default="default", limit=5, min_relevance=0.3)
            search_ms.append((time.perf_counter() - t) * 1000)
            hits += bool(items) + bool(found)
        result["shortlist_p50_ms"] = statistics.median(shortlist_ms)
        result["shortlist_p99_ms"] = pct(shortlist_ms, 0.99)
        result["search_p50_ms"] = statistics.median(search_ms)
        result["search_p99_ms"] = pct(search_ms, 0.99)
        result["answered"] = hits / (2 * queries)
    shutil.rmtree(root, ignore_errors=True)
    return result


COLUMNS = [
    ("entries", "entries", "{:.0f}"),
    ("build_s", "build (s)", "{:.2f}"),
    ("noop_refresh_s", "no-op refresh (s)", "{:.3f}"),
    ("incr100_s", "refresh, 100 changed (s)", "{:.3f}"),
    ("shortlist_p50_ms", "shortlist p50 (ms)", "{:.2f}"),
    ("shortlist_p99_ms", "shortlist p99 (ms)", "{:.2f}"),
    ("search_p50_ms", "search p50 (ms)", "{:.2f}"),
    ("search_p99_ms", "search p99 (ms)", "{:.2f}"),
]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--workdir", type=Path, default=None)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="memscribe-bench-"))
    rows = []
    for n in sizes:
        print(f"… {n} entries", file=sys.stderr, flush=True)
        rows.append(run_size(n, args.queries, workdir))
    if args.workdir is None:
        shutil.rmtree(workdir, ignore_errors=True)

    header = "| " + " | ".join(title for _, title, _ in COLUMNS) + " |"
    print(header)
    print("|" + "|".join("---:" for _ in COLUMNS) + "|")
    for row in rows:
        print("| " + " | ".join(fmt.format(row[key]) for key, _, fmt in COLUMNS) + " |")
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        print()
        print(
            f"growth from {first['entries']:.0f} to {last['entries']:.0f} entries "
            f"(×{last['entries'] / first['entries']:.0f} the files):"
        )
        print("| measure | ratio |")
        print("|---|---:|")
        for key, title, _ in COLUMNS[1:]:
            ratio = last[key] / first[key] if first[key] else float("nan")
            print(f"| {title} | ×{ratio:.1f} |")
    target = rows[-1]
    ok = target["shortlist_p99_ms"] < 50 and target["search_p99_ms"] < 50
    print()
    print(
        f"target (shortlist and search p99 < 50 ms at {target['entries']:.0f}): {'met' if ok else 'NOT met'}; "
        f"100 changed files re-read {target['incr100_read']:.0f} files; "
        f"queries answered with at least one result: {target['answered']:.0%}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
