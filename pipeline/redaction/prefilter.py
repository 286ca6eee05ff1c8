"""The prefilter: which detectors can fire on a text, or on each text of a transcript, from the
hints each detector's matches contain (found in one pass where :mod:`hintscan` can)."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence

from memscribe.redaction.base import Detector, set_lowered
from memscribe.redaction.hintkeys import Keyed, key_hints, keyed_on
from memscribe.redaction.hintscan import plan_scanner, span_scanner

#: Detectors that can fire on a text, with their priorities (their places in the list considered).
Ranked = tuple[tuple[int, Detector], ...]

#: Characters of a transcript's texts searched at a time (bounds the case-folded copy held).
SPAN_CHARS = 1 << 19
#: Characters of a span split into words at a time (bounds the list of words held).
_WORDS_CHARS = 1 << 16


def detectors_per_text(texts: Sequence[str], detectors: tuple[Detector, ...]) -> list[Ranked]:
    """:func:`active_detectors` of each of ``texts`` (a transcript's), from one look-up pass per
    distinct hint over the transcript (a span of texts of about :data:`SPAN_CHARS` at a time)
    instead of one per hint per text: each occurrence found marks its text (then the search
    moves on to the next text), so a text costs nothing for the hints it lacks; and a hint
    absent from the span's vocabulary (:func:`_vocabulary`) is not looked for at all. The same
    detectors, in the same order, as asking text by text: a text's detectors are those without
    hints and those with a hint it holds (case-folded, or as written for ``exact`` hints)."""
    return list(iter_detectors_per_text(texts, detectors))


def iter_detectors_per_text(texts: Iterable[str], detectors: tuple[Detector, ...]) -> Iterator[Ranked]:
    """:func:`detectors_per_text`, streamed: ``texts`` are read a span at a time (about
    :data:`SPAN_CHARS` characters; a text longer than that is a span of its own) and each
    span's detector lists are yielded before the next span is read, so no list of every text
    (or of every text's detectors) is held."""
    full, ascii_only = _plans(detectors)
    entries, (_, gates) = full[2], full[4]  # (the gates' bits are the same in both plans)
    lists: dict[int, Ranked] = {}
    span: list[str] = []
    size = 0
    for text in itertools.chain(texts, (None,)):
        if span and (text is None or size + len(text) >= SPAN_CHARS):
            for mask in _hint_masks(span, full, ascii_only):
                chosen = lists.get(mask)
                if chosen is None:  # (gated once per distinct mask: its characters' bits are in it)
                    on = _gated(mask, gates)
                    chosen = lists[mask] = tuple((prio, det) for prio, det, bit in entries if on & bit)
                yield chosen
            span, size = [], 0
        if text is not None:
            span.append(text)
            size += len(text) + 1


def _hint_masks(texts: Sequence[str], full: _Plan, ascii_only: _Plan) -> list[int]:
    """The bits of the detectors (``full``'s; ``ascii_only``'s for an ASCII span) that can fire
    on each of ``texts``, with the bits of the gates' characters each holds, not yet gated (see
    :func:`_gated`): each text's hints found in one pass over it and its slice of the span's
    case-folded copy (:func:`plan_scanner`), else each hint looked up across the span."""
    raw = "\x00".join(texts)  # no hint holds NUL: no match spans two texts
    raw_starts = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    joined, starts, plan = raw.casefold(), raw_starts, full
    if raw.isascii():  # case-folding keeps every length: the offsets are the texts' own
        plan = ascii_only
    elif len(joined) != len(raw):  # some character folds to several (each folds to one or more):
        del joined  # the texts' offsets differ from their folded copies' (one copy held at a time)
        folded = [t.casefold() for t in texts]
        joined = "\x00".join(folded)
        starts = list(itertools.accumulate((len(f) + 1 for f in folded[:-1]), initial=0))
        plan = full
        del folded
    always, hint_bits, _, narrow, _ = plan
    ends = [at - 1 for at in starts[1:]]
    ends.append(len(joined))
    if (scan := plan_scanner(hint_bits)) is not None:
        span = span_scanner(scan) if plan is ascii_only else None  # (an ASCII span: all at once)
        found = span(texts, joined, starts, always) if span is not None else None
        on = (
            found
            if found is not None
            else [
                scan(text, joined[at:end], always) for text, at, end in zip(texts, starts, ends, strict=True)
            ]
        )
    else:
        on = _looked_up(raw, raw_starts, joined, starts, len(texts), plan)
    if narrow:
        on = _narrowed(on, joined, starts, ends, narrow)
    return on


def _looked_up(
    raw: str, raw_starts: list[int], joined: str, starts: list[int], count: int, plan: _Plan
) -> list[int]:
    """The hint bits of each of ``count`` texts (joined by NUL: ``raw``; case-folded: ``joined``,
    its texts at ``starts``) without pyahocorasick: each hint looked up across the span."""
    always, hint_bits = plan[0], plan[1]
    last = count - 1
    on = [always] * count
    vocab = _vocabulary(joined)
    for hint, bits, cased, pieces in hint_bits:
        if vocab is not None and not all(piece in vocab for piece in pieces):
            continue  # a piece of it is in no word of the span, so it is not in the span
        hay, at_starts = (raw, raw_starts) if cased else (joined, starts)
        at = hay.find(hint)
        while at >= 0:
            i = bisect.bisect_right(at_starts, at) - 1
            on[i] |= bits
            if i == last:
                break
            at = hay.find(hint, at_starts[i + 1])
    return on


def _gated(on: int, gates: _Gates) -> int:
    """``on`` less the detectors of each gate none of whose characters the text holds (their
    ``needs``: each such detector finds nothing there), from the bits of the characters it holds
    in ``on`` (each gate's character is a hint of the plan, of a bit no detector has: case-folding
    neither makes nor removes one of them, so the case-folded text holds the text's own)."""
    for bits, chars in gates:
        if on & bits and not on & chars:
            on &= ~bits
    return on


def _narrowed(on: list[int], joined: str, starts: list[int], ends: list[int], narrow: _Narrow) -> list[int]:
    """``on`` (the full plan's bits of each text of a span beyond ASCII) less, for each text whose
    case-folded copy (``joined[start:end]``) is ASCII, the detectors without one of their
    ``ascii_hints`` there: what :func:`active_detectors` chooses for such a text alone (with
    the ASCII plan)."""
    for i, (at, end) in enumerate(zip(starts, ends, strict=True)):
        if (folded := joined[at:end]).isascii():
            for bits, hints in narrow:
                if on[i] & bits and not any(h in folded for h in hints):
                    on[i] &= ~bits
    return on


def _vocabulary(joined: str) -> str | None:
    """The distinct words (runs between whitespace, as ``str.split`` cuts them) of ``joined``,
    joined by NUL; None when that is not much shorter than ``joined``. Each whitespace-free
    piece of a hint's occurrence lies inside one word, so a hint with a piece absent from the
    vocabulary is absent from ``joined`` (and a case-sensitive hint whose case-folded piece is
    absent, case-folding being character by character): most hints, as a transcript repeats its
    words, are then checked in a string far shorter than the span instead of in the span."""
    words: set[str] = set()
    start, size = 0, len(joined)
    while start < size:  # a piece at a time, cut at a blank: no list of every word of the span
        end = joined.find(" ", start + _WORDS_CHARS)
        end = size if end < 0 else end
        words.update(joined[start:end].split())
        start = end
    vocab = "\x00".join(words)
    return vocab if 2 * len(vocab) < size else None


def active_detectors(text: str, detectors: tuple[Detector, ...]) -> list[tuple[int, Detector]]:
    """The combined prefilter: ``(priority, detector)`` for each detector that can fire on ``text``.

    The text is case-folded once and its hints found in one pass (see :func:`_enabled`); a
    detector none of whose hints occurs (case-folded; as written for its ``exact`` hints) is
    skipped. A transcript's turns ask all at once (:func:`detectors_per_text`).
    """
    folded = text.casefold()
    # the detectors search the text's lower case: the very string the prefilter scans when they
    # are equal (always for ASCII), so they can skip the hints its scan did not find
    set_lowered(text, folded if text.isascii() or (low := text.lower()) == folded else low)
    full, ascii_only = _plans(detectors)
    return _enabled(text, folded, ascii_only if folded.isascii() else full)


def _enabled(text: str, folded: str, plan: _Plan) -> list[tuple[int, Detector]]:
    """The detectors of ``plan`` that can fire on ``text`` (case-folded: ``folded``): every hint
    found in one pass (:func:`plan_scanner`), else each distinct hint looked up once at most."""
    always, hint_bits, entries, _, (gated, gates) = plan
    on = always
    if (scan := plan_scanner(hint_bits)) is not None:
        on = scan(text, folded, on)
    elif len(text) <= _KEYED_CHARS:  # a short text: only the hints whose key character it holds
        on = keyed_on(text, folded, keyed_hints(hint_bits), on)
    else:
        for hint, bits, cased, _ in hint_bits:
            if bits & ~on and hint in (text if cased else folded):
                on |= bits
    if on & gated:
        on = _gated(on, gates)
    chosen = _CHOSEN.get(on)
    if chosen is None or chosen[0] is not entries:  # (a text's detectors, by their bits: the
        # same few sets recur text after text, each listed once instead of ~100 bits tested)
        if len(_CHOSEN) >= _CHOSEN_KEPT:
            _CHOSEN.clear()
        chosen = _CHOSEN[on] = (entries, tuple((prio, det) for prio, det, bit in entries if on & bit))
    return list(chosen[1])


#: The detectors of each set of bits chosen last (with the plan's entries they were listed from).
_CHOSEN: dict[int, tuple[object, tuple[tuple[int, Detector], ...]]] = {}
_CHOSEN_KEPT = 512


#: Texts up to this long look their hints up by key character (:mod:`hintkeys`); a longer
#: one holds nearly every character, and a set of them costs more than it saves.
_KEYED_CHARS = 2048


#: A prefilter plan: the bits of the detectors without hints (always on); each distinct hint
#: with the bits of the detectors it enables, whether it is looked for as written (``exact``)
#: rather than case-folded, and its whitespace-free pieces, case-folded (see :func:`_vocabulary`);
#: ``(priority, detector, bit)`` in order. (The hints by key character, :func:`keyed_hints`, are
#: grouped only where they are used: without pyahocorasick.)
_Hint = tuple[str, int, bool, tuple[str, ...]]
#: Then, in the plan for any text, each detector with ``ascii_hints`` (its bit and those hints):
#: the ASCII plan's narrowing, for a text whose case-folded copy is ASCII in a span that is not.
_Narrow = tuple[tuple[int, tuple[str, ...]], ...]
#: Then the detectors with ``needs`` (see :class:`Detector`), by their characters: each group's
#: bits and the bits of its characters (hints of the plan, each of a bit past the detectors'),
#: after the bits of them all.
_Gates = tuple[tuple[int, int], ...]
_Plan = tuple[int, tuple[_Hint, ...], tuple[tuple[int, Detector, int], ...], _Narrow, tuple[int, _Gates]]
#: Plans by the id of the detectors considered (the object kept, so its id is not reused).
_PLANS: dict[int, tuple[object, _Plan, _Plan]] = {}
_PLANS_KEPT = 32


def _plan(ranked: list[tuple[int, Detector]], keep: Callable[[str], bool], ascii_text: bool = False) -> _Plan:
    always, bits, entries = 0, dict[tuple[str, bool], int](), []
    narrow: list[tuple[int, tuple[str, ...]]] = []
    gates: dict[str, int] = {}
    for i, (prio, det) in enumerate(ranked):
        own = det.ascii_hints if ascii_text else ()  # (case-blind: digits fold to themselves)
        cased = bool(det.exact) and not own
        wanted = own or det.exact or det.hints
        hints = [h for h in wanted if keep(h)]
        if wanted and not hints:
            continue  # none of its hints can occur: it cannot fire
        bit = 1 << i
        entries.append((prio, det, bit))
        if det.ascii_hints and not ascii_text:
            narrow.append((bit, det.ascii_hints))
        if det.needs:
            gates[det.needs] = gates.get(det.needs, 0) | bit
        if not wanted:
            always |= bit
        for hint in hints:
            bits[hint, cased] = bits.get((hint, cased), 0) | bit
    # each gate's characters are hints too, of bits past the detectors' (the same in both plans:
    # every detector's characters, kept or not, numbered in order)
    chars = sorted({c for _, det in ranked for c in det.needs})
    char_bits = {c: 1 << (len(ranked) + i) for i, c in enumerate(chars)}
    for char, bit in char_bits.items():
        bits[char, False] = bits.get((char, False), 0) | bit
    hint_bits = tuple((hint, b, cased, tuple(hint.casefold().split())) for (hint, cased), b in bits.items())
    gated = sum(gates.values())
    ways = tuple((b, sum(char_bits[c] for c in set(needs))) for needs, b in gates.items())
    return always, hint_bits, tuple(entries), tuple(narrow), (gated, ways)


#: The hints of a plan by key character, by the id of the plan's hint tuple (the tuple kept).
_KEYED: dict[int, tuple[object, Keyed]] = {}


def keyed_hints(hint_bits: tuple[_Hint, ...]) -> Keyed:
    """:func:`key_hints` of a plan's hints, grouped on first use and kept while the plan is:
    only the look-up without pyahocorasick asks (a few ms a process that others need not spend)."""
    cached = _KEYED.get(id(hint_bits))
    if cached is not None and cached[0] is hint_bits:
        return cached[1]
    keyed = key_hints(tuple((hint, b, cased) for hint, b, cased, _ in hint_bits))
    if len(_KEYED) >= _PLANS_KEPT:
        _KEYED.clear()
    _KEYED[id(hint_bits)] = (hint_bits, keyed)
    return keyed


def _plans(considered: tuple[Detector, ...]) -> tuple[_Plan, _Plan]:
    """The prefilter plans of the detectors considered: one for any text, and one for an ASCII
    text, with only the ASCII hints (the only ones it can hold) and without a detector whose
    hints are all non-ASCII (``пароль``), which cannot fire there, and a detector's
    ``ascii_hints`` instead of its other hints (an ASCII digit). Built once per tuple."""
    cached = _PLANS.get(id(considered))
    if cached is not None and cached[0] is considered:
        return cached[1], cached[2]
    ranked = list(enumerate(considered))
    full = _plan(ranked, lambda hint: True)
    ascii_only = _plan(ranked, str.isascii, ascii_text=True)
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    _PLANS[id(considered)] = (considered, full, ascii_only)
    return full, ascii_only
