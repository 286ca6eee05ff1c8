"""``memscribe snapshot save|recall|status``: Big-Memory task snapshots in memory/YYYY-MM-DD.md."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

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
from memscribe.errors import MemscribeError

snapshot_app = typer.Typer(
    help="Task snapshots (Big Memory): save the current task state, recall the latest, show status.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@snapshot_app.command()
def save(
    transcript: Annotated[str, typer.Argument(help="Transcript file, or - for stdin.")],
    memory_dir: MemoryDir = Path("."),
    model: ModelOpt = None,
    api_base: ApiBase = None,
    fmt: FormatOpt = None,
    skip_bad_lines: SkipBadLines = True,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the snapshot; write nothing.")] = False,
    as_json: JsonOpt = False,
    mode: ModeOpt = "json_schema",
    timeout: TimeoutOpt = 120.0,
    max_calls: MaxCallsOpt = None,
) -> None:
    """Snapshot the task state of TRANSCRIPT now and append it to today's memory/YYYY-MM-DD.md."""
    import datetime as dt

    from memscribe.errors import UserError
    from memscribe.model.base import StructuredModel
    from memscribe.model.factory import context_tokens_for, make_model
    from memscribe.services.snapshots import save_snapshot
    from memscribe.store import open_store

    def chosen_model() -> StructuredModel:
        try:
            return make_model(model, api_base=api_base, mode=mode, timeout=timeout)
        except ValueError as exc:
            raise UserError(str(exc)) from exc

    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    try:
        saved = save_snapshot(
            open_store(memory_dir),
            lambda: read_transcript_arg(transcript, fmt, skip_bad_lines),
            chosen_model,
            context_tokens=context_tokens_for,
            now=now,
            write=not dry_run,
        )
    except MemscribeError as exc:
        fail(exc)
    outcome, block, chosen = saved.outcome, saved.block, saved.model
    if outcome.model_error is not None:
        fail(outcome.model_error)  # exit 4 like extract; nothing was appended
    if as_json:
        echo_json(
            {
                "saved": block is not None and not dry_run,
                "reason": outcome.reason or None,
                "snapshot": block.model_dump(mode="json") if block else None,
                "redactions": [r.model_dump(mode="json") for r in outcome.redactions],
                "refused": outcome.refused,
                "usage": chosen.usage.model_dump(mode="json"),
            }
        )
    elif block is None:
        typer.echo(f"No snapshot: {outcome.reason}")
    elif dry_run:
        typer.echo(f"dry run — would append to {block.path} (snapshot-id {block.snapshot_id}):\n")
        typer.echo(block.text)
    else:
        typer.echo(f"Snapshot saved to {block.path} (snapshot-id {block.snapshot_id}, {block.timestamp})")
    if not as_json:
        for item in outcome.refused:
            typer.echo(f"  refused: {item}")


@snapshot_app.command()
def recall(memory_dir: MemoryDir = Path("."), as_json: JsonOpt = False) -> None:
    """Show the latest snapshot (by timestamp, across daily files): Goal / Phase / Working on / Next up."""
    from memscribe.snapshot.render import latest
    from memscribe.snapshot.status import recall_view
    from memscribe.snapshot.store import stored_snapshots

    unreadable: list[tuple[str, str]] = []
    try:
        found = latest(stored_snapshots(memory_dir, unreadable=unreadable))
    except MemscribeError as exc:
        fail(exc)
    _report_unreadable(unreadable)
    skipped = [{"path": path, "error": why} for path, why in unreadable]
    if found is None:
        if as_json:
            echo_json({"snapshot": None, "unreadable": skipped})
        else:
            typer.echo("No snapshot found. Save one with: memscribe snapshot save TRANSCRIPT")
        return
    view = recall_view(found)
    if as_json:
        echo_json({"snapshot": view, "unreadable": skipped})
        return
    typer.echo(f"Latest snapshot {view['snapshot_id']} taken at {view['timestamp']} ({view['path']}):")
    typer.echo(f"- Goal: {view['goal']}")
    typer.echo(f"- Phase: {view['phase']}")
    typer.echo(f"- Working on: {_join(view['working_on'])}")
    typer.echo(f"- Next up: {_join(view['next_up'])}")


def _report_unreadable(unreadable: list[tuple[str, str]]) -> None:
    """A damaged daily file (bytes not UTF-8, read with them replaced) or one that could not be
    read (skipped): said on stderr, one line each (the store logs it at debug level only)."""
    for path, why in unreadable:
        typer.echo(f"memscribe: snapshot file {path}: {why}", err=True)


def _join(items: Any) -> str:
    return "; ".join(str(i) for i in items) if items else "none"


@snapshot_app.command()
def status(
    transcript: Annotated[
        str | None, typer.Argument(help="Current transcript: has it moved on since the latest snapshot?")
    ] = None,
    memory_dir: MemoryDir = Path("."),
    fmt: FormatOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Snapshots today, the latest timestamp, and whether TRANSCRIPT has moved on since."""
    import datetime as dt

    from memscribe.snapshot.render import latest
    from memscribe.snapshot.status import moved_on
    from memscribe.snapshot.store import stored_snapshots

    today = f"{dt.datetime.now(dt.UTC):%Y-%m-%d}"
    unreadable: list[tuple[str, str]] = []
    try:
        todays = stored_snapshots(memory_dir, day=today, unreadable=[])
        newest = latest(stored_snapshots(memory_dir, unreadable=unreadable))
        changes: list[str] | None = None
        if transcript is not None and newest is not None:
            changes = moved_on(read_transcript_arg(transcript, fmt, True), newest)
    except MemscribeError as exc:
        fail(exc)
    if newest is None or (changes is not None and changes):
        suggestion = "memscribe snapshot save TRANSCRIPT"
    else:
        suggestion = "memscribe snapshot recall"
    data = {
        "today": today,
        "snapshots_today": len(todays),
        "latest": {"snapshot_id": newest.snapshot_id, "timestamp": newest.timestamp, "path": newest.path}
        if newest
        else None,
        "moved_on": None if changes is None else bool(changes),
        "changes": changes or [],
        "suggestion": suggestion,
        "unreadable": [{"path": path, "error": why} for path, why in unreadable],
    }
    _report_unreadable(unreadable)
    if as_json:
        echo_json(data)
        return
    typer.echo(f"Snapshots today ({today}): {len(todays)}")
    typer.echo(f"Latest: {newest.snapshot_id} at {newest.timestamp}" if newest else "Latest: none")
    if changes is not None:
        typer.echo("Moved on since the latest snapshot: " + ("yes" if changes else "no"))
        for change in changes:
            typer.echo(f"  - {change}")
    typer.echo(f"Suggested: {suggestion}")


def register(app: typer.Typer) -> None:
    app.add_typer(snapshot_app, name="snapshot")
