"""``memscribe recall``: the recall block an agent is shown (FORMATS.md "Recall block")."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import MemoryDir, fail
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


def recall(
    query: Annotated[str, typer.Argument(help="The user's message (or any query).")],
    memory_dir: MemoryDir = Path("."),
    limit: LimitOpt = 5,
    min_relevance: MinRelevanceOpt = 0.3,
    kind: KindOpt = None,
    agent: AgentOpt = None,
    embedding_model: EmbeddingOpt = None,
) -> None:
    """Print the <memwal-memories> block for a query: escaped, framed as historical context.

    Entries that look like prompt injection are never included. Prints nothing (exit 0)
    when no memory passes the relevance threshold.
    """
    from memscribe.index import open_index
    from memscribe.index.embed import resolve_embedding_model
    from memscribe.index.ops import recall_block

    try:
        check_kind(kind)
        namespace, default = scope(agent)
        embedder = resolve_embedding_model(embedding_model or "")
        with open_index(
            memory_dir, in_memory=not (memory_dir / ".reflexio").is_dir(), embedder=embedder
        ) as idx:
            # Ask for extra hits: injection-looking ones are dropped after ranking.
            hits = idx.search(
                query,
                namespace=namespace,
                default=default,
                kind=kind,  # type: ignore[arg-type]
                limit=limit * 3,
                min_relevance=min_relevance,
            )
    except MemscribeError as exc:
        fail(exc)
    block = recall_block(hits, limit=limit)
    if block:
        typer.echo(block)


def register(app: typer.Typer) -> None:
    app.command()(recall)
