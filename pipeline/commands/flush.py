"""``memscribe flush``: progressive group-chat memory from a group transcript (seed 002)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

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
    read_transcript_arg,
)
from memscribe.errors import MemscribeError, ModelError


def flush(
    transcript: Annotated[str, typer.Argument(help="Group transcript file, or - for stdin.")],
    group: Annotated[
        str | None,
        typer.Option("--group", help="Friendly group name (needed when the session key names no group)."),
    ] = None,
    memory_dir: MemoryDir = Path("."),
    model: ModelOpt = None,
    api_base: ApiBase = None,
    fmt: FormatOpt = None,
    skip_bad_lines: SkipBadLines = True,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be written; write nothing.")
    ] = False,
    as_json: JsonOpt = False,
    mode: ModeOpt = "json_schema",
    timeout: TimeoutOpt = 120.0,
    max_calls: MaxCallsOpt = None,
) -> None:
    """Flush a group chat into memory/groups/<group>.md and memory/groups/<group>/ (skip rule applies)."""
    import datetime as dt

    from memscribe.model.factory import make_model
    from memscribe.services.groups import flush_transcript

    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    try:
        flushed = flush_transcript(
            memory_dir,
            lambda: read_transcript_arg(transcript, fmt, skip_bad_lines),
            lambda: make_model(model, api_base=api_base, mode=mode, timeout=timeout),
            group=group,
            now=now,
            write=not dry_run,
        )
    except MemscribeError as exc:
        fail(exc)
    name, result, written = flushed.group, flushed.result, flushed.written
    if result.model_errors:
        # Like extract: exit 4, nothing written, the messages stay unflushed (retried next run).
        fail(
            ModelError(
                f"group flush not done (retried next run): {result.model_errors[0]}",
                stage="flush",
                attempts=1,
            )
        )
    if as_json:
        data = result.model_dump(mode="json")
        data["written"] = written
        data["dry_run"] = dry_run
        echo_json(data)
        return
    if result.skipped is not None:
        typer.echo(f"Flush skipped for group {name}: {result.skipped}")
        return
    head = "dry run — nothing written" if dry_run else f"{len(written)} file(s) written"
    typer.echo(f"Flush of group {name} ({result.new_messages} new messages): {head}")
    for file in result.files:
        typer.echo(f"- {file.action} {file.path}" + (f" (+{len(file.added)})" if file.added else ""))
    for item in result.confirmed:
        typer.echo(f"  confirmed: {item}")
    for item in result.dropped:
        typer.echo(f"  dropped: {item}")
    for item in result.pending_items:
        typer.echo(f"  pending: {item}")
    for item in result.refused:
        typer.echo(f"  refused: {item}")


def register(app: typer.Typer) -> None:
    app.command()(flush)
