"""Task snapshots (Big Memory, FORMATS.md §2 "Task snapshots"): the model's draft and the stored block."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from memscribe.schemas.transcript import Turn

Phase = Literal["planning", "implementing", "debugging", "testing", "reviewing", "deploying"]
#: Why a snapshot was taken.
SnapshotTrigger = Literal["explicit", "user_request", "compaction", "memory_flush", "compaction_notice"]

#: The Code Context section holds at most this many lines.
MAX_CODE_LINES = 50


class FileInPlay(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(min_length=1, description="Exact file path as it appears in the session.")
    note: str = Field(description="What is happening in this file for the current task.")


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    decision: str = Field(min_length=1, description="What was decided.")
    rationale: str = Field(description="Why it was chosen (the reason given in the session).")


class KeyName(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str = Field(
        min_length=1, description="What it is: 'Env var', 'API endpoint', 'Table name', 'Error'."
    )
    value: str = Field(
        min_length=1,
        description="The exact identifier. For env vars the NAME only (DATABASE_URL), never its value.",
    )


class SnapshotDraft(BaseModel):
    """The eight sections of a task snapshot, as the model fills them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    worth_saving: bool = Field(
        description="False when the session is plain Q&A with no multi-step task state to preserve."
    )
    active_goal: str = Field(
        description="One sentence: what the user is trying to accomplish right now, including why."
    )
    phase: Phase = Field(description="Current phase of the task.")
    branch: str = Field(default="n/a", description="Git branch name, or 'n/a'.")
    blocked: bool = Field(default=False, description="Whether work is blocked right now.")
    blocked_reason: str = Field(default="", description="The blocker when blocked is true, else empty.")
    progress: str = Field(default="", description="Rough percentage or milestone reached.")
    files_in_play: list[FileInPlay] = Field(default_factory=list, description="Files being worked on.")
    decisions: list[Decision] = Field(default_factory=list, description="Decisions made, with rationale.")
    code_context: str = Field(
        default="",
        description=f"Only code that cannot be re-read from files (signatures being designed, exact error "
        f"messages, patterns to replicate); at most {MAX_CODE_LINES} lines; empty if none.",
    )
    key_names: list[KeyName] = Field(default_factory=list, description="Exact identifiers easy to forget.")
    blockers: list[str] = Field(default_factory=list, description="Blockers and open questions.")
    next_steps: list[str] = Field(
        default_factory=list, description="Ordered, specific, actionable next steps."
    )

    @field_validator("code_context")
    @classmethod
    def _code_lines(cls, value: str) -> str:
        if len(value.strip("\n").splitlines()) > MAX_CODE_LINES:
            raise ValueError(f"code_context must be at most {MAX_CODE_LINES} lines")
        return value


class SnapshotRequest(BaseModel):
    """The typed input of the ``snapshot`` task (what the embedded model reads instead of prose)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: tuple[Turn, ...]
    trigger: SnapshotTrigger


class SnapshotBlock(BaseModel):
    """One snapshot to append: where, its id and time, and the exact block text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(description="memory/YYYY-MM-DD.md, relative to the memory root.")
    snapshot_id: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}-\d{2,}$")
    timestamp: str = Field(description="YYYY-MM-DDTHH:MM:SS (local to the memory root's clock, UTC).")
    trigger: SnapshotTrigger
    text: str = Field(description="The block appended: rule, heading, markers and the eight sections.")


class StoredSnapshot(BaseModel):
    """A snapshot read back from a daily file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    snapshot_id: str
    timestamp: str
    sections: dict[str, str] = Field(description="Section title → its text, in file order.")
    text: str = Field(description="The block between (and including) the markers.")
