"""Command-line pieces shared by the store commands (index, search, recall, history, sweep,
consolidate, stats). Light imports only: this module is loaded for ``memscribe --help``."""

from __future__ import annotations

from typing import Annotated

import typer

AgentOpt = Annotated[
    str | None,
    typer.Option(
        "--agent",
        envvar="MEMSCRIBE_AGENT",
        help="Agent namespace to use (default: the main agent's, MEMSCRIBE_DEFAULT_NAMESPACE or 'default').",
    ),
]
KindOpt = Annotated[str | None, typer.Option("--kind", help="Only this kind: profile or playbook.")]
LimitOpt = Annotated[int, typer.Option("--limit", min=1, max=100, help="At most this many results.")]
MinRelevanceOpt = Annotated[
    float,
    typer.Option("--min-relevance", min=0.0, max=1.0, help="Minimum relevance, 0..1."),
]
EmbeddingOpt = Annotated[
    str | None,
    typer.Option(
        "--embedding-model",
        envvar="MEMSCRIBE_EMBEDDING_MODEL",
        help="Blend semantic similarity into search and dedup: a litellm embedding model "
        "(openai/text-embedding-3-small, ollama/nomic-embed-text…) or sentence-transformers/<name> "
        "where that package is installed. Default: lexical only.",
    ),
]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Show what would change; write nothing.")]


def scope(agent: str | None) -> tuple[str, str]:
    """(namespace, default namespace) for ``--agent``; a bad name is a UserError."""
    from memscribe.errors import UserError
    from memscribe.namespace import default_namespace, resolve_namespace

    try:
        default = default_namespace()
        return resolve_namespace(agent=agent, default=default), default
    except ValueError as exc:
        raise UserError(str(exc)) from exc


def check_kind(kind: str | None) -> None:
    if kind is None:
        return
    from memscribe.errors import UserError
    from memscribe.kinds import names

    if kind not in names():
        raise UserError(f"unknown --kind {kind!r}; choose {' or '.join(names())}")
