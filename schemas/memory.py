"""Memory entries as stored on disk (Reflexio layout, FORMATS.md §2)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

MemoryKind = Literal["profile", "playbook"]
TTL = Literal["one_day", "one_week", "one_month", "one_quarter", "one_year", "infinity"]

SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,47}$")
#: A memory namespace (one per agent, MemWal-style). Files of the default namespace carry no line.
NAMESPACE_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")

TTL_DAYS: dict[str, int | None] = {
    "one_day": 1,
    "one_week": 7,
    "one_month": 30,
    "one_quarter": 90,
    "one_year": 365,
    "infinity": None,
}


def expires_for(created: dt.datetime, ttl: str) -> str:
    """UTC date ``created + ttl`` as ISO text, or ``never`` for infinity."""
    days = TTL_DAYS[ttl]
    if days is None:
        return "never"
    return (created.astimezone(dt.UTC) + dt.timedelta(days=days)).date().isoformat()


class MemoryEntry(BaseModel):
    """An existing memory file, parsed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: MemoryKind
    id: str
    path: str = Field(description="Path relative to the memory root.")
    slug: str
    created: str
    ttl: TTL | None = None
    expires: str | None = None
    supersedes: tuple[str, ...] = ()
    body: str
    namespace: str | None = Field(
        default=None, description="The agent namespace; None = the default (main agent) namespace."
    )

    @field_validator("slug")
    @classmethod
    def _slug_ok(cls, v: str) -> str:
        if not SLUG_RE.match(v):
            raise ValueError(f"invalid slug {v!r}")
        return v

    @field_validator("namespace")
    @classmethod
    def _namespace_ok(cls, v: str | None) -> str | None:
        if v is not None and not NAMESPACE_RE.match(v):
            raise ValueError(f"invalid namespace {v!r}")
        return v
