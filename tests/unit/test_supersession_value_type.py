"""The embedded path end to end on two stored memories: the value's type picks the one updated.

A device named beside an entry holding another device ("Au boulot j'ai maintenant un MacBook
Pro…" / "uses a Dell XPS laptop running Windows") updates that entry, not a job the candidate's
slug topic also reaches; and a noun of one's work said as a place ("au boulot", "en el curro": at
work) is no employment statement, so it replaces no job (issue 11). Both failed before: the job
("works as a freelance graphic designer") was archived.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.run import extract
from memscribe.schemas.plan import ArchiveOp
from memscribe.semantic.facets import statement_facet
from memscribe.store.root import MemoryRoot
from memscribe.transcript import parse_transcript
from tests.support.store_helpers import write_profile
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

NOW = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)


def archived_of(root: Path, stored: list[tuple[str, str, str]], said: str) -> list[str]:
    for id_, slug, body in stored:
        write_profile(root, id_, slug, body)
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
    return [op.id for op in plan.operations if isinstance(op, ArchiveOp)]


def test_a_device_updates_the_device_entry_not_the_job(tmp_path: Path) -> None:
    stored = [
        ("prof_job00000", "job", "User works as a freelance graphic designer."),
        ("prof_laptop000", "laptop", "User uses a Dell XPS laptop running Windows."),
    ]
    said = "Au boulot j'ai maintenant un MacBook Pro fourni par l'agence, et mon vieux Dell dort au placard."
    assert archived_of(tmp_path, stored, said) == ["prof_laptop000"]


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        (
            "User works as a freelance graphic designer.",
            "Au boulot j'ai maintenant un MacBook Pro fourni par l'agence.",
        ),
        ("User works as a teacher.", "En el curro ahora uso un MacBook."),
    ],
)
def test_at_work_is_no_new_job(tmp_path: Path, stored: str, said: str) -> None:
    archived, written = run(tmp_path, "job", stored, said)
    assert archived == [], written


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        (
            "User works as a freelance graphic designer.",
            "J'ai maintenant un poste dans une agence de branding.",
        ),
        ("User works as a nurse.", "Ich habe jetzt einen neuen Job bei Siemens."),
    ],
)
def test_a_new_job_still_replaces_the_old(tmp_path: Path, stored: str, said: str) -> None:
    archived, written = run(tmp_path, "job", stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ("Au boulot j'ai un MacBook", None),
        ("En el curro uso Linux", None),
        ("Je cherche un boulot", "work"),
        ("Ich habe einen neuen Job", "work"),
    ],
)
def test_work_said_as_a_place(text: str, facet: str | None) -> None:
    assert statement_facet(text) == facet
