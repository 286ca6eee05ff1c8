"""Issue 11 (precision): a question asking the other side what to do is an ask for help.

"What should I install first?", "Any tips for …?", "How do I …?", "Which one would you recommend?"
ask the assistant for help as "can you …" does; in such a chat an activity under way ("I'm setting
up the dev environment from scratch") is what the asks serve, not a lasting fact. A question put
back in small talk ("What do you do for work?", "Did you see the game?") asks for no help, and the
same statement there is still news of the user's.
"""

from __future__ import annotations

import pytest

from memscribe.model.embedded.profiles import asking_turns
from tests.support.turns import extracted_profile_bodies, make_transcript

UNDER_WAY = "I'm setting up the dev environment from scratch."


@pytest.mark.parametrize(
    "question",
    [
        "What should I install first?",
        "Any tips for the shell config?",
        "How do I get the linter working?",
        "Which editor would you recommend?",
        "Should I use Homebrew for everything?",
    ],
)
def test_a_question_asking_what_to_do_makes_the_activity_the_tasks(question: str) -> None:
    assert extracted_profile_bodies(UNDER_WAY, question) == []
    chat = make_transcript(("user", UNDER_WAY), ("assistant", "ok"), ("user", question), ("assistant", "ok"))
    assert asking_turns(chat.turns) == {2}


@pytest.mark.parametrize("question", ["What do you do for work?", "Did you see the game last night?"])
def test_small_talk_questions_ask_for_no_help(question: str) -> None:
    chat = make_transcript(("user", UNDER_WAY), ("assistant", "ok"), ("user", question), ("assistant", "ok"))
    assert asking_turns(chat.turns) == set()
    assert extracted_profile_bodies(UNDER_WAY, question) == [
        "User is setting up the dev environment from scratch."
    ]


def test_lasting_facts_beside_an_advice_question_are_kept() -> None:
    bodies = extracted_profile_bodies("I'm an ICU nurse and I work nights.", "What should I pack for lunch?")
    assert "User is an ICU nurse." in bodies
    assert "User works nights." in bodies
