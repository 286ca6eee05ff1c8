"""``memscribe batch``: the session-end batch job over many transcripts."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from memscribe import config
from memscribe.cli_common import (
    ApiBase,
    FormatOpt,
    JsonOpt,
    MaxCallsOpt,
    MemoryDir,
    ModelOpt,
    ModeOpt,
    SkipBadLines,
    echo_json,
    fail,
    loading,
)
from memscribe.errors import MemscribeError

if TYPE_CHECKING:
    from memscribe.batch.discovery import WorkItem
    from memscribe.batch.process_engine import ProcessEngine
    from memscribe.batch.report import BatchReport, TranscriptResult
    from memscribe.batch.runner import BatchConfig
    from memscribe.batch.seam import Engine
    from memscribe.model.base import StructuredModel
    from memscribe.model.call_process import CallProcess

#: Exit code when the run finished but at least one transcript failed (the others were done).
EXIT_SOME_FAILED = 6


def batch(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            help="Transcript files, folders or globs. None: every OpenClaw agent's sessions "
            "($OPENCLAW_STATE_DIR or ~/.openclaw), Claude Code projects, Codex sessions."
        ),
    ] = None,
    memory_dir: MemoryDir = Path("."),
    concurrency: Annotated[
        int,
        typer.Option(
            "--concurrency",
            "-j",
            envvar="MEMSCRIBE_CONCURRENCY",
            min=1,
            help="Model calls in flight at most.",
        ),
    ] = 8,
    since: Annotated[
        str | None, typer.Option("--since", help="Only transcripts modified since this ISO date/time.")
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Plan and report; write nothing.")] = False,
    as_json: JsonOpt = False,
    max_calls: MaxCallsOpt = None,
    budget: Annotated[
        float | None,
        typer.Option(
            "--timeout",
            envvar="MEMSCRIBE_BATCH_TIMEOUT",
            help="Time budget (s) for the whole run: plans complete by then are applied, the rest "
            "wait for the next run.",
        ),
    ] = None,
    model: ModelOpt = None,
    api_base: ApiBase = None,
    mode: ModeOpt = "json_schema",
    request_timeout: Annotated[
        float, typer.Option("--request-timeout", envvar=config.ENV_TIMEOUT, help="Per model request (s).")
    ] = 120.0,
    context_tokens: Annotated[
        int | None,
        typer.Option("--context-tokens", envvar=config.ENV_CONTEXT_TOKENS, help="Override the context size."),
    ] = None,
    fmt: FormatOpt = None,
    skip_bad_lines: SkipBadLines = True,
    agent: Annotated[
        str | None,
        typer.Option(
            "--agent", envvar="MEMSCRIBE_AGENT", help="Namespace for every transcript (default: per agent)."
        ),
    ] = None,
    include_resets: Annotated[
        bool, typer.Option("--include-resets", help="Also OpenClaw reset archives (*.reset.*).")
    ] = False,
    progress: Annotated[
        bool, typer.Option("--progress/--no-progress", help="Progress bar on stderr.")
    ] = True,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            envvar="MEMSCRIBE_ENGINE",
            help="Where transcripts are planned: local (threads) or ray (a Ray cluster; "
            "pip install 'memscribe[ray]'). Commit, ledger and lock stay here: same files either way.",
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            envvar="RAY_ADDRESS",
            help="--engine ray: the cluster to join (default: a private local one for this run).",
        ),
    ] = None,
    call_process: Annotated[
        bool,
        typer.Option(
            "--call-process/--no-call-process",
            envvar="MEMSCRIBE_CALL_PROCESS",
            help="--engine local, a litellm model, several transcripts and call slots, more than one "
            "CPU: the model calls' client work in a forked helper process, beside planning and the "
            "commit (same requests, same answers).",
        ),
    ] = True,
    plan_process: Annotated[
        bool,
        typer.Option(
            "--plan-process/--no-plan-process",
            envvar="MEMSCRIBE_PLAN_PROCESS",
            help="With --call-process: the transcripts planned in a forked planner process (its model "
            "calls in a helper of its own), beside the commit here (same plans, same files).",
        ),
    ] = True,
) -> None:
    """Process every new or changed transcript, concurrently and exactly once.

    Re-runs are incremental (a ledger in .reflexio/.ledger/): unchanged transcripts cost
    nothing, appended ones only their new turns. A transcript that fails is reported and the
    others go on. Exit code 6: some transcripts failed (the rest were processed).
    """
    with loading():
        from memscribe.batch.discovery import discover, parse_since
        from memscribe.batch.report import print_report
        from memscribe.batch.runner import BatchConfig, run_batch
        from memscribe.batch.settings import ModelSettings
        from memscribe.errors import UserError
        from memscribe.model.factory import context_tokens_for
        from memscribe.store import check_root_layout

    factory = ModelSettings(model, api_base=api_base, mode=mode, timeout=request_timeout)
    runner: Engine | None = None
    interrupted = False
    try:
        if engine not in ("local", "ray"):
            raise UserError(f"--engine: unknown engine {engine!r} (local or ray)")
        if address and engine != "ray":
            raise UserError("--address is for --engine ray")
        check_root_layout(memory_dir)  # before the ledger opens: no link under the root is followed
        items = discover(paths or [], since=parse_since(since), include_resets=include_resets)
        try:
            # litellm's import (a real model) is hundreds of thousands of objects that live as
            # long as the process: frozen, as start-up's are, so the run's collections skip them
            with loading():
                probe = factory()
        except ValueError as exc:
            raise UserError(str(exc)) from exc
        cfg = BatchConfig(
            root=memory_dir,
            concurrency=concurrency,
            dry_run=dry_run,
            budget_s=budget,
            context_tokens=context_tokens_for(probe, context_tokens),
            fmt=fmt,
            skip_bad_lines=skip_bad_lines,
            agent=agent,
        )
        if engine == "ray":
            from memscribe.batch.ray_engine import RayEngine

            runner = RayEngine(address)
        wanted = runner is None and concurrency > 1 and len(items) > 1
        planner = _planner(probe, wanted and call_process and plan_process, concurrency)
        runner = runner if planner is None else planner
        with _model_calls(probe, wanted and call_process and planner is None, concurrency) as helper:
            if progress and not as_json and items:
                report = _with_progress(items, cfg, factory, runner)
            else:
                report = run_batch(items, cfg, factory, engine=runner)
        if helper is not None:
            report.helper_cpu_s = round(helper.cpu_s, 3)
        if planner is not None:
            planner.shutdown()  # (its CPU is known once it stopped)
            report.planner_cpu_s = round(planner.cpu_s, 3)
            report.helper_cpu_s = round(planner.cpu_s + planner.calls_cpu_s, 3)
    except MemscribeError as exc:
        fail(exc)
    except KeyboardInterrupt:  # Ctrl-C: what was committed stays, a rerun does the rest
        interrupted = True
    finally:
        shutdown = getattr(runner, "shutdown", None)
        if shutdown is not None:
            shutdown()
    if interrupted:
        _interrupted(as_json)
    if as_json:
        echo_json(report.model_dump(mode="json"))
    else:
        print_report(report)
    if report.failed:
        raise typer.Exit(EXIT_SOME_FAILED)


def _interrupted(as_json: bool) -> NoReturn:
    """One line (and, under ``--json``, one error object) for a run stopped by Ctrl-C; exit 130.

    The run is over (its lock released, the ledger closed, helpers stopped), but its daemon
    threads were stopped mid-step: one may hold an import lock that a finalizer at the
    interpreter's exit then waits for (litellm's HTTP client's ``__del__`` imports), for ever.
    The memscribe process itself therefore ends here, its output flushed; a caller's (a test
    runner's) gets ``typer.Exit``.
    """
    from memscribe.cli_common import own_process

    message = "interrupted: what was committed is kept; run the batch again for the rest"
    if as_json:
        echo_json({"error": {"type": "Interrupted", "message": message, "exit_code": 130}})
    typer.echo(f"memscribe: {message}", err=True)
    if own_process():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    raise typer.Exit(130)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, as ``taskset`` sets it), not the
    machine's count: a helper process on a second CPU only pays where there is one."""
    affinity = getattr(os, "sched_getaffinity", None)  # (POSIX only: Windows has no such mask)
    try:
        return len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    except OSError:
        return os.cpu_count() or 1


def _litellm_here(probe: StructuredModel, wanted: bool) -> Any:
    """``memscribe.model.llm`` where a helper process pays: ``wanted`` (calls that may overlap:
    more than one transcript and call slot), a second usable CPU, the memscribe process itself
    (never a caller's, such as a test runner) and a litellm model (loaded by the probe); else None."""
    from memscribe.cli_common import own_process

    if not wanted or usable_cpus() < 2 or not own_process():
        return None
    llm = sys.modules.get("memscribe.model.llm")
    return llm if llm is not None and isinstance(probe, llm.LiteLLMModel) else None


def _model_calls(
    probe: StructuredModel, wanted: bool, concurrency: int
) -> AbstractContextManager[CallProcess | None]:
    """Where the run's model calls are made: a forked helper process where :func:`_litellm_here`
    says one pays (:func:`memscribe.model.llm.calls_in_helper`); else here."""
    llm = _litellm_here(probe, wanted)
    if llm is None:
        return contextlib.nullcontext(None)
    helper: AbstractContextManager[CallProcess | None] = llm.calls_in_helper(concurrency)
    return helper


def _planner(probe: StructuredModel, wanted: bool, concurrency: int) -> ProcessEngine | None:
    """A forked planner process (:mod:`memscribe.batch.process_engine`) where :func:`_litellm_here`
    says a helper pays and a fork is safe; its model calls are made in a helper of its own."""
    llm = _litellm_here(probe, wanted)
    if llm is None:
        return None
    from memscribe.batch import process_engine

    if not process_engine.supported():
        return None
    return process_engine.ProcessEngine(llm.calls_in_helper, concurrency)


def _with_progress(
    items: list[WorkItem], cfg: BatchConfig, factory: Callable[[], StructuredModel], engine: Engine | None
) -> BatchReport:
    """The run with a rich progress bar on stderr (transient: the report follows)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from memscribe.batch.runner import run_batch

    with Progress(
        TextColumn("[bold]memscribe batch"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[last]}"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("batch", total=len(items), last="")

        def on_event(event: str, item: WorkItem, result: TranscriptResult | None) -> None:
            if event == "done" and result is not None:
                bar.update(task, advance=1, last=f"{item.path.name}: {result.status}")

        return run_batch(items, cfg, factory, on_event, engine=engine)


def register(app: typer.Typer) -> None:
    app.command()(batch)
