"""``memscribe search``: ranked memories for a query, scoped to one agent namespace."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

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
    hits = _light_search(query, memory_dir, limit, min_relevance, kind, agent, embedding_model)
    if hits is not None:
        namespace = _LIGHT_NAMESPACE
    else:
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
        typer.echo(f"{n}. {_display(h.kind, h.text)} ({h.relevance:.0%} relevance)")
        typer.echo(f"   {h.kind} {h.id}  {h.path}")


#: The namespace of the light path: the main agent's, under its default name.
_LIGHT_NAMESPACE = "default"


def _light_search(
    query: str,
    memory_dir: Path,
    limit: int,
    min_relevance: float,
    kind: str | None,
    agent: str | None,
    embedding_model: str | None,
) -> list[Any] | None:
    """The search from a current index without loading the pipeline (:mod:`memscribe.index.query`):
    the main agent's namespace under its default name, any built-in kind, no embedding model.
    None: anything else, or an index that needs a refresh first (the full path does it)."""
    import os

    if agent or embedding_model or os.environ.get("MEMSCRIBE_DEFAULT_NAMESPACE"):
        return None
    if kind not in (None, "profile", "playbook"):
        return None
    from memscribe.index.query import search_current

    return search_current(
        memory_dir.absolute(),  # the index opens by file URI, which a relative path has none of
        query,
        namespace=_LIGHT_NAMESPACE,
        default=_LIGHT_NAMESPACE,
        kind=kind,
        limit=limit,
        min_relevance=min_relevance,
    )


def _display(kind: str, text: str) -> str:
    from memscribe.index.query import display_line

    line = display_line(kind, text)
    if line is None:
        from memscribe.services.recall import display_text

        line = display_text(kind, text)
    return line


def register(app: typer.Typer) -> None:
    app.command()(search)
