"""The embedded path end to end: a restatement in the user's language of a memory that quotes
the user's own term is dropped, not written again.

"理系志望なのは変わらないです" ("my aim for the science track hasn't changed") was written beside
"User aims for a science track at university (理系)": no Latin word and no English vector links
the two, though the memory quotes the user's term "理系" (dedup_scope.terms_quoted), and a change
denied ("変わらない", "hasn't changed", "sigue igual") is continuative aspect. A change, or a
statement about somebody else naming the term, archives nothing on that link.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.frames import continues
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

GOAL = "User aims for a science track at university (理系)."


@pytest.mark.parametrize("said", ["理系志望なのは変わらないです。", "理系志望は相変わらずです。"])
def test_a_restatement_naming_the_quoted_term_is_dropped(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "university-goal", GOAL, said)
    assert (archived, written) == ([], [])


@pytest.mark.parametrize(
    "said", ["理系のクラスの友達が東京に引っ越した。", "理系の数学がちょっと難しいです。"]
)
def test_another_fact_naming_the_term_is_kept(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "university-goal", GOAL, said)
    assert archived == [] and written, written


@pytest.mark.parametrize(
    ("sentence", "goes_on"),
    [
        ("My plan hasn't changed.", True),
        ("Carne no, eso sigue igual.", True),
        ("Das Ziel ist unverändert.", True),
        ("理系志望なのは変わらないです", True),
        ("My plan changed last month.", False),
        ("志望が変わった", False),
    ],
)
def test_a_change_denied_is_continuative(sentence: str, goes_on: bool) -> None:
    assert continues(sentence) is goes_on
