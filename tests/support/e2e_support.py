"""Run a fixture transcript through the whole pipeline and snapshot what it wrote."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from memscribe.model.base import StructuredModel
from memscribe.run import extract
from memscribe.schemas.plan import Plan, WriteOp
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan
from memscribe.transcript import read_transcript

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"
TRANSCRIPTS = FIXTURES / "transcripts"
NOW = dt.datetime(2026, 11, 30, 12, 0, 0, tzinfo=dt.UTC)
FIXTURE_NAMES = sorted(p.name for p in TRANSCRIPTS.iterdir() if p.is_file())
UPDATE = os.environ.get("MEMSCRIBE_UPDATE_GOLDEN") == "1"


def stem(name: str) -> str:
    return name.split(".")[0]


def seed_memory(name: str, root: Path) -> None:
    seeded = FIXTURES / "memory" / stem(name)
    if seeded.is_dir():
        shutil.copytree(seeded, root, dirs_exist_ok=True)


def run_fixture(name: str, model: StructuredModel, root: Path) -> Plan:
    seed_memory(name, root)
    transcript = read_transcript(TRANSCRIPTS / name)
    memory = MemoryRoot(root)
    plan = extract(
        transcript,
        model=model,
        existing=memory.entries(),
        taken_ids=memory.taken_ids(),
        context_tokens=16000,
        now=NOW,
    )
    apply_plan(plan, root, now=NOW)
    return plan


def _id_map(plan: Plan) -> dict[str, str]:
    """New ids are random: name them by their order in the plan (prof_new1, pbk_new1, ...)."""
    mapping: dict[str, str] = {}
    counts: dict[str, int] = {}
    for op in plan.operations:
        if isinstance(op, WriteOp):
            prefix = op.id.split("_", 1)[0]
            counts[prefix] = counts.get(prefix, 0) + 1
            mapping[op.id] = f"{prefix}_new{counts[prefix]}"
    return mapping


def _normalize(text: str, mapping: dict[str, str]) -> str:
    for real, fake in mapping.items():
        text = text.replace(real, fake).replace(real.split("_", 1)[1], fake.split("_", 1)[1])
    return text


def snapshot(plan: Plan, root: Path) -> dict[str, Any]:
    """Every file under the root (journals and the lock excepted), with ids normalized."""
    mapping = _id_map(plan)
    files: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_dir() or rel.endswith(".lock") or "/.journal/" in f"/{rel}":
            continue
        files[_normalize(rel, mapping)] = _normalize(path.read_text(encoding="utf-8"), mapping)
    return {
        "files": files,
        "skipped": [f"{s.kind} {s.reason} {s.evidence}" for s in plan.skipped],
        "redaction_types": sorted({r.type for r in plan.redactions}),
        "llm_calls": plan.usage.llm_calls,
    }


def golden_path(name: str, variant: str) -> Path:
    return FIXTURES / "expected" / f"{stem(name)}.{variant}.json"


def check_golden(name: str, variant: str, actual: dict[str, Any]) -> None:
    path = golden_path(name, variant)
    if UPDATE:
        path.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert actual == expected


SECRET_RE = re.compile(
    r"sk-proj-4fJ9|AKIAQ7X2M4K9|ghp_Xy7Kp2|Sup3rS3cretPw|tok_9f8e7d6c|b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"
)
