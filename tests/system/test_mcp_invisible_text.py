"""A memory text made only of characters drawn as nothing (stop 47, HQ6 item 3): Hangul fillers
(U+3164, U+115F, U+1160, U+FFA0), zero-width characters, the blank braille pattern (U+2800),
variation selectors. At 6366907c ``reflexio_write_profile`` stored ``ㅤㅤ`` as a memory (a
filler is a letter to ``str.isalpha``, and a Hangul one a CJK letter) and ``memory_store`` took
three zero-width spaces past its length check. Now such a text is refused exactly as an empty
one is, and nothing is written; a text with words beside such a character is stored as before."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from memscribe.mcp_server import MemoryTools
from memscribe.model.embedded import EmbeddedModel
from memscribe.store.root import MemoryRoot

BLANKS = [
    "\u3164\u3164",  # Hangul filler
    "\u115f\u1160\u115f\u1160",  # Hangul choseong / jungseong fillers
    "\uffa0\uffa0\uffa0",  # halfwidth Hangul filler
    "\u200b\u200c\u200d\u2060\ufeff",  # zero-width space, (non-)joiner, word joiner, BOM
    "\u2800\u2800\u2800",  # blank braille pattern
    " \u3164 \u200b\n\u2800\ufe0f\u034f ",  # mixed with white space and selectors
    "\U00016fe4\U00016fe4\U00016fe4",  # Khitan small script filler (RV1 F4: stored as a statement)
    "\u180f\u17b4\U000e0101\u17b5",  # Mongolian selector four, Khmer inherent vowels, selector 18
]


def _tools(root: Path) -> MemoryTools:
    return MemoryTools(root, EmbeddedModel)


def _written(root: Path) -> list[Path]:
    return [p for p in root.rglob("*.md") if p.is_file()]


@pytest.mark.parametrize("blank", BLANKS)
def test_a_text_drawn_as_nothing_is_refused_as_an_empty_one(tmp_path: Path, blank: str) -> None:
    tools = _tools(tmp_path)
    empty = tools.write_profile("diet", "one_year", "")
    assert empty["refused"] is True
    assert tools.write_profile("diet", "one_year", blank) == empty
    playbook = "## When\n{}\n\n## What\n{}\n\n## Why\nUser said so."
    assert tools.write_playbook("commits", playbook.format(blank, blank)) == tools.write_playbook(
        "commits", playbook.format("", "")
    )
    assert tools.store(blank) == tools.store("")
    assert tools.store(blank)["refused"] is True
    assert _written(tmp_path) == []


@pytest.mark.parametrize(
    ("slug", "body"),
    [
        ("diet", "User is vegetarian.\u200b"),
        ("diet-ko", "\u3164사용자는 채식주의자입니다"),
        ("cat-ja", "ユーザーは猫が好き\u2800"),
        ("diet-de", "Nutzer isst kein Fleisch.\ufeff"),
    ],
)
def test_words_beside_such_a_character_are_stored(tmp_path: Path, slug: str, body: str) -> None:
    answer = _tools(tmp_path).write_profile(slug, "one_year", body)
    assert answer["stored"] is True, answer
    assert len(MemoryRoot(tmp_path).entries()) == 1


@pytest.mark.parametrize(
    "code_point",
    [
        "\U00031350",  # CJK Extension H (Unicode 15): unassigned to Python 3.11, assigned in 3.13
        "\U0001cc00",  # Symbols for Legacy Computing Supplement (Unicode 16)
        "\U0003fff0",  # plane 3, unassigned in every Unicode so far
    ],
)
def test_characters_this_python_does_not_know_are_an_empty_text(tmp_path: Path, code_point: str) -> None:
    """Code points this Python's Unicode database does not know (category Cn) are dropped by the
    write guard's cleaner before any write, so a text of them alone is refused as an empty one
    (reviews RV5 F4 / RV7 F1, stop 47: 01ad9ffa answered 'no readable statement' instead, the
    same refusal under another name), and nothing is written. Which code points are unknown
    depends on the Python (review RV8 F2: 3.13 knows Extension H)."""
    if unicodedata.category(code_point) != "Cn":
        pytest.skip(f"U+{ord(code_point):04X} is assigned in this Python's Unicode database")
    body = code_point * 3
    from memscribe.safety.write_guard import clean_chars

    assert clean_chars(body) == ""
    tools = _tools(tmp_path)
    assert tools.write_profile("name", "one_year", body) == tools.write_profile("name", "one_year", "")
    assert tools.store(body) == tools.store("")
    assert _written(tmp_path) == []


@pytest.mark.parametrize("code_point", ["\u2065", "\ufff0", "\U000e0080", "\ufdd0", "\U0001fffe"])
def test_unassigned_room_for_invisible_characters_is_nothing(tmp_path: Path, code_point: str) -> None:
    """Unassigned code points where Unicode keeps room for characters drawn as nothing, and
    noncharacters: an empty text, as the assigned invisible ones are."""
    tools = _tools(tmp_path)
    assert tools.write_profile("name", "one_year", code_point * 3) == tools.write_profile(
        "name", "one_year", ""
    )
    assert _written(tmp_path) == []
