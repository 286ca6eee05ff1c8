"""Two Japanese statements scored by meaning alone are one topic only if they share a content
word, as two Chinese ones must share a content character: the offline encoder scores unrelated
Japanese statements high ("最近はVS Codeに乗り換えました" / "ユーザーは東京に住んでいる" .51), and
the new editor archived the stored city."""

from __future__ import annotations

from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages.dedup import dedup


def _entry(id: str, slug: str, body: str) -> MemoryEntry:
    return MemoryEntry(
        kind="profile", id=id, path=f"profile/{slug}.md", slug=slug, created="2026-01-01T00:00:00Z", body=body
    )


CITY = _entry("prof_jacity01", "city", "ユーザーは東京に住んでいる。")
EDITOR = _entry("prof_jaedit01", "editor", "ユーザーはVimを使っている。")


def _superseded(said: str, body: str, slug: str) -> list[tuple[str, ...]]:
    transcript = Transcript(
        source="-",
        format="text",
        turns=(Turn(index=0, role="user", text=said, source=SourcePos(file="t", line=1)),),
    )
    cand = ProfileCandidate(slug=slug, ttl="one_year", body=body, evidence_turns=[0])
    view = ListView([CITY, EDITOR])
    result = dedup([cand], [], [CITY, EDITOR], model=EmbeddedModel(), view=view, transcript=transcript)
    return [a.supersedes for a in result.accepted]


def test_new_editor_does_not_archive_the_stored_city() -> None:
    said = "最近はVS Codeに乗り換えました。"
    got = _superseded(said, 'User, in their words: "最近はVS Codeに乗り換えました".', "editor-vs-code")
    assert all(CITY.id not in ids for ids in got), got


def test_a_move_still_archives_the_stored_city() -> None:
    said = "先月、京都に引っ越しました。今は京都に住んでいます。"
    got = _superseded(said, 'User, in their words: "今は京都に住んでいます".', "home-city")
    assert got == [(CITY.id,)], got


# Hiragana topic words (stop 49): "たばこ", "おさけ" are content words written in the script of
# particles and inflections; a stored "たばこを吸う" shares no kanji or katakana with "たばこを
# やめました", and the stale habit stayed active beside its ending.
SMOKES = _entry("prof_jasmoke1", "smoking", "ユーザーはたばこを吸う。")
CAT = _entry("prof_jacat001", "pet", "ユーザーは猫を飼っている。")
LIKES_SAKE = _entry("prof_jasake01", "alcohol", "ユーザーはお酒が好きだ。")


def _archived(said: str, stored: list[MemoryEntry], body: str = "") -> list[tuple[str, ...]]:
    transcript = Transcript(
        source="-",
        format="text",
        turns=(Turn(index=0, role="user", text=said, source=SourcePos(file="t", line=1)),),
    )
    body = body or f'User, in their words: "{said.rstrip("。")}".'
    cand = ProfileCandidate(slug="about-habit", ttl="one_year", body=body, evidence_turns=[0])
    result = dedup([cand], [], stored, model=EmbeddedModel(), view=ListView(stored), transcript=transcript)
    return [a.supersedes for a in result.accepted]


def test_quitting_a_habit_named_in_hiragana_archives_it() -> None:
    assert _archived("たばこをやめました。", [SMOKES, CAT]) == [(SMOKES.id,)]


def test_a_friend_or_brother_quitting_archives_nothing_of_the_user() -> None:
    assert _archived("ともだちがたばこをやめました。", [SMOKES, CAT]) == [()]
    assert _archived("おとうとはお酒をやめたそうです。", [LIKES_SAKE, CAT]) == [()]


def test_hiragana_words_are_told_from_grammar_by_structure() -> None:
    from memscribe.model.embedded.dedup_compare_cjk import ja_content, ja_share

    # okurigana, a predicate made a noun, a te-form, a time adverb: no word
    assert ja_content("吸うのをやめました") == {"吸"}
    assert ja_content("くすりをのむのをやめました") == {"くすり"}
    assert ja_content("いまは飲んでもいい") == {"飲"}
    # a word with a particle's kana inside it ("めがね", "ごはん") is whole
    assert {"めがね", "ごはん"} <= ja_content("めがねをかけて、ごはんを食べる")
    # katakana and hiragana spell one word; a compound's head is its last part
    assert ja_share("タバコを吸っている", "去年たばこをやめました")
    assert ja_share("またおさけを飲み始めた", "おさけは飲まない")
    assert not ja_share("おちゃをよく飲む", "くすりをのむのをやめました")


# A change said with the aspect of a new situation (stop 49): Japanese になりました is the polite
# になった ("飲むようになりました": has come to drink), なくなった a state ended, Chinese 不 + verb + 了
# a state that no longer holds ("我不学钢琴了"). A verb or adjective stem alone is no shared topic
# where both statements name what they are about and share none of it.
NO_SAKE = _entry("prof_janosak1", "alcohol", 'User, in their words: "おさけは飲みません".')
LIKES_SUSHI = _entry("prof_jasushi1", "food", "ユーザーはすしが好きだ。")
PIANO = _entry("prof_zhpiano1", "piano", "用户在学钢琴。")
SHANGHAI = _entry("prof_zhcity01", "home-city", "用户住在上海。")


def test_having_come_to_drink_archives_the_stored_abstinence() -> None:
    assert _archived("最近おさけを飲むようになりました。", [NO_SAKE, CAT]) == [(NO_SAKE.id,)]


def test_no_longer_learning_the_piano_in_chinese_archives_it() -> None:
    assert _archived("我不学钢琴了。", [PIANO, SHANGHAI], body="用户不学钢琴了。") == [(PIANO.id,)]


def test_another_liking_shares_only_the_adjective_stem() -> None:
    assert _archived("最近はラーメンが好きになりました。", [LIKES_SUSHI, CAT]) == [()]
