"""``memscribe sweep``: archive expired profiles (also run at the start of every extract)."""

from __future__ import annotations

from pathlib import Path

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail
from memscribe.errors import MemscribeError
from memscribe.index.options import DryRunOpt


def sweep(memory_dir: MemoryDir = Path("."), dry_run: DryRunOpt = False, as_json: JsonOpt = False) -> None:
    """Archive profiles whose `expires` date has come (all namespaces). Playbooks never expire."""
    import datetime as dt

    from memscribe.schemas.plan import ArchiveOp
    from memscribe.services.maintenance import sweep_root

    try:
        plan, applied = sweep_root(memory_dir, now=dt.datetime.now(dt.UTC), dry_run=dry_run)
    except MemscribeError as exc:
        fail(exc)
    ops = [op for op in plan.operations if isinstance(op, ArchiveOp)]
    if as_json:
        echo_json(
            {
                "dry_run": dry_run,
                "expired": [{"id": o.id, "path": o.path, "reason": o.reason} for o in ops],
                "archived": applied.archived,
            }
        )
        return
    if not ops:
        typer.echo("Nothing expired.")
        return
    verb = "would archive" if dry_run else "archived"
    typer.echo(f"{verb} {len(ops)} expired profile{'s' if len(ops) != 1 else ''}:")
    for o in ops:
        typer.echo(f"  {o.id}  {o.path}  ({o.reason})")


def register(app: typer.Typer) -> None:
    app.command()(sweep)
