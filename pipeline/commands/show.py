"""``memscribe show ID``: one memory's file and its history (what it replaced, its previous versions
updated in place, what replaced it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail


def show(
    memory_id: Annotated[str, typer.Argument(help="The memory's id (prof_… or pbk_…).")],
    memory_dir: MemoryDir = Path("."),
    as_json: JsonOpt = False,
) -> None:
    """Print a memory (active or archived), its previous versions and its supersession history."""
    from memscribe.curation import open_root_index, show_memory
    from memscribe.errors import MemscribeError
    from memscribe.namespace import default_namespace

    try:
        with open_root_index(memory_dir) as index:
            shown = show_memory(index, memory_dir, memory_id, default=default_namespace())
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json({"memory": shown.record, "text": shown.text, "history": shown.history})
        return
    r = shown.record
    state = f"archived ({r['archive_reason'] or 'no reason recorded'})" if r["archived"] else "active"
    typer.echo(f"{r['id']} — {r['kind']} in namespace {r['namespace']}, {state}")
    typer.echo(f"{r['path']}\n")
    typer.echo(shown.text.rstrip())
    if shown.history:
        typer.echo("\nHistory:")
        for h in shown.history:
            line = h["summary"][:80]
            if h["relation"] == "previous_version":  # same id: when it was replaced in place
                typer.echo(f"  previous version (replaced {h['updated_at'][:10]}): {line}")
            else:
                typer.echo(f"  {h['relation']} {h['id']} ({h['created'][:10]}): {line}")


def register(app: typer.Typer) -> None:
    app.command()(show)
