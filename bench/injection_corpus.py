"""The injection development corpus (``../shared/data/injection``) and its fixed three-way split.

The corpus ships no split, so each sample goes by a hash of its id: 60% ``train`` (weights),
20% ``threshold`` (the decision threshold and nothing else), 20% ``validation`` (reported
only; never used to choose a rule, a weight or a threshold).

:func:`load` adds the clean documents of ``fixtures/guard/clean_documents.jsonl`` (paragraphs
of installed packages' READMEs and of the standard library, see ``bench/clean_documents.py``)
as category ``package_document``, split by a hash of their source (a distribution or a
module), so the validation part holds sources no training row came from.

It also adds the independently authored samples of ``fixtures/guard/authored_samples.jsonl``
(benign statements, hard negatives, user rules, clean documents and attacks, about half not in
English; ``source`` ``authored``), and those of ``fixtures/guard/authored_samples_2.jsonl``
(two later authors; ``source`` ``authored-2``), split by the same hash of their id. Their categories are
the corpus's own: ``benign``/``hard_negative``/``user_rule`` count as user statements,
``benign_document`` as clean documents, attacks by their category (``indirect`` as indirect).

Last come the benign user statements of ``fixtures/guard/dev_user_statements.jsonl`` (``source``
``authored-dev``; see ``fixtures/guard/README.md``), written as development data for the
classifier: they go to ``train`` or ``threshold`` only (:func:`dev_split_of`), never to
``validation``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
INJECTION = REPO.parent / "shared" / "data" / "injection"
PACKAGE_DOCS = REPO / "fixtures" / "guard" / "clean_documents.jsonl"
AUTHORED = REPO / "fixtures" / "guard" / "authored_samples.jsonl"
#: More authored samples, by two later authors writing from one brief (see fixtures/guard/README.md).
AUTHORED_2 = REPO / "fixtures" / "guard" / "authored_samples_2.jsonl"
#: Attacks, user statements and documents by two more authors (ids ``gc-*``, ``gd-*``), written as
#: development data only (never in ``validation``; see fixtures/guard/README.md).
AUTHORED_3 = REPO / "fixtures" / "guard" / "dev_authored_samples_3.jsonl"
#: ``Sample.source`` of those samples.
AUTHORED_3_SOURCE = "authored-3"
#: Benign user statements written as development data only (never in ``validation``).
DEV_STATEMENTS = REPO / "fixtures" / "guard" / "dev_user_statements.jsonl"
#: ``Sample.source`` of those statements.
DEV_STATEMENTS_SOURCE = "authored-dev"
#: Benign user sentences written for the durable-fact corpus (``fixtures/persona``).
PERSONA = REPO / "fixtures" / "persona"
#: ``Sample.source`` of those sentences.
PERSONA_SOURCE = "persona"
#: ``Sample.source`` of the authored samples (the rest come from the corpus's sources).
AUTHORED_SOURCE = "authored"
#: ``Sample.source`` of the later authors' samples.
AUTHORED_2_SOURCE = "authored-2"

#: Categories that are things a user says to an agent (the ≤ 1% false-positive budget).
USER_STATEMENTS = frozenset({"benign", "user_rule", "hard_negative"})
#: Clean documents of the kinds that carry indirect injections (the ≤ 2% budget).
CLEAN_DOCUMENTS = frozenset({"benign_document"})
#: Clean documents nobody wrote for the guard: READMEs, docstrings and code (the ≤ 2% budget too).
PACKAGE_DOCUMENTS = frozenset({"package_document"})


@dataclass(frozen=True)
class Sample:
    id: str
    text: str
    injection: bool
    category: str
    source: str
    split: str


def split_of(sample_id: str) -> str:
    """``train`` / ``threshold`` / ``validation`` by the first byte of the id's SHA-256."""
    bucket = hashlib.sha256(sample_id.encode("utf-8")).digest()[0] % 10
    return "train" if bucket < 6 else "threshold" if bucket < 8 else "validation"


def dev_split_of(sample_id: str) -> str:
    """``train`` / ``threshold`` (3 : 1) by the first byte of the id's SHA-256: for samples
    written as development data, which never go to ``validation``."""
    bucket = hashlib.sha256(sample_id.encode("utf-8")).digest()[0] % 4
    return "train" if bucket < 3 else "threshold"


def _jsonl(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load(
    root: Path = INJECTION,
    *,
    package_docs: Path | None = PACKAGE_DOCS,
    authored: Path | None = AUTHORED,
    authored_2: Path | None = AUTHORED_2,
    dev_statements: Path | None = DEV_STATEMENTS,
    authored_3: Path | None = AUTHORED_3,
    persona: Path | None = None,
) -> list[Sample]:
    """Every labelled sample, in file order, then the package documents (when ``package_docs``),
    then the authored samples (when ``authored``, then ``authored_2``), then the development
    user statements (when ``dev_statements``), then (when ``persona``, for measuring only:
    the guard is not trained on them) the benign user sentences of ``fixtures/persona``."""
    texts: dict[str, str] = {}
    out = []
    for line in (root / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["file"] not in texts:
            with open(root / d["file"], encoding="utf-8", newline="") as fh:
                texts[d["file"]] = fh.read()
        text = texts[d["file"]][d["start"] : d["end"]]
        out.append(Sample(d["id"], text, bool(d["injection"]), d["category"], d["source"], split_of(d["id"])))
    if package_docs is not None and package_docs.is_file():
        for line in package_docs.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            out.append(
                Sample(
                    d["id"],
                    d["text"],
                    False,
                    "package_document",
                    d["source"],
                    split_of("clean:" + d["group"]),
                )
            )
    for path, source, split in (
        (authored, AUTHORED_SOURCE, split_of),
        (authored_2, AUTHORED_2_SOURCE, split_of),
        (dev_statements, DEV_STATEMENTS_SOURCE, dev_split_of),
        (authored_3, AUTHORED_3_SOURCE, dev_split_of),
    ):
        if path is not None and path.is_file():
            for d in _jsonl(path):
                sid = str(d["id"])
                out.append(
                    Sample(sid, str(d["text"]), bool(d["injection"]), str(d["category"]), source, split(sid))
                )
    if persona is not None and persona.is_dir():
        # the authors' labelled sentences only (the folder also holds probes of other shapes)
        for path in sorted(persona.glob("authored_*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    d = json.loads(line)
                    sid = "persona:" + d["id"]
                    # nothing is learnt or chosen from them: all of them are validation
                    out.append(Sample(sid, d["text"], False, "benign", PERSONA_SOURCE, "validation"))
    return out
