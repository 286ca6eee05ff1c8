"""Small lexical similarity helpers shared by verify (grounding) and dedup (shortlists)."""

from __future__ import annotations

import functools
import re
import unicodedata

_WORD = re.compile(r"[a-z0-9][a-z0-9+#._-]*")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")

STOPWORDS = frozenset(
    """a an the and or but if then so of to in on at by for with from as is are was were be been being
    it its this that these those there here i me my mine we our ours you your yours he she they them
    their user users user's prefers prefer likes like uses use using wants want does do not no don't
    always never should would will can could has have had also about into than very just only more most
    any all some each which who whom what when where why how per via""".split()
)


def normalize(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _stem(word: str) -> str:
    word = word.strip("._-")
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@functools.lru_cache(maxsize=8192)
def _tokens(text: str) -> frozenset[str]:
    norm = normalize(text)
    tokens = {_stem(w) for w in _WORD.findall(norm) if w not in STOPWORDS and len(w) > 1}
    for run in _CJK.findall(norm):
        if len(run) == 1:
            tokens.add(run)
        tokens.update(run[i : i + 2] for i in range(len(run) - 1))
    tokens.discard("")
    return frozenset(tokens)


def content_tokens(text: str) -> set[str]:
    """Content words (stemmed, stopwords removed) plus CJK character bigrams.

    Memoised: dedup shortlists and the batch job's staleness check compare the same stored
    bodies against many candidates.
    """
    return set(_tokens(text))


def containment(small: str, large: str) -> float:
    """Share of ``small``'s content tokens found in ``large`` (0..1)."""
    a, b = _tokens(small), _tokens(large)
    if not a:
        return 0.0
    return len(a & b) / len(a)


def similarity(a: str, b: str) -> float:
    """Symmetric similarity in 0..1: the larger of the two containments, damped by Jaccard."""
    ta, tb = _tokens(a), _tokens(b)
    if not ta or not tb:
        return 0.0
    inter = len(ta & tb)
    jaccard = inter / len(ta | tb)
    contain = inter / min(len(ta), len(tb))
    return round(0.5 * jaccard + 0.5 * contain, 4)
