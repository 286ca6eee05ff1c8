"""Grounding support (memscribe.textsim.support): what a memory's cited user turn carries."""

from __future__ import annotations

import pytest

from memscribe.textsim import containment, support


@pytest.mark.parametrize(
    ("statement", "evidence"),
    [
        ("La usuaria vive en Zaragoza.", "yo vivo en Zaragoza"),
        ("Der Nutzer spielt Cello.", "ich spiele Cello im Orchester"),
        ("L'utilisatrice joue du violoncelle.", "je joue du violoncelle"),
        ("用户养了两只猫。", "我家养了两只猫"),
        ("ユーザーは猫を二匹飼っている。", "猫を二匹飼ってる"),
    ],
)
def test_the_subject_word_of_a_memory_is_not_a_word_the_user_must_say(statement: str, evidence: str) -> None:
    assert support(statement, evidence) > containment(statement, evidence)
    assert support(statement, evidence) >= 0.5


@pytest.mark.parametrize(
    ("statement", "evidence"),
    [
        # an abbreviation the user wrote, the full word the memory wrote
        ("L'utilisatrice est kinésithérapeute.", "je suis kiné, donc merci d'expliquer simplement"),
        # an inflection the stemmer does not know
        ("Nutzer wohnt in der Wiehre.", "ich wohn ja in der Wiehre"),
        # the write guard's first-five-letters rule
        ("User organised the meetup.", "I am organizing the meetup"),
    ],
)
def test_a_word_is_carried_by_a_word_it_begins_or_that_begins_it(statement: str, evidence: str) -> None:
    assert support(statement, evidence) == 1.0


def test_what_the_evidence_does_not_say_is_not_supported() -> None:
    assert support("User lives in München.", "Ich wohne in Köln.") == 0.0
    assert support("ユーザーは大阪に住んでいる。", "私は左利きなので、マウスは左手で使います。") == 0.0
    # short words match whole only: "in" / "ink", "go" / "golang" carry nothing
    assert support("User likes ink.", "I go in") == 0.0
    assert support("User", "I am the user") == 0.0


def test_containment_itself_is_unchanged() -> None:
    """Dedup, the index and the embedded extractor keep the exact-token containment."""
    assert containment("La usuaria vive en Zaragoza.", "yo vivo en Zaragoza") == pytest.approx(1 / 3)


def test_japanese_is_grounded_on_its_kanji_and_katakana_not_its_hiragana() -> None:
    # the same verb, inflected otherwise (書いている / 書く), beside the same tool names
    body = "仕事ではBigQueryでSQLを書いている。"
    said = "DAUとリテンションのSQL、BigQueryで書くの手伝ってほしい。"
    assert support(body, said) >= 0.5 > containment(body, said)
    # particles alone carry nothing: a different fact in the same grammar is not supported
    assert support("大阪の銀行で働いている。", "福岡のゲーム会社で働いている。") < 0.5
    # a text of hiragana alone still has tokens (it is never an empty set)
    assert support("うん、わかった", "うん、わかった") == 1.0
