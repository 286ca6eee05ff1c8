"""The embedded path end to end: heading a team is a role, the value of the work facet.

"I got promoted in May and I'm heading the research team now" replaces "User works as a UX
researcher at a healthcare company" (en, de "leite … das Forschungsteam", fr "je dirige
l'équipe", es "dirijo el equipo"). Near misses keep the stored job: the boss's team, an event of
the team ("the research team's offsite"), a role held while somebody is away or ad interim (en,
de, fr, es, zh), a hypothetical, a past role, and a role beside the job with no change reported (a team of
volunteers led, an employer named: one holds several roles; dedup_scope.uncued_work).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.facets import statement_facets
from memscribe.semantic.frames import bounded_stay
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

JOB = "User works as a UX researcher at a healthcare company."


@pytest.mark.parametrize(
    ("text", "work"),
    [
        ("User is heading the research team.", True),
        ("User manages a team of four engineers.", True),
        ("Ich leite seit Mai das Forschungsteam.", True),
        ("Je dirige l'équipe de recherche.", True),
        ("Dirijo el equipo de ventas.", True),
        ("User is leading the research team's offsite.", False),
        ("I lead the design review every week.", False),
        ("Ich leite die Mail an das Team weiter.", False),
    ],
)
def test_a_team_headed_names_the_work_facet(text: str, work: bool) -> None:
    assert ("work" in statement_facets(text)) is work


@pytest.mark.parametrize(
    "sentence",
    [
        "I'm heading the research team while my boss is on leave.",
        "I'm the interim head of the research team.",
        "Ich leite kommissarisch das Forschungsteam.",
        "Je dirige l'équipe de recherche par intérim.",
        "Dirijo el equipo de investigación en funciones.",
        "我暂时带研究团队。",
    ],
)
def test_standing_in_is_bounded(sentence: str) -> None:
    assert bounded_stay(sentence)


@pytest.mark.parametrize(
    "said",
    [
        "I got promoted in May and I'm heading the research team now.",
        "Ich leite seit Mai das Forschungsteam.",
        "Depuis mai, je dirige l'équipe de recherche.",
        "Desde mayo dirijo el equipo de investigación.",
        # 代理 is an agency here, no stand-in: the change stands
        "我现在在一家广告代理公司上班了。",
    ],
)
def test_a_new_role_replaces_the_job(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "job", JOB, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    "said",
    [
        "My boss is heading the research team now.",
        "Mein Chef leitet seit Mai das Forschungsteam.",
        "I'm leading the research team's offsite.",
        "I'm heading the research team while my boss is on leave.",
        "Je dirige l'équipe de recherche par intérim.",
        "Dirijo el equipo de investigación en funciones.",
        "If I got promoted I'd be heading the research team.",
        "I used to lead the research team.",
        "我暂时带研究团队。",
    ],
)
def test_near_misses_keep_the_job(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "job", JOB, said)
    assert archived == [], written


@pytest.mark.parametrize(
    "said",
    [
        "I lead a team of volunteers at the food bank.",
        "I'm employed by the NHS.",
        "Ich leite ein Team von Ehrenamtlichen bei der Tafel.",
        "Je dirige une équipe de bénévoles à la banque alimentaire.",
        "Dirijo un equipo de voluntarios en el banco de alimentos.",
    ],
)
def test_a_role_beside_the_job_keeps_it(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "job", "User works as a nurse.", said)
    assert archived == [], written
