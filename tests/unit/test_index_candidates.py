"""The shortlist's full-text candidates read from one match: the same rowids as the two BM25
queries it replaces (the scope's best, the topic's best), ties at the cut included; and the
token sets the index stores are the similarity tokens of the texts."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest

from memscribe.index import open_index
from memscribe.index import pool as pool_scores
from memscribe.index.query import (
    active_total,
    scope_sql,
    selective_words,
    topic_candidates,
    topic_sql,
)
from memscribe.index.sql import fts_words
from memscribe.relatedness import names_topic
from memscribe.textsim import content_tokens
from tests.support.store_helpers import write_profile

TOPICS = ["home-city", "home", "city", "editor", "diet", "drinks", "commute", "pet-care", "pet", "job"]
WORDS = "Lisbon Berlin Neovim Emacs vegan coffee tea espresso bicycle train dog cat jazz Rust nurse".split()


def _body(rng: random.Random, topic: str) -> str:
    a, b, c = rng.sample(WORDS, 3)  # few words, bodies of one length: BM25 ties at every cut
    return f"User's {topic.replace('-', ' ')} is {a}; they mention {b} and {c}."


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("candidates")
    rng = random.Random(9)
    for n in range(900):
        topic = rng.choice(TOPICS)
        namespace = "researcher" if n % 3 == 0 else None
        write_profile(path, f"prof_cand{n:04d}", topic, _body(rng, topic), namespace=namespace)
    for n, body in enumerate(
        ["用户喜欢喝咖啡，不喝茶。", "Usuario prefiere café con leche.", "Nutzer wohnt in München."]
    ):
        write_profile(path, f"prof_lang{n:04d}", "drinks", body)  # CJK bigrams, accents
    return path


def test_one_match_gives_the_two_queries_candidates(root: Path) -> None:
    rng = random.Random(2)
    with open_index(root) as index:
        conn = index.conn
        total = active_total(conn)
        tied = 0
        for _ in range(120):
            topic = rng.choice([*TOPICS, "home-city-centre", "hobby"])
            text = _body(rng, rng.choice(TOPICS))
            scope, params = scope_sql(rng.choice(["default", "researcher", None]), "default")
            where, base = f" AND f.archived = 0 AND f.ok = 1 AND f.kind = ?{scope}", ["profile", *params]
            slug_sql, slug_params = topic_sql(topic, names_topic)
            for limit in (5, 48):
                two = _bm25_rowids(conn, text, where, base, total, limit)
                two += _bm25_rowids(
                    conn, text, f" AND {slug_sql}{where}", [*slug_params, *base], total, limit
                )
                one = topic_candidates(
                    conn, text, where, base, slug_sql, slug_params, total=total, limit=limit
                )
                assert sorted(one) == sorted(two)
                tied += _tied_at_cut(conn, text, where, base, limit, total)
        assert tied > 50  # the cut falls inside a run of equal BM25 scores


def _bm25_rowids(
    conn: sqlite3.Connection, text: str, where: str, params: Sequence[object], total: int, limit: int
) -> list[int]:
    """One of the two queries the single match replaces: BM25's best ``limit`` rowids, ties in
    the order the match yields them."""
    query = " OR ".join(f'"{w}"' for w in selective_words(conn, fts_words(text), total))
    rows = conn.execute(
        f"SELECT f.rowid FROM fts JOIN files f ON f.rowid = fts.rowid WHERE fts MATCH ?{where} "
        "ORDER BY bm25(fts) LIMIT ?",
        (query, *params, limit),
    ).fetchall()
    return [int(r[0]) for r in rows]


def _tied_at_cut(
    conn: sqlite3.Connection, text: str, where: str, base: Sequence[object], limit: int, total: int
) -> bool:
    """Whether BM25's ``limit``-th and next candidates score alike."""
    query = " OR ".join(f'"{w}"' for w in selective_words(conn, fts_words(text), total))
    scores = [
        r[0]
        for r in conn.execute(
            f"SELECT bm25(fts) FROM fts JOIN files f ON f.rowid = fts.rowid WHERE fts MATCH ?{where} "
            "ORDER BY bm25(fts) LIMIT ?",
            (query, *base, limit + 1),
        )
    ]
    return len(scores) == limit + 1 and scores[-1] == scores[-2]


def test_stored_token_sets_are_the_texts_similarity_tokens(root: Path) -> None:
    with open_index(root) as index:
        rows = index.conn.execute("SELECT text, tokens FROM files WHERE ok = 1 AND archived = 0").fetchall()
    assert len(rows) == 903
    for text, tokens in rows:
        assert pool_scores.token_set(tokens) == frozenset(content_tokens(str(text)))
