"""One person's messages that open with a label ("**Goal**: …" / "**Details**: I live in Madrid"
/ "**Goal**: …", a diary's "08:30 Standup: …", "Goal: …") have a relayed chat's shape, but the
assistant answers every message and nothing shows a second person. 772cf26 read such labels as
senders (the first the owner, the rest third parties), so the user's own facts were lost. A chat
is now read by its shape as several people's only where something shows several people
(:func:`memscribe.groups.speakers._several_people`): two senders between two replies of the
assistant, a room tag, a relay's header, the system's principal among the senders, or a sender
named elsewhere. Plain "Name:" prefixes are read as at 3dce069, whatever the chat shows (review
RV2: a relay of plain names answered message by message gave another member's facts to the
user), so plain "Goal:" / "Details:" labels still lose the facts under the second, as at 3dce069."""

from __future__ import annotations

import pytest

from memscribe.groups.speakers import handles, owner_turns, senders
from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, Turn
from memscribe.transcript import parse_transcript


def _labelled(first: str, second: str, facts: str) -> str:
    return (
        f"User: {first} plan a weekend trip to the coast.\nAssistant: Sure, tell me more.\n"
        f"User: {second} {facts}\nAssistant: Noted.\n"
        f"User: {first} also find a quiet hotel.\nAssistant: Will do.\n"
    )


_ONE_PERSON = {
    "bold": _labelled("**Goal**:", "**Details**:", "I live in Madrid and I am vegetarian."),
    "bold colon inside": _labelled("**Goal:**", "**Details:**", "I live in Madrid and I am vegetarian."),
    "de": _labelled("**Ziel**:", "**Hintergrund**:", "Ich wohne in Leipzig. Ich bin Vegetarier."),
    "fr": _labelled("**But**:", "**Contexte**:", "J'habite à Lyon. Je suis végétarien."),
    "ja": _labelled("**目的**：", "**背景**：", "私は東京に住んでいます。私はベジタリアンです。"),
    "diary": _labelled("08:30 Standup:", "12:15 Personal:", "I live in Madrid and I am vegetarian."),
    "irc": _labelled("<goal>", "<details>", "I live in Madrid and I am vegetarian."),
}


@pytest.mark.parametrize("shape", sorted(_ONE_PERSON))
def test_one_persons_labels_each_answered_are_no_senders(shape: str) -> None:
    text = _ONE_PERSON[shape]
    turns = parse_transcript(text, source="chat.txt").turns
    assert handles(turns) == frozenset(), shape
    assert len(senders(turns)) < 2, senders(turns)
    owner = "\n".join(t.text for t in owner_turns(turns))
    facts = text.split("\n")[2].split(maxsplit=2)[2]
    assert facts in owner and "quiet hotel" in owner, owner
    if shape in ("bold", "diary"):
        bodies = [p.body for p in extract(turns).profiles]
        assert any("Madrid" in b for b in bodies) and any("vegetarian" in b for b in bodies), bodies


_HANA, _MO = "I live in Leeds and I work as a nurse.", "I live in Rotterdam and I am a vegetarian."


def test_a_plain_relay_answered_message_by_message_keeps_its_senders() -> None:
    """Plain "Name: text" prefixes name senders as at 3dce069, also where the assistant answers
    every message and nothing else shows several people: another member's facts are not the
    user's (review RV2 of e8e6e76, which read no sender here)."""
    text = (
        f"User: Hana: {_HANA}\nAssistant: Noted.\n"
        f"User: Mo: {_MO}\nAssistant: Noted.\n"
        "User: Hana: I also have two cats.\nAssistant: Noted.\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    assert senders(turns) == ["Hana", "Mo"]
    owner = "\n".join(t.text for t in owner_turns(turns))
    assert "Leeds" in owner and "two cats" in owner and "Rotterdam" not in owner, owner


@pytest.mark.parametrize(
    ("head", "prefix", "reply"),
    [
        # a relay's header names the configured user
        ("# relay: family -> assistant (configured user: Hana)\n", "**{}**:", "Noted."),
        # the system's principal is a sender
        ("System: You are Hana's assistant.\n", "**{}**:", "Noted."),
        # the assistant names a sender
        ("", "**{}**:", "Noted, Mo."),
        ("", "<{}>", "ok @mo"),
        ("", "{}:", "Thanks Mo, noted."),
        # a bridge's room tag
        ("", "[#trip] {}:", "Noted."),
    ],
)
def test_a_relayed_chat_answered_message_by_message_is_still_one(head: str, prefix: str, reply: str) -> None:
    hana, mo = ("hana", "mo") if prefix.startswith("<") else ("Hana", "Mo")
    system = head.removeprefix("System: ") if head.startswith("System: ") else ""
    text = (
        f"{'' if system else head}User: {prefix.format(hana)} {_HANA}\nAssistant: Hello!\n"
        f"User: {prefix.format(mo)} {_MO}\nAssistant: {reply}\n"
        f"User: {prefix.format(hana)} I prefer tea over coffee.\nAssistant: ok\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    if system:
        turns = [
            Turn(index=99, role="system", kind="system", text=system, source=SourcePos(file="t", line=1)),
            *turns,
        ]
    assert senders(turns) == [hana, mo], senders(turns)
    owner = "\n".join(t.text for t in owner_turns(turns))
    assert "Leeds" in owner and "Rotterdam" not in owner, owner


def test_a_groups_flush_reads_its_senders_without_more_signs() -> None:
    """The flush of a group chat knows it is one: its senders need no sign of several people."""
    text = (
        f"User: **Hana**: {_HANA}\nAssistant: Hello!\nUser: **Mo**: {_MO}\nAssistant: Noted.\n"
        "User: **Hana**: I prefer tea.\nAssistant: ok\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    assert handles(turns) == frozenset()
    assert handles(turns, group=True) == {"Hana", "Mo"}
