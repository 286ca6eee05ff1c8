"""The end-of-run report: totals for machines (``--json``) and a rich summary for people."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from memscribe.schemas.plan import ArchiveOp, Plan, WriteOp

Status = Literal["processed", "skipped", "failed"]


class TranscriptResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    status: Status
    reason: str = Field(
        default="", description="Why skipped (unchanged, already_processed, not_a_transcript, timeout)."
    )
    change: str = ""
    namespace: str | None = None
    error: str | None = None
    new_turns: int = 0
    writes: list[str] = Field(default_factory=list)
    archived: list[str] = Field(default_factory=list)
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None
    skipped: dict[str, int] = Field(default_factory=dict)
    redactions: dict[str, int] = Field(default_factory=dict)
    replans: int = 0
    bad_lines: int = Field(default=0, description="Malformed records skipped and counted (issue 15).")

    @classmethod
    def from_plan(cls, path: str, plan: Plan, **fields: object) -> TranscriptResult:
        result = cls.model_validate({"path": path, "status": "processed", **fields})
        result.writes = [op.path for op in plan.operations if isinstance(op, WriteOp)]
        result.archived = [op.path for op in plan.operations if isinstance(op, ArchiveOp)]
        result.model_calls = plan.usage.llm_calls
        result.prompt_tokens = plan.usage.prompt_tokens
        result.completion_tokens = plan.usage.completion_tokens
        result.cost_usd = plan.usage.cost_usd
        result.skipped = dict(Counter(s.reason for s in plan.skipped))
        result.redactions = dict(Counter(r.type for r in plan.redactions))
        result.bad_lines = len(plan.bad_lines)
        return result


class BatchReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    memory_dir: str
    dry_run: bool
    concurrency: int
    seen: int = 0
    processed: int = 0
    skipped: int = 0
    failed: int = 0
    timed_out: bool = False
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None
    writes: int = 0
    supersessions: int = 0
    transcripts_skipped_by_reason: dict[str, int] = Field(default_factory=dict)
    skips_by_reason: dict[str, int] = Field(default_factory=dict, description="Candidates not written.")
    redactions_by_type: dict[str, int] = Field(default_factory=dict)
    bad_lines: int = Field(default=0, description="Malformed records skipped and counted, all transcripts.")
    recovered: list[str] = Field(default_factory=list, description="Interrupted commits completed.")
    wall_s: float = 0.0
    cpu_s: float = Field(default=0.0, description="memscribe's own CPU time (process), all threads.")
    helper_cpu_s: float = Field(
        default=0.0,
        description="CPU time of the helper processes (--plan-process: the planner and its "
        "model-call helper; else --call-process: the model-call helper), apart from cpu_s.",
    )
    planner_cpu_s: float = Field(
        default=0.0, description="CPU time of the planner process (--plan-process), part of helper_cpu_s."
    )
    transcripts: list[TranscriptResult] = Field(
        default_factory=list,
        description="One entry per transcript the run did something with; unchanged ones are only "
        "counted (transcripts_skipped_by_reason.unchanged): a run over many transcripts of which "
        "few changed reports in proportion to the change.",
    )

    def add(self, result: TranscriptResult) -> None:
        if result.reason == "unchanged":
            self.add_unchanged(1)
            return
        self.transcripts.append(result)
        self.seen += 1
        if result.status == "processed":
            self.processed += 1
        elif result.status == "failed":
            self.failed += 1
        else:
            self.skipped += 1
            self.transcripts_skipped_by_reason[result.reason] = (
                self.transcripts_skipped_by_reason.get(result.reason, 0) + 1
            )
        # (assigning a field of a pydantic model costs more than the addition: only when non-zero)
        if result.model_calls:
            self.model_calls += result.model_calls
        if result.prompt_tokens:
            self.prompt_tokens += result.prompt_tokens
        if result.completion_tokens:
            self.completion_tokens += result.completion_tokens
        if result.cost_usd is not None:
            self.cost_usd = (self.cost_usd or 0.0) + result.cost_usd
        if result.status == "processed":
            self.writes += len(result.writes)
            self.supersessions += len(result.archived)
        for reason, n in result.skipped.items():
            self.skips_by_reason[reason] = self.skips_by_reason.get(reason, 0) + n
        for kind, n in result.redactions.items():
            self.redactions_by_type[kind] = self.redactions_by_type.get(kind, 0) + n
        if result.bad_lines:
            self.bad_lines += result.bad_lines

    def completed_later(self, paths: Sequence[str]) -> None:
        """Transcripts reported failed whose commit left its journal open, and which a later
        commit of this run completed, settling their rows as made (the disk has their changes; a
        re-run does nothing for them): processed, the error kept with what became of it."""
        wanted = set(paths)
        for result in self.transcripts:
            if result.path in wanted and result.status == "failed":
                result.status = "processed"
                result.error = f"{result.error}; its journal was completed later in this run"
                self.failed -= 1
                self.processed += 1

    def add_unchanged(self, count: int) -> None:
        """``count`` transcripts found unchanged (counted, not listed)."""
        self.seen += count
        self.skipped += count
        self.transcripts_skipped_by_reason["unchanged"] = (
            self.transcripts_skipped_by_reason.get("unchanged", 0) + count
        )


def print_report(report: BatchReport) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    head = "dry run — nothing written" if report.dry_run else "batch done"
    console.print(f"[bold]{head}[/] ({report.memory_dir}, concurrency {report.concurrency})")
    failed = [t for t in report.transcripts if t.status == "failed"]
    if failed:
        table = Table("failed transcript", "error")
        for t in failed:
            table.add_row(t.path, t.error or "")
        console.print(table)
    table = Table("", "count", show_header=False)
    rows: list[tuple[str, object]] = [
        ("transcripts seen", report.seen),
        ("processed", report.processed),
        ("skipped", _counts(report.transcripts_skipped_by_reason) or report.skipped),
        ("failed", report.failed),
        ("model calls", report.model_calls),
        ("tokens (prompt + completion)", f"{report.prompt_tokens} + {report.completion_tokens}"),
        ("cost", f"${report.cost_usd:.4f}" if report.cost_usd is not None else "unknown"),
        ("writes" if not report.dry_run else "writes (planned)", report.writes),
        ("supersessions", report.supersessions),
        ("candidates skipped", _counts(report.skips_by_reason) or 0),
        ("redactions", _counts(report.redactions_by_type) or 0),
        ("wall time", f"{report.wall_s:.2f} s (cpu {report.cpu_s:.2f} s)"),
    ]
    if report.timed_out:
        rows.append(("time budget", "ran out: rerun to continue"))
    if report.recovered:
        rows.append(("recovered", ", ".join(report.recovered)))
    for name, value in rows:
        table.add_row(name, str(value))
    console.print(table)


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
