"""``memscribe search``: ranked memories for a query, scoped to one agent namespace."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail
from memscribe.errors import MemscribeError
from memscribe.index.options import (
    AgentOpt,
    EmbeddingOpt,
    KindOpt,
    LimitOpt,
    MinRelevanceOpt,
    check_kind,
    scope,
)


def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    memory_dir: MemoryDir = Path("."),
    limit: LimitOpt = 5,
    min_relevance: MinRelevanceOpt = 0.3,
    kind: KindOpt = None,
    agent: AgentOpt = None,
    embedding_model: EmbeddingOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Search active, unexpired memories: relevance 0..1 (percent here), path, id, kind."""
    from memscribe.services.recall import display_text
    from memscribe.services.recall import search as search_memory
    from memscribe.services.scope import Scope
    from memscribe.store import open_store

    try:
        check_kind(kind)
        namespace, default = scope(agent)
        hits = search_memory(
            open_store(memory_dir),
            query,
            scope=Scope(namespace, default),
            kind=kind,
            limit=limit,
            min_relevance=min_relevance,
            embedding_model=embedding_model or "",
        )
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json(
            [
                {
                    "id": h.id,
                    "kind": h.kind,
                    "namespace": h.namespace,
                    "path": h.path,
                    "relevance": h.relevance,
                    "text": h.text,
                }
                for h in hits
            ]
        )
        return
    if not hits:
        typer.echo(f"No memories found in namespace '{namespace}'.")
        return
    typer.echo(f"Found {len(hits)} memor{'y' if len(hits) == 1 else 'ies'} in namespace '{namespace}':")
    for n, h in enumerate(hits, start=1):
        typer.echo(f"{n}. {display_text(h.kind, h.text)} ({h.relevance:.0%} relevance)")
        typer.echo(f"   {h.kind} {h.id}  {h.path}")


def register(app: typer.Typer) -> None:
    app.command()(search)
