"""The embedded path end to end: the user speaking for a group updates the group's stored fact.

"We ditched Jira for Linear in January" was kept beside "User's team uses Jira for issue
tracking": the stored subject is possessed ("User's team"), the new one is the user's, so dedup
read them as two people's facts. A first-person plural subject ("we", "wir", "nous", "nosotros",
"我们") speaks for the group the user belongs to (dedup_scope.group_spoken_for); a possessed
person ("User's team lead", "User's sister") is still somebody else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

JIRA = "User's team uses Jira for issue tracking."


@pytest.mark.parametrize(
    "said",
    [
        "We ditched Jira for Linear in January and the old retro page still links Jira filters.",
        "Wir haben Jira im Januar abgeschafft und nutzen jetzt Linear.",
        "Nous avons abandonné Jira pour Linear en janvier.",
        "En enero dejamos Jira: nosotros usamos Linear ahora.",
    ],
)
def test_the_groups_value_left_behind_is_replaced(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "team-tools", JIRA, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("team-lead-chat", "User's team lead prefers Slack huddles.", "We switched from Slack to Discord."),
        ("sister-tools", "User's sister uses Jira at her job.", "We ditched Jira for Linear in January."),
        ("manager-tools", "User's manager uses Trello.", "We don't use Trello anymore."),
        ("team-tools", JIRA, "We also started using Linear for the design team."),
    ],
)
def test_a_person_or_an_added_value_is_kept(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
