"""``memscribe apply PLAN.json``: validate and apply a plan made by ``extract --plan-only``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

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


def already_applied(plan: Plan, root: Path) -> bool:
    """Every file the plan writes is on disk with the plan's id: applying it again is a no-op."""
    from memscribe.schemas.plan import WriteOp
    from memscribe.store.files import parse_memory_file

    writes = [op for op in plan.operations if isinstance(op, WriteOp)]
    if not writes:
        return False
    for op in writes:
        target = root / op.path
        try:
            if parse_memory_file(target.read_text(encoding="utf-8"), op.path).id != op.id:
                return False
        except (OSError, UnicodeDecodeError, MemscribeError):
            return False
    return True


def apply(
    plan_file: Annotated[str, typer.Argument(metavar="PLAN.json", help="Plan file, or - for stdin.")],
    memory_dir: MemoryDir = Path("."),
    as_json: JsonOpt = False,
) -> None:
    """Validate a plan against the memory root and apply it (all of it, or nothing).

    Applying the same plan twice is a no-op (reported as already applied). Exit 3: not a
    plan; exit 5: the plan does not fit the root (a file exists, an id is taken, …).
    """
    from memscribe.stages.apply import apply_plan, recover_interrupted

    try:
        plan = load_plan(plan_file)
        recover_interrupted(memory_dir)
        if already_applied(plan, memory_dir):
            result: dict[str, Any] = {
                "applied": False,
                "already_applied": True,
                "written": [],
                "archived": [],
            }
        else:
            done = apply_plan(plan, memory_dir)
            result = {
                "applied": bool(plan.operations),
                "already_applied": False,
                "written": done.written,
                "archived": done.archived,
                "journal": done.journal,
            }
        if plan.snapshot is not None:  # idempotent: a block already in its daily file is skipped
            from memscribe.snapshot.store import append_snapshot

            block = append_snapshot(memory_dir, plan.snapshot, replay=True)
            result["snapshot"] = {"id": block.snapshot_id, "path": block.path}
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json(result)
        return
    if result["already_applied"]:
        typer.echo("already applied: nothing to do")
        return
    typer.echo(f"applied: {len(result['written'])} written, {len(result['archived'])} archived")
    if "snapshot" in result:
        typer.echo(f"  task snapshot {result['snapshot']['id']} in {result['snapshot']['path']}")
    for path in result["written"]:
        typer.echo(f"  + {path}")
    for path in result["archived"]:
        typer.echo(f"  → {path}")


def register(app: typer.Typer) -> None:
    app.command()(apply)
