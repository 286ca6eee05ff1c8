"""Build small transcripts by hand for stage tests."""

from __future__ import annotations

from memscribe.schemas.transcript import SourcePos, Transcript, Turn


def make_transcript(
    *turns: tuple[str, str], injected: tuple[str, ...] = (), kinds: dict[int, str] | None = None
) -> Transcript:
    """``make_transcript(("user", "hi"), ("assistant", "hello"))``; ``kinds`` overrides Turn.kind."""
    kinds = kinds or {}
    built = tuple(
        Turn(
            index=i,
            role=role,  # type: ignore[arg-type]
            kind=kinds.get(i, "tool_result" if role == "tool" else "message"),  # type: ignore[arg-type]
            text=text,
            source=SourcePos(file="t.txt", line=i + 1),
        )
        for i, (role, text) in enumerate(turns)
    )
    return Transcript(source="t.txt", format="text", turns=built, injected_memories=injected)
