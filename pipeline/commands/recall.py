"""``memscribe recall``: the recall block an agent is shown (FORMATS.md "Recall block")."""

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


def recall(
    query: Annotated[str, typer.Argument(help="The user's message (or any query).")],
    memory_dir: MemoryDir = Path("."),
    limit: LimitOpt = 5,
    min_relevance: MinRelevanceOpt = 0.3,
    kind: KindOpt = None,
    agent: AgentOpt = None,
    embedding_model: EmbeddingOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print the <memwal-memories> block for a query: escaped, framed as historical context.

    Entries that look like prompt injection are never included. Prints nothing (exit 0)
    when no memory passes the relevance threshold. --json: the block and the memories it
    shows (id, kind, namespace, path, relevance, line); "block" is "" when none passes.
    """
    from memscribe.services.recall import recall_block, recall_candidates, recalled_lines
    from memscribe.services.scope import Scope
    from memscribe.store import open_store

    try:
        check_kind(kind)
        namespace, default = scope(agent)
        hits = recall_candidates(
            open_store(memory_dir),
            query,
            scope=Scope(namespace, default),
            kind=kind,
            limit=limit,
            min_relevance=min_relevance,
            embedding_model=embedding_model or "",
        )
        block = recall_block(hits, limit=limit)
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        shown = recalled_lines(hits, limit=limit)
        echo_json(
            {
                "query": query,
                "namespace": namespace,
                "block": block,
                "memories": [
                    {
                        "id": h.id,
                        "kind": h.kind,
                        "namespace": h.namespace,
                        "path": h.path,
                        "relevance": h.relevance,
                        "line": line,
                    }
                    for h, line in shown
                ],
            }
        )
    elif block:
        typer.echo(block)


def register(app: typer.Typer) -> None:
    app.command()(recall)
