"""Group-chat memory (Progressive Memory, FORMATS.md §2 "Group-chat memory"): model outputs and state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from memscribe.schemas.transcript import Turn

#: The file kinds a flush writes, one prompt (and one model task ``group_<kind>``) each.
GroupFileKind = Literal["attention", "project", "experience", "people"]
TaskStatus = Literal["todo", "doing", "blocked", "done"]
#: L3 detailed conventions: one file ``conventions/<topic>.md`` per topic (a fixed set: safe names).
ConventionTopic = Literal["api", "db", "naming", "git", "testing", "deploy", "style", "security"]


class GroupRequest(BaseModel):
    """The typed input of every ``group_*`` task (the embedded model reads this, an LLM the prompt)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    group: str
    today: str = Field(description="YYYY-MM-DD of the flush.")
    turns: tuple[Turn, ...] = Field(description="Messages since the last flush, original indices kept.")
    pending_items: tuple[str, ...] = ()
    known: tuple[str, ...] = Field(default=(), description="Lines already stored in this file kind.")


class ConfirmedItem(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    item: str = Field(description="The pending item, exactly as listed.")
    target: GroupFileKind = Field(description="Which file the confirmed fact belongs in.")
    text: str = Field(min_length=1, description="The confirmed fact as it should be stored.")
    evidence_turns: list[int] = Field(default_factory=list, description="Turns that confirm it.")


class DroppedItem(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    item: str = Field(description="The pending item, exactly as listed.")
    reason: str = Field(description="What in the conversation contradicts it.")


class PendingReview(BaseModel):
    """Pending items re-examined first: confirmed ones are written, contradicted ones dropped, the rest stay."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    confirmed: list[ConfirmedItem] = Field(default_factory=list)
    dropped: list[DroppedItem] = Field(default_factory=list)


class TaskState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    task: str = Field(min_length=1, description="The task, as the group names it.")
    status: TaskStatus
    owner: str = Field(default="", description="Who is on it, if said.")


class AttentionState(BaseModel):
    """P0: the group's current focus and task states (attention.md is overwritten with this)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    focus: str = Field(
        description="One or two sentences: what the group is focused on now; empty if unknown."
    )
    tasks: list[TaskState] = Field(default_factory=list)
    blockers: list[str] = Field(default_factory=list)


class ExperienceEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="YYYY-MM-DD of the decision.")
    title: str = Field(min_length=1, description="A short title.")
    context: str = Field(description="Background: what situation led to the decision.")
    decision: str = Field(min_length=1, description="What was decided.")
    action: str = Field(description="What was or will be done, by whom.")
    evidence_turns: list[int] = Field(default_factory=list)


class ExperienceLog(BaseModel):
    """P2: new decisions and lessons (appended to experience.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    entries: list[ExperienceEntry] = Field(default_factory=list)


class Convention(BaseModel):
    """One detailed, agreed convention of one area (L3: ``conventions/<topic>.md``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    topic: ConventionTopic = Field(
        description="The area: api, db, naming, git, testing, deploy, style, security."
    )
    rule: str = Field(min_length=1, description="The convention as agreed, one rule, in the chat's language.")
    evidence_turns: list[int] = Field(default_factory=list)


class ProjectFacts(BaseModel):
    """P1: static project facts (stack, architecture, constraints), hard rules, L3 conventions, leads."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    facts: list[str] = Field(default_factory=list, description="New, confirmed project facts.")
    hard_rules: list[str] = Field(default_factory=list, description="Rules the group states as binding.")
    conventions: list[Convention] = Field(
        default_factory=list,
        description="Detailed agreed conventions of one area (API, DB, naming…); empty when none.",
    )
    pending: list[str] = Field(default_factory=list, description="Leads not yet confirmed.")


class Person(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    role: str = Field(default="", description="Role or responsibility, as stated.")
    notes: str = Field(default="", description="Other useful, non-sensitive facts (no contact secrets).")


class PeopleFacts(BaseModel):
    """P3: people and their roles (additions to people.md), and unconfirmed leads."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    people: list[Person] = Field(default_factory=list, description="Confirmed facts about people.")
    pending: list[str] = Field(
        default_factory=list, description="Leads not yet confirmed (e.g. 'maybe X is the new PM')."
    )


class GroupState(BaseModel):
    """One group's flush bookkeeping (inside memory/flush-state.json)."""

    model_config = ConfigDict(extra="forbid")

    last_flush_time: str
    attention_last_updated: str | None = None
    experience_last_appended: str | None = None
    pending_items: list[str] = Field(default_factory=list)
    session_id: str | None = None
    message_count: int = Field(default=0, ge=0, description="Messages of session_id flushed so far.")
    token_count: int = Field(default=0, ge=0, description="Estimated tokens of session_id flushed so far.")


class FlushState(BaseModel):
    """memory/flush-state.json: the seed's top-level fields (the latest flush) plus per-group state."""

    model_config = ConfigDict(extra="allow")

    last_flush_time: str | None = None
    attention_last_updated: str | None = None
    experience_last_appended: str | None = None
    context_usage_at_flush: int | None = None
    pending_items: list[str] = Field(default_factory=list)
    session_id: str | None = None
    message_count: int = 0
    token_count: int = 0
    group: str | None = Field(default=None, description="The group of the latest flush.")
    groups: dict[str, GroupState] = Field(default_factory=dict)


class GroupFile(BaseModel):
    """One file a flush writes: its new whole content and how it changed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(description="Relative to the memory root.")
    action: Literal["create", "append", "overwrite", "update"]
    text: str = Field(description="The whole new content.")
    base_sha256: str | None = Field(
        default=None, description="SHA-256 of the content the flush read (None: the file was absent)."
    )
    added: list[str] = Field(default_factory=list, description="Lines or entries added.")


class FlushResult(BaseModel):
    """What a flush decided: files to write (or why it was skipped), the new state, counts."""

    model_config = ConfigDict(extra="forbid")

    group: str
    room_id: str | None = None
    skipped: str | None = Field(default=None, description="Why nothing was flushed (skip rule), else null.")
    new_messages: int = 0
    new_tokens: int = 0
    files: list[GroupFile] = Field(default_factory=list)
    confirmed: list[str] = Field(default_factory=list)
    dropped: list[str] = Field(default_factory=list)
    pending_items: list[str] = Field(default_factory=list)
    state: FlushState | None = None
    redactions: int = 0
    model_errors: list[str] = Field(default_factory=list)
    refused: list[str] = Field(
        default_factory=list, description="Items the write guard refused (field: reason), never written."
    )
    llm_calls: int = 0
