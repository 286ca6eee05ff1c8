"""The prefilter's hints found in one pass over a text: an Aho-Corasick automaton (pyahocorasick,
a C extension) instead of one substring search per hint.

Built once per prefilter plan, on first use. Where ``ahocorasick`` cannot be imported,
:func:`hint_scanner` returns None and the prefilter looks each hint up alone, as it did before;
which hints occur, and so which detectors run, is the same either way.

The automaton holds every hint of two characters or more case-folded, and is run over the
case-folded text: a case-folded hint occurs where it matches; an exact (case-sensitive) hint is
then looked for as written in the text, once, and only when its case-folded form matched
(case-folding goes character by character, so a text holding a hint holds it case-folded in its
case-folded copy). A hint of one character is looked up alone: a search for one character is
quick, and the punctuation among them would otherwise make most of the automaton's matches.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from operator import itemgetter
from typing import Any

from memscribe.lexicon.caseless import automaton_type as _automaton_type
from memscribe.redaction.hintkeys import common_first

#: ``scan(text, folded, on)``: ``on`` with the detector bits of every hint that occurs in
#: ``text`` (case-folded: ``folded``; as written for an exact hint).
HintScan = Callable[[str, str, int], int]
#: ``scan_span(texts, joined, starts, on)``: ``scan(text, its slice of joined, on)`` of each of
#: ``texts`` at once (see :func:`span_scanner`), or None where it cannot.
SpanScan = Callable[[Sequence[str], str, list[int], int], list[int] | None]

_SECOND = itemgetter(1)


#: The text scanned last, its case-folded copy, whether that is ASCII, the automaton's words found
#: in it (by number) and every word by its number: which of them the text holds (:func:`known_absent`).
_PRESENT: tuple[str, str, bool, set[int], dict[str, int]] = ("", "", True, set(), {})
_NOTHING = _PRESENT
#: Words the detectors search a text's lower case for that are no detector's hint (a clause's
#: stems): the automata look for them too (enabling nothing), so a scan knows they are absent.
_ALSO_FIND: dict[str, None] = {}


def also_find(words: Iterable[str]) -> None:
    """Have the scanners built from now on look for ``words`` (lower case) as well: words a
    detector searches for in a text's lower case (:func:`known_absent`), not hints."""
    for word in words:
        if len(word) >= 2 and word == word.casefold():
            _ALSO_FIND[word] = None
    _SCANNERS.clear()  # (built without them)


def known_absent(hay: str, needle: str) -> bool:
    """True when the last scan says ``hay`` does not hold ``needle``, so that a search for it
    would find nothing: ``hay`` is the case-folded text scanned last and ``needle`` one of the
    automaton's words (case-folded hints, :func:`also_find`'s words) not found there, or a word
    beyond ASCII in an ASCII text; or ``hay`` is the text itself and ``needle`` case-folded is
    such a word (case-folding goes character by character, so the text's copy holds a word the
    text holds). False when that is not known (another text, another word)."""
    text, folded, ascii_only, found, index = _PRESENT
    if hay is folded:
        i = index.get(needle)
        if i is None:
            return ascii_only and not needle.isascii()
        return i not in found
    if hay is text:
        i = index.get(needle.casefold())
        return i is not None and i not in found
    return False


#: The text its one-text scan read last, its case-folded copy, the automaton's matches there
#: (``(end, word number)`` pairs, in order) and its words' numbers; then, once asked, each word's ends.
_HITS: tuple[str, str, list[tuple[int, int]], dict[str, int]] = ("", "", [], {})
_ENDS: tuple[list[tuple[int, int]], dict[int, list[int]]] = ([], {})
_NO_HITS = _HITS
#: A scan keeps its matches (:data:`_HITS`) while they are fewer than one per this many
#: characters: the matches of a text made of a hint's repeats (``-u-u-u…``) would cost more to
#: keep and sort than the searches they spare.
HITS_PER_CHAR = 16


def known_starts(hay: str, needle: str) -> tuple[int, ...] | None:
    """Every start of ``needle`` in ``hay``, overlapping ones included, in order, from the matches
    of the last one-text scan (its automaton reports a word at every occurrence), so that the
    detectors' keyword searches cost no pass of their own: where ``hay`` is the case-folded text
    it read and ``needle`` one of the automaton's words, or ``hay`` is the text itself, ASCII
    (its case-folded copy has its offsets), and ``needle`` case-folded such a word (the starts
    where it is written as asked kept). None where that is not known."""
    global _ENDS
    text, folded, hits, index = _HITS
    if hay is folded:
        i = index.get(needle)
    elif hay is text and hay.isascii():
        i = index.get(needle.casefold())
    else:
        return None
    if i is None:
        return None
    held, ends = _ENDS
    if held is not hits:
        ends = {}
        for end, word in hits:
            if (at := ends.get(word)) is None:
                ends[word] = [end]
            else:
                at.append(end)
        _ENDS = (hits, ends)
    back = len(needle) - 1
    if hay is folded:
        return tuple([end - back for end in ends.get(i, ())])
    return tuple([end - back for end in ends.get(i, ()) if hay.startswith(needle, end - back)])


def may_hold(hay: str, words: tuple[str, ...]) -> list[str]:
    """The words of ``words`` that ``hay`` may hold: those :func:`known_absent` does not rule out,
    in order (one look-up each, instead of a call each; in the case-folded text scanned last, the
    words it found among them, from a set intersection, beside the words the scan does not know)."""
    text, folded, ascii_only, found, index = _PRESENT
    get = index.get
    if hay is folded:
        ids, kept, places = _numbered(words, index, ascii_only)
        held = found & ids
        if not held:
            return [words[at] for at in kept]
        return [words[at] for at in sorted([*kept, *(at for i in held for at in places[i])])]
    if hay is text:
        return [w for w in words if (i := get(w.casefold())) is None or i in found]
    return list(words)


#: :func:`_numbered` of each tuple of words asked, by the ids of the words and of the index (both kept).
_NUMBERED: dict[
    tuple[int, int, bool], tuple[object, object, tuple[frozenset[int], list[int], dict[int, list[int]]]]
] = {}
_NUMBERED_KEPT = 256


def _numbered(
    words: tuple[str, ...], index: dict[str, int], ascii_only: bool
) -> tuple[frozenset[int], list[int], dict[int, list[int]]]:
    """The automaton's numbers of ``words`` (those among its words), the places of the other words
    a case-folded text may hold (any, or in an ASCII text the ASCII ones), and the places of the
    words of each number: what :func:`may_hold` answers from, built once per tuple of words."""
    key = (id(words), id(index), ascii_only)
    cached = _NUMBERED.get(key)
    if cached is not None and cached[0] is words and cached[1] is index and type(words) is tuple:
        return cached[2]  # (a tuple: the same words as when it was numbered)
    places: dict[int, list[int]] = {}
    kept: list[int] = []
    for at, word in enumerate(words):
        if (i := index.get(word)) is not None:
            places.setdefault(i, []).append(at)
        elif word.isascii() or not ascii_only:
            kept.append(at)
    numbered = (frozenset(places), kept, places)
    if len(_NUMBERED) >= _NUMBERED_KEPT:
        _NUMBERED.clear()
    _NUMBERED[key] = (words, index, numbered)
    return numbered


def forget_present() -> None:
    """Drop what the last scan found (and the text it scanned): called when a scan ends."""
    global _PRESENT, _HITS, _ENDS
    _PRESENT = _NOTHING
    _HITS = _NO_HITS
    _ENDS = ([], {})


#: What :func:`present` hands back to :func:`restore_present`.
Present = tuple[object, object, object]


def present() -> Present:
    """What the last scan found (its text's words, matches and their ends), to hand back to
    :func:`restore_present` once a scan of another text made inside it (a decoded value's) ends."""
    return _PRESENT, _HITS, _ENDS


def restore_present(kept: Present) -> None:
    """Make ``kept`` (:func:`present`) what the last scan found again: the scan it was taken in
    goes on knowing which words its text holds, and where, as if the inner scan had not run."""
    global _PRESENT, _HITS, _ENDS
    _PRESENT, _HITS, _ENDS = kept  # type: ignore[assignment]


#: Scanners by the id of the plan's hint tuple (the tuple kept, so its id is not reused).
_SCANNERS: dict[int, tuple[object, HintScan | None]] = {}
_SCANNERS_KEPT = 64


def plan_scanner(hints: tuple[tuple[str, int, bool, tuple[str, ...]], ...]) -> HintScan | None:
    """:func:`hint_scanner` of a prefilter plan's hints (``(hint, bits, exact, pieces)``), built
    on first use and kept while the plan is."""
    cached = _SCANNERS.get(id(hints))
    if cached is not None and cached[0] is hints:
        return cached[1]
    scan = hint_scanner((hint, bits, cased) for hint, bits, cased, _ in hints)
    if len(_SCANNERS) >= _SCANNERS_KEPT:
        _SCANNERS.clear()
    _SCANNERS[id(hints)] = (hints, scan)
    return scan


_Groups = dict[str, tuple[int, list[tuple[str, int]]]]
#: The ASCII characters that are no letter: case-folding changes none, and makes none of them
#: from another character (tested over every code point), so a text holds one exactly where its
#: case-folded copy does, and an ``exact`` hint of one is looked for case-folded.
SAME_FOLDED = frozenset(chr(c) for c in range(128) if not chr(c).isalpha())
#: A text up to this long has its single-character hints found in one pass over a copy of it;
#: a longer one looks each up (a search stops at the first occurrence, and most are early).
SHORT_CHARS = 512


def _grouped(hints: Iterable[tuple[str, int, bool]]) -> tuple[list[tuple[str, int, bool]], _Groups]:
    """The hints of one character, and the others by their case-folded form: the bits of the
    folded hints and the exact hints of that form with theirs (then :func:`also_find`'s words,
    enabling nothing)."""
    singles: list[tuple[str, int, bool]] = []
    groups: _Groups = {}
    for hint, bits, cased in hints:
        if len(hint) < 2:  # (one that case-folds as is is looked for folded: the same texts hold it)
            singles.append((hint, bits, cased and hint not in SAME_FOLDED))
            continue
        key = hint.casefold() if cased else hint
        folded_bits, exact = groups.get(key, (0, []))
        if cased:
            exact.append((hint, bits))
        else:
            folded_bits |= bits
        groups[key] = (folded_bits, exact)
    for word in _ALSO_FIND:
        groups.setdefault(word, (0, []))
    return singles, groups


#: The span scanner of each hint scanner built, while the scanner lives.
_SPANS: weakref.WeakKeyDictionary[HintScan, SpanScan] = weakref.WeakKeyDictionary()


def span_scanner(scan: HintScan) -> SpanScan | None:
    """The look-up of ``scan`` (:func:`hint_scanner`'s) for a whole span of ASCII texts at once:
    ``scan_span(texts, joined, starts, on)`` with ``joined`` the texts joined by NUL and
    case-folded, ``texts[k]`` at ``starts[k]`` there, is ``[scan(t, its slice, on) for t ...]``
    (and leaves what the last text's scan leaves for :func:`known_absent`), or None where a
    text holds NUL itself. One translation finds every text's one-character hints and one pass of
    the automaton every text's others, instead of two calls a text (a transcript's turns are
    short: the calls were most of the cost)."""
    return _SPANS.get(scan)


def hint_scanner(hints: Iterable[tuple[str, int, bool]]) -> HintScan | None:
    """A one-pass look-up of ``hints`` (``(hint, detector bits, exact)``), or None where
    pyahocorasick is not installed (the caller then looks each hint up alone)."""
    automaton_type = _automaton_type()
    if automaton_type is None:
        return None
    singles, groups = _grouped(hints)
    find_singles = _singles_finder(singles)
    ascii_bits, rest = _ascii_singles(singles)
    found_on = tuple((bits, tuple(exact)) for bits, exact in groups.values())
    index = {key: i for i, key in enumerate(groups)}
    automaton: Any = None
    if groups:
        automaton = automaton_type()
        for key in sorted(groups, key=common_first):  # (the order decides speed alone)
            automaton.add_word(key, index[key])
        automaton.make_automaton()

    def scan(text: str, folded: str, on: int) -> int:
        global _PRESENT, _HITS
        ascii_only = folded.isascii()
        on = find_singles(text, folded, on, ascii_only)
        if automaton is None:
            return on
        matches = automaton.iter(folded)
        most = len(folded) // HITS_PER_CHAR
        hits: list[tuple[int, int]] = list(islice(matches, most))
        found: set[int] = set(map(_SECOND, hits))
        _PRESENT = (text, folded, ascii_only, found, index)
        if len(hits) < most:
            _HITS = (text, folded, hits, index)
        else:  # dense (runs of a hint): the rest is not kept, and the detectors search
            found.update(map(_SECOND, matches))
            _HITS = _NO_HITS
        for i in found:
            bits, exact = found_on[i]
            on |= bits
            for hint, hint_bits in exact:
                if hint_bits & ~on and hint in text:
                    on |= hint_bits
        return on

    if 0 not in ascii_bits:  # (no hint holds NUL, the texts' separator)
        _SPANS[scan] = _SpanScan(ascii_bits, rest, automaton, found_on, index)
    return scan


class _SpanScan:
    """A hint scanner's look-up of a span of ASCII texts at once (:func:`span_scanner`)."""

    def __init__(
        self,
        ascii_bits: dict[int, int],
        rest: tuple[tuple[str, int, bool], ...],
        automaton: Any,
        found_on: tuple[tuple[int, tuple[tuple[str, int], ...]], ...],
        index: dict[str, int],
    ) -> None:
        self.ascii_bits = ascii_bits
        self.rest = rest
        self.automaton = automaton
        self.found_on = found_on
        self.index = index
        # a span's bytes less every other (the NUL between texts kept): each text's one-character hints
        self.other_bytes = bytes(b for b in range(256) if b not in ascii_bits and b != 0)
        # a bit past every other: a text holds a word with exact hints (looked for in it after the pass)
        self.exact_flag = 1 << (max([*ascii_bits.values(), *(b for b, _ in found_on), 1]).bit_length() + 64)
        #: each word's bits, and the flag when it has exact hints
        self.word_bits = tuple(bits | (self.exact_flag if exact else 0) for bits, exact in found_on)

    def __call__(self, texts: Sequence[str], joined: str, starts: list[int], always: int) -> list[int] | None:
        global _PRESENT
        if not joined.isascii() or always >= self.exact_flag:
            return None  # (the flag is a bit past the hints': ``always`` reaching it, each text alone)
        on = self._singles(joined, always)
        if len(on) != len(texts):
            return None  # a text holds NUL: the pieces are not the texts
        if self.automaton is not None:
            self._words(joined, starts, on)
        if rest := self.rest:
            for k, text in enumerate(texts):
                bits = on[k]
                for hint, hint_bits, cased in rest:  # (beyond ASCII, a folded hint is in no ASCII text)
                    if hint_bits & ~bits and (
                        hint in text if cased else hint.isascii() and hint in _at(joined, starts, k)
                    ):
                        bits |= hint_bits
                on[k] = bits
        flag = self.exact_flag
        for k in [k for k, bits in enumerate(on) if bits & flag]:
            bits = on[k] & ~flag  # a word with exact hints: each looked for as written
            for i in self._found(joined, starts, k):
                for hint, hint_bits in self.found_on[i][1]:
                    if hint_bits & ~bits and hint in texts[k]:
                        bits |= hint_bits
            on[k] = bits
        if self.automaton is not None:
            last = len(texts) - 1
            _PRESENT = (
                texts[-1],
                _at(joined, starts, last),
                True,
                self._found(joined, starts, last),
                self.index,
            )
        return on

    def _singles(self, joined: str, always: int) -> list[int]:
        """``always`` with the bits of the one-character ASCII hints of each NUL-separated piece."""
        ascii_bits = self.ascii_bits
        on = []
        for piece in joined.encode("ascii").translate(None, self.other_bytes).split(b"\x00"):
            bits = always
            for code in set(piece):
                bits |= ascii_bits[code]
            on.append(bits)
        return on

    def _words(self, joined: str, starts: list[int], on: list[int]) -> None:
        """Add to ``on`` the bits of the automaton's words found in each text (and the flag of
        those with exact hints), in one pass."""
        word_bits = self.word_bits
        k, last = 0, len(starts) - 1
        next_start = starts[1] if last else len(joined) + 1
        bits = on[0]
        for end, i in self.automaton.iter(joined):  # (no hint holds NUL: each match in one text)
            if end >= next_start:
                on[k] = bits
                while k < last and end >= starts[k + 1]:
                    k += 1
                next_start = starts[k + 1] if k < last else len(joined) + 1
                bits = on[k]
            bits |= word_bits[i]
        on[k] = bits

    def _found(self, joined: str, starts: list[int], k: int) -> set[int]:
        """The automaton's words (by number) found in the ``k``-th text."""
        end = starts[k + 1] - 1 if k + 1 < len(starts) else len(joined)
        return set(map(_SECOND, self.automaton.iter(joined, starts[k], end)))


def _at(joined: str, starts: list[int], k: int) -> str:
    """The ``k``-th text of ``joined`` (texts joined by NUL, at ``starts``)."""
    return joined[starts[k] : starts[k + 1] - 1 if k + 1 < len(starts) else len(joined)]


def _ascii_singles(
    singles: list[tuple[str, int, bool]],
) -> tuple[dict[int, int], tuple[tuple[str, int, bool], ...]]:
    """The one-character hints looked for case-folded that are ASCII, by code (their bits), and
    the others (exact, or beyond ASCII)."""
    ascii_bits: dict[int, int] = {}
    for hint, bits, cased in singles:
        if not cased and len(hint) == 1 and hint.isascii():
            ascii_bits[ord(hint)] = ascii_bits.get(ord(hint), 0) | bits
    rest = tuple((h, bits, cased) for h, bits, cased in singles if cased or len(h) != 1 or not h.isascii())
    return ascii_bits, rest


def _singles_finder(singles: list[tuple[str, int, bool]]) -> Callable[[str, str, int, bool], int]:
    """``find(text, folded, on, ascii_only)``: ``on`` with the bits of the one-character hints
    ``singles`` that occur in ``text`` (case-folded: ``folded``, ASCII or not; as written for an
    exact hint). Those of a short ASCII text that are looked for case-folded are found at once:
    its bytes less every other byte (``bytes.translate``), instead of one search per hint
    (:data:`SHORT_CHARS`)."""
    ascii_bits, rest = _ascii_singles(singles)
    other_bytes = bytes(b for b in range(256) if b not in ascii_bits)
    by_char = tuple((chr(code), bits) for code, bits in ascii_bits.items())

    def find(text: str, folded: str, on: int, ascii_only: bool) -> int:
        if ascii_only and len(folded) <= SHORT_CHARS:
            for code in set(folded.encode("ascii").translate(None, other_bytes)):
                on |= ascii_bits[code]
        else:
            for char, bits in by_char:
                if bits & ~on and char in folded:
                    on |= bits
        for hint, bits, cased in rest:
            if bits & ~on and hint in (text if cased else folded):
                on |= bits
        return on

    return find


#: ``find(text)``: which of the words looked for occur in ``text`` (as written).
WordScan = Callable[[str], set[str]]


def word_scanner(words: Iterable[str]) -> WordScan | None:
    """A one-pass look-up of which of ``words`` occur in a text, case-sensitive (each as ``word
    in text`` would find it), or None where pyahocorasick is not installed."""
    automaton_type = _automaton_type()
    if automaton_type is None:
        return None
    automaton: Any = automaton_type()
    for word in set(words):
        if word:
            automaton.add_word(word, word)
    if not len(automaton):
        return lambda text: set()
    automaton.make_automaton()
    return lambda text: set(map(_SECOND, automaton.iter(text)))


def word_starts(words: Iterable[str], text: str, most: int) -> dict[str, list[int]] | None:
    """Where each of ``words`` starts in ``text``, in one pass: for each word its first ``most``
    occurrences as repeated ``str.find`` calls from after the last one's end find them (so
    not overlapping each other); None where pyahocorasick is not installed."""
    automaton_type = _automaton_type()
    if automaton_type is None:
        return None
    automaton: Any = automaton_type()
    starts: dict[str, list[int]] = {}
    for word in words:
        if word and word not in starts:
            starts[word] = []
            automaton.add_word(word, word)
    if not starts:
        return starts
    automaton.make_automaton()
    for end, word in automaton.iter(text):
        found = starts[word]
        at = end - len(word) + 1
        if len(found) < most and (not found or at >= found[-1] + len(word)):
            found.append(at)
    return starts
