"""``memscribe apply PLAN.json``: validate and apply a plan made by ``extract --plan-only``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail, read_input_text
from memscribe.errors import MemscribeError

if TYPE_CHECKING:
    from memscribe.schemas.plan import Plan


def load_plan(source: str) -> Plan:
    """A plan from a file or stdin (``-``); the ``applied`` key of ``extract --json`` is accepted.

    Raises:
        InputError: not JSON, or not a valid plan (the first problems named).
    """
    from pydantic import ValidationError

    from memscribe.errors import InputError
    from memscribe.schemas.plan import Plan

    text = read_input_text(source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", path=source, line=exc.lineno) from None
    if isinstance(data, dict):
        data.pop("applied", None)
    try:
        return Plan.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'plan'}: {e['msg']}" for e in exc.errors()[:3]
        )
        raise InputError(f"not a valid plan: {problems}", path=source) from None


def apply(
    plan_file: Annotated[str, typer.Argument(metavar="PLAN.json", help="Plan file, or - for stdin.")],
    memory_dir: MemoryDir = Path("."),
    as_json: JsonOpt = False,
) -> None:
    """Validate a plan against the memory root and apply it (all of it, or nothing).

    Applying the same plan twice is a no-op (reported as already applied); a write that
    restates a memory stored since the plan was made is dropped (reported as a duplicate). Exit 3: not a
    plan; exit 5: the plan does not fit the root (a file exists, an id is taken, …).
    """
    from memscribe.services.plans import apply_stored_plan
    from memscribe.store import open_store

    try:
        result = apply_stored_plan(open_store(memory_dir), load_plan(plan_file))
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json(result)
        return
    if result["already_applied"]:
        typer.echo("already applied: nothing to do")
        return
    typer.echo(
        f"applied: {len(result['written'])} written, {len(result['updated'])} updated in place,"
        f" {len(result['archived'])} archived"
    )
    for dup in result.get("duplicates", []):
        typer.echo(f"  = {dup['id']}: already stored as {dup['same_as']} (not written again)")
    for memory_id in result.get("reasons_withheld", []):
        typer.echo(f"  ! {memory_id}: archive reason withheld (it read as an instruction to an agent)")
    if "snapshot" in result:
        typer.echo(f"  task snapshot {result['snapshot']['id']} in {result['snapshot']['path']}")
    for path in result["written"]:
        typer.echo(f"  + {path}")
    for path in result["updated"]:
        typer.echo(f"  ~ {path}")
    for path in result["archived"]:
        typer.echo(f"  → {path}")


def register(app: typer.Typer) -> None:
    app.command()(apply)
