"""``memscribe eval``: run the whole pipeline on a labelled dataset and score what it wrote."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from memscribe.cli_common import ApiBase, JsonOpt, ModelOpt, ModeOpt, TimeoutOpt, echo_json, fail
from memscribe.errors import MemscribeError

DATASET_HELP = (
    "agent, msc, memorycode, all (those three), msc-val (MSC's validation split: dialogues no dev "
    "sample draws, embedded path), or the project's authored agent sessions: "
    "authored-dev, authored-val (the validation split: nothing is tuned on it), authored-test (a "
    "held-out split, read once per stop in aggregate), authored."
)
REPO = Path(__file__).resolve().parents[2]
#: Authored agent sets in the repository: name → folder holding ``agent/``.
AUTHORED = {
    "authored-dev": REPO / "fixtures" / "eval" / "authored" / "dev",
    "authored-val": REPO / "fixtures" / "eval" / "authored" / "val",
    "authored-test": REPO / "fixtures" / "eval" / "authored" / "test",
}
DEFAULT_STANDIN = REPO / "fixtures" / "standin"
#: The real small local model's recorded answers (issue 18): Qwen2.5-Coder-1.5B-Instruct Q4_K_M on
#: llama-cpp-python's server, CPU.
DEFAULT_RECORDED = REPO / "fixtures" / "recorded" / "qwen2.5-coder-1.5b-q4km"


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
            "--sample",
            help="MSC: N positive units (fixed seed) plus every negative one; default all but the "
            "validation split's dialogues (msc-val).",
        ),
    ] = None,
    details: Annotated[bool, typer.Option("--details", help="With --json: per-unit counters.")] = False,
    mode: ModeOpt = "json_schema",
    timeout: TimeoutOpt = 120.0,
    paths: Annotated[
        str,
        typer.Option(
            "--paths",
            help="Comma-separated paths to run side by side: embedded, standin (strong-model answers "
            "replayed from --standin), local (a real small model's answers replayed from --recorded; "
            "with --model/--api-base, prompts with no recording are sent to that server and recorded), "
            "model (--model). Default: embedded, or model with --model.",
        ),
    ] = "",
    standin: Annotated[
        Path,
        typer.Option("--standin", help="Stand-in folder (answers/, requests/) for the standin path."),
    ] = DEFAULT_STANDIN,
    recorded: Annotated[
        Path,
        typer.Option(
            "--recorded", help="Recorded-model cassette folder (meta.json, answers/) for the local path."
        ),
    ] = DEFAULT_RECORDED,
    html_out: Annotated[
        Path | None, typer.Option("--html", help="Also write an HTML report (tables and charts) here.")
    ] = None,
) -> None:
    """Score extraction quality on a labelled dataset (full pipeline into fresh temporary roots).

    Prints one table per dataset: the whole set and each category. With no --model the embedded
    default runs (deterministic, offline); --model/--api-base evaluate any OpenAI-compatible model.
    """
    from memscribe.errors import UserError
    from memscribe.evaluation import DATASETS, evaluate
    from memscribe.evaluation.compare import Evaluated, html_report, side_by_side
    from memscribe.evaluation.report import table

    sets = _chosen_sets(dataset, data_dir, DATASETS)
    groups: list[list[Evaluated]] = []
    try:
        if sets is None:
            raise UserError(f"unknown dataset {dataset!r}; choose one of {DATASET_HELP}")
        factories = _factories(paths, model, api_base, mode, timeout, standin, recorded)
        for set_name, name, folder in sets:
            group: list[Evaluated] = []
            for path_name, (make, model_name) in factories.items():
                report = evaluate(
                    name, make, model_name=model_name, data_dir=folder, limit=limit, sample=sample
                )
                group.append(Evaluated(set_name, path_name, report))
            groups.append(group)
            if not as_json:
                typer.echo((table(group[0].report) if len(group) == 1 else side_by_side(group)) + "\n")
        for path_name, (make, _) in factories.items():
            pending = getattr(make, "unanswered", None)
            if pending:
                typer.echo(
                    f"memscribe: note: {path_name}: {len(set(pending))} prompt(s) had no recorded answer "
                    + (
                        f"(saved under {standin / 'requests'}; answer them into answers/ and re-run)"
                        if path_name == "standin"
                        else f"(record them: --paths local --model M --api-base URL --recorded {recorded})"
                    ),
                    err=True,
                )
    except MemscribeError as exc:
        fail(exc)
    if html_out is not None:
        html_out.write_text(html_report(groups), encoding="utf-8")
    if as_json:
        echo_json(
            [
                dict(g.report.to_json(details=details), set=g.set_name, path=g.path)
                for group in groups
                for g in group
            ]
            if len(groups[0]) > 1 or any(g[0].set_name != g[0].report.dataset for g in groups)
            else [g[0].report.to_json(details=details) for g in groups]
        )


def _chosen_sets(
    dataset: str, data_dir: Path | None, known: tuple[str, ...]
) -> list[tuple[str, str, Path | None]] | None:
    """(set name, dataset kind, data folder) for each set ``dataset`` names; None if unknown."""
    if dataset == "all":
        return [(d, d, data_dir) for d in known]
    if dataset in known:
        return [(dataset, dataset, data_dir)]
    if dataset == "msc-val":
        return [(dataset, dataset, data_dir)]
    if dataset == "authored":
        return [(name, "agent", folder) for name, folder in AUTHORED.items()]
    if dataset in AUTHORED:
        return [(dataset, "agent", AUTHORED[dataset])]
    return None


class _Factory:
    """A picklable-enough model factory remembering which prompts had no stand-in answer."""

    def __init__(self, make: Callable[[], Any], completion: Any = None) -> None:
        self._make = make
        self._completion = completion

    def __call__(self) -> Any:
        return self._make()

    @property
    def unanswered(self) -> list[str]:
        return list(getattr(self._completion, "unanswered", []))


def _factories(
    paths: str,
    model: str | None,
    api_base: str | None,
    mode: str,
    timeout: float,
    standin: Path,
    recorded: Path = DEFAULT_RECORDED,
) -> dict[str, tuple[_Factory, str]]:
    from memscribe.errors import UserError
    from memscribe.model.factory import make_model

    chosen = [p.strip() for p in paths.split(",") if p.strip()] or (["model"] if model else ["embedded"])
    if "local" in chosen and "model" in chosen:
        raise UserError("--paths: local with --model records that model; do not also ask for model")
    out: dict[str, tuple[_Factory, str]] = {}
    for name in chosen:
        if name == "embedded":
            out[name] = (_Factory(lambda: make_model(None)), make_model(None).name)
        elif name == "model":
            if not model:
                raise UserError("--paths model needs --model (or MEMSCRIBE_MODEL)")
            try:
                probe = make_model(model, api_base=api_base, mode=mode, timeout=timeout)
            except ValueError as exc:
                raise UserError(str(exc)) from exc
            out[name] = (
                _Factory(lambda: make_model(model, api_base=api_base, mode=mode, timeout=timeout)),
                probe.name,
            )
        elif name == "standin":
            from memscribe.evaluation.standin import standin_model_factory

            make, completion = standin_model_factory(standin)
            out[name] = (_Factory(make, completion), f"standin:{standin.name}")
        elif name == "local":
            from memscribe.evaluation.recorded import recorded_model_factory

            replay, recorder, label = recorded_model_factory(
                recorded, live_model=model, api_base=api_base, timeout=timeout
            )
            out[name] = (_Factory(replay, recorder), label)
        else:
            raise UserError(f"unknown path {name!r} in --paths; choose from embedded, standin, local, model")
    return out


def register(app: typer.Typer) -> None:
    app.command("eval")(eval_command)
