"""Being somewhere for a journey replaces no home, whatever "now" it is said with (issue 11; a
fix of a wrong supersession, after the revert of b9ca6fd in 96399c2).

"User lives in Berlin." was archived by "I'm now in Paris for a conference this week." (and
"用户住在北京。" by "我现在在上海出差一周。"): "now" reported a change, so the bounded stay was read as
a move. b9ca6fd blanked "now" wherever a journey word stood in the sentence, and so lost real
changes said beside a trip. Here the candidate itself must tell only where the user *is* (a
copula or a locative: "is in Paris", "在上海"), of no home or job, and the user's sentence of it
must bound that to a journey or a period and name no home or job either
(:func:`memscribe.model.embedded.dedup.journey_presence`). A move, a new job or another diet said
beside a trip still updates (the cases of 96399c2), and so does "I'm now in Paris." said alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup import journey_presence
from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I live in Berlin.", "I'm now in Paris for a conference this week."),
        ("我住在北京。", "我现在在上海出差一周。"),
        ("I live in Berlin.", "I'm in Tokyo for two weeks."),
    ],
)
def test_a_journey_replaces_no_home(tmp_path: Path, first: str, then: str) -> None:
    stored, active, archived = two_sessions(tmp_path, first, then)
    assert not archived
    assert set(stored) < set(active), active


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I work at Siemens.", "I now work at Bosch, I joined this week after the conference."),
        ("I live in Berlin.", "I now live in Paris; I found the flat this week during a visit."),
        ("I'm a vegetarian.", "I'm now vegan, since a trip to India this week."),
        ("我住在北京。", "我现在住在上海，这周旅行回来后就搬过去了。"),
        ("I live in Berlin.", "I moved to Paris this week."),
        ("我住在北京。", "我这周搬到上海了。"),
        ("I live in Berlin.", "I live in Paris now, until I find something better."),
        ("I use Vim.", "I now use Neovim, starting this week."),
        ("I live in Berlin.", "I'm now in Paris."),
        # a stay after a stay: the earlier one is over (RV1)
        ("I'm in Berlin this week for a conference.", "I'm now in Paris for a trip this week."),
        ("我这周在北京出差。", "我现在在上海出差一周。"),
    ],
)
def test_a_change_said_beside_a_trip_still_updates(tmp_path: Path, first: str, then: str) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored


def test_journey_presence() -> None:
    said = "I'm now in Paris for a conference this week."
    assert journey_presence("User is in Paris.", said)
    assert journey_presence("用户现在在上海出差一周。", "我现在在上海出差一周。")
    assert not journey_presence("User is in Paris.", "I'm now in Paris.")  # no journey, no period
    assert not journey_presence("User lives in Paris.", said)  # a home
    assert not journey_presence("User is vegan.", "I'm now vegan, since a trip to India this week.")
    # the stored fact is itself a presence: the new stay updates it
    assert journey_presence("User is in Paris.", said, "User lives in Berlin.")
    assert not journey_presence("User is in Paris.", said, "User is in Berlin.")
