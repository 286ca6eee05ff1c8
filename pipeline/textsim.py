"""Small lexical similarity helpers shared by verify (grounding) and dedup (shortlists).

Tokens are Unicode words (``\\w``: "Köln" stays "köln") and character bigrams of Han, kana and
hangul runs (a Japanese or Korean sentence is never an empty token set), minus the function words
of English, Spanish, German and French. A few of the latter are English words or names too
("war", "bin", "MIT", "la" in "User is from LA": :data:`_ENGLISH_TOO`); an English text (more of
its words are English function words than Spanish, German or French ones) keeps them.

:func:`support` is grounding's measure (verify): how much of a memory the user's cited words carry.
:class:`SupportIndex` finds which of many texts may reach a given support, without measuring each.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

#: A word in any script: letters/digits (Unicode ``\w``), then the joiners code names use.
_WORD = re.compile(r"[^\W_][\w+#.-]*")
#: Scripts written without spaces: Han, kana, hangul (and their compatibility forms), as the
#: ranges of a character class; one such character is a word (``猫``, ``밥``). The one definition
#: wherever that is the meaning: the MCP tools' readable-text check, the write guard's CJK share,
#: the embedded dedup's script test and name boundaries (``model.embedded.dedup_compare`` /
#: ``dedup_scope``), a pursuit's object (``semantic.pursuit``), the index's one-character words.
#: Deliberately narrower, each documented where it stands: ``index.sql._CJK_RUN`` (Han only: the
#: FTS bigrams), ``_KANA`` / ``_JA_CONTENT`` below (Japanese only), ``dedup_scope._POSSESSIVE_CJK``
#: (a zh/ja possessive's noun: no hangul).
CJK_CHARS = "\u3040-\u30ff\u31f0-\u31ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af\uff66-\uff9f"
_CJK = re.compile(f"[{CJK_CHARS}]+")

STOPWORDS = frozenset(
    """a an the and or but if then so of to in on at by for with from as is are was were be been being
    it its this that these those there here i me my mine we our ours you your yours he she they them
    their user users user's prefers prefer likes like uses use using wants want does do not no don't
    always never should would will can could has have had also about into than very just only more most
    any all some each which who whom what when where why how per via""".split()
)
#: Function words of the other covered Latin-script languages (es, de, fr); words that are also
#: common English content words ("die", "son", "man") are left out.
STOPWORDS_OTHER = frozenset(
    """el la los las lo un una unos unas y o pero que de del al en con por para es son soy estoy está
    estar ser mi mis tu su sus yo me se nos le les muy más ya sí también este esta esto eso hay
    der das den dem des ein eine einen einem einer und oder aber ich du er sie es wir ihr mein meine
    ist bin sind war mit auf für von zu im am nicht kein keine auch noch schon sehr bitte
    le les un une des du et ou mais je tu il elle nous vous ils elles mon ma mes ton ta tes sa ses
    est suis sont avec pour dans sur pas ne plus très aussi au aux ce cette ces qui qu""".split()
)
#: The name earlier revisions' redaction package reads: benches load it at a revision (``--before``)
#: beside today's textsim.
_STOPWORDS_OTHER = STOPWORDS_OTHER
_STOP_ANY = STOPWORDS | STOPWORDS_OTHER
#: Those of them that are English words or names too ("war", "bin", "MIT", "LA"): they do not say
#: a text is Spanish, German or French, and an English text keeps them.
_ENGLISH_TOO = frozenset("war bin mit den la con ton plus hay al ma mi su ya ser sur pas tu du ta sa".split())
_VOTES_OTHER = STOPWORDS_OTHER - _ENGLISH_TOO
#: What an English text drops: every function word but those.
_STOP_ENGLISH = _STOP_ANY - _ENGLISH_TOO


def normalize(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    """A word without its plural / verb ending (memoised: texts share most of their words);
    "-ies" is "-y" ("documentaries" / "documentary", "activities" / "activity")."""
    word = word.strip("._-")
    if len(word) > 5 and word.endswith("ies"):
        return word[:-3] + "y"
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


#: Texts whose content tokens :func:`token_set` keeps (LRU): the batch job scores every candidate
#: against every earlier one, and the semantic encoder keeps as many vectors.
TOKEN_SETS_KEPT = 16384


@functools.lru_cache(maxsize=TOKEN_SETS_KEPT)
def _tokens(text: str) -> frozenset[str]:
    norm = normalize(text)
    runs = _CJK.findall(norm)
    spaced = _CJK.sub(" ", norm) if runs else norm
    # a word's joiners belong inside it ("node.js", "c++"); a full stop or dash after it does not
    words = {w.rstrip(".-") for w in _WORD.findall(spaced)}
    stop = _STOP_ENGLISH if _english(words) else _STOP_ANY
    # each distinct word stemmed once (a text repeats most of its words)
    tokens = {_stem(w) for w in words if w not in stop and len(w) > 1}
    for run in runs:
        if len(run) == 1:
            tokens.add(run)
        tokens.update(run[i : i + 2] for i in range(len(run) - 1))
    tokens.discard("")
    return frozenset(tokens)


def _english(words: set[str]) -> bool:
    """More of ``words`` are English function words than Spanish, German or French ones."""
    return len(words & STOPWORDS) > len(words & _VOTES_OTHER)


def content_tokens(text: str) -> set[str]:
    """Content words (stemmed, stopwords removed) plus CJK character bigrams.

    Memoised: dedup shortlists and the batch job's staleness check compare the same stored
    bodies against many candidates.
    """
    return set(_tokens(text))


#: The content tokens of a text (:func:`content_tokens`) as the memo keeps them, not copied: for
#: callers that score one text against many (:func:`memscribe.relatedness.scores`).
token_set = _tokens


def containment(small: str, large: str) -> float:
    """Share of ``small``'s content tokens found in ``large`` (0..1)."""
    a, b = _tokens(small), _tokens(large)
    if not a:
        return 0.0
    return len(a & b) / len(a)


#: How a memory names the person it is about, in the languages of the sets ("User", "La
#: usuaria", "L'utilisatrice", "Der Nutzer", "用户", "ユーザー"): the subject of the fact, never a
#: word the user says about themselves ("user" itself is a stopword).
_SUBJECT = re.compile(
    r"(?<!\w)(?:usuari[oa]s?|utilisat(?:eur|rice)s?|(?:be)?nutzer(?:in(?:nen)?)?)(?!\w)|用户|用戶|ユーザー|사용자"
)
#: A word this long or longer matches a longer word it begins ("kiné" / "kinésithérapeute",
#: "wohn" / "wohnt"); two words of PREFIX_MATCH letters or more match when those letters agree
#: ("preferred" / "prefers": the write guard's rule for inflection).
PREFIX_MIN = 4
PREFIX_MATCH = 5


#: Japanese writes its particles and inflections in hiragana, its content in kanji and katakana.
_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_JA_CONTENT = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+|[\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]+")


@functools.lru_cache(maxsize=8192)
def _grounding_tokens(text: str) -> frozenset[str]:
    """:func:`_tokens` for grounding: a Japanese text (one holding kana) counts the bigrams of its
    kanji and katakana stretches, not its hiragana (particles and okurigana: "…を書いている" and
    "…で書くの" share 書, where their bigrams "を書", "いる" / "書く" share nothing); a text of
    hiragana alone keeps its bigrams, and Chinese and Korean text is tokenised as ever."""
    norm = normalize(text)
    if not _KANA.search(norm):
        return _tokens(text)
    runs = _CJK.findall(norm)
    parts = [part for run in runs for part in _JA_CONTENT.findall(run)] or runs
    tokens = set(_tokens(_CJK.sub(" ", norm)))
    for part in parts:
        tokens.update([part] if len(part) == 1 else (part[i : i + 2] for i in range(len(part) - 1)))
    tokens.discard("")
    return frozenset(tokens)


def support(statement: str, evidence: str) -> float:
    """Share of ``statement``'s content tokens that ``evidence`` carries (0..1): grounding.

    Like :func:`containment`, but the statement's subject word is not counted (a memory says
    "La usuaria …", the user says "yo …"), and a word counts as carried when the evidence has
    it, a word it begins or that begins it (PREFIX_MIN letters or more: abbreviations and
    inflections the stemmer does not know), or one sharing its first PREFIX_MATCH letters.
    """
    a = _statement_tokens(statement)
    if not a:
        return 0.0
    b = _grounding_tokens(evidence)
    rest = a - b
    found = len(a) - len(rest)
    if rest:
        words = [w for w in b if len(w) >= PREFIX_MIN and not _CJK.match(w)]
        heads = {w[:PREFIX_MATCH] for w in words if len(w) >= PREFIX_MATCH}
        found += sum(1 for w in rest if _carried(w, words, heads))
    return found / len(a)


def _statement_tokens(statement: str) -> frozenset[str]:
    """The tokens :func:`support` counts in ``statement``: its grounding tokens, subject word aside."""
    return _grounding_tokens(_SUBJECT.sub(" ", normalize(statement)))


def _support_keys(token: str) -> tuple[str, ...]:
    """What a token shares with any evidence token that carries it in :func:`support`: the token
    itself (carried as it is), and for a word of PREFIX_MIN letters or more its first PREFIX_MIN
    letters (carried by a word it begins or that begins it, both PREFIX_MIN long or more, or by
    one with the same first PREFIX_MATCH letters: in every case the first PREFIX_MIN agree)."""
    if len(token) >= PREFIX_MIN and not _CJK.match(token):
        return (token, "\0" + token[:PREFIX_MIN])
    return (token,)


class SupportIndex:
    """Evidence texts indexed by the keys of their grounding tokens (:func:`_support_keys`), so
    that the texts which may give a statement some support are found without trying each one.

    Exact: a statement token carried by an evidence text shares a key with one of its tokens, so
    :func:`support` is never above the share of the statement's tokens that share a key with
    the text; a text below ``least`` on that share is below it in support too."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._postings: dict[str, list[int]] = {}
        for at, text in enumerate(texts):
            for key in {key for token in _grounding_tokens(text) for key in _support_keys(token)}:
                self._postings.setdefault(key, []).append(at)

    def reaching(self, statement: str, least: float) -> list[int]:
        """The positions of the texts whose :func:`support` for ``statement`` may be ``least`` or
        more (every one where it is), in order; none when the statement has no tokens."""
        a = _statement_tokens(statement)
        if not a:
            return []
        shared: dict[int, int] = {}
        for token in a:
            hits = {at for key in _support_keys(token) for at in self._postings.get(key, ())}
            for at in hits:
                shared[at] = shared.get(at, 0) + 1
        return sorted(at for at, count in shared.items() if count / len(a) >= least)


def _carried(word: str, words: list[str], heads: set[str]) -> bool:
    if len(word) < PREFIX_MIN or _CJK.match(word):
        return False
    if len(word) >= PREFIX_MATCH and word[:PREFIX_MATCH] in heads:
        return True
    return any(w.startswith(word) or word.startswith(w) for w in words)


def similarity(a: str, b: str) -> float:
    """Symmetric similarity in 0..1: the larger of the two containments, damped by Jaccard."""
    return token_similarity(_tokens(a), _tokens(b))


def token_similarity(ta: frozenset[str] | set[str], tb: frozenset[str] | set[str]) -> float:
    """:func:`similarity` on token sets already computed (:func:`content_tokens`): the same
    formula, for callers that keep the tokens (the index stores them per entry)."""
    if not ta or not tb or ta.isdisjoint(tb):  # nothing shared: 0.0, as the formula gives
        return 0.0
    inter = len(ta & tb)
    jaccard = inter / len(ta | tb)
    contain = inter / min(len(ta), len(tb))
    return round(0.5 * jaccard + 0.5 * contain, 4)


def relevance(query: str, text: str) -> float:
    """How relevant ``text`` is to ``query``, 0..1 (search; :func:`similarity` is for dedup).

    0.85 × the share of the query's content words (stemmed, stopwords removed) that the text
    contains, plus 0.15 × the share of the text's content words that match the query (a
    focused memory beats a long one that mentions the words in passing).
    """
    return token_relevance(_tokens(query), _tokens(text))


def token_relevance(q: frozenset[str] | set[str], d: frozenset[str] | set[str]) -> float:
    """:func:`relevance` on token sets already computed."""
    if not q or not d:
        return 0.0
    inter = len(q & d)
    return round(0.85 * inter / len(q) + 0.15 * inter / len(d), 4)
