"""``memscribe export``: memories as JSONL (one record a line), for backup or another root."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import MemoryDir, fail
from memscribe.index.options import AgentOpt


def export(
    memory_dir: MemoryDir = Path("."),
    agent: AgentOpt = None,
    all_namespaces: Annotated[bool, typer.Option("--all-namespaces", help="Every agent's memories.")] = False,
    archived: Annotated[bool, typer.Option("--archived", help="Include archived memories.")] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Print every memory as a JSON line: id, kind, namespace, slug, created, ttl, expires, body…"""
    from memscribe.curation import export_records, open_root_index
    from memscribe.errors import MemscribeError
    from memscribe.index.options import scope

    try:
        namespace, default = scope(agent)
        with open_root_index(memory_dir) as index:
            records = export_records(
                index, namespace=None if all_namespaces else namespace, default=default, archived=archived
            )
    except MemscribeError as exc:
        fail(exc)
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    if output is None:
        typer.echo(lines, nl=False)
    else:
        output.write_text(lines, encoding="utf-8")
        typer.echo(f"{len(records)} memories written to {output}", err=True)


def register(app: typer.Typer) -> None:
    app.command()(export)
