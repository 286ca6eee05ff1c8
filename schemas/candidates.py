"""What the detect stage returns. Field descriptions become the JSON schema a model sees."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from memscribe.schemas.memory import TTL


class ProfileCandidate(BaseModel):
    """One durable fact about the user."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(
        description="kebab-case topic of the fact, without the value: 'home-city', 'diet', "
        "'sql-style'. Lowercase letters, digits and hyphens, at most 48 characters."
    )
    ttl: TTL = Field(
        description="infinity for durable facts (diet, name, lasting preferences); one_year for "
        "stable but changeable facts (city, role, team); one_quarter for current focus; one_month "
        "for short-term context; one_week/one_day for transient agendas."
    )
    body: str = Field(
        description="1-3 sentences stating one fact about the user in the third person "
        "('User prefers ...'). Same language as the user. Never a secret value."
    )
    evidence_turns: list[int] = Field(
        description="Indices [n] of the USER turns that state this fact. Never assistant or tool turns."
    )


class PlaybookCandidate(BaseModel):
    """A procedural rule the user taught by correcting the agent, then confirming the fix."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(description="kebab-case name of the rule, e.g. 'commit-no-ai-attribution'.")
    when: str = Field(
        description="Noun phrase describing the situation the rule applies to (the search anchor), "
        "e.g. 'Composing a git commit message'. Must not restate the rule."
    )
    what: str = Field(description="The rule, 1-3 sentences, DO / DON'T exactly as observed.")
    why: str = Field(description="Why the user wants it; 'User corrected this.' if unstated.")
    correction_turn: int = Field(description="Index [n] of the user turn that corrected the agent.")
    adjustment_turn: int = Field(
        description="Index [n] of the assistant turn (after the correction) that redid the work."
    )
    confirmation_turn: int | None = Field(
        description="Index [n] of the user turn that confirmed the fix, explicitly or by moving on "
        "without re-correcting. null if the session never confirmed it."
    )
    confirmation: Literal["explicit", "implicit", "none"] = Field(
        description="explicit ('perfect', 'yes that's right'), implicit (moved on for 1-2 turns "
        "without re-correcting), or none."
    )


class Detection(BaseModel):
    """All candidates found in one window of a transcript."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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
