"""``memscribe forget ID --reason TEXT``: archive a memory (never delete it), with the reason."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail


def forget(
    memory_id: Annotated[str, typer.Argument(help="The memory's id (prof_… or pbk_…).")],
    reason: Annotated[str, typer.Option("--reason", "-r", help="Why (kept in the archived file).")] = "",
    memory_dir: MemoryDir = Path("."),
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the plan; archive nothing.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Move a memory to .reflexio/.archive/ with the reason: out of search, dedup and recall, kept on disk."""
    import datetime as dt

    from memscribe.curation import forget_memory
    from memscribe.errors import MemscribeError

    try:
        plan = forget_memory(
            memory_dir, memory_id, reason=reason, now=dt.datetime.now(dt.UTC), dry_run=dry_run
        )
    except MemscribeError as exc:
        fail(exc)
    op = plan.operations[0]
    if as_json:
        echo_json({"dry_run": dry_run, "plan": plan.model_dump(mode="json")})
        return
    verb = "would archive" if dry_run else "archived"
    typer.echo(f"{verb} {op.id}: {op.path} → {op.archive_path} ({op.reason})")


def register(app: typer.Typer) -> None:
    app.command()(forget)
