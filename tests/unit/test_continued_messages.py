"""A message of several lines from a sender read by the chat's shape (a handle, a WhatsApp export,
an IRC nick): the lines after its first continue that sender's message. Before, one such line
(no prefix) turned the whole reading off (245e3d4's guard), so every member's facts were the
user's. The guard stays where it was needed: the user's own words under pasted log lines stay the
user's."""

from __future__ import annotations

import pytest

from memscribe.groups.speakers import handles, owner_turns, senders
from memscribe.model.embedded.detect import extract
from memscribe.transcript import parse_transcript


def _bodies(text: str) -> list[str]:
    return [p.body for p in extract(parse_transcript(text, source="chat.txt").turns).profiles]


_CHATS = (
    # a handle's message of two lines, last in its turn
    "User: li.lei: quick question about the trip\nI live in Shanghai and I'm a vegetarian.\n"
    "Assistant: Sure.\n"
    "User: hana_k: I live in Leeds and I work as a nurse.\n"
    "User: li.lei: also I work at Alibaba.\n"
    "User: hana_k: I prefer tea over coffee.\n",
    # a continued message between two senders' lines in one turn
    "User: [#trip] hana_k: I live in Leeds.\n[#trip] li.lei: hi all\nI live in Shanghai.\n"
    "[#trip] li.lei: and I'm a vegetarian.\n"
    "Assistant: ok\nUser: [#trip] li.lei: I work at Alibaba.\n[#trip] hana_k: I work as a nurse.\n",
    # a WhatsApp export: a message's later lines carry no stamp
    "User: 06/12/2026, 10:31 - Hana: I live in Leeds.\nAssistant: ok\n"
    "User: 06/12/2026, 10:32 - Li Lei: hello\nI live in Shanghai and I'm a vegetarian.\n"
    "06/12/2026, 10:33 - Li Lei: I work at Alibaba.\n"
    "User: 06/12/2026, 10:34 - Hana: I work as a nurse.\n",
    # IRC
    "User: <hana> I live in Leeds.\nAssistant: ok\nUser: <lilei> hello\nI live in Shanghai.\n"
    "User: <hana> I work as a nurse.\n<hana> and I prefer tea.\nUser: <lilei> I work at Alibaba.\n",
)


@pytest.mark.parametrize("text", _CHATS)
def test_a_message_of_several_lines_stays_its_senders(text: str) -> None:
    turns = parse_transcript(text, source="chat.txt").turns
    assert len(senders(turns)) == 2, senders(turns)
    owner = "\n".join(t.text for t in owner_turns(turns))
    mine, theirs = ("Leeds", "nurse"), ("Shanghai", "vegetarian", "Alibaba")
    if "Leeds" not in owner:  # li.lei brought the assistant in
        mine, theirs = theirs[:1], mine
    assert all(w in owner for w in mine) and not any(w in owner for w in theirs), owner
    bodies = _bodies(text)
    assert any(mine[0] in b for b in bodies), bodies
    assert not any(w in b for b in bodies for w in theirs), bodies


@pytest.mark.parametrize(
    "text",
    [
        # pasted log lines above the user's words, message after message (245e3d4)
        "User: web-1: error 502 on /login\nworker-2: queue stalled\nI live in Porto.\nAssistant: ok\n"
        "User: web-1: ok again after restart\nI always use Docker Compose locally.\nAssistant: ok\n",
        # a paste of log lines alone first, then one with the user's words under it
        "User: web-1: error 502 on /login\nworker-2: queue stalled\nAssistant: ok\n"
        "User: worker-2: recovered\nweb-1: ok\nI live in Porto.\nAssistant: ok\n",
        # log lines read by their stamps
        "User: [10:31] web-1: error 502\n[10:32] worker-2: stalled\nI live in Porto.\nAssistant: ok\n"
        "User: [10:40] worker-2: ok\nI use Docker.\nAssistant: ok\n",
    ],
)
def test_the_users_words_under_pasted_log_lines_stay_the_users(text: str) -> None:
    turns = parse_transcript(text, source="chat.txt").turns
    assert handles(turns) == frozenset(), text
    assert any("Porto" in t.text for t in owner_turns(turns)), text
    assert any("Porto" in b for b in _bodies(text)), text
