"""Benchmark memscribe's redaction against detect-secrets on the same corpus, in one run.

    .venv/bin/pip install -e '.[bench]'     # detect-secrets, the baseline (bench only)
    .venv/bin/python bench/redact.py                       # shared corpora + 40 generated sessions
    .venv/bin/python bench/redact.py --sessions 80 --seed 11 --json results.json

Corpora: the labelled sets under ``<repo>/../shared/data/secrets/`` (``transcripts``,
``detect-secrets``, ``gitleaks``; see the README there) and a transcript corpus generated
by ``bench/redact_corpus.py`` (secrets from the catalogue planted into user turns, tool
outputs, code blocks and ``.env`` pastes; benign lookalikes around them).

Scoring (the corpus README's): a labelled secret is *caught* when a finding overlaps its
span; precision is the share of findings that overlap a ``secret: true`` label (findings on
``null`` labels are not scored); false positives per 1,000 benign lines count the lines
touched by a finding that carry no ``true``/``null`` label; hard negatives are
``secret: false`` spans hit. Throughput is the corpus size over each tool's scanning time
(file read included, the same files for both tools). detect-secrets reports lines, not
spans: a reported value is located in its line, else the whole line is its span.

Targets (issue 3): recall >= 0.95 on planted transcript secrets (the shared transcripts
corpus and the generated one) with < 1 false positive per 1,000 benign lines, and throughput
>= 10x detect-secrets.
"""

from __future__ import annotations

import argparse
import bisect
import json
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from redact_corpus import generate  # noqa: E402

from memscribe.stages.redact import find_secrets  # noqa: E402

SECRETS = REPO.parent / "shared" / "data" / "secrets"
SHARED = ("transcripts", "detect-secrets", "gitleaks")
TRANSCRIPT_CORPORA = ("transcripts", "generated")

Span = tuple[int, int]


@dataclass
class Doc:
    corpus: str
    path: Path
    text: str
    labels: list[dict[str, object]]


@dataclass
class Score:
    positives: int = 0
    caught: int = 0
    pii_positives: int = 0
    pii_caught: int = 0
    hard: int = 0
    hard_hit: int = 0
    findings_true: int = 0
    findings_false: int = 0
    benign_lines: int = 0
    fp_lines: int = 0
    missed: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, other: Score) -> None:
        for name in ("positives", "caught", "pii_positives", "pii_caught", "hard", "hard_hit"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("findings_true", "findings_false", "benign_lines", "fp_lines"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for k, v in other.missed.items():
            self.missed[k] += v

    @property
    def recall(self) -> float:
        return self.caught / self.positives if self.positives else float("nan")

    @property
    def precision(self) -> float:
        n = self.findings_true + self.findings_false
        return self.findings_true / n if n else float("nan")

    @property
    def fp_per_kline(self) -> float:
        return 1000 * self.fp_lines / self.benign_lines if self.benign_lines else float("nan")


def _read(path: Path) -> str:
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def load_shared(corpus: str) -> list[Doc]:
    labels: dict[str, list[dict[str, object]]] = defaultdict(list)
    for line in (SECRETS / f"labels.{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        labels[d["file"]].append(d)
    docs = []
    for line in (SECRETS / f"manifest.{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
        name = json.loads(line)["file"]
        docs.append(Doc(corpus, SECRETS / name, _read(SECRETS / name), labels.get(name, [])))
    return docs


def load_generated(out: Path, seed: int, sessions: int) -> list[Doc]:
    docs = []
    for name, text, labels in generate(seed, sessions):
        path = out / name
        path.write_text(text, encoding="utf-8", newline="")
        docs.append(Doc("generated", path, text, labels))
    return docs


# --------------------------------------------------------------------------- tools


def memscribe_scan(path: Path) -> list[Span]:
    return [(f.start, f.end) for f in find_secrets(_read(path))]


def detect_secrets_scanner() -> Callable[[Path], list[Span]] | None:
    try:
        from detect_secrets import SecretsCollection
        from detect_secrets.settings import default_settings
    except ImportError:
        return None

    def scan(path: Path) -> list[Span]:
        with default_settings():
            collection = SecretsCollection()
            collection.scan_file(str(path))
        text = _read(path)
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        spans = []
        for _, secret in collection:
            line_start = starts[secret.line_number - 1]
            line_end = text.find("\n", line_start)
            line_end = len(text) if line_end < 0 else line_end
            value = secret.secret_value or ""
            at = text.find(value, line_start, line_end) if value else -1
            spans.append((at, at + len(value)) if at >= 0 else (line_start, max(line_end, line_start + 1)))
        return spans

    return scan


# --------------------------------------------------------------------------- scoring


def score(doc: Doc, findings: list[Span]) -> Score:
    s = Score()
    text = doc.text
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    n_lines = len(starts) - (1 if text.endswith("\n") else 0)
    protected: set[int] = set()
    true_spans: list[Span] = []
    null_spans: list[Span] = []
    for d in doc.labels:
        start, end = int(d["start"]), int(d["end"])  # type: ignore[call-overload]
        hit = any(fs < end and start < fe for fs, fe in findings)
        if d["secret"] is not False:
            protected.update(range(int(d["line"]), int(d["line_end"]) + 1))  # type: ignore[call-overload]
        if d["secret"] is True:
            true_spans.append((start, end))
            if d.get("category") == "pii":
                s.pii_positives += 1
                s.pii_caught += hit
            else:
                s.positives += 1
                s.caught += hit
                if not hit:
                    s.missed[str(d["type"])] += 1
        elif d["secret"] is None:
            null_spans.append((start, end))
        else:
            s.hard += 1
            s.hard_hit += hit
    flagged: set[int] = set()
    for fs, fe in findings:
        if any(fs < e and s_ < fe for s_, e in true_spans):
            s.findings_true += 1
        elif not any(fs < e and s_ < fe for s_, e in null_spans):
            s.findings_false += 1
        first = bisect.bisect_right(starts, fs)
        last = bisect.bisect_right(starts, max(fs, fe - 1))
        flagged.update(range(first, last + 1))
    s.benign_lines = n_lines - len(protected & set(range(1, n_lines + 1)))
    s.fp_lines = len(flagged - protected)
    return s


def run_tool(scan: Callable[[Path], list[Span]], docs: Iterable[Doc]) -> tuple[dict[str, Score], float]:
    per: dict[str, Score] = defaultdict(Score)
    found: list[tuple[Doc, list[Span]]] = []
    t0 = time.perf_counter()
    for doc in docs:
        found.append((doc, scan(doc.path)))
    elapsed = time.perf_counter() - t0
    for doc, spans in found:
        per[doc.corpus].add(score(doc, spans))
    return per, elapsed


# --------------------------------------------------------------------------- report


def _fmt(x: float, digits: int = 3) -> str:
    return "  n/a" if x != x else f"{x:.{digits}f}"


def _ratio(a: float, b: float) -> str:
    if a != a or b != b:
        return "n/a"
    if b == 0:
        return "inf" if a else "="
    return f"{a / b:.2f}x"


def main() -> int:
    ap = argparse.ArgumentParser(description="memscribe redaction vs detect-secrets")
    ap.add_argument("--seed", type=int, default=7, help="generated corpus seed")
    ap.add_argument("--sessions", type=int, default=40, help="generated transcript sessions")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    a = ap.parse_args()

    ds_scan = detect_secrets_scanner()
    if ds_scan is None:
        print(
            "detect-secrets (the baseline) is not installed: .venv/bin/pip install -e '.[bench]'\n"
            "(or .venv/bin/pip install 'detect-secrets==1.5.0'); it is a bench-only dependency.",
            file=sys.stderr,
        )
        return 2

    with tempfile.TemporaryDirectory(prefix="memscribe-bench-") as tmp:
        docs: list[Doc] = []
        if SECRETS.is_dir():
            for corpus in SHARED:
                docs += load_shared(corpus)
        else:
            print(f"note: {SECRETS} not found; generated corpus only", file=sys.stderr)
        docs += load_generated(Path(tmp), a.seed, a.sessions)
        size_mb = sum(d.path.stat().st_size for d in docs) / 1e6
        n_lines = sum(d.text.count("\n") for d in docs)
        tools = {"memscribe": memscribe_scan, "detect-secrets": ds_scan}
        results = {name: run_tool(scan, docs) for name, scan in tools.items()}

    corpora = [c for c in (*SHARED, "generated") if c in results["memscribe"][0]]
    print(f"corpus: {len(docs)} files, {size_mb:.2f} MB, {n_lines} lines; generated seed {a.seed}")
    print()
    header = f"{'corpus':<22}{'tool':<16}{'recall':>8}{'caught':>11}{'precision':>11}{'FP/1k':>8}{'hard-neg hit':>14}"
    print(header)
    print("-" * len(header))
    out: dict[str, object] = {"size_mb": size_mb, "seed": a.seed, "sessions": a.sessions}
    totals: dict[str, Score] = {}
    for corpus in [*corpora, "transcripts+generated"]:
        for tool in tools:
            per, _ = results[tool]
            if corpus == "transcripts+generated":
                s = Score()
                for c in TRANSCRIPT_CORPORA:
                    if c in per:
                        s.add(per[c])
                totals[tool] = s
            else:
                s = per[corpus]
            print(
                f"{corpus:<22}{tool:<16}{_fmt(s.recall):>8}{f'{s.caught}/{s.positives}':>11}"
                f"{_fmt(s.precision):>11}{_fmt(s.fp_per_kline, 2):>8}{f'{s.hard_hit}/{s.hard}':>14}"
            )
            out[f"{corpus}/{tool}"] = {
                "recall": s.recall,
                "caught": s.caught,
                "positives": s.positives,
                "precision": s.precision,
                "fp_per_1k_benign_lines": s.fp_per_kline,
                "hard_negatives_hit": s.hard_hit,
                "hard_negatives": s.hard,
                "pii_caught": s.pii_caught,
                "pii_positives": s.pii_positives,
                "missed_types": dict(s.missed),
            }
    gen = results["memscribe"][0].get("generated")
    if gen is not None and gen.pii_positives:
        ds_gen = results["detect-secrets"][0]["generated"]
        print(
            f"\nPII (cards, IBANs, national ids; generated): memscribe {gen.pii_caught}/{gen.pii_positives}, "
            f"detect-secrets {ds_gen.pii_caught}/{ds_gen.pii_positives}"
        )
    ms_t, ds_t = results["memscribe"][1], results["detect-secrets"][1]
    ms_speed, ds_speed = size_mb / ms_t, size_mb / ds_t
    print(f"\nthroughput: memscribe {ms_speed:.2f} MB/s, detect-secrets {ds_speed:.3f} MB/s")
    m, d = totals["memscribe"], totals["detect-secrets"]
    print("\nmemscribe / detect-secrets on transcripts+generated:")
    print(
        f"  recall {_ratio(m.recall, d.recall)}   precision {_ratio(m.precision, d.precision)}   "
        f"FP/1k {_ratio(m.fp_per_kline, d.fp_per_kline)} (lower is better)   "
        f"throughput {_ratio(ms_speed, ds_speed)}"
    )
    targets = {
        "recall >= 0.95": m.recall >= 0.95,
        "FP/1k benign lines < 1": m.fp_per_kline < 1,
        "throughput >= 10x detect-secrets": ms_speed >= 10 * ds_speed,
    }
    print("\ntargets: " + "   ".join(f"{k}: {'met' if v else 'NOT met'}" for k, v in targets.items()))
    if m.missed:
        print("memscribe misses by type: " + ", ".join(f"{k} {v}" for k, v in sorted(m.missed.items())))
    out.update(
        {
            "throughput_mb_s": {"memscribe": ms_speed, "detect-secrets": ds_speed},
            "targets": targets,
        }
    )
    if a.json:
        a.json.write_text(json.dumps(out, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
