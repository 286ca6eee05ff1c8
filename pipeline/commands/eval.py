"""``memscribe eval``: run the whole pipeline on a labelled dataset and score what it wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import ApiBase, JsonOpt, ModelOpt, ModeOpt, TimeoutOpt, echo_json, fail
from memscribe.errors import MemscribeError

DATASET_HELP = "agent, msc, memorycode, or all."


def eval_command(
    dataset: Annotated[str, typer.Argument(help=DATASET_HELP)] = "all",
    model: ModelOpt = None,
    api_base: ApiBase = None,
    as_json: JsonOpt = False,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            envvar="MEMSCRIBE_EVAL_DATA",
            help="Folder holding agent/, msc/, memorycode/. Default: <repo>/../shared/data/eval.",
        ),
    ] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="Run only the first N units.")] = None,
    sample: Annotated[
        int | None,
        typer.Option(
            "--sample", help="MSC: N positive units (fixed seed) plus every negative one; default all."
        ),
    ] = None,
    details: Annotated[bool, typer.Option("--details", help="With --json: per-unit counters.")] = False,
    mode: ModeOpt = "json_schema",
    timeout: TimeoutOpt = 120.0,
) -> None:
    """Score extraction quality on a labelled dataset (full pipeline into fresh temporary roots).

    Prints one table per dataset: the whole set and each category. With no --model the embedded
    default runs (deterministic, offline); --model/--api-base evaluate any OpenAI-compatible model.
    """
    from memscribe.errors import UserError
    from memscribe.evaluation import DATASETS, evaluate
    from memscribe.evaluation.report import table
    from memscribe.model.factory import make_model

    chosen = list(DATASETS) if dataset == "all" else [dataset]
    try:
        if any(d not in DATASETS for d in chosen):
            raise UserError(f"unknown dataset {dataset!r}; choose one of {DATASET_HELP}")
        try:
            probe = make_model(model, api_base=api_base, mode=mode, timeout=timeout)
        except ValueError as exc:
            raise UserError(str(exc)) from exc
        reports = []
        for name in chosen:
            reports.append(
                evaluate(
                    name,
                    lambda: make_model(model, api_base=api_base, mode=mode, timeout=timeout),
                    model_name=probe.name,
                    data_dir=data_dir,
                    limit=limit,
                    sample=sample,
                )
            )
            if not as_json:
                typer.echo(table(reports[-1]) + "\n")
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json([r.to_json(details=details) for r in reports])


def register(app: typer.Typer) -> None:
    app.command("eval")(eval_command)
