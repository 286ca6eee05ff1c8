"""The Plan: the validated seam between extraction and the file system."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from memscribe.schemas.memory import TTL, MemoryKind
from memscribe.schemas.snapshot import SnapshotBlock

SkipReason = Literal[
    "ungrounded",  # cited turns missing, or they do not support the text
    "not_user_evidence",  # cited turns are assistant/tool/summary turns
    "correction_without_confirmation",
    "tautology",  # playbook 'when' just restates 'what'
    "invalid_candidate",  # slug/body unusable after validation
    "secret_only",
    "injection",
    "echo",  # restates a memory the agent was shown
    "duplicate",
    "model_error",  # the model failed after retries / re-asks; window skipped
]


class WriteOp(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["write"] = "write"
    kind: MemoryKind
    id: str
    slug: str
    path: str = Field(description="Relative to the memory root.")
    text: str = Field(description="The whole file content to write.")
    body: str
    ttl: TTL | None = None
    evidence: list[int]
    supersedes: list[str] = Field(default_factory=list)
    reason: str = ""
    namespace: str | None = Field(default=None, description="Agent namespace; None = the default one.")


class ArchiveOp(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["archive"] = "archive"
    kind: MemoryKind
    id: str
    path: str = Field(description="Current path, relative to the memory root.")
    archive_path: str
    superseded_by: str | None = None
    reason: str


class UpdateOp(BaseModel):
    """A stored memory rewritten in place (a dedup ``merge`` with it alone): its id, file and
    ``created`` are kept; the version it replaces is archived first, never destroyed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["update"] = "update"
    kind: MemoryKind
    id: str = Field(description="The stored memory's id, kept.")
    slug: str
    path: str = Field(description="The stored memory's file, relative to the memory root; kept.")
    text: str = Field(description="The whole new file content.")
    body: str
    previous_body: str = Field(description="The body the file holds when the plan is made (archived).")
    archive_path: str = Field(description="Where the previous version is archived (-2, -3… if taken).")
    ttl: TTL | None = None
    evidence: list[int]
    reason: str = ""
    namespace: str | None = Field(default=None, description="Agent namespace; None = the default one.")


Operation = Annotated[WriteOp | ArchiveOp | UpdateOp, Field(discriminator="op")]


class Skipped(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["profile", "playbook", "window"]
    reason: SkipReason
    evidence: list[int] = Field(default_factory=list)
    detail: str = ""
    #: Kept out of a dumped plan (golden plans, journals, ``extract --json``): it is for the caller
    #: that holds the Plan. An MCP duplicate answer and ``edit --json``'s ``refused`` show it.
    same_as: list[str] = Field(
        default_factory=list,
        exclude=True,
        description="Stored memories a duplicate restates (dedup), as ids; empty when none is known.",
    )


class Redaction(BaseModel):
    """One masked secret: its type and where, never its value."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: str
    turn: int | None = Field(default=None, description="Turn index, or None for candidate text.")
    stage: Literal["in", "out"] = "in"


class Usage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None


class Plan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    transcript: str
    format: str
    model: str
    created: str
    operations: list[Operation] = Field(default_factory=list)
    skipped: list[Skipped] = Field(default_factory=list)
    redactions: list[Redaction] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    bad_lines: list[str] = Field(default_factory=list)
    gate: str = Field(default="", description="Why the gate passed or stopped the transcript.")
    snapshot: SnapshotBlock | None = Field(
        default=None, description="A task snapshot to append to memory/YYYY-MM-DD.md (Big Memory), if any."
    )
