"""The embedded path end to end: a second job or role, said with an additive word, replaces none.

"I also work at a café on weekends now", "Además ahora trabajo los fines de semana en un bar",
"我现在周末也在一家咖啡店上班" archived "User works as a freelance graphic designer": a change cue
("now", "ahora", "现在") and the work facet made the facet rule (rule 6) replace the job, though
the additive word ("also", "además", "也", "zusätzlich", "aussi"; in the memory or the user's
sentence of work) says the role is held beside it (dedup_scope.added_role). Work, unlike a home,
holds several values. A job changed with no additive word still updates.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

JOB = "User works as a freelance graphic designer."


@pytest.mark.parametrize(
    "said",
    [
        "I also work at a café on weekends now.",
        "Now I also work part-time at a bakery.",
        "Además ahora trabajo los fines de semana en un bar.",
        "我现在周末也在一家咖啡店上班。",
        "Jetzt arbeite ich zusätzlich am Wochenende in einem Café.",
        "Maintenant je travaille aussi le week-end dans un café.",
        "I also lead a small team of illustrators on a side project now.",
    ],
)
def test_a_second_role_keeps_the_job(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "job", JOB, said)
    assert archived == [], written


@pytest.mark.parametrize(
    "said",
    [
        "Now I work part-time at a bakery.",
        "Ahora trabajo en una consultora en Madrid.",
        "我现在在一家咖啡店上班了。",
        "Depuis mars je suis salariée dans une agence de branding.",
    ],
)
def test_a_changed_job_still_updates(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "job", JOB, said)
    assert archived == ["prof_stored00"], written
