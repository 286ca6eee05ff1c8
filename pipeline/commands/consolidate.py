"""``memscribe consolidate``: a full pass that merges restated memories, cluster by cluster."""

from __future__ import annotations

from pathlib import Path

import typer

from memscribe.cli_common import ApiBase, JsonOpt, MemoryDir, ModelOpt, ModeOpt, TimeoutOpt, echo_json, fail
from memscribe.errors import MemscribeError
from memscribe.index.options import AgentOpt, DryRunOpt


def consolidate(
    memory_dir: MemoryDir = Path("."),
    dry_run: DryRunOpt = False,
    agent: AgentOpt = None,
    model: ModelOpt = None,
    api_base: ApiBase = None,
    mode: ModeOpt = "json_schema",
    timeout: TimeoutOpt = 120.0,
    as_json: JsonOpt = False,
) -> None:
    """Cluster related memories and merge_all / merge_subset / keep_all each cluster.

    Merged entries supersede their sources (archived, never deleted); a merged profile takes
    the shortest TTL of its sources. --dry-run shows the diff. Without --agent every namespace
    is consolidated, each on its own.
    """
    import datetime as dt

    from memscribe.errors import UserError
    from memscribe.index.options import scope
    from memscribe.model.factory import make_model
    from memscribe.schemas.plan import ArchiveOp, WriteOp
    from memscribe.services.maintenance import consolidate_root

    try:
        namespace, default = scope(agent)
        try:
            chosen = make_model(model, api_base=api_base, mode=mode, timeout=timeout)
        except ValueError as exc:
            raise UserError(str(exc)) from exc
        result, applied = consolidate_root(
            memory_dir,
            model=chosen,
            now=dt.datetime.now(dt.UTC),
            namespace=namespace if agent else None,
            default=default,
            dry_run=dry_run,
        )
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        data = result.plan.model_dump(mode="json")
        data["clusters"] = [
            {
                "kind": c.kind,
                "namespace": c.namespace or default,
                "ids": list(c.ids),
                "action": c.action,
                "reason": c.reason,
                "merged_ids": list(c.merged_ids),
                "new_id": c.new_id,
            }
            for c in result.clusters
        ]
        data["applied"] = bool(applied.written)
        echo_json(data)
        return
    if not result.clusters:
        typer.echo("No clusters of related memories: nothing to consolidate.")
        return
    writes = {op.id: op for op in result.plan.operations if isinstance(op, WriteOp)}
    archives = {op.id: op for op in result.plan.operations if isinstance(op, ArchiveOp)}
    for c in result.clusters:
        typer.echo(
            f"cluster {', '.join(c.ids)} ({c.kind}, {c.namespace or default}): {c.action} — {c.reason}"
        )
        for old in c.merged_ids:
            typer.echo(f"  - {archives[old].path}")
        if c.new_id is not None:
            new = writes[c.new_id]
            typer.echo(f"  + {new.path}")
            for text_line in new.text.rstrip("\n").split("\n"):
                typer.echo(f"  +   {text_line}")
    merged = sum(1 for c in result.clusters if c.new_id)
    if dry_run:
        typer.echo(f"dry run: {merged} merge(s) planned, nothing written.")
    else:
        typer.echo(
            f"{merged} merge(s) applied: {len(applied.written)} written, {len(applied.archived)} archived."
        )


def register(app: typer.Typer) -> None:
    app.command()(consolidate)
