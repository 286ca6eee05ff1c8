"""Facets (memscribe.semantic.facets): where the user lives or works holds one value at a time, so
a statement reporting a change there updates the stored memory of that facet in any language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.index import open_index
from memscribe.model.embedded.dedup import dedup_decision
from memscribe.model.embedded.statements import foreign_statements
from memscribe.relatedness import shares_topic_word, shortlist
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.schemas.transcript import SourcePos, Turn
from memscribe.semantic.facets import slug_facet, statement_facet
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import write_profile

SRC = SourcePos(file="-", line=1)


@pytest.mark.parametrize(
    ("slug", "facet"),
    [
        ("home-city-lyon", "residence"),
        ("residence", "residence"),
        ("job-bank-analyst-osaka", "work"),
        ("employer", "work"),
        ("role-phd-linguistics", "work"),
        ("work-language-go", None),  # "work" alone is ambiguous: not a facet word
        ("editor-vim", None),
        ("home-job", None),  # two facets: no one value
    ],
)
def test_slug_facet(slug: str, facet: str | None) -> None:
    assert slug_facet(slug) == facet


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ("j'ai déménagé à Montréal en septembre", "residence"),
        ("ich wohne jetzt in Leipzig", "residence"),
        ("ahora vivo en Valencia", "residence"),
        ("去年搬到深圳了", "residence"),
        ("今は福岡のゲーム会社でデータアナリストやってる", "work"),
        ("Seit Oktober arbeite ich komplett remote", "work"),
        ("je travaille à l'UdeM", "work"),
        ("User works at Verdant Grid now.", "work"),
        ("I moved to Berlin for a new job", None),  # both facets
        ("User's editor is Vim.", None),
        ("User writes Go at work.", None),
    ],
)
def test_statement_facet(text: str, facet: str | None) -> None:
    assert statement_facet(text) == facet


def test_slugs_of_one_facet_share_a_topic_word() -> None:
    assert shares_topic_word("job-travaille-udem", "employer")
    assert shares_topic_word("home-demenage-montreal", "residence-lyon")
    assert not shares_topic_word("job-travaille-udem", "home-city-lyon")
    assert not shares_topic_word("home-demenage-montreal", "work-language-go")


def test_a_foreign_statement_is_filed_under_its_facet() -> None:
    turn = Turn(index=0, role="user", text="Bonjour ! J'ai déménagé à Montréal en septembre.", source=SRC)
    (candidate,) = foreign_statements(turn)
    assert candidate.slug.startswith("home-")


def item(i: str, slug: str, text: str, score: float = 0.0) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(slug: str, text: str, *items: ShortlistItem, said: str = "") -> tuple[str, list[str]]:
    request = DedupRequest(kind="profile", slug=slug, text=text, shortlist=items, said=said)
    d = dedup_decision(request)
    return d.action, d.existing_ids


def test_a_change_on_the_facet_supersedes_across_languages() -> None:
    city = item("prof_city", "home-city-lyon", "User lives in Lyon, France.")
    climbing = item("prof_climb", "weekend-climbing", "User goes rock climbing on weekends.")
    moved = 'User, in their words: "j\'ai déménagé à Montréal en septembre".'
    assert decide("home-demenage-montreal", moved, city, climbing) == ("supersede_old", ["prof_city"])
    job = item(
        "prof_job", "job-bank-analyst-osaka", "User works as a credit risk analyst at a bank in Osaka."
    )
    now = 'User, in their words: "今は福岡のゲーム会社でデータアナリストやってる".'
    assert decide("job-3ffb3a", now, job) == ("supersede_old", ["prof_job"])


def test_the_change_may_be_in_the_users_words_when_the_values_can_be_compared() -> None:
    role = item("prof_phd", "role-phd", "User is a PhD student in linguistics at Université Lyon 2.")
    said = "Ah, et j'ai déménagé à Montréal en septembre, je travaille à l'UdeM maintenant"
    text = 'User, in their words: "je travaille à l\'UdeM".'
    assert decide("job-travaille-udem", text, role, said=said) == ("supersede_old", ["prof_phd"])


def test_no_change_reported_or_no_value_shown_archives_nothing() -> None:
    city = item("prof_city", "home-city-lyon", "User lives in Lyon, France.")
    # No change cue anywhere: another statement on the facet, kept beside it.
    assert decide("home-habite-lyon", 'User, in their words: "j\'habite à Villeurbanne".', city)[0] != (
        "supersede_old"
    )
    # Another script, and only the user's words around it report a change: a restatement
    # ("用户是做前端的" beside "现在…") cannot be told from an update, so nothing is archived.
    role = item("prof_role", "role-frontend", "User is a frontend engineer at an e-commerce company.")
    action, _ = decide("role", "用户是做前端的。", role, said="我们现在已经升级到 Vue 3 了。我是做前端的")
    assert action != "supersede_old"
    # Same facet, same script, the same value: a restatement, not an update.
    assert decide("home-habite-lyon", "User has moved to Lyon, France.", city)[0] != "supersede_old"


def test_a_fallback_match_is_never_updated_by_a_facet_verb() -> None:
    """A verb of residence ("moved to") in "the team moved to Postgres" is about a database: a
    stored city that reached the shortlist only as a weak fallback match is kept."""
    city = item("prof_city", "home-city-berlin", "User lives in Berlin.", 0.16)
    assert decide("team-database", "User's team moved to Postgres last month.", city)[0] != "supersede_old"
    # the same statement filed under the facet, or related by its text, does update it
    assert decide("home-city", "User moved to Leipzig last month.", city) == ("supersede_old", ["prof_city"])


def test_the_index_shortlists_the_facet_like_the_list(tmp_path: Path) -> None:
    write_profile(tmp_path, "prof_city0001", "residence-lyon", "User lives in Lyon, France.")
    write_profile(tmp_path, "prof_role0001", "employer", "User works at Université Lyon 2.")
    write_profile(tmp_path, "prof_pets0001", "pets", "User has two cats.")
    entries = MemoryRoot(tmp_path).entries()
    probe = ("home-demenage-montreal", 'User, in their words: "j\'ai déménagé à Montréal".')
    listed = shortlist("profile", *probe, entries)
    assert [s.id for s in listed][:1] == ["prof_city0001"]
    with open_index(tmp_path) as index:
        assert index.shortlist("profile", *probe, namespace="default") == listed


def test_extract_supersedes_the_stored_city_from_a_french_session(tmp_path: Path) -> None:
    old = write_profile(tmp_path, "prof_city0001", "home-city-lyon", "User lives in Lyon, France.")
    keep = write_profile(
        tmp_path, "prof_clim0001", "weekend-climbing", "User goes rock climbing on weekends."
    )
    transcript = tmp_path / "session.txt"
    transcript.write_text(
        "User: Bonjour ! Petite mise à jour : j'ai déménagé à Montréal en septembre.\n"
        "Assistant: Merci, c'est noté.\n",
        encoding="utf-8",
    )
    memory = tmp_path / "memory"
    memory.mkdir()
    for rel in (old, keep):
        target = memory / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).rename(target)
    result = CliRunner().invoke(app, ["extract", str(transcript), "--memory-dir", str(memory), "--json"])
    assert result.exit_code == 0, result.output
    plan, _ = json.JSONDecoder().raw_decode(result.output)
    writes = [op for op in plan["operations"] if op["op"] == "write"]
    assert len(writes) == 1 and "Montréal" in writes[0]["body"]
    assert writes[0]["supersedes"] == ["prof_city0001"]
    assert not (memory / old).exists() and (memory / keep).exists()
    archived = list((memory / ".reflexio").rglob("*city0001*"))
    assert archived, "the superseded memory was not archived"


def test_a_new_state_said_beside_a_cessation_takes_its_facet() -> None:
    """ "Ya no trabajo en el banco, ahora soy profesora": the cessation names the work facet and is
    dropped; the state said as holding now is filed under that facet, so it meets the stored job."""
    turn = Turn(
        index=0,
        role="user",
        text="Ya no trabajo en el banco, ahora soy profesora de matemáticas.",
        source=SRC,
    )
    (candidate,) = foreign_statements(turn)
    assert "profesora" in candidate.body and candidate.slug.startswith("job-")
    job = item("prof_job", "job-bank", "User works at a bank in Sevilla.")
    assert decide(candidate.slug, candidate.body, job) == ("supersede_old", ["prof_job"])
    # a clause reporting no change keeps its own slug: it is not what replaced the old value
    turn = Turn(index=0, role="user", text="Ya no trabajo en el banco, soy madre de dos niños.", source=SRC)
    assert all(not c.slug.startswith("job-") for c in foreign_statements(turn))
