"""The embedded extractor beyond English: self-statements by structure, group-chat owners, tokens."""

from __future__ import annotations

import pytest

from memscribe.groups.speakers import owner_turns, segments
from memscribe.model.embedded.detect import extract
from memscribe.textsim import containment, content_tokens
from tests.support.turns import extracted_profile_bodies as _bodies
from tests.support.turns import make_transcript


@pytest.mark.parametrize(
    ("text", "keyword"),
    [
        ("Hola! Soy maestra de primaria en Zaragoza.", "maestra de primaria"),
        ("Ich bin Entwickler bei einer Versicherung in Köln.", "Versicherung"),
        ("Bonjour, je suis kiné à Lille depuis trois ans.", "kiné"),
        ("今は福岡のゲーム会社でデータアナリストやってる。", "データアナリスト"),
        ("我在深圳做嵌入式开发。", "嵌入式开发"),
        ("我家养了两只猫", "两只猫"),
    ],
)
def test_self_statements_in_other_languages(text: str, keyword: str) -> None:
    bodies = _bodies(text)
    assert any(keyword in b for b in bodies), bodies


@pytest.mark.parametrize(
    "text",
    [
        "¿Puedes convertir 3 tazas de harina a gramos?",
        "Vielleicht ziehe ich irgendwann nach Berlin.",  # hedged
        "Mein Physio meint, ich soll schwimmen gehen.",  # somebody else's view, an obligation
        "Je voudrais apprendre le piano un jour.",  # a wish
        "Y mi suegra no come nada picante.",  # a relative as the subject
        "明日までに資料を作ってください。",  # a request
        "我觉得这个方案不错",  # an opinion
    ],
)
def test_questions_hedges_wishes_and_third_parties_are_not_facts(text: str) -> None:
    assert _bodies(text) == []


def test_group_chat_profiles_come_from_the_owner_only() -> None:
    t = make_transcript(
        ("user", "[#trip] Marta: I'm a vegetarian and I live in Lyon."),
        ("assistant", "Noted."),
        ("user", "[#trip] Jonas: I'm a nurse and I live in Graz."),
        ("assistant", "Noted."),
    )
    bodies = [p.body for p in extract(t.turns).profiles]
    assert any("vegetarian" in b for b in bodies)
    assert not any("nurse" in b or "Graz" in b for b in bodies)
    assert [s.speaker for s in segments("[#trip] Wen: works for me [#trip] Oksana: go")] == ["Wen", "Oksana"]
    assert len(owner_turns(t.turns)) == 1


def test_unicode_tokens_ground_non_english_text() -> None:
    assert "köln" in content_tokens("Ich wohne in Köln")
    assert content_tokens("私は左利きなので")  # kana: never an empty token set
    assert content_tokens("저는 서울에 살아요")
    assert containment('User, in their words: "私は左利きなので".', "私は左利きなので、マウスは左で") > 0.5
    assert "der" not in content_tokens("der Hund und die Katze")  # per-language stopwords


def test_english_text_keeps_words_that_are_function_words_elsewhere() -> None:
    # "la", "war", "mit", "bin" are Spanish, French or German function words and English words
    assert content_tokens("User is from LA") == {"la"}
    assert "war" in content_tokens("User enjoys watching war documentaries")
    assert "mit" in content_tokens("User studied at MIT")
    assert containment("User is from LA.", "I'm from LA but I don't follow baseball") == 1.0
    # in those languages they stay function words
    assert "bin" not in content_tokens("Ich bin müde")
    assert "la" not in content_tokens("Vivo en La Paz con mi familia")
    assert "war" not in content_tokens("Ich war gestern in Hamburg")


def test_plural_ies_and_singular_y_share_a_stem() -> None:
    assert content_tokens("documentaries") == content_tokens("documentary")
    assert containment("User likes war documentaries", "a war documentary on saturday") == 1.0


def test_the_speaker_must_be_the_subject() -> None:
    assert _bodies("El sábado es mi día libre de verdad.") == []  # possessive inside: about the day
    assert any("Snakemake" in b for b in _bodies("Unsere Pipelines laufen alle mit Snakemake."))


def test_spanish_changes_with_a_reflexive_or_a_cessation_are_the_speakers() -> None:
    assert any(
        "Me mudé a Valencia" in b for b in _bodies("Me mudé a Valencia en septiembre, estoy encantada.")
    )
    assert any("Ya no fumo" in b for b in _bodies("Ya no fumo, lo dejé hace tres meses."))
    # "me" before someone else's verb is an object, not the speaker as subject
    assert _bodies("Hoy fui al dentista y me dijo que todo bien.") == []


def test_an_abbreviated_aside_opener_leaves_the_statement() -> None:
    assert _bodies("fwiw I'm a nurse.") == ["User is a nurse."]
    assert _bodies("tbh I'm a nurse.") == ["User is a nurse."]


def test_a_german_modal_of_ability_or_leave_is_no_standing_fact() -> None:
    # "kann"/"darf" are modals like "muss"/"soll": what the speaker can or may do this time (an
    # availability, a permission), not a state; the statement beside it still is one
    bodies = _bodies(
        "Freitags kann ich nicht, da arbeite ich in der Bibliothek. Heute darf ich länger schlafen."
    )
    assert not any("kann" in b or "darf" in b for b in bodies), bodies
    assert any("Bibliothek" in b for b in bodies), bodies


def test_a_german_clause_without_a_verb_is_no_statement() -> None:
    # "Ich am Schlagzeug" names a seat in the band, with no verb: a fragment of what came before,
    # not a statement of its own (nor a stroke of the one before it)
    assert _bodies("Ich wohne in Kassel. Ich am Schlagzeug, mein Bruder am Bass.") == [
        'User, in their words: "Ich wohne in Kassel".'
    ]
    assert _bodies("Wir spielen jeden Freitag, ich am Schlagzeug.") == [
        'User, in their words: "Wir spielen jeden Freitag".'
    ]


def test_a_german_statement_said_as_already_known_brings_no_fact() -> None:
    # the particle "ja" inside a clause ("as you know") and "immer noch" mark a fact as given: a
    # restatement; what is news beside it, and a "Ja," answering, still count
    assert _bodies("Ich bin ja Tischlerin, und seit Mai wohne ich in Kassel.") == [
        'User, in their words: "seit Mai wohne ich in Kassel".'
    ]
    assert _bodies("Ich fahre immer noch jeden Tag mit dem Rad zur Arbeit.") == []
    assert any("Tischlerin" in b for b in _bodies("Ja, ich bin Tischlerin in Kassel."))


def test_a_statement_with_a_question_put_after_it_is_still_a_statement() -> None:
    # the question is the sentence's last clause; what the speaker says before it stands, unless
    # it is itself a need of the moment ("brauch ich", the spoken "brauche")
    assert any(
        "infirmière à Nantes" in b for b in _bodies("Je suis infirmière à Nantes, tu connais une appli ?")
    )
    assert any(
        "Gärtnerin in Ulm" in b for b in _bodies("Ich arbeite als Gärtnerin in Ulm, was soll ich pflanzen?")
    )
    assert _bodies("Im Baumarkt brauch ich drei Säcke Erde, wie viel kostet das?") == []
