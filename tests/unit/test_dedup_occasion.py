"""A change said with a part of the day or week still replaces the stored habit (issue 11; review
of 6206140 and 4726e03, which were undone).

Those commits read a change said "in the evenings" as of a narrower state that left the stored
habit standing. A habit moved to another time, the same time worded otherwise, or a value
replaced outright with a time phrase near by then stayed active beside the new one ("我每天早上
跑步" / "我现在晚上跑步", "swimming on Mondays" / "now on Fridays", "I drink coffee" / "I switched
to tea because coffee keeps me up at night"). The update rule reads such a change again as it did
before them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.sessions import two_sessions

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I drink coffee in the mornings.", "I now drink tea in the mornings."),
        ("I drink coffee.", "I now drink tea."),
        # one habit moved to another part of the day or week
        ("I go swimming on Mondays.", "I now go swimming on Fridays."),
        # another time and another thing, said in place of the stored one
        ("I drink coffee in the mornings.", "I now drink tea in the evenings instead."),
        # a lack is turned whatever the hour
        ("I avoid caffeine.", "I've started drinking coffee again, one cup in the morning."),
        # one habit moved, or its time worded otherwise (review of 4726e03)
        ("我每天早上跑步。", "我现在晚上跑步。"),
        ("I run in the mornings.", "I now go running in the evenings."),
        ("I drink coffee in the morning.", "I now drink tea in the mornings."),
        # a value replaced outright, a time phrase near by (review of 6206140)
        ("I drink coffee.", "I switched to tea because coffee keeps me up at night."),
    ],
)
def test_a_change_of_the_same_occasion_or_of_none_still_replaces(
    tmp_path: Path, first: str, then: str
) -> None:
    stored, _, archived = two_sessions(tmp_path, first, then)
    assert archived == stored
