"""``memscribe index``: bring the derived SQLite index up to date (or rebuild it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail
from memscribe.errors import MemscribeError


def index(
    memory_dir: MemoryDir = Path("."),
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Forget the index and re-read every file.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Refresh the search/dedup index of the memory root (.reflexio/.index/; safe to delete).

    Every file is stat'ed (a full verify: also catches files edited in place by other tools);
    only files whose mtime or size changed are read; --rebuild re-reads everything. Other
    commands refresh the index on their own, skipping unchanged folders.
    """
    from dataclasses import asdict

    from memscribe.services.maintenance import reindex

    try:
        stats, location = reindex(memory_dir, rebuild=rebuild)
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json({"index": location, **asdict(stats)})
        return
    verb = "rebuilt" if rebuild else "refreshed"
    typer.echo(
        f"index {verb}: {stats.files} files, {stats.read} read ({stats.added} added, "
        f"{stats.updated} changed, {stats.touched} touched), {stats.removed} removed, "
        f"{stats.problems} unreadable, {stats.seconds * 1000:.0f} ms — {location}"
    )
    for path in stats.problem_paths:
        typer.echo(f"  unreadable: {path}", err=True)


def register(app: typer.Typer) -> None:
    app.command()(index)
