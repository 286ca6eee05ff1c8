"""An OpenAI-format system message that names the owner only in prose ("You are Ahmed Karimi's
assistant", "Tu es l'assistante de …", "你是…的助手") says whose memory a relayed group chat is.
Before, it was not read, so the first sender was taken as the owner and a colleague's facts were
written as the user's."""

from __future__ import annotations

import json

from memscribe.groups.speakers import principal, senders
from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, Turn
from memscribe.transcript import parse_transcript

_ROOM = (
    ("Lea Schmitt", "fyi I live in Hamburg and I'm vegetarian, so no steakhouse for the offsite"),
    ("Ahmed Karimi", "I'm based in Dubai and I always use UTC for ops stuff"),
    ("Lea Schmitt", "also I work at Zalando part-time"),
)


def _chat(system: str) -> str:
    messages: list[dict[str, str]] = [{"role": "system", "content": system}]
    for who, text in _ROOM:
        messages.append({"role": "user", "content": f"[#payments-oncall] {who}: {text}"})
        messages.append({"role": "assistant", "content": "Noted."})
    return json.dumps(messages)


def _system(text: str) -> list[Turn]:
    return [Turn(index=0, role="system", kind="system", text=text, source=SourcePos(file="s", line=1))]


def test_the_principal_named_in_prose_owns_the_room() -> None:
    for system in (
        "You are Ahmed Karimi's assistant. You are relayed into the team's room through a bridge.",
        "Tu es l'assistant personnel de Ahmed Karimi, relayé dans le salon de l'équipe.",
        "Du bist der Assistent von Ahmed Karimi im Team-Raum.",
        "你是Ahmed Karimi的助手，被拉进了团队群聊。",
    ):
        turns = parse_transcript(_chat(system), source="room.json").turns
        assert senders(turns) == ["Ahmed Karimi", "Lea Schmitt"], system
        bodies = [p.body for p in extract(turns).profiles]
        assert any("Dubai" in b for b in bodies), (system, bodies)
        assert not any(w in b for b in bodies for w in ("Hamburg", "vegetarian", "Zalando")), (system, bodies)


def test_without_a_principal_the_first_sender_owns_the_room() -> None:
    for system in (
        "You are a helpful assistant relayed into a room.",
        "You are the User's assistant.",  # a label, not a name
        "You are Priya Nair's assistant.",  # nobody in the room
    ):
        turns = parse_transcript(_chat(system), source="room.json").turns
        assert senders(turns) == ["Lea Schmitt", "Ahmed Karimi"], system


def test_principal_reads_each_languages_possessive() -> None:
    cases = {
        "You're Priya's scheduling assistant.": "Priya",
        "You are Seán O'Brien's assistant.": "Seán O'Brien",
        "You are the personal assistant to Dana Scully.": "Dana Scully",
        "Tu es l'assistante de Marie Dubois.": "Marie Dubois",
        "Eres el asistente de Lucía Gómez en el grupo.": "Lucía Gómez",
        "你是王芳的私人助理。": "王芳",
        "あなたは田中さんのアシスタントです。": "田中",
        "You are a helpful assistant.": None,
        "You are an assistant. The user's name is Bob.": None,
    }
    for text, name in cases.items():
        assert principal(_system(text)) == name, text
