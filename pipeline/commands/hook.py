"""``memscribe hook claude-code|codex|openclaw``: the one command every packaged hook runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, echo_json
from memscribe.commands.context import BudgetOpt, RootOpt, read_payload

AGENTS = ("claude-code", "codex", "openclaw")


def hook(
    agent: Annotated[str, typer.Argument(help="Which agent sent the payload: claude-code, codex, openclaw.")],
    memory_dir: RootOpt = None,
    budget: BudgetOpt = 1500,
    wait: Annotated[
        bool,
        typer.Option(
            "--wait", envvar="MEMSCRIBE_HOOK_WAIT", help="Run the extraction now, not in the background."
        ),
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Handle one hook event from its JSON payload on stdin; never fails the agent (exit 0).

    Context events (SessionStart, UserPromptSubmit, OpenClaw agent:bootstrap) print the context
    block; session-end events (PreCompact, SessionEnd, Stop, OpenClaw compact:before, /stop,
    /reset) start the batch job on the session's transcript in the background; OpenClaw
    /remem and pre-compaction flush a group session; compact:after marks the session so the next
    bootstrap restores the task snapshot. Each run is logged to
    <memory root>/.reflexio/.logs/hooks.log.
    """
    from memscribe.errors import MemscribeError
    from memscribe.integrations.hooks import HookOutcome, close_logger, dispatch, hook_logger, memory_root_for
    from memscribe.integrations.payload import CONTEXT_EVENTS

    if agent not in AGENTS:
        typer.echo(f"memscribe: error: unknown agent {agent!r}; choose one of {', '.join(AGENTS)}", err=True)
        raise typer.Exit(2)
    root = Path(memory_dir) if memory_dir is not None else Path(".")
    logger = None
    try:
        payload = read_payload(agent)
        root = memory_root_for(payload, memory_dir)
        # Context events only read: they never create a missing root to log into.
        logger = hook_logger(root, create=payload.event not in CONTEXT_EVENTS)
        if payload.event in CONTEXT_EVENTS:
            # Only context events pay for the index and the recall code (extract events start a
            # background job and return at once).
            from memscribe.integrations.context import context_for, hook_output

            result = context_for(payload, root, budget=budget)
            outcome = HookOutcome(agent=agent, event=payload.event, root=str(root), action="context")
            outcome.reason = f"{len(result.memories)} memories, snapshot={'yes' if result.snapshot else 'no'}"
            if result.text and not as_json:
                wrapped = hook_output(payload, result.text)
                typer.echo(wrapped if wrapped is not None else result.text)
        else:
            outcome = dispatch(payload, root, wait=wait or None)
        logger.info(
            "%s %s root=%s action=%s%s%s",
            agent,
            payload.event or "(no event)",
            root,
            outcome.action,
            f" transcript={outcome.transcript}" if outcome.transcript else "",
            f" reason={outcome.reason}" if outcome.reason else "",
        )
        if as_json:
            echo_json(outcome.__dict__)
    except MemscribeError as exc:
        # A hook must never break the agent's session: say why, exit 0.
        typer.echo(f"memscribe hook: {exc}", err=True)
        if logger is None:
            logger = hook_logger(root)
        logger.error("%s error: %s", agent, exc)
    finally:
        if logger is not None:
            close_logger(logger)


def register(app: typer.Typer) -> None:
    app.command()(hook)
