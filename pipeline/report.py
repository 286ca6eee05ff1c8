"""Human-readable plan output (rich tables)."""

from __future__ import annotations

from collections import Counter

from rich.console import Console
from rich.table import Table

from memscribe.schemas.plan import Plan, UpdateOp, WriteOp


def print_plan(plan: Plan, *, applied: bool, dry_run: bool) -> None:
    console = Console()
    head = "dry run — nothing written" if dry_run else ("applied" if applied else "nothing to write")
    console.print(f"[bold]{plan.transcript}[/] ({plan.format}, model {plan.model}): {head}")
    console.print(f"gate: {plan.gate}")
    if plan.operations:
        table = Table("op", "kind", "id", "path / text", "evidence")
        for op in plan.operations:
            if isinstance(op, WriteOp):
                extra = f" supersedes {', '.join(op.supersedes)}" if op.supersedes else ""
                table.add_row(
                    "write", op.kind, op.id, f"{op.path}\n{op.body}{extra}", ", ".join(map(str, op.evidence))
                )
            elif isinstance(op, UpdateOp):  # the stored memory keeps its id and file
                table.add_row(
                    "update",
                    op.kind,
                    op.id,
                    f"{op.path} (kept)\nwas: {op.previous_body}\nnow: {op.body}",
                    ", ".join(map(str, op.evidence)),
                )
            else:
                table.add_row("archive", op.kind, op.id, f"{op.path} → {op.archive_path}", "")
        console.print(table)
    if plan.skipped:
        table = Table("skipped", "reason", "evidence", "detail")
        for s in plan.skipped:
            table.add_row(s.kind, s.reason, ", ".join(map(str, s.evidence)), s.detail)
        console.print(table)
    if plan.redactions:
        counts = Counter(r.type for r in plan.redactions)
        console.print("redacted: " + ", ".join(f"{t} ×{n}" for t, n in sorted(counts.items())))
    for line in plan.bad_lines:
        console.print(f"[yellow]skipped bad line[/] {line}")
    u = plan.usage
    cost = f", ${u.cost_usd:.4f}" if u.cost_usd is not None else ""
    console.print(
        f"model calls: {u.llm_calls} ({u.prompt_tokens} prompt + {u.completion_tokens} completion tokens{cost})"
    )
