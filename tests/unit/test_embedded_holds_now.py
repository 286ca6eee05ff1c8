"""What holds now, said of a thing of the speaker's rather than of "I" (issue 11): an adverb of the
present set against an earlier time and a present finite verb make the clause an update of the
speaker's. A modal, a past, the moment of the task, a question or the partner keep it unwritten."""

from __future__ import annotations

import pytest

from tests.support.turns import embedded_profile_bodies


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Since the merger all our invoices go through Sage now.", "Sage"),
        ("Oat milk is now a must for me in the mornings.", "Oat milk"),
        ("There are four of us in the flat now, and the fridge is always full.", "four of us"),
        ("Our weekly shop comes from the farm box these days.", "farm box"),
        ("Commutes are much shorter nowadays with my e-bike.", "e-bike"),
    ],
)
@pytest.mark.parametrize("conversation", [True, False])
def test_what_holds_now_of_the_speakers_is_written(text: str, word: str, conversation: bool) -> None:
    bodies = embedded_profile_bodies(text, conversation=conversation)
    assert any(word in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "From now on my replies should be short.",  # an instruction's "from now on"
        "Right now my laptop is at the repair shop.",  # the moment, not a change
        "My sister is now a nurse in Bristol.",  # someone else's life
        "Now my build should pass the tests.",  # a modal
        "My old flat was tiny now that I think of it.",  # a past
        "Is my order now on its way?",  # a question
        "Your answer is now in my notes.",  # the partner's
        "The weather is nice now.",  # nothing of the speaker's
        "Nights are a little cool these days.",  # a remark on the times, of nobody
        "It's so hard to find parking nowadays.",
        "Especially now that my cat is ill.",  # the causal "now that"
        "Me and my sister are close now.",  # a first-person subject: not this reading
    ],
)
def test_modals_pasts_moments_and_others_stay_unwritten(text: str) -> None:
    # a working session, where a plain chat's own readings (a thing of the user's, a relative's
    # news) do not apply: only this reading could write them
    assert embedded_profile_bodies(text) == []
