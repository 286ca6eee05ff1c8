"""``memscribe extract``: one transcript in, memory files (or a plan) out."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

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
    TimeoutOpt,
    echo_json,
    fail,
    loading,
    read_transcript_arg,
)
from memscribe.errors import MemscribeError, ModelError
from memscribe.index.options import AgentOpt, EmbeddingOpt

if TYPE_CHECKING:
    from memscribe.schemas.plan import Plan
    from memscribe.schemas.transcript import Transcript


def extract(
    transcript: Annotated[str, typer.Argument(help="Transcript file, or - for stdin.")],
    memory_dir: MemoryDir = Path("."),
    model: ModelOpt = None,
    api_base: ApiBase = None,
    fmt: FormatOpt = None,
    skip_bad_lines: SkipBadLines = True,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan; write nothing.")] = False,
    as_json: JsonOpt = False,
    mode: ModeOpt = "json_schema",
    context_tokens: Annotated[
        int | None,
        typer.Option(
            "--context-tokens",
            envvar=config.ENV_CONTEXT_TOKENS,
            help="Override the model's context size.",
        ),
    ] = None,
    timeout: TimeoutOpt = 120.0,
    max_calls: MaxCallsOpt = None,
    agent: AgentOpt = None,
    plan_only: Annotated[
        bool,
        typer.Option(
            "--plan-only",
            help="Print the plan as JSON and write nothing: for a caller that applies it itself "
            "(memscribe apply PLAN.json).",
        ),
    ] = False,
    embedding_model: EmbeddingOpt = None,
) -> None:
    """Extract profiles and playbooks from one transcript and write them to the memory root."""
    with loading():
        from memscribe.errors import UserError
        from memscribe.model.base import StructuredModel
        from memscribe.model.factory import context_tokens_for, make_model
        from memscribe.services.extract import extract_transcript
        from memscribe.store import open_store

    def chosen_model() -> StructuredModel:
        try:
            return make_model(model, api_base=api_base, mode=mode, timeout=timeout)
        except ValueError as exc:
            raise UserError(str(exc)) from exc

    def swept(plan: Plan) -> None:
        typer.echo(f"memscribe: swept {len(plan.operations)} expired profile(s) to the archive", err=True)

    def read() -> Transcript:
        # The transcript lives as long as the command: frozen with start-up's objects (read
        # without collection, never rescanned after), as the collector would only walk its
        # turns again and again for nothing to free (issue 17; nothing changes in a caller's
        # process, see loading).
        with loading():
            return read_transcript_arg(transcript, fmt, skip_bad_lines)

    try:
        done = extract_transcript(
            open_store(memory_dir),
            read,
            chosen_model,
            context_tokens=lambda chosen: context_tokens_for(chosen, context_tokens),
            agent=agent,
            write=not (dry_run or plan_only),
            raw_path=transcript,
            embedding_model=embedding_model or "",
            on_swept=swept,
        )
    except MemscribeError as exc:
        fail(exc)
    plan, applied = done.plan, done.applied
    if plan_only:
        echo_json(plan.model_dump(mode="json"))
    else:
        _report(plan, applied=applied, dry_run=dry_run, as_json=as_json)
        if plan.snapshot is not None and not as_json:
            verb = "would append" if dry_run else "appended"
            typer.echo(f"task snapshot {plan.snapshot.snapshot_id} {verb} to {plan.snapshot.path}")
    _exit_on_model_errors(plan)


def _exit_on_model_errors(plan: Plan) -> None:
    """Model failures were skipped and reported in the plan; the exit code tells scripts too."""
    failed = [s for s in plan.skipped if s.reason == "model_error"]
    if failed:
        typer.echo(f"memscribe: error: {failed[0].detail} ({len(failed)} skipped as model_error)", err=True)
        raise typer.Exit(ModelError.exit_code)


def _report(plan: Plan, *, applied: bool, dry_run: bool, as_json: bool) -> None:
    if as_json:
        data: dict[str, Any] = plan.model_dump(mode="json")
        data["applied"] = applied
        echo_json(data)
        return
    from memscribe.report import print_plan

    print_plan(plan, applied=applied, dry_run=dry_run)


def register(app: typer.Typer) -> None:
    app.command()(extract)
