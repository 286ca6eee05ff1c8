"""The normalized transcript every reader yields.

:class:`Turn` and :class:`SourcePos` are not pydantic models but slotted records that answer as
the frozen models did (issue 17: a turn per record is most of a transcript's memory; a model
instance keeps its values in an instance dict beside three pydantic slots, 330 bytes a turn and
its position on CPython 3.11, these 160). Building one from keywords, ``model_validate`` and
``model_validate_json`` validate through a pydantic twin of the same fields, title and
constraints (same errors); ``model_dump``/``model_dump_json`` serialize through it; ``==``,
``hash``, ``repr``, ``model_copy`` (no validation, as pydantic's) and assignment (refused as a
frozen model refuses it) behave as before; as a field of a pydantic model they validate (an
instance is kept as is), serialize and give their JSON schema as the models did.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, ValidationError
from pydantic_core import CoreSchema, core_schema

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

Role = Literal["user", "assistant", "tool", "system"]
TranscriptFormat = Literal["openclaw", "claude-code", "codex", "openai", "text"]

#: What a turn is, beyond its role. ``summary`` turns (compaction / branch summaries) are
#: context only: never evidence of the user speaking.
TurnKind = Literal["message", "tool_call", "tool_result", "summary", "system"]

_set = object.__setattr__
_new = object.__new__


class ToolCall(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = ""
    name: str
    arguments: str = Field(default="", description="Arguments serialized as text (JSON where known).")


class _Record:
    """A frozen, slotted record validated and serialized by its pydantic twin (``_twin``)."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    _twin: ClassVar[type[BaseModel]]
    _fields: ClassVar[tuple[str, ...]]
    model_fields: ClassVar[dict[str, FieldInfo]]

    def _put(self, name: str, value: Any) -> None:
        """Set field ``name`` (a record may hold a field in slots of another shape)."""
        _set(self, name, value)

    def _fill(self, data: Mapping[str, Any]) -> None:
        twin = self._twin.model_validate(data)  # raises ValidationError as the model did
        values = twin.__dict__
        for name in self._fields:
            self._put(name, values[name])

    @classmethod
    def _from_twin(cls, twin: BaseModel) -> Self:
        record = _new(cls)
        values = twin.__dict__
        for name in cls._fields:
            record._put(name, values[name])
        return record

    def _to_twin(self) -> BaseModel:
        return self._twin.model_construct(**{name: getattr(self, name) for name in self._fields})

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        """The record of ``obj`` (kept as is when it is one), validated as the model did."""
        if type(obj) is cls:
            return obj
        return cls._from_twin(cls._twin.model_validate(obj))

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Self:
        return cls._from_twin(cls._twin.model_validate_json(data))

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        return self._to_twin().model_dump(**kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        return self._to_twin().model_dump_json(**kwargs)

    @property
    def model_fields_set(self) -> set[str]:
        """Every field: a record holds each of its values."""
        return set(self._fields)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update``'s values (not validated, as pydantic's ``model_copy``)."""
        copied = _new(type(self))
        for name in self.__slots__:
            _set(copied, name, getattr(self, name))
        for name, value in (update or {}).items():
            if name not in self._fields:
                raise ValueError(f"{type(self).__name__} has no field {name!r}")
            copied._put(name, value)
        if deep:
            import copy

            return copy.deepcopy(copied)
        return copied

    def _values(self) -> tuple[Any, ...]:
        """The slots' values (the fields, as the record holds them)."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise ValidationError.from_exception_data(
            type(self).__name__, [{"type": "frozen_instance", "loc": (name,), "input": value}]
        )

    def __delattr__(self, name: str) -> None:
        raise ValidationError.from_exception_data(
            type(self).__name__, [{"type": "frozen_instance", "loc": (name,), "input": None}]
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self._values())

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        twin = handler.generate_schema(cls._twin)
        from_twin = core_schema.no_info_after_validator_function(cls._from_twin, twin)
        return core_schema.json_or_python_schema(
            json_schema=from_twin,
            # an instance is kept as is (the models' ``revalidate_instances='never'``)
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_twin], mode="left_to_right"
            ),
            serialization=core_schema.plain_serializer_function_ser_schema(cls._to_twin, return_schema=twin),
        )


def _rebuild(cls: type[_Record], values: Iterable[Any]) -> _Record:
    """A record from its slots' values (pickling, copies)."""
    record = _new(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        _set(record, name, value)
    return record


class SourcePos(_Record):
    """Where a turn came from in its input file."""

    __slots__ = ("file", "line")
    _fields = ("file", "line")
    file: str
    line: int

    def __init__(self, *, file: str, line: int) -> None:
        self._fill({"file": file, "line": line})


class Turn(_Record):
    """One normalized turn. ``index`` is stable: 0-based position in ``Transcript.turns``."""

    __slots__ = (
        "index",
        "role",
        "kind",
        "text",
        "tool_calls",
        "tool_name",
        "timestamp",
        "entry_id",
        "speaker",
        "_file",
        "_line",
    )
    _fields = (*__slots__[:-2], "source")
    index: int
    role: Role
    kind: TurnKind
    text: str
    tool_calls: tuple[ToolCall, ...]
    tool_name: str | None
    timestamp: str | None
    entry_id: str | None
    speaker: str | None
    #: The source position's values, held in the turn: a turn is no position object beside it
    #: (48 bytes a turn more; a text transcript has a line for nearly every turn).
    _file: str
    _line: int

    @property
    def source(self) -> SourcePos:
        """Where the turn came from (a position built when asked: equal each time)."""
        pos = _new(SourcePos)
        _set(pos, "file", self._file)
        _set(pos, "line", self._line)
        return pos

    def _put(self, name: str, value: Any) -> None:
        if name == "source":
            _set(self, "_file", value.file)
            _set(self, "_line", value.line)
        else:
            _set(self, name, value)

    def __init__(
        self,
        *,
        index: int,
        role: Role,
        kind: TurnKind = "message",
        text: str = "",
        tool_calls: Iterable[ToolCall] = (),
        tool_name: str | None = None,
        timestamp: str | None = None,
        entry_id: str | None = None,
        speaker: str | None = None,
        source: SourcePos | Mapping[str, Any],
    ) -> None:
        self._fill(
            {
                "index": index,
                "role": role,
                "kind": kind,
                "text": text,
                "tool_calls": tool_calls,
                "tool_name": tool_name,
                "timestamp": timestamp,
                "entry_id": entry_id,
                "speaker": speaker,
                "source": source,
            }
        )


class _PosTwin:  # a namespace: the model's name (title, JSON schema, errors) stays "SourcePos"
    class SourcePos(BaseModel):
        """Where a turn came from in its input file."""

        model_config = ConfigDict(extra="forbid", frozen=True)

        file: str = Field(description="Input path, or '-' for stdin.")
        line: int = Field(ge=1, description="1-based line number of the record that produced the turn.")


SourcePos._twin = _PosTwin.SourcePos
SourcePos.model_fields = _PosTwin.SourcePos.model_fields


class _TurnTwin:  # as _PosTwin; ``SourcePos`` below is the record
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


Turn._twin = _TurnTwin.Turn
Turn.model_fields = _TurnTwin.Turn.model_fields


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
