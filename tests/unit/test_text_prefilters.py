"""Sentence and clause splitting and the unsure/question test, asked in fewer or cheaper passes
(issue 17): an ASCII text split by patterns that open with one character class, a sentence
without a clause mark not split, a text without "?" not searched for one, an ASCII text's hedges
asked of its lower-case twin. Each answers as the pattern it stands for, read in full."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.lexicon import nonfact
from memscribe.model.embedded import text as T

_SEPARATORS: tuple[str, ...] = (
    " ",
    "  ",
    "\n",
    "\n\n",
    "\t",
    " \n ",
    ", ",
    ",",
    ",  ",
    ". ",
    ".",
    "! ",
    "? ",
    "?",
    ";",
    "; ",
)
_SEPARATORS += (": ", ":", " - ", "-", " -\n", " — ", " – ", "。", "！", "，", "、", "：", "；", "", "' ")
_SEPARATORS += (".\n\t", "!\n \n", "\n \n", ";\n", ":\t\n", " \t- ", ",\n")
_WORDS = (
    "x the cat and so also And SO so. I i I'm i've we we're my our it's that this you can could will".split()
)
_WORDS += "but because as always as then though if when while unless really now still honestly".split()
_WORDS += "please no any an a your ok yeah well by the way 我 可能 ünd ıt İt ſo".split()
#: The words a split at a blank opens onto or follows (a link, a run-on's subject after a closing word).
_WORDS += "cause cuz im ive too lol haha either anyway congrats quickly tool atoo mine wee".split()
#: And every word the clause patterns name, read from their source: a word added to one of them
#: (and not to the cheap look-ahead the ASCII splitter asks first) is fuzzed here too.
_WORDS += sorted(
    set(
        re.findall(r"(?<![\\\w])[A-Za-z']{2,}", T._AFTER_AND + T._LINKED + T._CONSEQUENCE + T._RUN_ON_SUBJECT)
    )
    - set(_WORDS)
)

_CASES: tuple[Callable[[str], str], ...] = (str, str.lower, str.upper, str.title)


@st.composite
def _texts(draw: st.DrawFn, words: list[str], *, ascii_only: bool = False) -> str:
    """A text of ``words`` (any case) between separators (ASCII ones only, if asked)."""
    if ascii_only:
        words = [w for w in words if w.isascii()]
    seps = [s for s in _SEPARATORS if s.isascii() or not ascii_only]
    picked = draw(st.lists(st.sampled_from(words), min_size=1, max_size=14))
    cases = draw(st.lists(st.sampled_from(_CASES), min_size=len(picked), max_size=len(picked)))
    between = draw(st.lists(st.sampled_from(seps), min_size=len(picked), max_size=len(picked)))
    return "".join(case(w) + sep for w, case, sep in zip(picked, cases, between, strict=True))


@settings(max_examples=1500, deadline=None)
@given(_texts(_WORDS, ascii_only=True))
def test_an_ascii_text_splits_into_sentences_as_with_the_full_pattern(text: str) -> None:
    assert T._ASCII_SENTENCE_SPLIT.split(text) == T._SENTENCE_SPLIT.split(text)


@settings(max_examples=1500, deadline=None)
@given(_texts(_WORDS, ascii_only=True))
def test_an_ascii_sentence_splits_into_clauses_as_with_the_full_pattern(text: str) -> None:
    assert T._ASCII_CLAUSE_SPLIT.split(text) == T._CLAUSE_SPLIT.split(text)


def _clauses_read_in_full(sentence: str) -> list[str]:
    out = []
    for raw in T._CLAUSE_SPLIT.split(sentence):
        c = T.INTERJECTION.sub("", raw.strip()).strip(" ,.!;")
        if c:
            out.append(c)
    return out


@settings(max_examples=1500, deadline=None)
@given(_texts(_WORDS + ["```", "<b>", "</b>", "<x", "```py"]))
def test_sentences_and_clauses_are_as_read_in_full(text: str) -> None:
    cleaned = T._BLOCKS.sub(" ", text).strip()
    assert T.clean(text) == cleaned
    sentences = [s.strip() for s in T._SENTENCE_SPLIT.split(cleaned) if s and s.strip()]
    assert T.split_sentences(text) == sentences
    for sentence in [text, *sentences]:
        assert T.split_clauses(sentence) == _clauses_read_in_full(sentence)


def test_sentences_and_clauses_on_written_texts() -> None:
    texts = [
        "I moved to Lisbon. so I work remotely now, and honestly I love it!",
        "Quick intro: I'm a nurse - night shifts mostly\n\nbtw my wife, she teaches",
        "我在北京工作，我喜欢咖啡。你呢？",
        "hmm, can you check ```code, so we know``` and <b>this, so</b> too",
        "no marks here at all",
    ]
    for text in texts:
        cleaned = T._BLOCKS.sub(" ", text).strip()
        sentences = [s.strip() for s in T._SENTENCE_SPLIT.split(cleaned) if s and s.strip()]
        assert T.split_sentences(text) == sentences
        assert [T.split_clauses(s) for s in sentences] == [_clauses_read_in_full(s) for s in sentences]
    assert T.split_sentences("I moved. Then - later: more") == ["I moved.", "Then", "later", "more"]


#: The hedges' own phrasings ("I guess", "I'd probably", "used to"), their words, and others.
_HEDGE_WORDS = [
    re.sub(r"\\s\+|\\b|\(\?:|\)", " ", alternative).strip()
    for alternative in f"{nonfact._UNSURE_EN}|{nonfact._FORMER_EN}".split("|")
]
_HEDGE_WORDS += re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", " ".join(_HEDGE_WORDS))
_HEDGE_WORDS += "my wife she he they prefers likes and I do what how x eat meat ? ？ 可能 吗 我朋友 İ ı ſ K ımagine maybe? not never".split()


def _unsure_read_in_full(text: str, hedge: re.Pattern[str]) -> bool:
    if nonfact._NONFACT_ZH.search(text):
        return True
    return bool(hedge.search(text) or nonfact._QUESTION_EN.search(text.strip()))


@settings(max_examples=2000, deadline=None)
@given(_texts(_HEDGE_WORDS))
def test_unsure_and_hedged_questions_answer_as_read_in_full(text: str) -> None:
    assert nonfact.unsure_or_question(text) == _unsure_read_in_full(text, nonfact._UNSURE_ONLY_EN)
    assert nonfact.hedged_or_question(text) == _unsure_read_in_full(text, nonfact._HEDGE_EN)
    assert nonfact.hedged(text) == bool(nonfact._HEDGE_EN.search(text))
    third = bool(nonfact._THIRD_PARTY_EN.search(text))
    assert nonfact.hedge_or_nonfact(text) == (_unsure_read_in_full(text, nonfact._HEDGE_EN) or third)


def test_unsure_and_hedged_on_written_texts() -> None:
    texts = [
        "MAYBE I'll move",
        "I Think so",
        "Do you eat meat",
        "  what's up",
        "I eat meat?",
        "I eat meat?\n",
        "我可能会去",
        "I ſuppose not",  # "ſ" matches "s" case-insensitively
        "İmagine that",
        "I USED TO teach",
        "I teach",
        "my wife teaches",
        "She likes tea",
    ]
    for text in texts:
        assert nonfact.unsure_or_question(text) == _unsure_read_in_full(text, nonfact._UNSURE_ONLY_EN), text
        assert nonfact.hedged_or_question(text) == _unsure_read_in_full(text, nonfact._HEDGE_EN), text
        assert nonfact.hedged(text) == bool(nonfact._HEDGE_EN.search(text)), text
        third = bool(nonfact._THIRD_PARTY_EN.search(text))
        assert nonfact.hedge_or_nonfact(text) == (_unsure_read_in_full(text, nonfact._HEDGE_EN) or third), (
            text
        )
    assert nonfact.unsure_or_question("I ſuppose not") and not nonfact.unsure_or_question("I used to teach")
