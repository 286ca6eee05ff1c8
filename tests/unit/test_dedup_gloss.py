"""Issue 11, embedded dedup across languages by an English gloss: a statement in another language
shares no word and no English vector with an English memory; glossed word for word from a
lexicon of common words (:mod:`memscribe.semantic.gloss`) it is scored as an English one. The
gloss brings the entry to the shortlist; a change with another value supersedes it, a paraphrase
with none is a duplicate. The controls keep both."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision
from memscribe.relatedness import ListView
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.gloss import english_gloss, quoted_sentence
from memscribe.stages.dedup_extras import glossed_across_languages

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

DOGS_SAID = "練習中に犬たちが吠えて困っています。先月、保護犬をもう一匹迎えたので、今は二匹いるんです。"
DOGS = 'User, in their words: "今は二匹いるんです".'


def _decide(text: str, stored: str, said: str = "") -> tuple[str, list[str]]:
    item = ShortlistItem(id="prof_old", slug="pets", text=stored, created="2026-01-01T00:00:00Z", score=0.0)
    d = dedup_decision(DedupRequest(kind="profile", slug="about-x", text=text, shortlist=(item,), said=said))
    return d.action, d.existing_ids


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("用户血压高。", {"blood", "pressure", "high"}),
        ("今は二匹いるんです", {"now", "two"}),
        ("Wir haben zwei Hunde und eine Katze", {"dog", "cat"}),
        ("Je roule en vélo avec mon Garmin Edge 540", {"cycle", "Garmin", "Edge", "540"}),
    ],
)
def test_the_gloss_holds_the_english_of_common_words_and_the_names(text: str, words: set[str]) -> None:
    assert words <= set(english_gloss(text).split())


def test_the_gloss_reads_the_users_sentence_holding_the_quotation() -> None:
    assert quoted_sentence(DOGS, DOGS_SAID) == "先月、保護犬をもう一匹迎えたので、今は二匹いるんです。"
    assert quoted_sentence(DOGS, "") == '今は二匹いるんです".'


def test_the_gloss_brings_the_english_entry_to_the_shortlist() -> None:
    entries = [
        MemoryEntry(
            kind="profile", id=i, path=f"profiles/{i}.md", slug=s, created="2026-01-01T00:00:00Z", body=b
        )
        for i, s, b in [
            ("prof_dog", "pets", "User has one dog."),
            ("prof_job", "job", "User works as a pharmacist."),
        ]
    ]
    found = glossed_across_languages("profile", DOGS, DOGS_SAID, ListView(entries))
    assert [s.id for s in found] == ["prof_dog"]
    # an English candidate is read by the shortlist itself: no gloss
    assert glossed_across_languages("profile", "User now has two dogs.", "", ListView(entries)) == []


def test_a_change_in_another_language_with_another_count_supersedes() -> None:
    assert _decide(DOGS, "User has one dog.", DOGS_SAID) == ("supersede_old", ["prof_old"])


def test_a_paraphrase_in_another_language_is_a_duplicate() -> None:
    assert _decide("用户血压高。", "User has high blood pressure and takes daily medication.") == (
        "drop_new",
        ["prof_old"],
    )


@pytest.mark.parametrize(
    ("text", "stored", "said"),
    [
        # another topic: the gloss is not related to the entry
        (DOGS, "User works as a pharmacist.", DOGS_SAID),
        ("用户血压高。", "User lives in Osaka.", ""),
        # the same count again: no other value, and a change said
        ('User, in their words: "今は一匹いるんです".', "User has one dog.", ""),
    ],
)
def test_no_glossed_evidence_keeps_both(text: str, stored: str, said: str) -> None:
    assert _decide(text, stored, said)[0] == "keep_both"


@pytest.mark.parametrize(
    "text",
    [
        "No tengo tiempo de nada esta semana",  # "no", "de": a negation and a preposition
        "J'ai plus de temps le soir",  # "plus": more
        "Ich habe mehr Zeit am Wochenende",  # "mehr": more
    ],
)
def test_function_words_of_a_language_gloss_to_nothing(text: str) -> None:
    glossed = english_gloss(text).split()
    assert "again" not in glossed and "longer" not in glossed


def test_a_place_name_is_no_common_word() -> None:
    assert english_gloss("大阪に住んでいます") == "live"


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ("Ich lese auf meinem Kindle", "child"),  # kind + le is no inflection
        ("Das kostet hundert Euro", "dog"),  # hund + ert
        ("Vimos una comedia", "eat"),  # come + dia
        ("我住在酒店", "alcohol"),  # 酒店 is a hotel: the longer word first
        ("もう大丈夫です", "husband"),  # 大丈夫 is 'fine', not 丈夫
        ("Eine Frau hat angerufen", "wife"),  # a woman
        ("Una mujer me llamó", "wife"),
        ("Ein Mann hat angerufen", "husband"),
        ("Ich chatte gern abends", "cat"),
    ],
)
def test_a_word_another_word_begins_or_holds_is_not_glossed_as_it(text: str, absent: str) -> None:
    """RV1 finding 3 (session 34): a Latin lexicon word matches itself or itself with an
    inflection ending, a CJK word not inside a longer word, and no row holds a word whose common
    sense is another concept."""
    assert absent not in english_gloss(text).split()


@pytest.mark.parametrize(
    ("text", "present"),
    [("Tenemos dos perros", "dog"), ("Wir haben zwei Hunde", "dog"), ("mit den Hunden", "dog"),
     ("J'ai deux chiens", "dog"), ("Meine Kinder", "child"), ("Sie ist Vegetarierin", "vegetarian")],
)  # fmt: skip
def test_an_inflected_form_is_still_glossed(text: str, present: str) -> None:
    assert present in english_gloss(text).split()
