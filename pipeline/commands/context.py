"""``memscribe context``: what an agent should see now (session start, a prompt, after compaction)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memscribe import config
from memscribe.cli_common import JsonOpt, echo_json, fail
from memscribe.errors import MemscribeError
from memscribe.index.options import AgentOpt, LimitOpt, MinRelevanceOpt

if TYPE_CHECKING:
    from memscribe.integrations.payload import HookPayload

RootOpt = Annotated[
    Path | None,
    typer.Option(
        "--memory-dir",
        envvar=config.ENV_MEMORY_DIR,
        help="Memory root. Default: the hook payload's project (cwd) or OpenClaw agent workspace, else '.'.",
    ),
]
BudgetOpt = Annotated[
    int,
    typer.Option("--budget", min=50, envvar="MEMSCRIBE_CONTEXT_BUDGET", help="Token budget for the block."),
]


def read_payload(agent: str | None = None) -> HookPayload:
    """The hook payload on stdin (none for a terminal; never hangs), normalised."""
    from memscribe.integrations.payload import normalize, parse_payload, read_stdin_payload

    stdin = sys.stdin
    try:
        is_tty = stdin.isatty()
    except (AttributeError, ValueError):
        is_tty = True
    stream = getattr(stdin, "buffer", None)
    data = read_stdin_payload(stream, is_tty=is_tty) if stream is not None else b""
    return normalize(parse_payload(data), agent=agent)


def context(
    query: Annotated[
        str | None, typer.Option("--query", "-q", help="Recall for this text instead of a payload's prompt.")
    ] = None,
    memory_dir: RootOpt = None,
    agent: AgentOpt = None,
    budget: BudgetOpt = 1500,
    limit: LimitOpt = 5,
    min_relevance: MinRelevanceOpt = 0.3,
    compact: Annotated[
        bool, typer.Option("--after-compaction", help="Include the latest task snapshot (as source=compact).")
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="Plain text even for a Claude Code / Codex hook payload.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Print the context block: relevant profiles and playbooks, fenced and escaped, within a budget.

    Reads a hook's JSON payload on stdin (Claude Code, Codex, OpenClaw; none from a terminal):
    the prompt (UserPromptSubmit) picks the memories; at session start, the project's and the
    user's profiles; after compaction (SessionStart source=compact, OpenClaw compact:after) the
    latest task snapshot; in a group session the group's index. For a Claude Code / Codex
    SessionStart or UserPromptSubmit payload the output is the hook JSON (additionalContext).
    """
    from dataclasses import replace

    from memscribe.integrations.context import context_for, hook_output
    from memscribe.integrations.hooks import memory_root_for

    try:
        payload = read_payload()
        if compact:
            payload = replace(payload, source="compact")
        root = memory_root_for(payload, memory_dir)
        result = context_for(
            payload, root, query=query, agent=agent, budget=budget, limit=limit, min_relevance=min_relevance
        )
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json({"root": str(root), "agent": payload.agent, "event": payload.event, **result.as_json()})
        return
    if not result.text:
        return
    wrapped = None if plain else hook_output(payload, result.text)
    typer.echo(wrapped if wrapped is not None else result.text)


def register(app: typer.Typer) -> None:
    app.command()(context)
