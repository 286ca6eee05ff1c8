"""``memscribe install claude-code|codex|openclaw``: the packaged hooks, merged into the agent's settings."""

from __future__ import annotations

from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, echo_json, fail


def install(
    agent: Annotated[str, typer.Argument(help="claude-code, codex or openclaw.")],
    scope: Annotated[
        str,
        typer.Option(
            "--scope", help="user (~/.claude, ~/.codex) or project (./.claude, ./.codex, ./.mcp.json)."
        ),
    ] = "user",
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would change; write nothing.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Install memscribe's hooks (and MCP server) for an agent, merging into its existing settings.

    Your own hooks, servers and paths are kept; a second run changes nothing. Claude Code:
    SessionStart (startup|resume|compact) and UserPromptSubmit print the memory context,
    PreCompact and SessionEnd extract the session. Codex: SessionStart / UserPromptSubmit →
    context, PreCompact / Stop → extract, features.codex_hooks on. OpenClaw: the hook pack in
    ~/.openclaw/hooks/memscribe, .reflexio/ added to memorySearch.extraPaths, the hook enabled.
    """
    from memscribe.errors import MemscribeError
    from memscribe.integrations.install import install as run_install

    try:
        report = run_install(agent, scope=scope, dry_run=dry_run)
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json(report.as_json())
        return
    head = "dry run — nothing written" if dry_run else "installed"
    typer.echo(f"memscribe for {agent} ({scope}): {head}")
    for change in report.changes:
        action = (
            f"would be {change.action}"
            if dry_run and change.action in ("created", "updated")
            else change.action
        )
        typer.echo(f"  {action}: {change.path}")
        for line in change.detail:
            typer.echo(f"    - {line}")
    for note in report.notes:
        typer.echo(note)


def register(app: typer.Typer) -> None:
    app.command()(install)
