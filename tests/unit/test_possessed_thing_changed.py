"""The speaker's own thing as the subject, with a value said to have changed, is the speaker's
fact ("Mein Auto ist jetzt ein Tesla", "Mi piso ahora está en Valencia"); a person of theirs in
the same shape is not (issue 11): a kinship term (a closed class, in each language's row), a noun
built as an agent or a role ("Mein Bassist", "mon coiffeur", "mi dentista"), or a name or role as
the predicate ("Mi contable ahora es Laura", "Mein Schwager ist jetzt Arzt")."""

from __future__ import annotations

import pytest

from memscribe.lexicon.langs import LANGUAGES
from memscribe.model.embedded.possessed import my_thing_changed, zh_thing_changed
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth
from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "Mein Auto ist jetzt ein Tesla.",
        "Meine Wohnung ist jetzt in Leipzig.",
        "Mein Laptop ist seit März ein ThinkPad.",
        "Ma voiture est maintenant une Clio électrique.",
        "Mon appartement est maintenant à Lyon.",
        "Mon téléphone est désormais un Fairphone.",
        "Mi piso ahora está en Valencia.",
        "Mi coche ahora es un Toyota híbrido.",
        "Mi portátil ahora es un MacBook Air.",
        "Mi móvil ahora es un iPhone 15.",
        "Ma maison est maintenant à Lyon.",
        "Mein Handy ist jetzt ein Pixel 9.",
    ],
)
def test_the_speakers_own_thing_changed_is_written_as_theirs(text: str) -> None:
    assert _bodies(text) == [f'User, in their words: "{text.rstrip(".")}".']


@pytest.mark.parametrize(
    "text",
    [
        # kin: the lexicon row's third party
        "Mein Schwager ist jetzt Arzt.",
        "Meine Cousine ist jetzt in Berlin.",
        "Mon oncle est maintenant à la retraite.",
        "Ma belle-sœur est maintenant avocate.",
        "Mi cuñado ahora es médico.",
        "Mi sobrina ahora está en Sevilla.",
        # a role noun, built as an agent
        "Mein Bassist ist jetzt bei einer anderen Band.",
        "Mein Vermieter ist jetzt eine Firma aus Hamburg.",
        "Mon coiffeur est maintenant à Lille.",
        "Mi dentista ahora está en Málaga.",
        # a name or a role as the predicate
        "Meine Steuerberaterin ist jetzt Frau Keller.",
        "Ma comptable est maintenant Sophie.",
        "Mi contable ahora es Laura.",
        "Mi entrenador ahora es Javier.",
        # a role noun of no agent's shape: a place or a thing as its predicate is theirs too
        "Mein Arzt ist jetzt in Rente.",
        "Mein Anwalt ist jetzt in Berlin.",
        "Mein Arzt ist jetzt eine Frau.",
        "Mein Hausarzt ist jetzt ein anderer.",
        "Mi abogado ahora está en Madrid.",
        "Mi médico ahora es una mujer.",
        "Mon avocat est maintenant à Paris.",
        "Mon médecin est maintenant à la retraite.",
        "Mon patron est maintenant un Italien.",
        "Mein Hund ist jetzt ein Jahr alt.",  # a pet: its age, not the speaker's
        # Chinese: kin and roles of "my" (the Japanese row is aff02231's: review RV1 F1, RV4 F3 of stop 49)
        "我的舅舅现在是医生。",
        "我的会计师现在是王丽。",
    ],
)
def test_a_person_of_the_speakers_is_not_written_as_theirs(text: str) -> None:
    assert _bodies(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Mein Auto ist vielleicht bald ein Tesla.",  # hedged
        "Mein Auto ist jetzt kein Tesla mehr.",  # negated: no new value
        "Ma voiture sera peut-être une Tesla.",
        "Quizás mi coche ahora es un Toyota.",
        "Mein Auto ist ein Tesla.",  # no change said: not this rule's
    ],
)
def test_a_hedged_or_negated_change_is_not_written(text: str) -> None:
    assert _bodies(text) == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "我表哥现在在上海工作"),
        ("zh", "我的会计师现在是王丽"),
        ("de", "Meine Schwiegermutter ist jetzt in Rente"),
        ("fr", "Mes grands-parents sont maintenant à Nice"),
        ("es", "Mis tíos ahora están en Lima"),
        ("fr", "Mon patron est maintenant à Lyon"),
        ("de", "Meine Lebensgefährtin ist jetzt in Rente"),
    ],
)
def test_kin_and_roles_are_third_parties_in_the_lexicon(lang: str, text: str) -> None:
    assert LANGUAGES[lang].third_party.search(text)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "我当了演员"),
        ("zh", "我爱人工智能"),
        ("ja", "私の車は今テスラです"),
        ("ja", "私は看護師です"),
        ("de", "Mein Auto ist jetzt ein Tesla"),
    ],
)
def test_the_speaker_is_no_third_party(lang: str, text: str) -> None:
    assert not LANGUAGES[lang].third_party.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "我的车现在是特斯拉。",
        "我的公寓现在在杭州。",
        "我的家现在在杭州。",
        "我的笔记本换成了ThinkPad。",
        "我的手机如今是小米。",
    ],
)
def test_the_speakers_own_thing_changed_in_chinese_is_theirs(text: str) -> None:
    assert _bodies(text) == [f"用户的{text.removeprefix('我的')}"]


@pytest.mark.parametrize(
    "text",
    [
        "我的房东现在是一家公司。",  # a person's suffix (房东, 教练, 经纪人)
        "我的健身教练现在是王丽。",
        "我的经纪人现在是李明。",
        "我的舅舅现在是医生。",  # kin
        "我的律师现在在上海。",  # a place: of the speaker's home only
        "我的狗现在在杭州。",
        "我的车现在不是特斯拉了。",  # negated
        "我的车可能会换成特斯拉。",  # hedged
        "我的车是特斯拉。",  # no change said
    ],
)
def test_a_person_or_a_negated_change_in_chinese_is_not_written(text: str) -> None:
    assert _bodies(text) == []


def test_the_possessed_subject_is_read_in_linear_time() -> None:
    unit = "Mein Auto ist jetzt ein Tesla, "
    growth = cpu_growth(lambda t: my_thing_changed(t, "de"), unit * 200, unit * 1600)
    assert growth < LINEAR_BOUND_8X


def test_the_chinese_possessed_subject_is_read_in_linear_time() -> None:
    unit = "我的车现在是特斯拉，"
    growth = cpu_growth(zh_thing_changed, unit * 200, unit * 1600)
    assert growth < LINEAR_BOUND_8X
