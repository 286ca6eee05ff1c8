"""Quick scorer for the embedded extractor on the labelled agent set (no store, no dedup).

Runs ``read_transcript`` + ``embedded_rules.extract`` on every ``*.labels.json`` transcript and applies
the README's matching rule to candidate text (profile body; playbook When + What + Why). Playbooks
whose confirmation is ``none`` count as not written. Candidates that restate an existing memory
listed in ``not_rewritten`` are reported as ``dup`` (the dedup stage is expected to drop them) and
are not counted as false positives.

Usage: python bench/eval_embedded.py [DATA_DIR] [-v]
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

from pipeline.model.embedded_rules import extract
from pipeline.transcript import read_transcript

DEFAULT_DIR = Path("/work/shared/data/eval/agent")


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def matches(text: str, item: dict[str, Any]) -> bool:
    t = norm(text)
    if not all(norm(k) in t for k in item.get("all_of", [])):
        return False
    any_of = item.get("any_of", [])
    return not any_of or any(norm(k) in t for k in any_of)


def score(written: list[str], expected: list[dict[str, Any]]) -> tuple[int, int, list[int], list[str]]:
    """Return (tp, fn, unmatched written indices, missed ids)."""
    used: set[int] = set()
    tp = fn = 0
    missed: list[str] = []
    ordered = [e for e in expected if not e.get("optional")] + [e for e in expected if e.get("optional")]
    for item in ordered:
        hit = next((i for i, w in enumerate(written) if i not in used and matches(w, item)), None)
        if hit is not None:
            used.add(hit)
            tp += 0 if item.get("optional") else 1
        elif not item.get("optional"):
            fn += 1
            missed.append(str(item.get("id")))
    return tp, fn, [i for i in range(len(written)) if i not in used], missed


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    root = Path(args[0]) if args else DEFAULT_DIR
    totals = {"p": [0, 0, 0], "b": [0, 0, 0]}
    forbidden_hits = dups = 0
    print(f"{'file':<48} {'prof TP/FP/FN':>14} {'pb TP/FP/FN':>12} {'dup':>4} {'forb':>5}")
    for labels_path in sorted(root.glob("*.labels.json")):
        labels = json.loads(labels_path.read_text())
        transcript = read_transcript(str(root / labels["transcript"]))
        det = extract(transcript.turns)
        prof = [p.body for p in det.profiles]
        pbs = [f"{b.when}\n{b.what}\n{b.why}" for b in det.playbooks if b.confirmation != "none"]
        existing = {m["id"]: m for m in labels.get("existing_memory", [])}
        keep = [existing[i] for i in labels["expected"].get("not_rewritten", []) if i in existing]

        ptp, pfn, p_unmatched, p_missed = score(prof, labels["expected"]["profiles"])
        btp, bfn, b_unmatched, b_missed = score(pbs, labels["expected"]["playbooks"])
        file_dups = [i for i in p_unmatched if any(matches(prof[i], m) for m in keep)]
        pfp_idx = [i for i in p_unmatched if i not in file_dups]
        dups += len(file_dups)
        hits: list[str] = []
        for kind, texts, unmatched, all_texts in (
            ("profiles", prof, pfp_idx, prof),
            ("playbooks", pbs, b_unmatched, pbs),
        ):
            for pat in labels["forbidden"].get(kind, []):
                pool = all_texts if pat.get("kind") == "injection" else [texts[i] for i in unmatched]
                hits += [
                    f"{kind}:{pat.get('kind')}:{w[:60]!r}"
                    for w in pool
                    if any(norm(k) in norm(w) for k in pat["any_of"])
                ]
        every = prof + pbs
        hits += [
            f"secret:{s[:8]}" for s in labels["forbidden"].get("strings", []) if any(s in w for w in every)
        ]
        forbidden_hits += len(hits)
        for key, (tp, fp, fn) in (("p", (ptp, len(pfp_idx), pfn)), ("b", (btp, len(b_unmatched), bfn))):
            totals[key] = [a + b for a, b in zip(totals[key], (tp, fp, fn), strict=True)]
        print(
            f"{labels_path.name[:48]:<48} {ptp:>4}/{len(pfp_idx)}/{pfn:<6}"
            f" {btp:>4}/{len(b_unmatched)}/{bfn:<4}"
            f" {len(file_dups):>4} {len(hits):>5}"
        )
        if verbose:
            for i in pfp_idx:
                print(f"    FP profile: {prof[i]}")
            for i in b_unmatched:
                print(f"    FP playbook: {pbs[i]!r}")
            for m in p_missed + b_missed:
                print(f"    missed: {m}")
            for h in hits:
                print(f"    FORBIDDEN {h}")
    for key, name in (("p", "profiles"), ("b", "playbooks")):
        tp, fp, fn = totals[key]
        p, r, f = prf(tp, fp, fn)
        print(f"{name:<10} TP={tp} FP={fp} FN={fn}  P={p:.2f} R={r:.2f} F1={f:.2f}")
    print(f"duplicates of existing memories (left to dedup): {dups}; forbidden hits: {forbidden_hits}")


if __name__ == "__main__":
    main()
