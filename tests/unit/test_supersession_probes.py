"""The embedded path end to end on one stored memory and one user turn: what is archived.

Probes of three classes of wrong supersession (issue 11): a shared name taken as the stored
value although it names another thing or facet, a move to no place taken as a new home, and a
third party's fact taken as the user's. Each failed (archived a true memory) before the fix;
the controls show the same shapes still supersede what they should.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.run import extract
from memscribe.schemas.plan import ArchiveOp, WriteOp
from memscribe.store.root import MemoryRoot
from memscribe.transcript import parse_transcript
from tests.support.store_helpers import write_profile

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

NOW = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)


def run(root: Path, slug: str, stored: str, said: str) -> tuple[list[str], list[str]]:
    """Archived ids and written bodies after the user says ``said`` beside ``stored``."""
    write_profile(root, "prof_stored00", slug, stored)
    memory = MemoryRoot(root)
    transcript = parse_transcript(f"User: {said}\nAssistant: ok\n", source="t.txt", fmt="text")
    plan = extract(
        transcript,
        model=EmbeddedModel(),
        existing=memory.entries(),
        taken_ids=memory.taken_ids(),
        context_tokens=16000,
        now=NOW,
    )
    archived = [op.id for op in plan.operations if isinstance(op, ArchiveOp)]
    return archived, [op.body for op in plan.operations if isinstance(op, WriteOp)]


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # a shared name, another thing
        ("job-google", "User works at Google as an engineer", "I don't use Google Docs anymore"),
        ("job-microsoft", "User works at Microsoft", "I switched from Microsoft Word to Google Docs"),
        ("job-amazon", "User works at Amazon as a PM", "I switched from Amazon Music to Spotify"),
        ("job-spotify", "User works at Spotify", "Ich habe Spotify Premium gekündigt"),
        ("job-google", "User works at Google", "j'ai arrêté d'utiliser Google Chrome"),
        ("home-city-dublin", "User lives in Dublin", "I switched from Dublin Bus to cycling"),
        # a move to no place
        ("home-city-berlin", "User lives in Berlin", "we moved to Teams"),
        ("home-city-paris", "User lives in Paris", "I moved to the night shift"),
        ("home-city-paris", "User lives in Paris", "We moved to Jira last sprint"),
        ("home-city-berlin", "User lives in Berlin", "Unser Team ist auf Jira umgezogen"),
        # a third party
        ("team-lead-chat", "User's team lead prefers Slack huddles", "I switched from Slack to Discord"),
        ("pm-tool", "User's product manager prefers Trello boards", "I don't use Trello anymore"),
        ("landlord-city", "User's landlord lives in Hamburg", "I moved to Munich"),
        ("home-city", "User lives in Osaka", "私の上司は東京に引っ越した"),
        ("home-city", "User lives in Lyon", "Mon responsable a déménagé à Paris"),
    ],
)
def test_nothing_true_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
    assert not any(b.startswith("User lives in") and "Teams" in b for b in written)


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("job-google", "User works at Google", "I left Google last month, I'm at Stripe now"),
        ("docs-google", "User uses Google Docs for writing", "I don't use Google Docs anymore"),
        ("phone-android", "User uses an Android phone", "I switched from Android to an iPhone"),
        ("home-city-berlin", "User lives in Berlin", "I moved to Lisbon"),
        ("home-city-lyon", "User lives in Lyon", "j'ai déménagé à Montréal"),
        ("editor-vim", "User's editor is Vim", "I switched from Vim to Helix"),
        ("job-siemens", "User works at Siemens", "Bei Siemens habe ich gekündigt"),
    ],
)
def test_the_stored_value_changed_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, _ = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"]
