"""An OpenAI-format user message's ``name`` is its sender: several names make a relayed group chat,
whose first sender (or the principal a system message names) owns it. Before, the field was
dropped, so every member's facts were written as the user's."""

from __future__ import annotations

import json

from memscribe.groups.speakers import senders
from memscribe.model.embedded.detect import extract
from memscribe.transcript import parse_transcript


def _chat(system: str, *messages: tuple[object, str]) -> str:
    out: list[dict[str, object]] = [{"role": "system", "content": system}]
    for name, text in messages:
        out.append(
            {"role": "user", "name": name, "content": text}
            if name is not None
            else {"role": "user", "content": text}
        )
        out.append({"role": "assistant", "content": "Noted."})
    return json.dumps(out)


_ROOM = (
    ("hana_k", "I live in Leeds and I prefer tabs in Go code."),
    ("li_lei", "I live in Shanghai and I'm a vegetarian."),
    ("hana_k", "Also I work at Arup."),
)


def _bodies(text: str) -> list[str]:
    return [p.body for p in extract(parse_transcript(text, source="chat.json").turns).profiles]


def test_user_names_are_senders_and_the_first_owns_the_chat() -> None:
    text = _chat("You are the team's assistant.", *_ROOM)
    turns = parse_transcript(text, source="chat.json").turns
    assert [t.speaker for t in turns if t.role == "user"] == ["hana_k", "li_lei", "hana_k"]
    assert senders(turns) == ["hana_k", "li_lei"]
    bodies = _bodies(text)
    assert any("Leeds" in b for b in bodies) and any("Arup" in b for b in bodies), bodies
    assert not any(w in b for b in bodies for w in ("Shanghai", "vegetarian")), bodies


def test_the_principal_named_in_the_system_message_owns_the_chat() -> None:
    bodies = _bodies(_chat("You are Li Lei's assistant.", *_ROOM))
    assert any("Shanghai" in b for b in bodies), bodies
    assert not any(w in b for b in bodies for w in ("Leeds", "Arup")), bodies


def test_one_name_or_none_is_no_group_and_a_bad_name_is_no_sender() -> None:
    one = _chat("", ("hana_k", "I live in Leeds."), ("hana_k", "I work at Arup."))
    assert len(_bodies(one)) == 2
    odd = _chat("", (7, "I live in Leeds."), (None, "I work at Arup."))
    transcript = parse_transcript(odd, source="chat.json")
    assert transcript.bad_lines == () and [t.speaker for t in transcript.turns if t.role == "user"] == [
        None,
        None,
    ]
    assert len(_bodies(odd)) == 2
