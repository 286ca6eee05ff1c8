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
    from memscribe.services.extract import Scope
    from memscribe.services.recall import recall as recall_text
    from memscribe.store import open_store

    try:
        check_kind(kind)
        namespace, default = scope(agent)
        block = recall_text(
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
    if block:
        typer.echo(block)


def register(app: typer.Typer) -> None:
    app.command()(recall)
