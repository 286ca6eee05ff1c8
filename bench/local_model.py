"""A real small local model, per output mode: written / skipped by reason / calls / seconds.

Replays the recorded answers of a real model (``fixtures/recorded/<model>/``, recorded with
``memscribe eval … --paths local --model M --api-base URL``) through the whole pipeline, unit by
unit, and prints one row per recorded mode: memories written, candidates and windows skipped by
reason, model calls, and the seconds those calls took live (from ``calls/<key>.json``). Units
whose prompts were not all recorded are counted apart (``unrecorded``), never scored as empty.

    .venv/bin/python bench/local_model.py [--recorded DIR ...] [--data fixtures/eval/authored/val]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    from memscribe.evaluation.datasets import load_agent
    from memscribe.evaluation.recorded import read_meta, recorded_model_factory
    from memscribe.evaluation.runner import run_unit
    from memscribe.evaluation.scoring import figures, score

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--recorded", type=Path, nargs="*", default=sorted((REPO / "fixtures" / "recorded").glob("*/"))
    )
    parser.add_argument("--data", type=Path, default=REPO / "fixtures" / "eval" / "authored" / "val")
    parser.add_argument(
        "--prune", action="store_true", help="delete recorded answers no prompt of this run asked for"
    )
    args = parser.parse_args()
    units = load_agent(args.data / "agent")
    header = f"{'cassettes':38} {'mode':8} {'units':>5} {'unrec':>5} {'written':>7} {'calls':>5} {'call s':>7}  skipped by reason"
    print(f"set: {args.data}")
    print(header)
    for folder in args.recorded:
        meta = read_meta(folder)
        make, completion, _ = recorded_model_factory(folder)
        written = calls = 0
        skipped: Counter[str] = Counter()
        total: Counter[str] = Counter()
        complete = 0
        unrecorded = 0
        for unit in units:
            before = len(completion.unanswered)
            outcome = run_unit(unit, make)
            if len(completion.unanswered) > before:
                unrecorded += 1
                continue
            complete += 1
            total.update(score(outcome))
            for step in outcome.steps:
                written += step.writes
                calls += step.llm_calls
                skipped.update(step.skipped)
        seconds = 0.0
        for call in (folder / "calls").glob("*.json"):
            if (folder / "answers" / call.name).is_file():
                seconds += float(json.loads(call.read_text(encoding="utf-8")).get("seconds") or 0.0)
        if args.prune:
            for sub in ("answers", "calls", "errors"):
                for path in (folder / sub).glob("*.json"):
                    if path.stem not in completion.used:
                        path.unlink()
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(skipped.items()))
        print(
            f"{folder.name:38} {meta.get('mode', '?'):8} {complete:>5} {unrecorded:>5} {written:>7} "
            f"{calls:>5} {seconds:>7.0f}  {reasons}"
        )
        f = figures(total)
        print(
            f"  scored on the {complete} fully recorded units: profile P/R/F1 "
            f"{_fmt(f['profile_precision'])}/{_fmt(f['profile_recall'])}/{_fmt(f['profile_f1'])}, playbook F1 "
            f"{_fmt(f['playbook_f1'])}, false playbooks {f['false_playbooks']}, unsafe "
            f"{total['secrets_leaked'] + total['injected_stored']}"
        )
    return 0


def _fmt(value: object) -> str:
    return "-" if value is None else f"{float(value):.2f}"  # type: ignore[arg-type]


if __name__ == "__main__":
    raise SystemExit(main())
