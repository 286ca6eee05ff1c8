"""The group flush of a relayed chat in the shapes of test_relay_shapes (Markdown emphasis, a
WhatsApp export, IRC): people, decisions and focus without the bridge's prefixes, as from
``[#room] Name:`` lines. Three faults the flush had in every shape went with them: an
acknowledgement stripped from the start of a word ("Oksana is our new PM" stored as "sana is our
new PM", "好像王芳是…" losing its hedge as "像王芳是…"), an English sentence not ended by its
full stop ("Morning all. This week the focus is …" stored whole as the focus), and a blocker said
twice listed twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.groups.speakers import without_ack
from memscribe.model.embedded import EmbeddedModel
from memscribe.transcript import parse_transcript
from tests.support.group_support import flush as _flush
from tests.support.group_support import tree as _tree

_SAID = (
    ("Hana", "Oksana is our new PM from this sprint."),
    ("Oksana", "Morning all. I'm responsible for the release notes."),
    ("Tomasz", "ok, we decided to ship 4.12 on Thursday."),
    ("Hana", "I'm working on the refund bug, blocked by the PSP sandbox."),
    ("Oksana", "API endpoints must always return JSON errors with a code field."),
    ("Tomasz", "Morning all. This week the focus is the payments migration."),
    ("Hana", "I'm working on the refund bug, blocked by the PSP sandbox."),
)
_SHAPES = {
    "room": lambda name, i: f"[#release] {name}: ",
    "bold": lambda name, i: f"**{name}**: ",
    "whatsapp": lambda name, i: f"06/12/2026, 10:{30 + i:02d} - {name}: ",
    "irc": lambda name, i: f"[10:{30 + i:02d}] <{name}> ",
}


@pytest.mark.parametrize("shape", sorted(_SHAPES))
def test_the_flush_of_a_relayed_chat_in_each_shape(tmp_path: Path, shape: str) -> None:
    lines = [f"User: {_SHAPES[shape](name, i)}{text}" for i, (name, text) in enumerate(_SAID)]
    text = ("\n".join(lines[:3]) + "\nAssistant: Noted.\n" + "\n".join(lines[3:]) + "\n") * 2  # 10 or more
    _flush(parse_transcript(text, source="room.txt"), tmp_path, EmbeddedModel(), group="release")
    files = _tree(tmp_path)
    people = files["memory/groups/release/people.md"]
    assert "- **Oksana** — new PM\n" in people
    assert "- **Oksana** — responsible for the release notes\n" in people
    attention = files["memory/groups/release/attention.md"]
    assert "## Focus\n\nThis week the focus is the payments migration\n" in attention
    assert attention.count("- I'm working on the refund bug, blocked by the PSP sandbox\n") == 1
    experience = files["memory/groups/release/experience.md"]
    assert "- Decision: Tomasz: we decided to ship 4.12 on Thursday.\n" in experience
    written = "\n".join(files.values())
    for prefix in ("**Hana**", "**Tomasz**", "06/12/2026", "<Hana>", "[10:", "[#release]", "Morning all"):
        assert prefix not in written, prefix


def test_a_hedge_that_opens_like_an_acknowledgement_stays(tmp_path: Path) -> None:
    text = (
        "User: 06/12/2026, 10:31 - 李雷: 好像王芳是我们的新PM。\n"
        "User: 06/12/2026, 10:32 - 韩梅梅: 好的，我在做支付接口。\n"
        "Assistant: 收到。\n"
        "User: 06/12/2026, 10:33 - 李雷: 我负责测试。\n"
    ) * 4  # the flush needs 10 messages or more
    _flush(parse_transcript(text, source="room.txt"), tmp_path, EmbeddedModel(), group="pay")
    files = _tree(tmp_path)
    assert "王芳" not in files.get("memory/groups/pay/people.md", "")
    assert "确认王芳是新PM" in files["memory/flush-state.json"]
    assert "我在做支付接口 — 韩梅梅" in files["memory/groups/pay/attention.md"]


def test_an_acknowledgement_is_a_word_of_its_own() -> None:
    cases = {
        "好的，明天上线": "明天上线",
        "ok so we ship": "so we ship",
        "Okay, fine then": "fine then",
        "收到！我来做": "我来做",
        "Oksana is our new PM": "Oksana is our new PM",
        "Yesterday we decided": "Yesterday we decided",
        "Kate owns billing": "Kate owns billing",
        "好像王芳是PM": "好像王芳是PM",
        "可以考虑用Redis": "可以考虑用Redis",
        "嗯嗯，明天上线": "明天上线",  # acknowledgements in a row
        "好的好的，我来": "我来",
    }
    for said, kept in cases.items():
        assert without_ack(said) == kept, said


def test_a_full_stop_after_an_abbreviation_ends_no_sentence(tmp_path: Path) -> None:
    text = (
        "User: **Tom**: Morning all. We decided to use Postgres vs. MySQL for the ledger, e.g. for v2.1.\n"
        "User: **Ana**: Dr. Lee is our new lead. Great.\n"
        "Assistant: Noted.\n"
    ) * 4  # the flush needs 10 messages or more
    _flush(parse_transcript(text, source="room.txt"), tmp_path, EmbeddedModel(), group="db")
    files = _tree(tmp_path)
    experience = files["memory/groups/db/experience.md"]
    assert (
        "- Decision: Tom: We decided to use Postgres vs. MySQL for the ledger, e.g. for v2.1.\n" in experience
    )
