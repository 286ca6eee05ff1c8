"""The shared lexicon's language rows: language of a turn, first-person statements, replies."""

from __future__ import annotations

import pytest

from memscribe import lexicon
from memscribe.lexicon import langs
from memscribe.stages.gate import gate
from tests.support.turns import make_transcript


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I'm a data engineer in Leeds.", "en"),
        ("Ich bin Entwicklerin bei einer Versicherung in Köln.", "de"),
        ("Soy maestra de primaria en Zaragoza y tengo dos hijos.", "es"),
        ("Je suis kiné et j'habite à Lille depuis trois ans.", "fr"),
        ("今は福岡のゲーム会社でデータアナリストやってる。", "ja"),
        ("我在深圳做嵌入式开发。", "zh"),
        ("저는 서울에 살아요.", "ko"),
        ("Я работаю инженером в Москве.", "other"),
        ("it's one slide, it's fine", "en"),
    ],
)
def test_language_of(text: str, lang: str) -> None:
    assert langs.language_of(text) == lang


@pytest.mark.parametrize(
    "text",
    [
        "Ich bin Bioinformatikerin in Heidelberg.",
        "Yo soy celíaca, así que nada con gluten.",
        "Je suis en 5e année de médecine à Lille.",
        "在宅勤務で週5日ずっと家にいる。",
        "私は左利きなので。",
    ],
)
def test_first_person_statements_are_profile_cues(text: str) -> None:
    assert lexicon.profile_signal(text)


@pytest.mark.parametrize(
    "text",
    [
        "¿Puedes convertir 3 tazas a gramos?",
        "Kannst du mir bitte die Mail kürzer schreiben?",
        "Peux-tu traduire ce paragraphe ?",
    ],
)
def test_questions_and_requests_are_not_statements(text: str) -> None:
    assert langs.self_statements(text) == []


@pytest.mark.parametrize(
    "text",
    ["hmm no, keep the old name", "uh, no. drop it", "no devuelvas texto plano", "ne traduis pas les termes"],
)
def test_corrections_in_any_covered_language(text: str) -> None:
    assert lexicon.correction_signal(text)


@pytest.mark.parametrize(
    "text",
    ["whatever", "never mind, I'll do it myself", "that's overkill too", "ach egal", "算了", "もういい"],
)
def test_give_up_is_neither_confirmation_nor_correction_accepted(text: str) -> None:
    assert lexicon.give_up_signal(text)
    assert not lexicon.confirmation_signal(text)


def test_gate_passes_a_language_the_lexicon_does_not_cover() -> None:
    t = make_transcript(("user", "Я работаю инженером в Москве."), ("assistant", "Понял."))
    result = gate(t)
    assert result.passed and "does not cover" in result.reason


def test_gate_passes_a_chat_correction_worded_as_a_rule_in_chinese() -> None:
    t = make_transcript(
        ("user", "帮我写周报"),
        ("assistant", "| 项目 | 进度 |"),
        ("user", "不要用表格，用列表写"),
        ("assistant", "- 项目A：完成"),
        ("user", "对，就是这样"),
    )
    assert gate(t).passed


# -- covered() answers at the first function word (issue 17): the same answer as language_of ----

import hypothesis.strategies as _st  # noqa: E402
from hypothesis import given as _given  # noqa: E402
from hypothesis import settings as _settings  # noqa: E402

from memscribe.lexicon import identify as _identify  # noqa: E402
from memscribe.lexicon import langs as _langs  # noqa: E402

_PIECES = [
    "the", "and", "I", "Ich", "und", "le", "el", "qué", "ÄRGER", "ß", "café", "über", "ñ", "niño",
    "brot", "haus", "xylo", "qwert", "zorp", "blim", "Straße", "ſ", "İ", "K", "123", "don't", "l'eau",
    "привет", "日本", "한국어", "かな", "\n", " ", ",", ".", "'",
]  # fmt: skip


@_settings(max_examples=400, deadline=None)
@_given(_st.lists(_st.sampled_from(_PIECES), max_size=30), _st.text(max_size=40))
def test_covered_answers_as_language_of(pieces: list[str], noise: str) -> None:
    for text in (" ".join(pieces), "".join(pieces), " ".join(pieces) + noise, noise):
        assert _langs.covered(text) == (_langs.language_of(text) in _langs.COVERED), text


def test_covered_long_foreign_latin_text_is_not_covered() -> None:
    assert not _langs.covered("zorp blim qwert xylo brot haus zorp blim qwert")
    assert _langs.covered("zorp blim qwert xylo brot haus zorp blim the")
    assert _langs.covered("zorp blim qwert xylo brot haus zorp niño qwert")


@pytest.mark.parametrize(
    ("body", "first"),
    [
        ("I live in Porto.", True),
        ("Ich wohne in Berlin.", True),
        ("Je suis prof de maths.", True),
        ("Vivo en Valencia.", True),
        ("我住在波尔图。", True),
        ("私は東京に住んでいます。", True),
        ("User lives in Porto.", False),
        ("Der Nutzer wohnt in Berlin.", False),
        ("El usuario vive en Valencia.", False),
        ("用户住在上海。", False),
        ("ユーザーは東京に住んでいます。", False),
        ("MySQL is the team's database.", False),
    ],
)
def test_opens_in_first_person(body: str, first: bool) -> None:
    from memscribe.lexicon.langs import opens_in_first_person

    assert opens_in_first_person(body) is first


def test_a_request_after_a_statement_leaves_the_statement_a_signal() -> None:
    from memscribe.lexicon.langs import self_statements

    said = "Ich ernähre mich seit dem Sommer vegetarisch, also bitte keine Fleischrezepte mehr."
    assert self_statements(said) == [said]
    assert self_statements("Kannst du mir bitte die Datei schicken.") == []


def test_spoken_french_on_in_a_past_done_is_the_speaker() -> None:
    from memscribe.lexicon.langs import self_statements

    assert self_statements("On a déménagé à Nantes cet été.")
    assert not self_statements("On dit que Nantes est calme.")


# -- English read as Spanish or German for words English uses too (issue 11) ----------------------


@pytest.mark.parametrize(
    "text",
    [
        "Use an en dash, no hyphen",
        "The file is en_US, no de_DE",
        "Switch the locale to en, no es",
        "no more tabs, use spaces en all files",
        "git checkout -b fix/no-timestamps && gh pr create --fill",
        "https://www.thecrag.com/en/climbing/portugal/mondim-de-basto",
        "config.toml /usr/local/bin/hx /home/ryo/go/bin/gopls",
        "I bin it, no den of thieves, die",
    ],
)
def test_english_with_words_other_languages_share_is_english(text: str) -> None:
    assert langs.language_of(text) == "en"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Vivo en Valencia con mi novia", "es"),
        ("No es mi problema", "es"),
        ("No tengo coche", "es"),
        ("Eres un asistente de cocina.", "es"),
        ("Me mudé a Madrid en marzo", "es"),
        ("Die Katze ist weg", "de"),
        ("Ich bin müde", "de"),
        ("Le chat est là", "fr"),
        ("Je suis en retard", "fr"),
    ],
)
def test_other_languages_with_shared_words_keep_their_language(text: str, lang: str) -> None:
    assert langs.language_of(text) == lang


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # French that shares "en", "que", "le" with Spanish was read as Spanish on a tie
        ("Non, en Python. Depuis que le labo a abandonné R l'an dernier, je fais tout avec pandas.", "fr"),
        ("Depuis mars je travaille chez Airbus.", "fr"),
        ("Ich nutze jetzt Neovim.", "de"),
        ("Kommentare sind jetzt auf Englisch.", "de"),
        ("Ahora devuelve un error si falta el campo.", "es"),
        ("I live on Elm street, it is quiet", "en"),
    ],
)
def test_short_statements_are_read_in_their_language(text: str, lang: str) -> None:
    assert langs.language_of(text) == lang


@_given(_st.text(alphabet=_st.characters(max_codepoint=127), max_size=60))
@_settings(max_examples=400, deadline=None)
def test_ascii_words_are_the_word_pattern_s(text: str) -> None:
    # issue 17: a lowered ASCII text's words found in C (translate, split) are the regex's words
    folded = text.lower()
    assert _langs.ascii_words(folded) == _identify._ASCII_WORD.findall(folded)


@pytest.mark.parametrize(
    "text", ["don't stop", "l'agence", "it's a'b'c", "x1y_z-w", "  ", "", "\tI\nwe\x00us"]
)
def test_ascii_words_of_apostrophes_and_marks(text: str) -> None:
    assert _langs.ascii_words(text.lower()) == _identify._ASCII_WORD.findall(text.lower())
