"""The normalized transcript every reader yields."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Role = Literal["user", "assistant", "tool", "system"]
TranscriptFormat = Literal["openclaw", "claude-code", "codex", "openai", "text"]

#: What a turn is, beyond its role. ``summary`` turns (compaction / branch summaries) are
#: context only: never evidence of the user speaking.
TurnKind = Literal["message", "tool_call", "tool_result", "summary", "system"]


class SourcePos(BaseModel):
    """Where a turn came from in its input file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str = Field(description="Input path, or '-' for stdin.")
    line: int = Field(ge=1, description="1-based line number of the record that produced the turn.")


class ToolCall(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = ""
    name: str
    arguments: str = Field(default="", description="Arguments serialized as text (JSON where known).")


class Turn(BaseModel):
    """One normalized turn. ``index`` is stable: 0-based position in ``Transcript.turns``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    index: int = Field(ge=0)
    role: Role
    kind: TurnKind = "message"
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_name: str | None = None
    timestamp: str | None = None
    entry_id: str | None = None
    speaker: str | None = Field(
        default=None,
        description="Display name of who sent a user message, from the host's sender metadata "
        "(OpenClaw 'Sender (untrusted metadata)' envelope); None when unknown. Never a raw platform id.",
    )
    source: SourcePos


class BadLine(BaseModel):
    """A record that could not be parsed and was skipped (only with ``--skip-bad-lines``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file: str
    line: int
    error: str


class Transcript(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = Field(description="Input path, or '-' for stdin.")
    format: TranscriptFormat
    session_id: str | None = None
    session_key: str | None = Field(default=None, description="OpenClaw session key when known.")
    turns: tuple[Turn, ...] = ()
    compaction_seen: bool = Field(default=False, description="A compaction record was present.")
    stripped_blocks: int = Field(default=0, description="Noise / injected-memory blocks removed.")
    injected_memories: tuple[str, ...] = Field(
        default=(), description="Memory lines found in recall blocks (stripped; kept for echo checks)."
    )
    bad_lines: tuple[BadLine, ...] = ()

    def user_turns(self) -> list[Turn]:
        return [t for t in self.turns if t.role == "user" and t.kind == "message"]
