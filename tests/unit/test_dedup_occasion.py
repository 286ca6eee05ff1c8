"""A change said of one part of the day or week is of a narrower state (issue 11; a fix of lost
data).

"I drink coffee." then, a session later, "I now drink decaf in the evenings." archived the
coffee (likewise "Je bois du café" / "Maintenant je bois du thé le soir", "我喝咖啡" /
"我现在晚上喝茶", "I work from home" / "I now work from the office on Mondays"): the embedded
decision's rule 3 read a change on the best related entry. A habit changed for the evenings, or
for Mondays, leaves the stored one standing for the rest of the time. Where the stored statement
names its own occasion ("coffee in the mornings" / "tea in the mornings") the change is of it,
as it is where the same thing moves to another ("swimming on Mondays" / "on Fridays"), while
another thing at another time is another habit ("早上喝咖啡" / "晚上喝茶"),
and a stored lack is turned whatever the hour ("avoids caffeine" / "started drinking coffee
again, one cup in the morning").
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.services.extract import extract_unscoped
from memscribe.store import open_store
from memscribe.store.root import MemoryRoot
from memscribe.transcript import parse_transcript

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


def _session(root: Path, said: str, now: dt.datetime) -> None:
    transcript = parse_transcript(
        f"User: {said}\nAssistant: Noted.\nUser: Can you help me with an email?\nAssistant: Sure.\n",
        source="t.txt",
        fmt="text",
    )
    extract_unscoped(open_store(root), transcript, EmbeddedModel(), context_tokens=16000, now=now)


def _archived_after(root: Path, first: str, then: str) -> tuple[list[str], list[str]]:
    """The bodies ``first`` wrote, and those archived once ``then`` is said a month later."""
    _session(root, first, dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC))
    stored = sorted(e.body for e in MemoryRoot(root).entries())
    assert stored, first
    _session(root, then, dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC))
    return stored, sorted(e.body for e in MemoryRoot(root).archived_entries())


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("I drink coffee.", "I now drink decaf in the evenings."),
        ("Je bois du café.", "Maintenant je bois du thé le soir."),
        ("我喝咖啡。", "我现在晚上喝茶。"),
        ("I work from home.", "I now work from the office on Mondays."),
        # another part of the day, and another thing done then: another habit
        ("我每天早上喝咖啡。", "我现在晚上喝茶。"),
        ("I drink coffee in the mornings.", "I now drink tea in the evenings."),
        ("Je bois du café le matin.", "Maintenant je bois du thé le soir."),
    ],
)
def test_a_change_for_one_part_of_the_day_or_week_leaves_the_stored_habit(
    tmp_path: Path, first: str, then: str
) -> None:
    stored, archived = _archived_after(tmp_path, first, then)
    assert archived == [], stored
    assert set(stored) <= {e.body for e in MemoryRoot(tmp_path).entries()}


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
    ],
)
def test_a_change_of_the_same_occasion_or_of_none_still_replaces(
    tmp_path: Path, first: str, then: str
) -> None:
    stored, archived = _archived_after(tmp_path, first, then)
    assert archived == stored
