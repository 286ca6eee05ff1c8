"""One definition of the scripts written without spaces (stop 46, HQ5 item 2):
:data:`memscribe.textsim.CJK_CHARS`. The write guard, the embedded dedup's script test and name
boundaries and a pursuit's object kept copies of their own, without half-width katakana (and some
without the kana extension or the compatibility ideographs): a memory written in half-width
katakana ("ﾕｰｻﾞｰﾊｺｰﾋｰｶﾞｽｷ") was "no readable statement" to the write guard (one long word, where
characters count), and a name after half-width katakana ("ｱｲﾌｫﾝiPhone") was one word with it."""

from __future__ import annotations

import re

import pytest

from memscribe.model.embedded.dedup_scope import name_phrases
from memscribe.safety.write_guard import nonsense
from memscribe.textsim import content_tokens


@pytest.mark.parametrize(
    "text",
    [
        "ﾕｰｻﾞｰﾊｺｰﾋｰｶﾞｽｷ",  # half-width katakana only
        "ユーザーはコーヒーが好き",  # full-width, as before
        "用户喜欢喝咖啡",
        "사용자는커피를좋아한다",
    ],
)
def test_a_statement_in_a_script_without_spaces_is_readable(text: str) -> None:
    assert nonsense(text, [text]) is None


def test_a_latin_name_after_half_width_katakana_is_a_name_of_its_own() -> None:
    assert name_phrases("ﾕｰｻﾞｰはｱｲﾌｫﾝiPhone 15を使う") == [frozenset({"iphone"})]
    assert name_phrases("ユーザーはアイフォンiPhone 15を使う") == [frozenset({"iphone"})]
    assert name_phrases("User switched to iPhone 15") == [frozenset({"iphone"})]


def test_textsim_splits_half_width_katakana_like_the_other_scripts() -> None:
    # the definition every copy now reads: one character of these scripts is a word of its own
    from memscribe.textsim import CJK_CHARS

    assert re.fullmatch(f"[{CJK_CHARS}]+", "ｺｰﾋｰ猫コーヒー밥ㇰ豈")
    assert content_tokens("ｺｰﾋｰ") and not re.search(f"[{CJK_CHARS}]", "café Straße ÉÀ")


@pytest.mark.parametrize("text", ["ﾞﾞ", "ﾞﾞﾞﾞﾞﾞ", "ｰｰｰｰ", "ﾊﾞ", "ーーーー", "々々"])
def test_lone_sound_length_or_iteration_marks_are_no_readable_statement(text: str) -> None:
    # review RV4 F5: modifier letters (Unicode Lm) mark the letter before them, as in
    # mcp_server.drawn.readable; 'ﾊﾞ' is one kana, as 'バ' is
    assert nonsense(text, ["x"]) == "no readable statement"
    assert nonsense("バ", ["x"]) == "no readable statement"


def test_marks_do_not_make_a_statement_readable_or_cjk() -> None:
    assert nonsense("ﾕｰｻﾞｰﾊｺｰﾋｰｶﾞｽｷ", ["ﾕｰｻﾞｰﾊｺｰﾋｰｶﾞｽｷ"]) is None  # kana letters still count
    assert nonsense("ラーメン", ["ラーメン"]) is None
    # an English statement padded with marks is still judged by its words
    padded = "User prefers the Kubernetes deployment pipeline tooling ｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰ"
    assert nonsense(padded, ["I like coffee ｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰｰ"]) is not None
