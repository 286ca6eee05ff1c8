"""Benchmark the injection guard on the development corpus, before and after, in one run.

    .venv/bin/python bench/guard.py                  # this tree vs the rules at --before
    .venv/bin/python bench/guard.py --before 409e2f9 --json guard.json
    .venv/bin/python bench/guard.py --same-as HEAD   # same verdict for every text? and speed

Corpus: ``../shared/data/injection`` (see its README), the clean package documents of
``fixtures/guard/clean_documents.jsonl`` and the authored samples of
``fixtures/guard/authored_samples.jsonl`` (and the development-only user statements of
``fixtures/guard/dev_user_statements.jsonl``, never in ``validation``), split by ``bench/injection_corpus.py`` into
``train`` and ``threshold`` (the development part: ``bench/train_guard.py`` fits the weights
on both and chooses the threshold on out-of-fold scores over both) and ``validation`` (never
used to choose anything). The figures are printed per split; read the validation column
(the development columns score samples the classifier learnt from); the validation part is
also printed for the original corpus (with the package documents), for the authored samples
alone, and for the benign user sentences of ``fixtures/persona`` (durable-fact statements and
everyday chat, six languages) alone. "before" is the rule guard of ``pipeline/stages/guard.py`` at the given
commit, loaded from git into a temporary module.

Printed: recall per attack category, false positives on benign user statements (questions,
user rules, hard negatives), on the corpus's clean documents and on the package documents of
``fixtures/guard/clean_documents.jsonl`` (READMEs, docstrings and code nobody wrote for the
guard, split by source; see ``bench/clean_documents.py``), and throughput (MB/s of CPU time on one
core, every paragraph checked whole; the faster of two passes).

Targets (issue 12, for independent data): recall >= 0.80 overall and >= 0.60 on indirect
kinds; <= 1% false positives on benign user statements and <= 2% on clean documents;
>= 1 MB/s.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402
from injection_corpus import (  # noqa: E402
    AUTHORED_2_SOURCE,
    AUTHORED_SOURCE,
    CLEAN_DOCUMENTS,
    PACKAGE_DOCUMENTS,
    PERSONA,
    PERSONA_SOURCE,
    USER_STATEMENTS,
    Sample,
    load,
)

from memscribe.guard import CLASSIFIER_RULE, check  # noqa: E402
from memscribe.guard.classifier import load_model  # noqa: E402

SPLITS = ("train", "threshold", "validation")
#: Parts of the validation split printed on their own: ``(label, origin)``.
ORIGINS = (
    ("original corpus", "corpus"),
    ("authored samples", "authored"),
    ("later authors' samples", "authored-2"),
    ("durable-fact sentences (benign users)", "persona"),
)
INDIRECT = frozenset({"indirect", "exfiltration", "command_execution"})
#: Table categories that count a benign sample flagged by a rule / by the classifier.
BY_RULE, BY_CLASSIFIER = ":rule", ":classifier"
Guard = Callable[[str], str | None]
#: Per (split, category, origin) [flagged, total].
Table = dict[tuple[str, str, str], list[int]]


def origin_of(sample: Sample) -> str:
    if sample.source in (AUTHORED_SOURCE, AUTHORED_2_SOURCE):
        return sample.source
    return "persona" if sample.source == PERSONA_SOURCE else "corpus"


def before_guard(ref: str) -> Guard | None:
    """``injection_rule`` of ``pipeline/stages/guard.py`` at git ``ref`` (``None`` if unavailable)."""
    try:
        src = subprocess.run(
            ["git", "show", f"{ref}:pipeline/stages/guard.py"], cwd=REPO, check=True, capture_output=True
        ).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    tmp = Path(tempfile.mkdtemp(prefix="memscribe-guard-before-")) / "guard_before.py"
    # the old tree imported ``pipeline.*``; today's package is ``memscribe``
    tmp.write_bytes(src.replace(b"from pipeline.", b"from memscribe."))
    spec = importlib.util.spec_from_file_location("guard_before", tmp)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    fn: Guard = mod.injection_rule
    return fn


def after_guard(text: str) -> str | None:
    return check(text).rule


def run(guard: Guard, samples: list[Sample]) -> tuple[Table, float, dict[str, int]]:
    """Per (split, category, origin) [flagged, total]; CPU seconds; reasons counted."""
    table: Table = defaultdict(lambda: [0, 0])
    reasons: dict[str, int] = defaultdict(int)
    elapsed = float("inf")
    for _ in range(2):  # the faster of two passes: the second runs with warm word caches
        t0 = time.process_time()
        verdicts = [guard(s.text) for s in samples]
        elapsed = min(elapsed, time.process_time() - t0)
    for s, rule in zip(samples, verdicts, strict=True):
        cell = table[(s.split, s.category, origin_of(s))]
        cell[0] += rule is not None
        cell[1] += 1
        if not s.injection:  # who flagged a benign sample: a rule, or the classifier
            for by in (BY_RULE, BY_CLASSIFIER):
                cell = table[(s.split, s.category + by, origin_of(s))]
                cell[0] += rule is not None and (rule == CLASSIFIER_RULE) == (by == BY_CLASSIFIER)
                cell[1] += 1
        if rule is not None:
            reasons[rule.split(":")[0]] += 1
    return table, elapsed, reasons


def _rate(
    table: Table, split: str, cats: frozenset[str] | set[str], origin: str | None = None
) -> tuple[int, int]:
    cells = [v for (sp, c, o), v in table.items() if sp == split and c in cats and origin in (None, o)]
    return sum(v[0] for v in cells), sum(v[1] for v in cells)


def _fmt(hit: int, tot: int) -> str:
    return f"{hit / tot:6.3f} ({hit}/{tot})" if tot else "   n/a"


def same_verdicts(ref: str, texts: list[str]) -> int:
    """Assert that today's guard and the one at ``ref`` give every text the same verdict (reason
    and score) and print how many texts were compared and the CPU time of each, in one run."""
    pkg = package_at(ref, "pipeline/guard", "memscribe.guard")
    if pkg is None:
        print(f"no pipeline/guard at {ref}", file=sys.stderr)
        return 2
    pkg.classifier.load_model()
    load_model()
    secs: dict[str, list[float]] = {"before": [], "after": []}
    verdicts = {}
    for _ in range(3):  # alternating passes; the fastest of each is printed
        for name, fn in (("before", pkg.check), ("after", check)):
            t0 = time.process_time()
            verdicts[name] = [(v.rule, v.score) for v in map(fn, texts)]
            secs[name].append(time.process_time() - t0)
    differ = [i for i, (b, c) in enumerate(zip(verdicts["before"], verdicts["after"], strict=True)) if b != c]
    print(f"{len(texts)} texts, {len(texts) - len(differ)} same verdicts, {len(differ)} differ")
    size_mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    for name, times in secs.items():
        print(f"{name} ({ref if name == 'before' else 'this tree'}): {size_mb / min(times):.2f} MB/s CPU")
    print(f"ratio after/before: {min(secs['before']) / min(secs['after']):.2f}")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description="injection guard: recall and false positives per split")
    ap.add_argument("--before", default="409e2f9", help="git ref of the guard to compare with")
    ap.add_argument(
        "--tree",
        action="append",
        default=[],
        help="also run pipeline/guard as it was at this git ref (repeatable)",
    )
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument(
        "--same-as",
        metavar="REF",
        help="only check that pipeline/guard gives every corpus text the verdict (reason and "
        "score) it gave at this git ref (for a change meant to be faster, not different)",
    )
    a = ap.parse_args()
    samples = load(persona=PERSONA)
    if a.same_as:
        return same_verdicts(a.same_as, [s.text for s in samples])
    size_mb = sum(len(s.text.encode("utf-8")) for s in samples) / 1e6
    load_model()  # load once, outside the timing
    guards: dict[str, Guard] = {}
    if (before := before_guard(a.before)) is not None:
        guards[f"before ({a.before})"] = before
    for ref in a.tree:
        if (pkg := package_at(ref, "pipeline/guard", "memscribe.guard")) is not None:
            pkg.classifier.load_model()  # outside the timing, as for today's
            guards[f"at {ref}"] = (lambda c: lambda text: c(text).rule)(pkg.check)
    guards["after"] = after_guard
    results = {name: run(g, samples) for name, g in guards.items()}
    inj_cats = sorted({s.category for s in samples if s.injection})
    rows: list[tuple[str, set[str] | frozenset[str]]] = [(f"recall: {c}", {c}) for c in inj_cats]
    rows += [
        ("recall: indirect kinds", INDIRECT),
        ("recall: all attacks", set(inj_cats)),
        ("FP: benign user statements", USER_STATEMENTS),
        ("FP:   of which hard negatives", {"hard_negative"}),
        ("FP:   of which user rules", {"user_rule"}),
        ("FP:   users, by a rule", {c + BY_RULE for c in USER_STATEMENTS}),
        ("FP:   users, by the classifier", {c + BY_CLASSIFIER for c in USER_STATEMENTS}),
        ("FP: clean documents", CLEAN_DOCUMENTS),
        ("FP:   documents, by a rule", {c + BY_RULE for c in CLEAN_DOCUMENTS}),
        ("FP:   documents, by the classifier", {c + BY_CLASSIFIER for c in CLEAN_DOCUMENTS}),
        ("FP: package docs (READMEs, code)", PACKAGE_DOCUMENTS),
    ]
    out: dict[str, object] = {"size_mb": size_mb}
    parts: list[tuple[str, str, str | None]] = [(split, split, None) for split in SPLITS]
    parts += [(f"validation: {label}", "validation", origin) for label, origin in ORIGINS]
    for key, split, origin in parts:
        n = sum(1 for s in samples if s.split == split and origin in (None, origin_of(s)))
        print(f"\n== {key} ({n} samples){'  <- read this one' if key == 'validation' else ''}")
        print(f"{'':32}" + "".join(f"{name:>24}" for name in guards))
        for label, cats in rows:
            cells = [_rate(results[name][0], split, cats, origin) for name in guards]
            print(f"{label:32}" + "".join(f"{_fmt(*c):>24}" for c in cells))
            for name, c in zip(guards, cells, strict=True):
                out[f"{key}/{name}/{label}"] = c[0] / c[1] if c[1] else None
    print()
    for name, (_, secs, reasons) in results.items():
        speed = size_mb / secs if secs else float("inf")
        out[f"throughput_mb_s/{name}"] = speed
        top = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items(), key=lambda kv: -kv[1])[:8])
        print(f"{name}: {speed:.2f} MB/s CPU on {size_mb:.2f} MB; reasons: {top}")
    model = load_model()
    if model is not None:
        print(f"classifier {model.version}, threshold {model.threshold}")
    if a.json:
        a.json.write_text(json.dumps(out, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
