"""The stored topics most related to a text, answered by the index without reading every entry.

The detect prompt lists a namespace's stored slugs; in a large namespace, the ``limit`` distinct
(kind, slug) pairs of the entries whose similarity text is most related to the window's user
turns (:func:`memscribe.textsim.similarity`, best first, ties by kind and slug: never by a path's
random id), then — when fewer than ``limit`` entries share a word with the text — the other
entries' pairs in path order.

An entry that shares no similarity token with the text scores 0, so only the entries the
``terms`` table lists for the text's tokens are scored (from the number of tokens they share and
their token count: the same formula as :func:`memscribe.textsim.token_similarity`, exactly); the
rest are reached in path order, and only until ``limit`` pairs are found. A namespace of at most
``limit`` topics is thus shown whole (every pair found, in some order: the prompt sorts them).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from memscribe.textsim import content_tokens


def overlap_similarity(inter: int, size_a: int, size_b: int) -> float:
    """:func:`memscribe.textsim.token_similarity` from counts: ``inter`` tokens shared by two
    sets of ``size_a`` and ``size_b`` tokens (a test checks the two agree)."""
    if not size_a or not size_b:
        return 0.0
    jaccard = inter / (size_a + size_b - inter)
    contain = inter / min(size_a, size_b)
    return round(0.5 * jaccard + 0.5 * contain, 4)


def top_slugs(
    conn: sqlite3.Connection, text: str, where: str, params: Sequence[object], *, limit: int
) -> list[tuple[str, str]]:
    """At most ``limit`` distinct (kind, slug) pairs of the active entries under ``where`` (a
    condition on ``files f``), those most similar to ``text`` first (see the module docstring)."""
    if limit <= 0:
        return []
    base = f"f.ok = 1 AND f.archived = 0{where}"
    picked: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    wanted = content_tokens(text)
    if wanted:
        # Entries bucketed by score (it depends on the counts alone), best bucket first; a
        # bucket's entries by kind and slug — only the buckets reached are sorted.
        size = len(wanted)
        scores: dict[tuple[int, int], float] = {}
        buckets: dict[float, list[tuple[str, str]]] = {}
        for kind, slug, _, n, ntok in _sharing(conn, sorted(wanted), base, params):
            score = scores.get((n, ntok))
            if score is None:
                score = scores[(n, ntok)] = overlap_similarity(n, size, ntok)
            if score > 0:  # a score rounded to 0 ranks with the entries sharing nothing (below)
                buckets.setdefault(score, []).append((kind, slug))
        for score in sorted(buckets, reverse=True):
            for kind, slug in sorted(buckets[score]):
                if (kind, slug) not in seen:
                    seen.add((kind, slug))
                    picked.append((kind, slug))
                    if len(picked) >= limit:
                        return picked
    for kind, slug in conn.execute(
        f"SELECT f.kind, f.slug FROM files f WHERE {base} ORDER BY f.path", params
    ):
        pair = (str(kind), str(slug))
        if pair not in seen:
            seen.add(pair)
            picked.append(pair)
            if len(picked) >= limit:
                break
    return picked


def scope_size(conn: sqlite3.Connection, where: str, params: Sequence[object], *, cap: int) -> int:
    """How many active entries ``where`` holds, counted up to ``cap`` (no more rows are read)."""
    row = conn.execute(
        f"SELECT count(*) FROM (SELECT 1 FROM files f WHERE f.ok = 1 AND f.archived = 0{where} LIMIT ?)",
        (*params, cap),
    ).fetchone()
    return int(row[0])


#: Bound parameters per statement (SQLite before 3.32 allows 999).
_CHUNK = 500


def _sharing(
    conn: sqlite3.Connection, terms: Sequence[str], base: str, params: Sequence[object]
) -> list[tuple[str, str, str, int, int]]:
    """(kind, slug, path, tokens shared with ``terms``, token count) of each entry under
    ``base`` that shares at least one of ``terms`` (a chunk of terms per statement)."""
    chunks = [terms[start : start + _CHUNK] for start in range(0, len(terms), _CHUNK)]
    found: dict[str, tuple[str, str, str, int, int]] = {}
    for part in chunks:
        rows: list[tuple[str, str, str, int, int]] = conn.execute(
            "SELECT f.kind, f.slug, f.path, c.n, "
            "length(f.tokens) - length(replace(f.tokens, ' ', '')) + (f.tokens != '') "
            f"FROM (SELECT file, count(*) AS n FROM terms WHERE term IN ({', '.join('?' * len(part))}) "
            f"GROUP BY file) c JOIN files f ON f.rowid = c.file WHERE {base}",
            (*part, *params),
        ).fetchall()
        if len(chunks) == 1:
            return rows
        for kind, slug, path, n, ntok in rows:  # one entry's shared tokens, summed over chunks
            old = found.get(path)
            found[path] = (kind, slug, path, n + (old[3] if old is not None else 0), ntok)
    return list(found.values())
