"""``memscribe list``: stored memories, filtered; unreadable files are listed, never skipped."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail
from memscribe.index.options import AgentOpt, KindOpt


def list_memories(
    memory_dir: MemoryDir = Path("."),
    kind: KindOpt = None,
    agent: AgentOpt = None,
    all_namespaces: Annotated[bool, typer.Option("--all-namespaces", help="Every agent's memories.")] = False,
    expiring: Annotated[
        int | None, typer.Option("--expiring", min=0, help="Only profiles expiring within DAYS days.")
    ] = None,
    superseded: Annotated[
        bool, typer.Option("--superseded", help="Only memories a newer one replaced.")
    ] = False,
    archived: Annotated[
        bool, typer.Option("--archived", help="Archived memories (superseded, expired, forgotten).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """List memories: id, kind, namespace, created, expires, first line; plus unreadable files."""
    from memscribe.curation import list_memories as select
    from memscribe.curation import open_root_index, unreadable
    from memscribe.errors import MemscribeError
    from memscribe.index.options import check_kind, scope

    try:
        check_kind(kind)
        namespace, default = scope(agent)
        with open_root_index(memory_dir) as index:
            records = select(
                index,
                namespace=None if all_namespaces else namespace,
                default=default,
                kind=kind,
                expiring_days=expiring,
                superseded=superseded,
                archived=archived,
            )
            problems = unreadable(index)
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json({"memories": records, "unreadable": [{"path": p, "error": e} for p, e in problems]})
        return
    if not records:
        typer.echo("No memories match.")
    for r in records:
        first = r["summary"][:100]
        until = f" expires {r['expires']}" if r["expires"] and r["expires"] != "never" else ""
        extra = f" [{r['archive_reason']}]" if r["archived"] and r["archive_reason"] else ""
        typer.echo(f"{r['id']}  {r['kind']:<8} {r['namespace']:<10} {r['created'][:10]}{until}{extra}")
        typer.echo(f"    {first}")
    for path, error in problems:
        typer.echo(f"unreadable: {path}: {error}", err=True)


def register(app: typer.Typer) -> None:
    app.command(name="list")(list_memories)
