"""Relayed and exported chats in other shapes than ``Name: text``: Markdown emphasis
("**Hana**: …", "**Hana:** …"), a WhatsApp export ("06/12/2026, 10:31 - Hana: …"), a time before
an IRC nick ("[10:31] <hana> …"), names of four words or more. Before, none was read as a sender,
so another member's facts were written as the user's. Each is read by the shape the whole chat
repeats (:func:`memscribe.groups.speakers.handles`); labels, log lines, HTML and headings in the
same frames stay the user's words."""

from __future__ import annotations

import pytest

from memscribe.groups.speakers import handles, owner_turns, senders
from memscribe.model.embedded.detect import extract
from memscribe.transcript import parse_transcript

_SHAPES = {
    "bold": ("**Hana**: {}", "**Mo**: {}"),
    "bold colon inside": ("**Hana:** {}", "**Mo:** {}"),
    "whatsapp": ("06/12/2026, 10:31 - Hana: {}", "06/12/2026, 10:32 - Mo: {}"),
    "whatsapp 12h": ("6/12/26, 9:05 PM - Hana: {}", "6/12/26, 9:06 PM - Mo: {}"),
    "ios export": ("[06.12.26, 10:31:22] Hana: {}", "[06.12.26, 10:32:01] Mo: {}"),
    "irc": ("<hana> {}", "<mo> {}"),
    "irc with time": ("[10:31] <hana> {}", "[10:32] <@mo> {}"),
    "matrix users": ("<@hana:matrix.org> {}", "<@mo:example.com> {}"),
    "matterbridge": ("[discord] <Hana> {}", "[discord] <Mo> {}"),
    "long names": ("Maria Fernanda da Silva: {}", "Jose Luis Garcia Perez: {}"),
}


def _chat(owner: str, other: str) -> str:
    return (
        f"User: {owner.format('hi all, I live in Leeds and I work as a nurse.')}\n"
        "Assistant: Hello!\n"
        f"User: {other.format('I live in Rotterdam and I am a vegetarian.')}\n"
        f"User: {owner.format('I prefer tea over coffee.')}\n"
        "Assistant: Noted.\n"
    )


def _bodies(text: str) -> list[str]:
    return [p.body for p in extract(parse_transcript(text, source="chat.txt").turns).profiles]


@pytest.mark.parametrize("shape", sorted(_SHAPES))
def test_each_shape_names_the_senders_and_the_first_owns_the_chat(shape: str) -> None:
    text = _chat(*_SHAPES[shape])
    turns = parse_transcript(text, source="chat.txt").turns
    assert len(senders(turns)) == 2, senders(turns)
    assert [t.text for t in owner_turns(turns)] == [
        "hi all, I live in Leeds and I work as a nurse.",
        "I prefer tea over coffee.",
    ]
    bodies = _bodies(text)
    assert any("Leeds" in b for b in bodies), bodies
    assert not any(w in b for b in bodies for w in ("Rotterdam", "vegetarian")), bodies


def test_a_message_of_two_senders_in_one_turn_and_the_configured_user() -> None:
    text = (
        "# relay: whatsapp family -> assistant (configured user: Mo)\n"
        "User: 06/12/2026, 10:31 - Hana: I live in Leeds.\n"
        "06/12/2026, 10:32 - Mo: I live in Rotterdam.\n"
        "Assistant: ok\n"
        "User: 06/12/2026, 10:33 - Mo: I am a vegetarian.\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    assert senders(turns) == ["Mo", "Hana"]
    assert [t.text for t in owner_turns(turns)] == ["I live in Rotterdam.", "I am a vegetarian."]


def test_openings_and_their_shapes() -> None:
    from memscribe.groups.speakers.lines import opening

    cases = {
        "**Hana**: hi": ("Hana", "**"),
        "06/12/2026, 10:31 - Hana: hi": ("Hana", "9/9/9, 9:9 -"),
        "[10:31] <hana> hi": ("hana", "[9:9]<>"),
        "Hana: hi": ("Hana", "plain"),
        "李雷：你好": ("李雷", "plain"),
    }
    for line, (name, shape) in cases.items():
        o = opening(line)
        assert o is not None and (o.name, o.shape) == (name, shape), (line, o)
    for line in ("10:30 meeting", "https://x.io", "## Plan", "<hana>", "**Hana**:", "- Hana: lead"):
        o = opening(line)
        assert o is None or not o.named(), line  # a label ("https") is no name


@pytest.mark.parametrize(
    "text",
    [
        # a template's labels in bold, in every message, each once
        "User: **Problem**: pods crash\n**Setup**: I use Docker\nAssistant: ok\n"
        "User: **Setup**: I live in Porto\n**Problem**: fixed\nAssistant: ok\n",
        # a template's labels that name no one: the chat writes them in lower case elsewhere
        "User: **Task**: fix the login\n**Background**: I live in Porto\nAssistant: ok, the task is"
        " clear\nUser: **Goal**: done\nAssistant: ok\nUser: **Task**: add caching\n",
        # timestamped log lines
        "User: [10:31] INFO: started\n[10:32] WARN: I live in Porto\nAssistant: ok\n"
        "User: [10:33] INFO: up\n[10:34] DEBUG: retry\nAssistant: ok\n",
        "User: 2026-06-12 10:31:02 web-1: error 502\n2026-06-12 10:31:05 worker-2: stalled\n"
        "I live in Porto.\nAssistant: ok\nUser: 2026-06-12 10:40:00 web-1: ok\nI use Docker.\n",
        # HTML and Markdown headings and lists
        "User: <div> hello\n<span> world\nAssistant: ok\nUser: <div> I live in Porto\n<span> x\n",
        "User: ## Plan: ship\n## Risks: none\nAssistant: ok\nUser: ## Plan: I live in Porto\n",
        "User: - Hana: lead\n- Mo: backend\nAssistant: ok\nUser: I live in Porto.\n",
    ],
)
def test_labels_logs_and_markup_in_those_frames_are_no_senders(text: str) -> None:
    turns = parse_transcript(text, source="chat.txt").turns
    assert handles(turns) == frozenset(), text
    assert len(senders(turns)) < 2, text
    assert any("Porto" in t.text for t in owner_turns(turns)), text


@pytest.mark.parametrize(
    "first",
    [
        "Hana: here's the plan, I live in Leeds\n**Backend**: Mo\n**Frontend**: Li",
        "hana_k: here's the plan\n**Backend**: I live in Leeds\n**Frontend**: Li",
    ],
)
def test_a_shape_no_message_opens_with_is_no_sender_inside_one(first: str) -> None:
    """Bold labels inside a message of a chat whose messages open with 'Name:' are the message's
    (772cf26 read them as senders: the owner's 'I live in Leeds' went to 'Backend')."""
    other = "mo_b" if first.startswith("hana_k") else "Mo"
    text = (
        f"User: {first}\nAssistant: ok\nUser: {other}: I live in York.\n"
        f"User: {first.split(':')[0]}: I prefer tea.\nUser: {other}: ok\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    assert "Backend" not in senders(turns) and len(senders(turns)) == 2, senders(turns)
    owner = "\n".join(t.text for t in owner_turns(turns))
    assert "I live in Leeds" in owner and "**Backend**:" in owner, owner


def test_a_name_in_an_address_or_a_handle_is_still_a_name() -> None:
    text = (
        "User: **Hana**: I live in Leeds, mail hana@x.io\nAssistant: hi Hana\n"
        "User: **Mo**: I live in York\nUser: **Hana**: see github.com/hana and hana_k\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    assert senders(turns) == ["Hana", "Mo"]


def test_random_chats_in_every_shape_answer_as_the_definition() -> None:
    """senders() (one pass) is the definition over segments() with the chat's senders, and the
    owner's turns hold only text of the turns, in any mix of the shapes."""
    import random

    from memscribe.groups.speakers import segments
    from memscribe.schemas.transcript import SourcePos, Turn

    shapes = ("**{}**:", "**{}:**", "<{}>", "06/12/2026, 10:31 - {}:", "[10:31] {}:", "{}:", "[#ops] {}:")
    names = ("Hana", "Mo", "hana_k", "Maria Fernanda da Silva", "Task", "web-1", "李雷")
    bodies = ("I live in Leeds.", "ok, the task", "好的，明天", "see hana@x.io", "", "**Goal**: x")
    rng = random.Random(42)
    grouped = read = 0
    for _ in range(400):
        shape = rng.choice(shapes)
        turns = []
        for i in range(rng.randint(1, 8)):
            lines = [
                (rng.choice(shapes) if rng.random() < 0.1 else shape).format(rng.choice(names))
                + " " * rng.randint(0, 1)
                + rng.choice(bodies)
                if rng.random() < 0.85
                else rng.choice(bodies)
                for _ in range(rng.randint(1, 3))
            ]
            role = rng.choice(("user", "user", "user", "assistant"))
            turns.append(
                Turn(
                    index=i,
                    role=role,
                    kind="message",
                    text="\n".join(lines),
                    source=SourcePos(file="t", line=i + 1),
                )
            )
        known = handles(turns)
        read += bool(known)
        users = [t for t in turns if t.role == "user"]
        named = [s.speaker for t in users for s in segments(t.text, t.speaker, known) if s.speaker]
        assert set(senders(turns)) == set(dict.fromkeys(named)), [t.text for t in turns]
        grouped += len(senders(turns)) >= 2
        for t in owner_turns(turns):
            original = next(u.text for u in users if u.index == t.index)
            assert all(line.strip() in original for line in t.text.split("\n")), (t.text, original)
    assert grouped > 40 and read > 10, (grouped, read)
