"""Two statements about different relatives are two facts, never a restatement (issue 11; a fix
of lost data).

"J'ai deux sœurs." then "J'ai deux frères." dropped the brothers as a restatement (the
quotation's lead and "deux" made them alike), as did "我有两个姐姐" / "我有两个弟弟" (their
characters) and "I have a younger brother" / "I have an older brother" (a static encoder scores
opposites alike): :func:`memscribe.semantic.changed.value_differs` now reads the relatives each
names (:mod:`memscribe.semantic.kin`), in every language of the sets.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.store.root import MemoryRoot
from tests.support.sessions import FIRST_DAY, LATER_DAY, work_session


def _dropped(root: Path, said: str, now: dt.datetime) -> list[str]:
    """One session extracted into ``root``; the details of its candidates dropped as duplicates."""
    return [s.detail for s in work_session(root, said, now).skipped if s.reason == "duplicate"]


@pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py
@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        ("J'ai deux sœurs.", "J'ai deux frères.", "frères"),
        ("我有两个姐姐。", "我有两个弟弟。", "弟弟"),
        ("I have a younger brother.", "I have an older brother.", "older brother"),
    ],
)
def test_another_relative_is_written_beside_the_first(
    tmp_path: Path, first: str, then: str, new: str
) -> None:
    _dropped(tmp_path, first, FIRST_DAY)
    [stored] = [e.body for e in MemoryRoot(tmp_path).entries()]
    dropped = _dropped(tmp_path, then, LATER_DAY)
    active = [e.body for e in MemoryRoot(tmp_path).entries()]
    assert dropped == [] and stored in active and any(new in b for b in active), active


@pytest.mark.usefixtures("fresh_semantic")
def test_the_same_relatives_said_again_are_still_a_duplicate(tmp_path: Path) -> None:
    _dropped(tmp_path, "I have two sisters.", FIRST_DAY)
    dropped = _dropped(tmp_path, "I have two sisters.", LATER_DAY)
    assert len(dropped) == 1 and len(MemoryRoot(tmp_path).entries()) == 1


@pytest.mark.usefixtures("fresh_semantic")
@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("J'ai un frère qui vit à Lyon avec son chien.", "J'ai un frère qui vit à Lyon."),
        ("J'ai une sœur qui adore son métier d'infirmière.", "J'ai une sœur, elle est infirmière."),
        ("Tengo dos hermanas que son enfermeras.", "Tengo dos hermanas, las dos enfermeras."),
    ],
)
def test_a_fuller_telling_of_the_same_relatives_archives_nothing(
    tmp_path: Path, first: str, then: str
) -> None:
    """One side naming a relation the other does not ("son": French "his", Spanish "they are", or a
    second relative) is no other fact: the stored, fuller memory stays active (review of 20a47a7)."""
    _dropped(tmp_path, first, FIRST_DAY)
    stored = [e.body for e in MemoryRoot(tmp_path).entries()]
    _dropped(tmp_path, then, LATER_DAY)
    assert stored and set(stored) <= {e.body for e in MemoryRoot(tmp_path).entries()}


@pytest.mark.parametrize(
    ("a", "b", "differs"),
    [
        ("User has two sisters.", "User has two brothers.", True),
        ('User, in their words: "J\'ai deux sœurs".', 'User, in their words: "J\'ai deux frères".', True),
        ("用户有两个姐姐。", "用户有两个弟弟。", True),
        ("用户有两个姐姐。", "用户有两个妹妹。", True),  # older / younger sisters
        ("User has an older brother.", "User has a younger brother.", True),
        ("User's daughter is six.", "User's son is six.", True),
        # the same relatives, in one language or two, or one side naming none
        ("User has two sisters.", 'User, in their words: "Ich habe zwei Schwestern".', False),
        ("User has two sisters.", "用户有两个姐姐。", False),
        ("User has a brother.", "User has an older brother.", False),
        ("User has a brother who lives with his son.", "User has a brother.", False),  # one side's within
        ("User has two sisters.", "User lives in Leeds.", False),
        ("姉が二人います。", "User has two sisters.", False),
    ],
)
def test_kin_differs(a: str, b: str, differs: bool) -> None:
    from memscribe.semantic.changed import value_differs
    from memscribe.semantic.kin import kin_differs

    assert kin_differs(a, b) is differs and kin_differs(b, a) is differs
    if differs:
        assert value_differs(a, b)


@pytest.mark.usefixtures("fresh_semantic")
def test_a_chinese_statement_about_the_users_parents_replaces_nothing_of_the_users(tmp_path: Path) -> None:
    """'我父母现在住在上海' (written '用户父母现在住在上海。') archived '用户住在北京。': 父母 (parents), 父亲,
    母亲, 孩子 and 男/女朋友 were no people of the user's to a Chinese statement's subject."""
    _dropped(tmp_path, "我住在北京。", FIRST_DAY)
    [stored] = [e.body for e in MemoryRoot(tmp_path).entries()]
    _dropped(tmp_path, "我父母现在住在上海。", LATER_DAY)
    assert stored in [e.body for e in MemoryRoot(tmp_path).entries()]
    assert MemoryRoot(tmp_path).archived_entries() == []


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("用户父母现在住在上海。", True),
        ("用户的父母住在上海。", True),
        ("用户孩子在上海上学。", True),
        ("用户母亲在上海。", True),
        ("用户女朋友住在上海。", True),
        ("用户住在上海。", False),
        ("用户在上海有很多朋友。", False),
    ],
)
def test_a_chinese_subject_of_the_users_people(text: str, other: bool) -> None:
    from memscribe.semantic.updates import someone_else

    assert someone_else(text) is other
