"""The English gloss of a statement in another language is evidence of topic, never of a value
it does not read: the gloss leaves out every word its lexicon lacks (number words among them), so
a statement mentioning the dog with a 'now' word and no count archives no stored count ("User has
one dog."). Adapted from the review of 4dfdf64 (RV1, session 34)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.index import IndexView, open_index
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages.dedup import dedup
from tests.support.store_helpers import write_profile

SAID = [
    "Ahora paseo al perro cada mañana.",  # es: now I walk the dog every morning
    "Jetzt gehe ich jeden Morgen mit dem Hund laufen.",  # de: now I go running with the dog every morning
    "Maintenant je promène mon chien le soir.",  # fr: now I walk my dog in the evening
    "今は毎朝犬と散歩しています。",  # ja: now I walk with the dog every morning
    "现在我每天早上带狗去散步。",  # zh: now I take the dog for a walk every morning
]


@pytest.mark.parametrize("said", SAID)
def test_walking_the_dog_does_not_archive_user_has_one_dog(tmp_path: Path, said: str) -> None:
    write_profile(
        tmp_path, "prof_dog00001", "pets", "User has one dog.", created=dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    )
    body = f'User, in their words: "{said.rstrip(".。")}".'
    cand = ProfileCandidate(slug="dog-walks", ttl="one_year", body=body, evidence_turns=[0])
    turn = Turn(index=0, role="user", kind="message", text=said, source=SourcePos(file="t.txt", line=1))
    transcript = Transcript(source="t.txt", format="text", turns=(turn,))
    with open_index(tmp_path) as index:
        result = dedup(
            [cand], [], [], model=EmbeddedModel(), view=IndexView(index, "default"), transcript=transcript
        )
    assert [a.supersedes for a in result.accepted] == [()]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Tengo miedo de los perros.", "User has a dog."),  # es: I'm afraid of dogs
        ("J'ai peur des chiens.", "User has a dog."),  # fr: I'm afraid of dogs
        ("我怕狗。", "User has a dog."),  # zh: I'm afraid of dogs
        ("Ich lese auf meinem Kindle.", "User has a child."),  # de: I read on my Kindle
    ],
)
def test_a_gloss_of_one_noun_of_the_statement_restates_nothing(said: str, stored: str) -> None:
    """RV1 finding 2: the gloss keeps only the words its lexicon knows; a statement it reads one
    noun of ('dog') is another fact about that noun, not the stored one said again."""
    text = f'User, in their words: "{said.rstrip(".。")}".'
    item = ShortlistItem(id="prof_old", slug="pets", text=stored, created="2026-01-01T00:00:00Z", score=0.0)
    decision = dedup_decision(
        DedupRequest(kind="profile", slug="about-x", text=text, shortlist=(item,), said=said)
    )
    assert decision.action == "keep_both"


@pytest.mark.parametrize(
    ("said", "stored"),
    [("Tengo un perro.", "User has a dog."), ("Ich habe einen Hund.", "User has a dog.")],
)
def test_a_gloss_of_the_whole_statement_still_restates(said: str, stored: str) -> None:
    text = f'User, in their words: "{said.rstrip(".。")}".'
    item = ShortlistItem(id="prof_old", slug="pets", text=stored, created="2026-01-01T00:00:00Z", score=0.0)
    decision = dedup_decision(
        DedupRequest(kind="profile", slug="about-x", text=text, shortlist=(item,), said=said)
    )
    assert decision.action == "drop_new"
