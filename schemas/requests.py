"""Typed model requests: the same input an LLM sees as prose, for the embedded model."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, SkipValidation

from memscribe.schemas.memory import MemoryKind
from memscribe.schemas.transcript import Turn

#: The gate's reading of one user turn, for a detector that would judge it again: the language its
#: text was placed in (None: not asked), whether the turn corrects the agent, and whether it states
#: a norm (:func:`~memscribe.lexicon.teaching.sets_norm`; None: not asked).
TurnReading = tuple[str | None, bool, bool | None]


class DetectRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: tuple[Turn, ...] = Field(description="The window's turns, original indices kept.")
    window: int = Field(ge=1)
    windows: int = Field(ge=1)
    #: The gate's reading of the window's user turns whose text it read as the window holds it
    #: (turn index → :data:`TurnReading`): the embedded detector asks these instead of reading
    #: the turns again. Built by the detect stage from the gate's result, so not validated again
    #: (one entry per user turn of a window that may hold a whole transcript); not part of the
    #: request's JSON (a model reads the prompt; the batch job keys a request by its turns).
    readings: Annotated[dict[int, TurnReading], SkipValidation] = Field(default_factory=dict, exclude=True)


class ShortlistItem(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    slug: str
    text: str
    created: str
    score: float = Field(ge=0.0, le=1.0, description="Lexical similarity to the candidate.")


class DedupRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: MemoryKind
    slug: str
    text: str
    shortlist: tuple[ShortlistItem, ...]
    #: The user's own words at the candidate's evidence turns (redacted; empty when unknown):
    #: "I left Fintastic over the summer. I'm at Verdant Grid now" says what the candidate
    #: "User is at Verdant Grid now" replaces.
    said: str = ""


class DedupBatchRequest(BaseModel):
    """Several candidates' dedup decisions asked in one call (item ``i`` is ``items[i]``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    items: tuple[DedupRequest, ...] = Field(min_length=2)


class ClusterItem(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    slug: str
    text: str
    created: str
    ttl: str | None = None


class ConsolidateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: MemoryKind
    items: tuple[ClusterItem, ...] = Field(description="The cluster, oldest first.")
