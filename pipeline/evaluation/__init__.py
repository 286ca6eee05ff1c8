"""Evaluation harness: run the whole pipeline on labelled datasets and score what it wrote.

``evaluate(dataset, ...)`` loads the dataset's units (:mod:`.datasets`), runs each through
``run.extract`` + ``apply`` into a fresh, seeded temporary memory root (:mod:`.runner`), scores the
memory files against the labels (:mod:`.scoring`, with the matching rules of :mod:`.matching`) and
returns per-unit counters plus their sums per dataset and per category (:mod:`.report` prints them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memscribe.evaluation.datasets import DATASETS, Unit, default_data_dir, load
from memscribe.evaluation.runner import ModelFactory, Outcome, run_unit
from memscribe.evaluation.scoring import Counts, figures, score


@dataclass
class UnitResult:
    name: str
    categories: tuple[str, ...]
    counts: Counts
    written: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@dataclass
class DatasetReport:
    dataset: str
    model: str
    units: list[UnitResult] = field(default_factory=list)

    def total(self) -> Counts:
        out: Counts = Counter()
        for u in self.units:
            out.update(u.counts)
        return out

    def by_category(self) -> dict[str, Counts]:
        cats: dict[str, Counts] = {}
        for u in self.units:
            for cat in u.categories:
                cats.setdefault(cat, Counter()).update(u.counts)
        return dict(sorted(cats.items()))

    def to_json(self, *, details: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dataset": self.dataset,
            "model": self.model,
            "figures": figures(self.total()),
            "counts": dict(sorted(self.total().items())),
            "categories": {k: figures(v) for k, v in self.by_category().items()},
        }
        if details:
            data["units"] = [
                {
                    "name": u.name,
                    "categories": list(u.categories),
                    "counts": dict(sorted(u.counts.items())),
                    "written": u.written,
                    "errors": u.errors,
                }
                for u in self.units
            ]
        return data


def evaluate_units(
    dataset: str,
    units: Sequence[Unit],
    make_model: ModelFactory,
    *,
    model_name: str,
    progress: Callable[[int, int], None] | None = None,
) -> DatasetReport:
    report = DatasetReport(dataset=dataset, model=model_name)
    for number, unit in enumerate(units, start=1):
        outcome: Outcome = run_unit(unit, make_model)
        report.units.append(
            UnitResult(
                name=unit.name,
                categories=unit.categories,
                counts=score(outcome),
                written=[f"{e.kind}: {e.body}" for e in outcome.active if e.id not in outcome.seed_ids],
                errors=[f"{s.name}: {s.error}" for s in outcome.steps if s.error],
            )
        )
        if progress is not None:
            progress(number, len(units))
    return report


def evaluate(
    dataset: str,
    make_model: ModelFactory,
    *,
    model_name: str,
    data_dir: Path | None = None,
    limit: int | None = None,
    sample: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DatasetReport:
    """Load ``dataset`` from ``data_dir`` (default ``../shared/data/eval``), run and score every unit."""
    units = load(dataset, data_dir or default_data_dir(), limit=limit, sample=sample)
    kind = "msc" if dataset == "msc-val" else dataset  # a split of MSC, scored and shown as MSC
    return evaluate_units(kind, units, make_model, model_name=model_name, progress=progress)


__all__ = ["DATASETS", "DatasetReport", "UnitResult", "default_data_dir", "evaluate", "evaluate_units"]
