"""Benchmark memscribe's redaction, before and after, against detect-secrets, in one run.

    .venv/bin/pip install -e '.[bench]'     # detect-secrets, the baseline (bench only)
    .venv/bin/python bench/redact.py                       # shared corpora + generated ones
    .venv/bin/python bench/redact.py --sessions 80 --seed 11 --before 409e2f9 --json results.json

Every corpus is split into a ``dev`` part and a ``validation`` part (files by a hash of their
name; gitleaks' cases one by one; the generated corpora by seed), printed separately: the
validation part was not read while choosing rules. "before" is the redaction at ``--before``,
loaded from git beside today's: the ``pipeline/redaction`` package where that revision has one,
else its ``pipeline/stages/redact.py`` (it runs first, so it also pays the first use of its
regexes; throughput is timed after that pass, tools interleaved: see ``--repeats``). The ``shapes`` corpus plants
secrets in the config and code shapes of ``tests/support/secret_shapes.py`` (written with the
rules, so it checks coverage, not generalisation).

Figures: recall (a finding overlaps the secret), leak rate (some character of the secret is
left unmasked), false positives per 1,000 benign lines, hard negatives hit, throughput (CPU
time, the same files for every tool).

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
>= 10x detect-secrets. Issue 12 adds scanner samples (``gitleaks``): recall >= 0.75 at <= 10
false positives per 1,000 benign lines, printed per split.

Reading the ``gitleaks`` figures: memscribe loads gitleaks' own allowlists as data
(``memscribe/redaction/gitleaks_allowlists.toml``), and some of gitleaks' ``fps`` cases are the
very example keys those allowlists name, so on this corpus the allowlists are not tested on
unseen data (the validation part included); the transcript corpora do not depend on them.

False positives on ``gitleaks`` at stop 46 (``--dev-fps``): the dev split's 4 lines are values
that look like what they are labelled not to be for one rule's shape (``key = adf4b1dbRdW3…`` under
clickhouse's, a Mailchimp-shaped key in ``MailchimpSDK.initialize(token: …)``, 64 hex + ``R21``
under ``meraki_token``, a JWT after ``Authorization: Basic``): no class a value decision could drop
without dropping real keys of the same shape. The validation split's 16.13 per 1,000 is 3 lines with
1 hard negative hit, so one multi-line negative case. Tried and dropped (each measured against
415064a4 in one run; none moved a validation figure: gitleaks 40/42 at 16.13, ``redact_authored``
603/665 and 15 FP lines of 5,120, ``redact_benign`` 34; diffs kept beside the session as
``hr_issue12_tried_s46.diff``):

- an armoured key block whose body holds no run of 20 base64/hex characters (a placeholder, a
  template's slot, code with the two markers as string literals, an empty PGP block): 8 of 10 such
  probes no longer masked, every corpus unchanged (with "no placeholder run" instead of "not one
  character repeated", detect-secrets dev 12 -> 11 of 19: ``somethingSuperRandom…`` in an
  OpenSSH block);
- base64 of text that is no secret (``dG9rZW4tdmFsdWUtaGVyZQ==`` is ``token-value-here``) vetoed on
  every finding: authored dev 848 -> 844, validation 603 -> 601, generated 585 -> 583 (Basic
  credentials decode to ``user:pass``); without decoded text holding ``:``: no validation change,
  detect-secrets dev 12 -> 11;
- an unquoted value that is a variable named for what it holds (``aws_session_token=s3_aws_session_token,``,
  ``api_key: self.api_key``, the commonest shape among 56 ``secret_assignment`` findings in a
  438,614-line sample of the venv's site-packages): every corpus unchanged;
- names glued to ``pass``/``pw`` (``PAPERLESS_DBPASS``, ``rootpw``; not ``bypass``): authored dev
  848 -> 849, validation false-positive lines 15 -> 16.
"""

from __future__ import annotations

import argparse
import bisect
import hashlib
import importlib.util
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402
from fp_shapes import value_shape  # noqa: E402
from redact_corpus import generate  # noqa: E402

from memscribe.redaction import find_secrets  # noqa: E402
from tests.support.secret_shapes import document as shapes_document  # noqa: E402

SECRETS = REPO.parent / "shared" / "data" / "secrets"
SHARED = ("transcripts", "detect-secrets", "gitleaks")
TRANSCRIPT_CORPORA = ("transcripts", "generated")
SPLITS = ("dev", "validation")


def split_of(key: str) -> str:
    """``validation`` for one key in five (by the first byte of its SHA-256), else ``dev``."""
    return "validation" if hashlib.sha256(key.encode("utf-8")).digest()[0] % 5 == 0 else "dev"


Span = tuple[int, int]


@dataclass
class Doc:
    corpus: str
    path: Path
    text: str
    labels: list[dict[str, object]]
    split: str = "dev"
    rule: str = ""  # gitleaks: the rule whose tps/fps list the case comes from


@dataclass
class Score:
    positives: int = 0
    caught: int = 0
    pii_positives: int = 0
    pii_caught: int = 0
    hard: int = 0
    hard_hit: int = 0
    leaked: int = 0
    findings_true: int = 0
    findings_false: int = 0
    benign_lines: int = 0
    fp_lines: int = 0
    missed: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, other: Score) -> None:
        for name in ("positives", "caught", "pii_positives", "pii_caught", "hard", "hard_hit", "leaked"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("findings_true", "findings_false", "benign_lines", "fp_lines"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for k, v in other.missed.items():
            self.missed[k] += v

    @property
    def recall(self) -> float:
        return self.caught / self.positives if self.positives else float("nan")

    @property
    def leak_rate(self) -> float:
        return self.leaked / self.positives if self.positives else float("nan")

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


def load_shared(corpus: str, out: Path) -> list[Doc]:
    labels: dict[str, list[dict[str, object]]] = defaultdict(list)
    for line in (SECRETS / f"labels.{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        labels[d["file"]].append(d)
    docs = []
    rules = _case_rules(SECRETS / corpus / "cases.jsonl") if corpus == "gitleaks" else {}
    for line in (SECRETS / f"manifest.{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
        name = json.loads(line)["file"]
        text = _read(SECRETS / name)
        if corpus == "gitleaks":
            docs += _cases(corpus, name, text, labels.get(name, []), out, rules)
        else:
            docs.append(Doc(corpus, SECRETS / name, text, labels.get(name, []), split_of(name)))
    return docs


def _case_key(text: str) -> str:
    """A case's text as ``tp.txt``/``fp.txt`` hold it: blank lines collapsed, ends stripped."""
    return re.sub(r"\n\s*\n", "\n", text).strip()


def _case_rules(path: Path) -> dict[str, str]:
    """gitleaks' ``cases.jsonl``: each case's text to the rule (``rule_id (tps|fps)``) it tests."""
    if not path.is_file():
        return {}
    rules = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        rules[_case_key(d["text"])] = f"{d['rule_id']} ({'tps' if d['secret'] else 'fps'})"
    return rules


def _cases(
    corpus: str,
    name: str,
    text: str,
    labels: list[dict[str, object]],
    out: Path,
    rules: dict[str, str] | None = None,
) -> list[Doc]:
    """One document per blank-line-separated case (gitleaks' files hold a case per block)."""
    docs = []
    pos = 0
    for i, block in enumerate(text.split("\n\n")):
        start, end = pos, pos + len(block)
        pos = end + 2
        body = block.rstrip("\n") + "\n"
        first_line = text.count("\n", 0, start) + 1
        mine = []
        for d in labels:
            ds, de = int(d["start"]), int(d["end"])  # type: ignore[call-overload]
            if start <= ds < end:
                mine.append(
                    {
                        **d,
                        "start": ds - start,
                        "end": min(de, end) - start,
                        "line": int(d["line"]) - first_line + 1,  # type: ignore[call-overload]
                        "line_end": int(d["line_end"]) - first_line + 1,  # type: ignore[call-overload]
                    }
                )
        path = out / f"{corpus}-{Path(name).stem}-{i}.txt"
        path.write_text(body, encoding="utf-8", newline="")
        rule = (rules or {}).get(_case_key(block), "")
        docs.append(Doc(corpus, path, body, mine, split_of(f"{name}#{i}"), rule))
    return docs


def load_generated(out: Path, seed: int, sessions: int, split: str) -> list[Doc]:
    docs = []
    for name, text, labels in generate(seed, sessions):
        path = out / f"{split}-{name}"
        path.write_text(text, encoding="utf-8", newline="")
        docs.append(Doc("generated", path, text, labels, split))
    return docs


def load_shapes(out: Path, seed: int, count: int, split: str) -> list[Doc]:
    import random

    rng = random.Random(seed)
    docs = []
    for i in range(count):
        text, labels = shapes_document(rng)
        path = out / f"shapes-{split}-{i}.txt"
        path.write_text(text, encoding="utf-8", newline="")
        docs.append(Doc("shapes", path, text, labels, split))
    return docs


# --------------------------------------------------------------------------- tools


def memscribe_scan(path: Path) -> list[Span]:
    return [(f.start, f.end) for f in find_secrets(_read(path))]


def before_scanner(ref: str) -> Callable[[Path], list[Span]] | None:
    """``find_secrets`` of the redaction at git ``ref``, or ``None``: the ``pipeline/redaction``
    package where ``ref`` has one (``pipeline/stages/redact.py`` only re-exports it there, so
    loading that file would time today's package), else ``pipeline/stages/redact.py``."""
    if (pkg := package_at(ref, "pipeline/redaction", "memscribe.redaction")) is not None:
        find_at = pkg.find_secrets
        return lambda path: [(f.start, f.end) for f in find_at(_read(path))]
    try:
        src = subprocess.run(
            ["git", "show", f"{ref}:pipeline/stages/redact.py"], cwd=REPO, check=True, capture_output=True
        ).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    tmp = Path(tempfile.mkdtemp(prefix="memscribe-redact-before-")) / "redact_before.py"
    tmp.write_bytes(src.replace(b"from pipeline.", b"from memscribe."))
    spec = importlib.util.spec_from_file_location("redact_before", tmp)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    find = mod.find_secrets

    def scan(path: Path) -> list[Span]:
        return [(f.start, f.end) for f in find(_read(path))]

    return scan


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


def _line_starts(text: str) -> list[int]:
    return [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]


def _protected_lines(doc: Doc) -> set[int]:
    """Lines (1-based) a ``true`` or ``null`` label covers: a finding there is no false positive."""
    protected: set[int] = set()
    for d in doc.labels:
        if d["secret"] is not False:
            protected.update(range(int(d["line"]), int(d["line_end"]) + 1))  # type: ignore[call-overload]
    return protected


def _touched_lines(starts: list[int], findings: list[Span]) -> set[int]:
    """Lines (1-based) a finding touches."""
    touched: set[int] = set()
    for fs, fe in findings:
        touched.update(
            range(bisect.bisect_right(starts, fs), bisect.bisect_right(starts, max(fs, fe - 1)) + 1)
        )
    return touched


def score(doc: Doc, findings: list[Span]) -> Score:
    s = Score()
    text = doc.text
    starts = _line_starts(text)
    n_lines = len(starts) - (1 if text.endswith("\n") else 0)
    protected = _protected_lines(doc)
    true_spans: list[Span] = []
    null_spans: list[Span] = []
    for d in doc.labels:
        start, end = int(d["start"]), int(d["end"])  # type: ignore[call-overload]
        hit = any(fs < end and start < fe for fs, fe in findings)
        if d["secret"] is True:
            true_spans.append((start, end))
            covered = set()
            for fs, fe in findings:
                covered.update(range(max(fs, start), min(fe, end)))
            if (
                d.get("category") != "pii"
                and d.get("span") != "case"
                and any(i not in covered and not text[i].isspace() for i in range(start, end))
            ):
                s.leaked += 1
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
    for fs, fe in findings:
        if any(fs < e and s_ < fe for s_, e in true_spans):
            s.findings_true += 1
        elif not any(fs < e and s_ < fe for s_, e in null_spans):
            s.findings_false += 1
    s.benign_lines = n_lines - len(protected & set(range(1, n_lines + 1)))
    s.fp_lines = len(_touched_lines(starts, findings) - protected)
    return s


def run_tool(scan: Callable[[Path], list[Span]], docs: Iterable[Doc]) -> tuple[dict[str, Score], float]:
    """Scores per ``corpus/split`` and the CPU seconds the scans took."""
    per: dict[str, Score] = defaultdict(Score)
    found: list[tuple[Doc, list[Span]]] = []
    t0 = time.process_time()
    for doc in docs:
        found.append((doc, scan(doc.path)))
    elapsed = time.process_time() - t0
    for doc, spans in found:
        per[f"{doc.corpus}/{doc.split}"].add(score(doc, spans))
    return per, elapsed


def warm_times(
    tools: dict[str, Callable[[Path], list[Span]]], docs: Sequence[Doc], repeats: int
) -> dict[str, float]:
    """Each tool's median CPU seconds over ``repeats`` more passes of every file, the tools
    interleaved pass by pass, after the scoring pass warmed them all: the first tool of a cold
    run pays for compiling regexes and filling caches the later ones share, which biased the
    one-pass ratio (8-15% either way depending on the order)."""
    if repeats < 1:
        return {}
    times: dict[str, list[float]] = {name: [] for name in tools}
    for _ in range(repeats):
        for name, scan in tools.items():
            t0 = time.process_time()
            for doc in docs:
                scan(doc.path)
            times[name].append(time.process_time() - t0)
    return {name: statistics.median(secs) for name, secs in times.items()}


def false_positive_lines(doc: Doc, findings: list[Span]) -> list[int]:
    """Lines (1-based) that a finding touches and no ``true``/``null`` label covers."""
    return sorted(_touched_lines(_line_starts(doc.text), findings) - _protected_lines(doc))


def print_dev_fps(docs: Iterable[Doc]) -> None:
    """memscribe's false-positive lines, dev split only, with the detector that fired, the shape
    of the value it masked (:func:`fp_shapes.value_shape`: what a value decision must tell
    apart) and, for a gitleaks case, the rule whose ``fps`` list it comes from (a negative for
    that rule's shape, which is not always a non-secret); then the count per corpus and
    detector, and per corpus and shape."""
    print("\nmemscribe false positives, dev split (validation not listed):")
    causes: Counter[str] = Counter()
    shapes: Counter[str] = Counter()
    for doc in docs:
        if doc.split != "dev":
            continue
        found = find_secrets(doc.text)
        lines = doc.text.split("\n")
        for n in false_positive_lines(doc, [(f.start, f.end) for f in found]):
            on_line = [f for f in found if doc.text.count("\n", 0, f.start) + 1 == n]
            types = sorted({f.type for f in on_line})
            kinds = sorted({value_shape(doc.text[f.start : f.end]) for f in on_line})
            causes[f"{doc.corpus} [{', '.join(types)}]"] += 1
            shapes[f"{doc.corpus} <{', '.join(kinds)}>"] += 1
            rule = f" <- gitleaks {doc.rule}" if doc.rule else ""
            print(
                f"  {doc.corpus} {doc.path.name}:{n} [{', '.join(types)}] <{', '.join(kinds)}>{rule} "
                f"{lines[n - 1][:160]!r}"
            )
    for cause, n in [*causes.most_common(), *shapes.most_common()]:
        print(f"  {n:4d}  {cause}")


# --------------------------------------------------------------------------- report


def _fmt(x: float, digits: int = 3) -> str:
    return "  n/a" if x != x else f"{x:.{digits}f}"


def _ratio(a: float, b: float) -> str:
    if a != a or b != b:
        return "n/a"
    if b == 0:
        return "inf" if a else "="
    return f"{a / b:.2f}x"


def main() -> int:  # noqa: C901 - one report, read top to bottom
    ap = argparse.ArgumentParser(description="memscribe redaction, before/after, vs detect-secrets")
    ap.add_argument("--seed", type=int, default=7, help="generated corpus seed (validation: seed + 1)")
    ap.add_argument("--sessions", type=int, default=40, help="generated transcript sessions per split")
    ap.add_argument("--shapes", type=int, default=40, help="config-shape documents per split")
    ap.add_argument("--before", default="409e2f9", help="git ref of the redaction to compare with")
    ap.add_argument(
        "--tree",
        action="append",
        default=[],
        help="also run pipeline/redaction as it was at this git ref (repeatable), e.g. the last release",
    )
    ap.add_argument(
        "--repeats",
        type=int,
        default=3,
        help="timed passes per tool after the scoring pass, interleaved; throughput is their median "
        "(0: the scoring pass alone, cold)",
    )
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument(
        "--dev-fps",
        action="store_true",
        help="also list memscribe's false-positive lines on the dev split of the shared corpora "
        "(never the validation split, which is not read to choose rules)",
    )
    a = ap.parse_args()

    tools: dict[str, Callable[[Path], list[Span]]] = {}
    if (before := before_scanner(a.before)) is not None:
        tools[f"before {a.before}"] = before
    for ref in a.tree:
        if (pkg := package_at(ref, "pipeline/redaction", "memscribe.redaction")) is not None:
            tools[f"at {ref}"] = (lambda f: lambda path: [(x.start, x.end) for x in f(_read(path))])(
                pkg.find_secrets
            )
    tools["memscribe"] = memscribe_scan
    ds_scan = detect_secrets_scanner()
    if ds_scan is None:
        print(
            "note: detect-secrets (the baseline) is not installed: .venv/bin/pip install -e '.[bench]'",
            file=sys.stderr,
        )
    else:
        tools["detect-secrets"] = ds_scan

    with tempfile.TemporaryDirectory(prefix="memscribe-bench-") as tmp:
        docs: list[Doc] = []
        if SECRETS.is_dir():
            for corpus in SHARED:
                docs += load_shared(corpus, Path(tmp))
        else:
            print(f"note: {SECRETS} not found; generated corpora only", file=sys.stderr)
        for split, seed in (("dev", a.seed), ("validation", a.seed + 1)):
            docs += load_generated(Path(tmp), seed, a.sessions, split)
            docs += load_shapes(Path(tmp), seed, a.shapes, split)
        size_mb = sum(d.path.stat().st_size for d in docs) / 1e6
        n_lines = sum(d.text.count("\n") for d in docs)
        results = {name: run_tool(scan, docs) for name, scan in tools.items()}
        cold = {name: secs for name, (_, secs) in results.items()}
        warm = warm_times(tools, docs, a.repeats)
        if a.dev_fps:
            print_dev_fps(d for d in docs if d.split == "dev" and d.corpus in SHARED)

    print(
        f"corpus: {len(docs)} files, {size_mb:.2f} MB, {n_lines} lines; generated seeds {a.seed} (dev), {a.seed + 1} (validation)"
    )
    out: dict[str, object] = {"size_mb": size_mb, "seed": a.seed, "sessions": a.sessions}
    corpora = [*SHARED, "generated", "shapes"]
    header = f"{'corpus':<24}{'tool':<18}{'recall':>8}{'caught':>11}{'leak':>7}{'precision':>10}{'FP/1k':>8}{'hard-neg':>10}"
    for split in SPLITS:
        print(f"\n== {split}{'  <- read this one' if split == 'validation' else ''}")
        print(header)
        print("-" * len(header))
        for corpus in [*corpora, "transcripts+generated"]:
            for tool in tools:
                per, _ = results[tool]
                if corpus == "transcripts+generated":
                    s = Score()
                    for c in TRANSCRIPT_CORPORA:
                        if f"{c}/{split}" in per:
                            s.add(per[f"{c}/{split}"])
                elif f"{corpus}/{split}" in per:
                    s = per[f"{corpus}/{split}"]
                else:
                    continue
                print(
                    f"{corpus:<24}{tool:<18}{_fmt(s.recall):>8}{f'{s.caught}/{s.positives}':>11}"
                    f"{_fmt(s.leak_rate, 2):>7}{_fmt(s.precision):>10}{_fmt(s.fp_per_kline, 2):>8}"
                    f"{f'{s.hard_hit}/{s.hard}':>10}"
                )
                out[f"{split}/{corpus}/{tool}"] = {
                    "recall": s.recall,
                    "leak_rate": s.leak_rate,
                    "caught": s.caught,
                    "positives": s.positives,
                    "precision": s.precision,
                    "fp_per_1k_benign_lines": s.fp_per_kline,
                    "hard_negatives_hit": s.hard_hit,
                    "hard_negatives": s.hard,
                    "missed_types": dict(s.missed),
                }
    first = {tool: size_mb / secs if secs else float("inf") for tool, secs in cold.items()}
    speeds = {tool: size_mb / secs if secs else float("inf") for tool, secs in warm.items()} or first
    print("\nthroughput (CPU), first pass: " + ", ".join(f"{t} {v:.2f} MB/s" for t, v in first.items()))
    if warm:
        print(
            f"throughput (CPU), warm, median of {a.repeats} interleaved passes: "
            + ", ".join(f"{t} {v:.2f} MB/s" for t, v in speeds.items())
        )
    if "detect-secrets" in speeds:
        print(
            f"memscribe / detect-secrets throughput: {_ratio(speeds['memscribe'], speeds['detect-secrets'])}"
            f" (first pass: {_ratio(first['memscribe'], first['detect-secrets'])})"
        )
    m = Score()
    for c in TRANSCRIPT_CORPORA:
        for split in SPLITS:
            if f"{c}/{split}" in results["memscribe"][0]:
                m.add(results["memscribe"][0][f"{c}/{split}"])
    targets = {
        "transcripts recall >= 0.95": m.recall >= 0.95,
        "leak <= 0.02": m.leak_rate <= 0.02,
        "FP/1k benign lines <= 1": m.fp_per_kline <= 1,
    }
    if "detect-secrets" in speeds:
        targets["throughput >= 10x detect-secrets"] = speeds["memscribe"] >= 10 * speeds["detect-secrets"]
    print(
        "targets (transcripts+generated, both splits): "
        + "   ".join(f"{k}: {'met' if v else 'NOT met'}" for k, v in targets.items())
    )
    for split in SPLITS:
        if (g := results["memscribe"][0].get(f"gitleaks/{split}")) is not None:
            ok = g.recall >= 0.75 and g.fp_per_kline <= 10
            targets[f"scanner samples {split}: recall >= 0.75 at FP/1k <= 10"] = ok
            print(
                f"target (gitleaks/{split}): recall {_fmt(g.recall)} at FP/1k {_fmt(g.fp_per_kline, 2)}: "
                f"{'met' if ok else 'NOT met'}"
            )
    if m.missed:
        print("memscribe misses by type: " + ", ".join(f"{k} {v}" for k, v in sorted(m.missed.items())))
    out.update({"throughput_mb_s": speeds, "throughput_first_pass_mb_s": first, "targets": targets})
    if a.json:
        a.json.write_text(json.dumps(out, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
