"""A sender prefix written as one lower-case token ("hana_k: …", "dev-bot: …", "li.lei: …") is a
sender where the whole chat has a bridge's shape: every user message opens with a sender, two or
more senders, one of them speaking again. Before, such a prefix was no sender, so another member's
facts were written as the user's."""

from __future__ import annotations

from pathlib import Path

from memscribe.groups.speakers import handles, owner_turns, senders
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.detect import extract
from memscribe.transcript import parse_transcript
from tests.support.group_support import flush as _flush
from tests.support.group_support import tree as _tree

_CHAT = (
    "User: hana_k: hey all, quick question about the deploy\n"
    "Assistant: Sure, what do you need?\n"
    "User: dev-bot: build 4411 passed on main\n"
    "User: li.lei: I live in Shanghai and I'm a vegetarian.\n"
    "Assistant: Noted.\n"
    "User: li.lei: also I work at Alibaba.\n"
    "User: hana_k: I prefer tabs over spaces in Go code.\n"
)


def _bodies(text: str) -> list[str]:
    return [p.body for p in extract(parse_transcript(text, source="chat.txt").turns).profiles]


def test_one_token_handles_are_senders_and_the_first_owns_the_chat() -> None:
    turns = parse_transcript(_CHAT, source="chat.txt").turns
    assert handles(turns) == {"hana_k", "dev-bot", "li.lei"}
    assert senders(turns) == ["hana_k", "dev-bot", "li.lei"]
    assert [t.text for t in owner_turns(turns)] == [
        "hey all, quick question about the deploy",
        "I prefer tabs over spaces in Go code.",
    ]
    bodies = _bodies(_CHAT)
    assert any("tabs" in b for b in bodies), bodies
    assert not any(w in b for b in bodies for w in ("Shanghai", "vegetarian", "Alibaba")), bodies


def test_a_handle_is_the_configured_user_by_the_words_of_her_name() -> None:
    text = "# relay: slack #team -> assistant (configured user: Li Lei)\n" + _CHAT
    turns = parse_transcript(text, source="chat.txt").turns
    assert senders(turns)[0] == "li.lei"
    bodies = _bodies(text)
    assert any("Shanghai" in b for b in bodies) and any("Alibaba" in b for b in bodies), bodies
    assert not any("tabs" in b for b in bodies), bodies


def test_handles_in_a_room_and_several_messages_to_a_turn() -> None:
    text = (
        "User: [#ops] sam.k: I'm based in Lisbon.\n"
        "[#ops] jo_w: I live in Oslo and I'm allergic to nuts.\n"
        "Assistant: ok\n"
        "User: [#ops] jo_w: I drive a Tesla.\n"
    )
    turns = parse_transcript(text, source="chat.txt").turns
    assert senders(turns) == ["sam.k", "jo_w"]
    bodies = _bodies(text)
    assert not any(w in b for b in bodies for w in ("Oslo", "nuts", "Tesla")), bodies


def test_labels_configs_and_lone_prefixes_are_no_senders() -> None:
    """No bridge's shape: the user's own words stay the user's."""
    cases = (
        # a pasted config in one message
        "User: host: db.internal\nport: 5432\nI live in Porto and I use Postgres.\nAssistant: ok\n",
        # one prefix, said again: one person's labels, not a chat
        "User: fix: the login bug\nAssistant: done\nUser: fix: I live in Porto, by the way.\n",
        # a message without a prefix among prefixed ones
        "User: deploy: staging first\nAssistant: ok\nUser: note: later\nAssistant: ok\n"
        "User: I live in Porto.\nUser: deploy: prod next\n",
        # requests written as conventional commits: plain words, no sender beside them
        "User: fix: the login bug\nAssistant: ok\nUser: feat: I live in Porto, add a locale\n"
        "Assistant: ok\nUser: fix: the logout bug too\n",
        # labels, URLs and times
        "User: Note: I live in Porto.\nAssistant: ok\nUser: todo: see https://x.io at 10:30\n",
        # log lines pasted above the user's own words (RV1): service names are no senders
        "User: web-1: error 502 on /login\nworker-2: queue stalled\nI live in Porto.\nAssistant: ok\n"
        "User: web-1: ok again after restart\nI always use Docker Compose locally.\nAssistant: ok\n",
        "User: db1: connection refused\napp2: retrying\nI live in Porto.\nAssistant: ok\n"
        "User: db1: up\nMy team has five engineers.\nAssistant: ok\n",
    )
    for text in cases:
        turns = parse_transcript(text, source="chat.txt").turns
        assert handles(turns) == frozenset(), text
        assert len(senders(turns)) < 2, text
        assert any("Porto" in b for b in _bodies(text)), text


def test_the_group_flush_reads_handles_as_senders(tmp_path: Path) -> None:
    """The flush copied '[#release] li.lei: …' whole into the files, the prefix left in."""
    text = (
        "User: [#release] hana_k: we decided to ship 4.12 on Thursday.\n"
        "User: [#release] li.lei: I'm responsible for the payments API.\n"
        "User: [#release] li.lei: I'm working on the refund bug, blocked by the PSP sandbox.\n"
        "User: [#release] hana_k: API endpoints must always return JSON errors with a code field.\n"
    ) * 3
    _flush(parse_transcript(text, source="room.txt"), tmp_path, EmbeddedModel(), group="release")
    files = _tree(tmp_path)
    written = "\n".join(files.values())
    assert "**li.lei** — responsible for the payments API" in written
    assert "[blocked] I'm working on the refund bug, blocked by the PSP sandbox — li.lei" in written
    assert "Decision: hana_k: we decided to ship 4.12 on Thursday." in written
    assert "[#release]" not in written


def test_plain_lower_case_names_count_beside_a_sure_sender() -> None:
    for text in (
        "User: [#ops] bob: I live in Oslo.\nUser: [#ops] alice: I live in Rome.\nUser: [#ops] bob: ok\n",
        "User: bob: I live in Oslo.\nUser: dev-bot: build 12 passed\nUser: alice: I live in Rome.\n"
        "User: bob: ok\n",
        "User: 김민수: I live in Busan.\nUser: 이지은: I live in Seoul.\nUser: 김민수: ok\n",
        "User: Ana de Souza: I live in Oslo.\nUser: Marco: I live in Rome.\nUser: Ana de Souza: ok\n",
    ):
        turns = parse_transcript(text, source="chat.txt").turns
        assert len(senders(turns)) >= 2, text
        bodies = _bodies(text)
        assert any(w in b for b in bodies for w in ("Oslo", "Busan")), (text, bodies)
        assert not any(w in b for b in bodies for w in ("Rome", "Seoul")), (text, bodies)
