"""``memscribe import FILE``: memories from a memscribe export, a CLAUDE.md / MEMORY.md or a mem0
export, each as a candidate through the normal guards (screen, dedup, apply)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from memscribe.cli_common import ApiBase, JsonOpt, MemoryDir, ModelOpt, SkipBadLines, echo_json, fail
from memscribe.index.options import AgentOpt


def import_memories(
    file: Annotated[Path, typer.Argument(help="A .jsonl export, a CLAUDE.md / MEMORY.md, or a mem0 export.")],
    memory_dir: MemoryDir = Path("."),
    fmt: Annotated[
        str | None, typer.Option("--format", help="jsonl, markdown or mem0 (default: from the file).")
    ] = None,
    ttl: Annotated[str, typer.Option("--ttl", help="TTL of imported statements without one.")] = "one_year",
    agent: AgentOpt = None,
    model: ModelOpt = None,
    api_base: ApiBase = None,
    as_json: JsonOpt = False,
    skip_bad_lines: SkipBadLines = True,
) -> None:
    """Import memories as candidates: injection-shaped or secret-bearing text is refused, duplicates
    of stored memories are dropped, updates supersede — the same path as an agent's write."""
    from memscribe.curation import import_items
    from memscribe.errors import PARTLY, MemscribeError, StoreError, UserError
    from memscribe.mcp_server import MemoryTools
    from memscribe.model.base import StructuredModel
    from memscribe.model.factory import make_model
    from memscribe.services.import_files import read_import
    from memscribe.store.root import MemoryRoot

    def factory() -> StructuredModel:
        try:
            return make_model(model, api_base=api_base)
        except ValueError as exc:
            raise UserError(str(exc)) from exc

    try:
        factory()
        detected, items, bad_lines = read_import(file, fmt, strict=not skip_bad_lines)
        tools = MemoryTools(memory_dir, factory, agent=agent)
        answers = import_items(items, tools.write_profile, tools.write_playbook, ttl=ttl)
    except MemscribeError as exc:
        fail(exc)
    stored = sum(1 for a in answers if a.get("stored"))
    reasons = Counter(str(a.get("reason")) for a in answers if not a.get("stored"))
    # A malformed record is skipped and reported, as extract does (README "Real logs are messy").
    for bad in bad_lines:
        typer.echo(f"memscribe: skipped bad line {bad}", err=True)
    if bad_lines:
        typer.echo(f"memscribe: {len(bad_lines)} bad line(s) skipped in {file}", err=True)
    # A write the disk refused after it changed the memory is stored (review RV6 F2): a change
    # left partly made fails the command with the store's exit code, as extract and edit do.
    partly = sum(1 for a in answers if a.get("changed") == PARTLY)
    # a later item's write completes an open journal first (review RV10 F2 of stop 49): a change
    # left partly made and completed within this import is no failure of the command
    completed = bool(partly) and not MemoryRoot(tools.root).pending_journals()
    if completed:
        typer.echo(
            f"memscribe: {partly} item(s) refused partway by the disk were completed later in this import",
            err=True,
        )
        partly = 0
    if as_json:
        echo_json(
            {
                "format": detected,
                "items": len(answers),
                "stored": stored,
                "answers": answers,
                "bad_lines": bad_lines,
            }
        )
        _exit_if_partly(partly, StoreError.exit_code)
        return
    skipped = f", {len(bad_lines)} bad line{'s' if len(bad_lines) != 1 else ''} skipped" if bad_lines else ""
    typer.echo(f"{file} ({detected}): {len(answers)} items, {stored} stored{skipped}")
    for reason, count in sorted(reasons.items()):
        typer.echo(f"  not stored ({reason}): {count}")
    # a refused record by its place and reason, never its text (it may quote the secret it was refused for)
    for a in answers:
        detail = f" ({a['detail']})" if a.get("detail") else ""
        if not a.get("stored") and a.get("reason") not in ("duplicate",):
            typer.echo(f"  - {a['origin']}: {a.get('reason')}{detail}")
        elif a.get("stored") and a.get("reason") == "error":
            typer.echo(f"  - {a['origin']}: stored, but error{detail}")
        for earlier in a.get("supersedes_this_import", []):
            typer.echo(f"  - {a['origin']}: replaces {earlier} of this import (taken as its update)")
    _exit_if_partly(partly, StoreError.exit_code)


def _exit_if_partly(partly: int, code: int) -> None:
    if partly:
        typer.echo(
            f"memscribe: error: {partly} item(s) stored but partly made (the disk refused a write);"
            " the next extract, apply or batch completes them",
            err=True,
        )
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command(name="import")(import_memories)
