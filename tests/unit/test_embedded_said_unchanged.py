"""A statement said as unchanged ("I still use pnpm", "immer noch", "encore", "todavía",
"相変わらず", "仍然") restates what already holds: in a session of work or asks it is no news and is
not written; in a chat with no asks it is kept as said; a change said beside it is still news
(issue 11)."""

from __future__ import annotations

import pytest

from memscribe.lexicon import said_unchanged
from tests.support.turns import embedded_profile_bodies

UNCHANGED = [
    "I still live with my parents.",
    "I still use pnpm for everything.",
    "Ich wohne immer noch in Hamburg, nach wie vor im Schanzenviertel.",
    "J'habite encore à Lyon.",
    "Todavía vivo en Madrid.",
    "相変わらず大阪に住んでいます。",
    "我仍然住在北京。",
]


@pytest.mark.parametrize("text", UNCHANGED)
def test_the_cue_reads_each_language(text: str) -> None:
    assert said_unchanged(text)


@pytest.mark.parametrize(
    "text", ["I live with my parents.", "J'habite à Lyon.", "我住在北京。", "Vivo en Madrid."]
)
def test_a_plain_statement_is_no_restatement(text: str) -> None:
    assert not said_unchanged(text)


@pytest.mark.parametrize("text", UNCHANGED)
def test_in_a_working_session_a_restatement_is_not_written(text: str) -> None:
    assert embedded_profile_bodies(text, conversation=False) == []


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I still live with my parents.", "User still lives with their parents."),
        ("J'habite encore à Lyon.", 'User, in their words: "J\'habite encore à Lyon".'),
        ("Todavía vivo en Madrid.", 'User, in their words: "Todavía vivo en Madrid".'),
        ("相変わらず大阪に住んでいます。", 'User, in their words: "相変わらず大阪に住んでいます".'),
        ("我仍然住在北京。", "用户仍然住在北京。"),
    ],
)
def test_in_a_chat_with_no_asks_it_is_kept(text: str, body: str) -> None:
    assert embedded_profile_bodies(text, conversation=True) == [body]


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I live in Leeds.", "User lives in Leeds."),
        ("J'habite à Lyon.", 'User, in their words: "J\'habite à Lyon".'),
        ("大阪に住んでいます。", 'User, in their words: "大阪に住んでいます".'),
        ("我住在北京。", "用户住在北京。"),
        (
            "I still run but I've switched to trail shoes now.",
            "User still runs but they have switched to trail shoes.",
        ),
    ],
)
def test_in_a_working_session_news_is_still_written(text: str, body: str) -> None:
    assert embedded_profile_bodies(text, conversation=False) == [body]
