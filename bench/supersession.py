"""Supersession and duplicates on labelled agent sets (embedded default): four numbers.

For every unit with seeded memories, after the whole pipeline ran into a fresh seeded root:

* **done** — an expected supersession happened: the old memory is archived and a new memory
  lists it in ``supersedes`` (whichever new memory it is);
* **stale** — an old memory the labels say is outdated is still active;
* **duplicates** — a written memory restates a seeded memory the labels say to keep;
* **wrong** — a seeded memory the labels do not say is outdated was archived (worse than a miss).

Only totals are printed (safe on a validation split); ``--details`` lists the units that
contribute (development sets only). ``MEMSCRIBE_SEMANTIC=off`` measures the lexical rule alone.

    python bench/supersession.py [authored-dev|authored-val|agent|DIR] [--details]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SETS = {
    "authored-dev": REPO / "fixtures" / "eval" / "authored" / "dev",
    "authored-val": REPO / "fixtures" / "eval" / "authored" / "val",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dataset", nargs="?", default="authored-dev")
    parser.add_argument("--details", action="store_true", help="per-unit lines (never on validation)")
    args = parser.parse_args()
    from memscribe import semantic
    from memscribe.evaluation.datasets import default_data_dir, load
    from memscribe.evaluation.matching import keyword_match
    from memscribe.evaluation.runner import run_unit
    from memscribe.model.factory import make_model

    if args.dataset == "agent":
        data_dir = default_data_dir()
    else:
        data_dir = SETS.get(args.dataset, Path(args.dataset))
    units = [u for u in load("agent", data_dir) if u.seed]
    total: Counter[str] = Counter()
    for unit in units:
        outcome = run_unit(unit, lambda: make_model(None))
        expected = unit.gold.get("expected", {})
        outdated = {rule["old_id"] for rule in expected.get("supersedes", [])}
        active = {e.id for e in outcome.active}
        superseded = {old for e in outcome.active if e.id not in outcome.seed_ids for old in e.supersedes}
        counts: Counter[str] = Counter()
        for old in outdated:
            counts["expected"] += 1
            if old not in active and old in superseded:
                counts["done"] += 1
            if old in active:
                counts["stale"] += 1
        for seed in unit.seed:
            if seed.id not in outdated and seed.id not in active:
                counts["wrong"] += 1
            if seed.id in expected.get("not_rewritten", []) and (seed.all_of or seed.any_of):
                counts["duplicates"] += sum(
                    1
                    for w in outcome.written(seed.kind)
                    if keyword_match(w.body, list(seed.all_of), list(seed.any_of))
                )
        total.update(counts)
        if (
            args.details
            and args.dataset != "authored-val"
            and (counts["done"] != counts["expected"] or counts["wrong"] or counts["duplicates"])
        ):
            print(f"  {unit.name}: {dict(counts)}")
    print(f"set {args.dataset}: {len(units)} units with seeded memory; semantic: {semantic.name() or 'off'}")
    print(
        f"supersessions done {total['done']}/{total['expected']} · stale left active {total['stale']} · "
        f"duplicates written {total['duplicates']} · wrongly superseded {total['wrong']}"
    )


if __name__ == "__main__":
    main()
