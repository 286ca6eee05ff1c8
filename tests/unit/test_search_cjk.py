"""CJK memories are searchable: runs are indexed and queried as character bigrams."""

from __future__ import annotations

from pathlib import Path

from memscribe.index import open_index
from memscribe.index.db import fts_text
from tests.support.store_helpers import write_profile


def test_cjk_runs_become_bigrams() -> None:
    assert fts_text("用户喜欢咖啡") == " 用户 户喜 喜欢 欢咖 咖啡 "
    assert fts_text("Uses 茶 daily").split() == ["uses", "茶", "daily"]
    assert fts_text("abc中文") == "abc 中文 "


def test_chinese_memories_are_found_by_a_word_inside_a_sentence(tmp_path: Path) -> None:
    write_profile(tmp_path, "prof_cn000001", "coffee", "用户每天早上喝黑咖啡，不加糖。")
    write_profile(tmp_path, "prof_cn000002", "city", "用户住在上海浦东。")
    write_profile(tmp_path, "prof_en000001", "editor", "User uses Neovim.")
    with open_index(tmp_path) as index:
        assert [h.id for h in index.search("咖啡", namespace="default")] == ["prof_cn000001"]
        assert [h.id for h in index.search("喝黑咖啡", namespace="default")] == ["prof_cn000001"]
        assert [h.id for h in index.search("上海", namespace="default")] == ["prof_cn000002"]
        assert index.search("北京", namespace="default") == []
        # Mixed text: the Latin word and the CJK bigrams both select.
        assert [h.id for h in index.search("Neovim 编辑器", namespace="default", min_relevance=0.2)] == [
            "prof_en000001"
        ]
        shortlisted = index.shortlist("profile", "drinks", "用户喜欢喝黑咖啡", namespace="default")
        assert [s.id for s in shortlisted] == ["prof_cn000001"]


def test_cjk_rows_are_removed_cleanly(tmp_path: Path) -> None:
    rel = write_profile(tmp_path, "prof_cn000001", "coffee", "用户每天早上喝黑咖啡。")
    with open_index(tmp_path) as index:
        assert index.search("咖啡", namespace="default")
        (tmp_path / rel).unlink()
        index.refresh(full=True)
        assert index.search("咖啡", namespace="default") == []
        assert index.conn.execute("INSERT INTO fts(fts, rank) VALUES ('integrity-check', 1)") is not None
