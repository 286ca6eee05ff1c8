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


def embedded_profile_bodies(text: str, *, conversation: bool = False, correction: bool = False) -> list[str]:
    """The bodies the embedded model reads as profiles from one user turn holding ``text``
    (``conversation``: a chat, not a working session; ``correction``: the turn corrects the agent)."""
    from memscribe.model.embedded.profiles import profiles_from_turn

    turn = Turn(index=0, role="user", text=text, source=SourcePos(file="-", line=1))
    return [c.body for c in profiles_from_turn(turn, correction_turn=correction, conversation=conversation)]


def extracted_profile_bodies(*user_texts: str) -> list[str]:
    """The bodies the embedded extractor writes as profiles from a chat of ``user_texts``, each user
    turn answered by the assistant with "ok"."""
    from memscribe.model.embedded.detect import extract

    turns: list[tuple[str, str]] = []
    for text in user_texts:
        turns += [("user", text), ("assistant", "ok")]
    return [p.body for p in extract(make_transcript(*turns).turns).profiles]
