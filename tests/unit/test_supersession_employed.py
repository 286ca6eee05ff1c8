"""The embedded path end to end: the noun of being employed names the work facet in every language.

"je suis salariée" (fr), "soy asalariada" (es), "I'm employed" (en), "正社員" (ja), "正式员工" (zh) say
as what the user works as "angestellt" (de) already did: a change of it reported replaces the
stored job ("User works as a freelance graphic designer"), though the two texts share no word.
Near misses keep the stored job: somebody else's employment, a hypothetical, a past state.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.facets import statement_facets
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    "text",
    [
        "Depuis mars je suis salariée dans une agence de branding",
        "Desde enero soy asalariada en una consultora",
        "Since March I'm employed full-time at a branding agency",
        "四月から正社員になりました",
        "我现在是一家设计公司的正式员工",
    ],
)
def test_employment_nouns_name_the_work_facet(text: str) -> None:
    assert "work" in statement_facets(text)


@pytest.mark.parametrize(
    "text",
    ["I'm unemployed right now", "Le salaire est correct", "I employed a new method"],
)
def test_other_words_name_no_work_facet(text: str) -> None:
    assert "work" not in statement_facets(text)


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        (
            "job",
            "User works as a freelance graphic designer.",
            "Depuis mars je suis salariée à temps plein dans une agence de branding.",
        ),
        (
            "job",
            "User works as a freelance translator.",
            "Desde enero ya soy asalariada en una consultora de Madrid.",
        ),
        (
            "job",
            "User works as a freelance illustrator.",
            "I'm employed full-time at a branding agency now.",
        ),
    ],
)
def test_reported_employment_replaces_the_job(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        (
            "job",
            "User works as a freelance graphic designer.",
            "Ma sœur est salariée dans une agence de branding depuis mars.",
        ),
        (
            "job",
            "User works as a freelance graphic designer.",
            "Si j'étais salariée, j'aurais des congés payés.",
        ),
        (
            "job",
            "User works as a freelance translator.",
            "Mi marido es asalariado en una consultora desde enero.",
        ),
        (
            "job",
            "User works as a freelance illustrator.",
            "My partner has been employed at a bank since March.",
        ),
        (
            "job",
            "User works as a freelance illustrator.",
            "If I were employed full-time I'd have paid leave.",
        ),
        ("job", "User works as a freelance illustrator.", "I used to be employed at a bank years ago."),
        ("job", "User works as a freelance designer.", "姉は四月から正社員になりました。"),
        ("job", "User works as a freelance designer.", "我朋友现在是一家公司的正式员工。"),
        (
            "job",
            "User works as a freelance designer.",
            "Meine Schwester ist seit März bei einer Agentur angestellt.",
        ),
        ("job", "User works as a freelance designer.", "My wife is now employed at Google."),
    ],
)
def test_near_misses_keep_the_job(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written


def _decide(slug: str, text: str, stored_slug: str, stored: str) -> list[str]:
    from memscribe.model.embedded.dedup import dedup_decision
    from memscribe.schemas.requests import DedupRequest, ShortlistItem

    item = ShortlistItem(id="prof_old", slug=stored_slug, text=stored, created="2026-01-01", score=0.2)
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=(item,), said=text))
    return d.existing_ids if d.action == "supersede_old" else []


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        ("job-work-bank-years", "User used to work at a bank years ago."),
        ("job-employed-bank", "User used to be employed at a bank."),
        ("job-autrefois-travaillais", 'User, in their words: "Autrefois je travaillais dans une banque".'),
        ("job-solia-trabajar", 'User, in their words: "Solía trabajar en un banco".'),
        ("job-fruher-arbeite", 'User, in their words: "Früher arbeitete ich bei einer Bank".'),
        ("job-yinhang", "用户以前在银行上班。"),
        ("job-ginkou", "User, in their words: 「以前は銀行で働いていました」."),
    ],
)
def test_a_past_job_replaces_no_present_one(slug: str, text: str) -> None:
    """What was so once, no change of now reported, is no newer value of the stored job's topic."""
    assert _decide(slug, text, "job", "User works as a freelance illustrator.") == []


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        ("job-employed-bank", "User is now employed at a bank."),
        ("job-salariee-banque", 'User, in their words: "je suis maintenant salariée dans une banque".'),
        ("job-used-now-bank", "User used to freelance, now works at a bank."),
    ],
)
def test_a_present_job_still_replaces(slug: str, text: str) -> None:
    assert _decide(slug, text, "job", "User works as a freelance illustrator.") == ["prof_old"]
