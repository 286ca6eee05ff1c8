"""Check that a change to the redaction finds exactly what a git revision's redaction finds.

    .venv/bin/python bench/redact_identity.py --before HEAD      # after a speed-up, before committing
    .venv/bin/python bench/redact_identity.py --before 6bf2563 --seeds 7 8 9 10

Runs ``pipeline/redaction`` at ``--before`` (loaded from git beside today's, :mod:`at_ref`) and
today's on every text of every corpus the redaction is measured on, and compares, text by text,
the findings (type and span) of ``find_secrets``, the masked text and findings of ``redact_text``
and, for the fixture transcripts, the redacted turns and redaction list of ``redact_transcript``:

- the shared corpora under ``<repo>/../shared/data/secrets`` (``transcripts``, ``detect-secrets``,
  ``gitleaks``: each file whole, and each gitleaks case alone as ``bench/redact.py`` scans it);
- the generated transcript corpus of ``bench/redact_corpus.py`` (``--seeds``, ``--sessions``);
- the config and code shapes of ``tests/support/secret_shapes.py`` (``--shapes`` documents per seed);
- the authored redaction sessions (``fixtures/redaction/authored``, marks removed) and the turn
  texts of the fixture transcripts the redaction tests use.

A text that differs is listed (corpus and name) only when it is in a dev split; a validation text
is counted, never shown. Exit status 1 when any text differs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402
from redact import SECRETS, SHARED, load_shared, split_of  # noqa: E402
from redact_authored import CORPUS as AUTHORED  # noqa: E402
from redact_authored import VALIDATION_AUTHORS, parse_marked  # noqa: E402
from redact_corpus import generate  # noqa: E402

import memscribe.redaction as today  # noqa: E402
from memscribe.transcript import parse_transcript  # noqa: E402
from tests.support.secret_shapes import corpus_transcripts, corpus_turn_texts  # noqa: E402
from tests.support.secret_shapes import document as shapes_document  # noqa: E402

#: ``(corpus, name, split, text)``
Text = tuple[str, str, str, str]


def texts(seeds: list[int], sessions: int, shapes: int) -> Iterator[Text]:
    """Every text the redaction is measured on (see the module docstring)."""
    if SECRETS.is_dir():
        with tempfile.TemporaryDirectory(prefix="memscribe-identity-") as tmp:
            for corpus in SHARED:
                for doc in load_shared(corpus, Path(tmp)):
                    yield corpus, doc.path.name, doc.split, doc.text
            for corpus in SHARED:  # the gitleaks files whole too (the cases are scanned one by one above)
                if corpus == "gitleaks":
                    for path in sorted((SECRETS / corpus).glob("*.txt")):
                        yield corpus, path.name, split_of(path.name), path.read_text(encoding="utf-8")
    for seed in seeds:
        split = "validation" if seed % 2 == 0 else "dev"  # bench/redact.py: seed (dev), seed + 1 (validation)
        for name, text, _ in generate(seed, sessions):
            yield "generated", f"{seed}/{name}", split, text
        rng = random.Random(seed)
        for i in range(shapes):
            yield "shapes", f"{seed}/{i}", split, shapes_document(rng)[0]
    for path in sorted(AUTHORED.glob("*.txt")):
        validation = path.name.startswith(VALIDATION_AUTHORS) or split_of(path.name) == "validation"
        yield (
            "authored",
            path.name,
            "validation" if validation else "dev",
            parse_marked(path.read_text("utf-8"))[0],
        )
    for i, text in enumerate(corpus_turn_texts()):
        yield "fixture-turns", str(i), "dev", text


def outcome(pkg: ModuleType, text: str) -> tuple[object, ...]:
    """What the redaction of ``pkg`` makes of ``text``: findings, and the masked text with its findings."""
    found = [(f.type, f.start, f.end) for f in pkg.find_secrets(text)]
    masked, mask_found = pkg.redact_text(text)
    contact = [(f.type, f.start, f.end) for f in pkg.find_secrets(text, redact_contact=True)]
    return found, masked, [(f.type, f.start, f.end) for f in mask_found], contact


def transcript_outcome(pkg: ModuleType, path: Path) -> tuple[object, ...]:
    """The redacted turns and the redaction list of ``redact_transcript`` for one fixture transcript."""
    labels = path.parent / (path.name.rsplit(".", 1)[0] + ".labels.json")
    fmt = json.loads(labels.read_text(encoding="utf-8")).get("format") if labels.is_file() else None
    transcript = parse_transcript(path.read_text(encoding="utf-8"), source=path.name, fmt=fmt)
    redacted, redactions = pkg.redact_transcript(transcript)
    turns = [(t.text, [c.arguments for c in t.tool_calls]) for t in redacted.turns]
    return turns, [(r.type, r.turn) for r in redactions]


def compare(before: ModuleType, seeds: list[int], sessions: int, shapes: int) -> int:
    """Compare ``before`` with today's redaction on every text; the number of texts that differ."""
    count: dict[str, int] = {}
    differ: dict[str, int] = {}
    hidden = 0
    checks: list[tuple[str, str, str, Callable[[ModuleType], tuple[object, ...]]]] = [
        (corpus, name, split, (lambda pkg, t=text: outcome(pkg, t)))
        for corpus, name, split, text in texts(seeds, sessions, shapes)
    ]
    for path in corpus_transcripts():
        if path.name.endswith(".labels.json"):
            continue
        checks.append(
            ("fixture-transcripts", path.name, "dev", lambda pkg, p=path: transcript_outcome(pkg, p))
        )
    for corpus, name, split, check in checks:
        count[corpus] = count.get(corpus, 0) + 1
        try:
            same = check(before) == check(today)
        except Exception as exc:  # noqa: BLE001 - a format the old code cannot read is not a difference
            if corpus == "fixture-transcripts":
                count[corpus] -= 1
                continue
            raise RuntimeError(f"{corpus} {name if split == 'dev' else '(validation)'}: {exc}") from exc
        if not same:
            differ[corpus] = differ.get(corpus, 0) + 1
            if split == "dev":
                print(f"DIFFERS {corpus} {name}")
            else:
                hidden += 1
    total = sum(count.values())
    print("texts compared: " + ", ".join(f"{c} {n}" for c, n in count.items()) + f"; total {total}")
    n_diff = sum(differ.values())
    print(f"differing: {n_diff}" + (f" ({hidden} in validation splits, not listed)" if hidden else ""))
    return n_diff


def main() -> int:
    ap = argparse.ArgumentParser(
        description="today's redaction vs a git revision's: identical findings and masks"
    )
    ap.add_argument("--before", default="HEAD", help="git revision of pipeline/redaction to compare with")
    ap.add_argument("--seeds", type=int, nargs="+", default=[7, 8], help="generated corpus and shapes seeds")
    ap.add_argument("--sessions", type=int, default=40, help="generated sessions per seed")
    ap.add_argument("--shapes", type=int, default=40, help="shape documents per seed")
    a = ap.parse_args()
    before = package_at(a.before, "pipeline/redaction", "memscribe.redaction")
    if before is None:
        print(f"no pipeline/redaction at {a.before}", file=sys.stderr)
        return 2
    return 1 if compare(before, a.seeds, a.sessions, a.shapes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
