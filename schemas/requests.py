"""Typed model requests: the same input an LLM sees as prose, for the embedded model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from memscribe.schemas.memory import MemoryKind
from memscribe.schemas.transcript import Turn


class DetectRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    turns: tuple[Turn, ...] = Field(description="The window's turns, original indices kept.")
    window: int = Field(ge=1)
    windows: int = Field(ge=1)
    #: The gate's reading of the window's user turns whose text it read as the window holds it
    #: (turn index → the language it placed the text in; → whether the turn corrects the agent;
    #: → whether it states a norm): the embedded detector asks these instead of reading the
    #: turns again. Not part of the request's JSON (a model reads the prompt; the batch job keys
    #: a request by its turns).
    languages: dict[int, str] = Field(default_factory=dict, exclude=True)
    corrects: dict[int, bool] = Field(default_factory=dict, exclude=True)
    norms: dict[int, bool] = Field(default_factory=dict, exclude=True)


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
