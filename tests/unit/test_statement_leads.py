"""Foreign self-statements (issue 11): a lead before a colon is no statement of its own, and a
prepositional phrase stays on the clause it belongs to; an English employment verb with a manner
word before its preposition ("works on-site at") names the work facet, so a change said in another
language supersedes it."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.statements import foreign_statements
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.schemas.transcript import SourcePos, Turn
from memscribe.semantic.facets import statement_facet
from tests.support.turns import embedded_profile_bodies

SRC = SourcePos(file="-", line=1)


def _said(text: str) -> list[str]:
    return [c.body for c in foreign_statements(Turn(index=0, role="user", text=text, source=SRC))]


@pytest.mark.parametrize(
    ("text", "kept", "lead"),
    [
        (
            "Ich brauch Hilfe bei der Steuererklärung: Seit Oktober arbeite ich komplett remote.",
            "Seit Oktober arbeite ich komplett remote",
            "Steuererklärung",
        ),
        ("Bon, j'ai craqué : j'ai acheté une Clio d'occasion.", "j'ai acheté une Clio d'occasion", "craqué"),
        ("Kurz zu mir: Ich bin Bioinformatikerin in Heidelberg.", "Ich bin Bioinformatikerin", "Kurz"),
    ],
)
def test_a_lead_before_a_colon_is_not_a_statement(text: str, kept: str, lead: str) -> None:
    bodies = _said(text)
    assert any(kept in b for b in bodies), bodies
    assert not any(lead in b for b in bodies), bodies


def test_a_time_with_a_colon_is_not_a_lead() -> None:
    bodies = _said("Ich stehe jeden Tag um 5:30 auf und gehe laufen.")
    assert any("5:30" in b for b in bodies), bodies


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        (
            "Ich arbeite komplett remote, von zu Hause in Leipzig aus.",
            "Ich arbeite komplett remote, von zu Hause in Leipzig aus",
        ),
        (
            "Pues yo trabajo en remoto para una empresa, desde mi casa en Valencia.",
            "desde mi casa en Valencia",
        ),
    ],
)
def test_a_prepositional_phrase_stays_on_its_clause(text: str, whole: str) -> None:
    assert any(whole in b for b in _said(text)), _said(text)


def test_a_clause_after_a_preposition_with_its_own_subject_is_its_own() -> None:
    bodies = _said("Ich wohne in Leipzig, mit meiner Frau wohne ich seit 2020 dort.")
    assert len(bodies) == 2, bodies


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ("User works on-site at the company office in Munich.", "work"),
        ("User works remotely for a Berlin startup.", "work"),
        ("User works part-time as a nurse.", "work"),
        ("The tool works really well for the user.", None),
        ("User's build works fine for now.", None),
    ],
)
def test_a_manner_word_before_the_preposition_still_names_work(text: str, facet: str | None) -> None:
    assert statement_facet(text) == facet


def test_a_change_of_workplace_in_german_supersedes_the_stored_english_one() -> None:
    office = ShortlistItem(
        id="prof_office",
        slug="work-office-munich",
        text="User works on-site at the company office in Munich.",
        created="2026-01-01T00:00:00Z",
        score=0.5,
    )
    (candidate,) = foreign_statements(
        Turn(
            index=0,
            role="user",
            text="Seit Oktober arbeite ich komplett remote, von zu Hause in Leipzig aus.",
            source=SRC,
        )
    )
    request = DedupRequest(kind="profile", slug=candidate.slug, text=candidate.body, shortlist=[office])
    decision = dedup_decision(request)
    assert (decision.action, decision.existing_ids) == ("supersede_old", ["prof_office"])


def _profiles(text: str, *, correction: bool = False) -> list[str]:
    return embedded_profile_bodies(text, conversation=True, correction=correction)


def test_a_change_announced_before_a_colon_carries_what_it_announces() -> None:
    bodies = _profiles("跟你说一下，我这两个月作息彻底变了：每天早上五点半起床跑步，晚上十点前就睡。")
    assert any("变了" in b and "五点半" in b for b in bodies), bodies
    assert len(bodies) == 1, bodies


def test_a_statement_before_a_colon_that_reports_no_change_carries_nothing() -> None:
    bodies = _profiles("我是翻译：每天早上五点半起床跑步。")
    assert not any("五点半" in b and "翻译" in b for b in bodies), bodies


def test_a_correction_keeps_the_change_in_the_users_life_and_only_that() -> None:
    said = "Nee, das Auto hab ich im März verkauft. Ich mach inzwischen alles mit dem Lastenrad."
    bodies = _profiles(said, correction=True)
    assert any("Lastenrad" in b for b in bodies), bodies
    assert _profiles("Nein, ich wollte die Tabelle nach Datum sortiert haben.", correction=True) == []
