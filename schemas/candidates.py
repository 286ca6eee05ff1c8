"""What the detect stage returns.

Field descriptions become the JSON schema a model sees in the modes that send one: a few words
each, the field's meaning. The rules and the answer's shape live once, in ``prompts/detect.j2``:
in the default mode a detect call sends no schema (:attr:`Detection.format_in_prompt`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from memscribe.schemas.memory import TTL


def _untitled(schema: dict[str, Any]) -> None:
    """Drop the titles pydantic derives from class and field names: they repeat the names."""
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)


class ProfileCandidate(BaseModel):
    """A durable fact about the user."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_untitled)

    slug: str = Field(description="Topic, value-free kebab-case.")
    ttl: TTL = Field(description="Lifetime of the fact.")
    body: str = Field(description="The fact, third person.")
    evidence_turns: list[int] = Field(description="USER turns stating it.")


class PlaybookCandidate(BaseModel):
    """A rule for the agent, taught by a confirmed correction."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_untitled)

    slug: str = Field(description="Topic, value-free kebab-case.")
    when: str = Field(description="The situation.")
    what: str = Field(description="The rule as taught.")
    why: str = Field(description="User's stated reason, or empty.")
    correction_turn: int = Field(description="User turn correcting.")
    adjustment_turn: int = Field(description="Agent turn redoing it.")
    confirmation_turn: int | None = Field(description="User turn confirming, or null.")
    confirmation: Literal["explicit", "implicit", "none"] = Field(description="How it was confirmed.")


class Detection(BaseModel):
    """Memories found in one window."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_untitled)

    #: ``prompts/detect.j2`` states the answer's shape itself (one line naming every field): in
    #: ``json_schema`` mode the server is asked for a JSON object and no schema is sent, so each
    #: detect call does not repeat ~450 tokens of schema beside it. The fallback modes send the
    #: schema as before.
    format_in_prompt: ClassVar[bool] = True

    profiles: list[ProfileCandidate] = Field(default_factory=list)
    playbooks: list[PlaybookCandidate] = Field(default_factory=list)


DedupAction = Literal["keep_both", "supersede_old", "merge", "drop_new"]


class DedupDecision(BaseModel):
    """How a new candidate relates to the existing memories it was compared with."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action: DedupAction = Field(
        description="drop_new: an existing memory already says the same thing. supersede_old: the "
        "new fact updates or contradicts the listed existing ones. merge: combine into one new "
        "memory that replaces them. keep_both: different facts (numbers, dates or qualifiers "
        "that differ mean different facts)."
    )
    existing_ids: list[str] = Field(
        default_factory=list, description="Ids of the existing memories concerned (empty for keep_both)."
    )
    merged_body: str | None = Field(
        default=None, description="Only for merge: the combined text, one fact, third person."
    )
    reason: str = Field(description="One short sentence explaining the decision.")


class DedupItemDecision(DedupDecision):
    """The decision for one NEW item of a batched dedup request."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_untitled)

    item: int = Field(description="The NEW item's number.")


class DedupBatchDecision(BaseModel):
    """One decision per NEW item of a batched dedup request."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decisions: list[DedupItemDecision] = Field(default_factory=list)


ConsolidateAction = Literal["merge_all", "merge_subset", "keep_all"]


class ConsolidateDecision(BaseModel):
    """What to do with one cluster of related memories found by ``memscribe consolidate``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action: ConsolidateAction = Field(
        description="merge_all: every memory in the cluster states one fact; merge them into one. "
        "merge_subset: only the listed ones state one fact. keep_all: they are different facts "
        "(numbers, dates or qualifiers that differ mean different facts)."
    )
    merge_ids: list[str] = Field(
        default_factory=list,
        description="For merge_subset: the ids to merge (at least two). Ignored for merge_all/keep_all.",
    )
    merged_body: str | None = Field(
        default=None, description="Profiles, when merging: the combined fact, third person, 1-3 sentences."
    )
    merged_when: str | None = Field(default=None, description="Playbooks, when merging: the When section.")
    merged_what: str | None = Field(default=None, description="Playbooks, when merging: the What section.")
    merged_why: str | None = Field(default=None, description="Playbooks, when merging: the Why section.")
    reason: str = Field(description="One short sentence explaining the decision.")
