"""Shared pieces of the redaction detectors: findings, the detector type, masks and the regex finder."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from memscribe.lazyre import compile_table, lazy_compile
from memscribe.redaction.hintscan import (
    Present,
    forget_present,
    known_absent,
    known_starts,
    may_hold,
    present,
    restore_present,
)
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import not_a_secret


@dataclass(frozen=True)
class Finding:
    """One detected secret: its type and span in the *input* text. Never holds the value.

    ``inner``: the spans of the secrets found inside it where it was widened to the whole value
    holding them (a URL with its password: :mod:`memscribe.redaction.extents`); each is also a
    value of its own, masked where it recurs alone. Not part of equality."""

    type: str
    start: int
    end: int
    inner: tuple[tuple[int, int], ...] = field(default=(), compare=False)


Finder = Callable[[str], Iterator[tuple[int, int]]]


@dataclass(frozen=True)
class Detector:
    """A named secret detector: ``find(text)`` yields ``(start, end)`` spans of secret values.

    ``hints``: case-folded substrings one of which every finding's text holds (empty: none
    known). The combined prefilter of :func:`memscribe.redaction.find_secrets` checks each
    distinct hint once per text and skips a detector none of whose hints occurs, so a text
    costs one pass per hint instead of one regex scan per detector; findings are identical.
    ``exact``: the same as written (case-sensitive), when every finding holds one so (a
    case-sensitive regex's literal parts): the prefilter then looks for these instead, so
    ``passed`` does not wake a detector of ``PASS``, nor ``cache`` one of Twilio's ``AC…``.
    ``ascii_hints``: what every finding holds in a text whose case-folded copy is ASCII (the
    prefilter looks for these there instead, and in any other text for ``exact`` or
    ``hints``): :data:`ASCII_DIGITS` for a detector that finds nothing where :func:`has_digit`
    is false (``re``'s digit class matches any Unicode digit, but no digit beyond ASCII
    case-folds to ASCII, so such a text holds no other).
    ``needs``: characters (as written) one of which every text the detector finds anything in
    holds, beside a hint: what its finder checks before anything else (a line break for a
    detector of lines, an operator for assignments). The prefilter drops the detector from a
    text with a hint but none of these, sparing the call (prose that says "passed" wakes
    the detectors of ``pass`` names).
    """

    name: str
    find: Finder
    hints: tuple[str, ...] = ()
    exact: tuple[str, ...] = ()
    ascii_hints: tuple[str, ...] = ()
    needs: str = ""


#: A mask written by this module (also the bare ``[REDACTED]`` people write by hand).
MASK_RE = lazy_compile(r"\[REDACTED(?::[a-z0-9_]+(?:#\d+)?)?\]")

# Left boundaries are checked by :func:`left_boundary`: not glued to a word character, except
# after a JSON escape such as ``\n`` (tool output is often JSON-escaped text).
_E = r"(?![A-Za-z0-9_])"


def left_boundary(text: str, start: int) -> bool:
    """True when ``start`` is not glued to a word character (a JSON ``\\n`` escape counts as a gap)."""
    if start == 0 or not _WORDCHAR(text[start - 1]):
        return True
    return start >= 2 and text[start - 2] == "\\" and text[start - 1] in "nrt"


def _WORDCHAR(c: str) -> bool:  # noqa: N802 - reads like a character class
    return c.isascii() and (c.isalnum() or c == "_")


_LAST_LOWER: tuple[str, str] = ("", "")


def lowered(text: str) -> str:
    """``text.lower()``, computed once per text however many detectors ask (the last text's
    lower-case form is kept; the pair is swapped in one assignment, so threads never see a
    text with another's lower case)."""
    global _LAST_LOWER
    last = _LAST_LOWER
    if last[0] is text:
        return last[1]
    low = text.lower()
    _LAST_LOWER = (text, low)
    return low


def set_lowered(text: str, low: str) -> None:
    """Keep ``low`` as ``text``'s lower case (:func:`lowered`): the prefilter hands on the
    case-folded copy it scanned where that is the lower case (an ASCII text's always), so the
    detectors' keyword searches run in that very string and skip the words its scan did not
    find there (:func:`occurrences`, ``hintscan.known_absent``)."""
    global _LAST_LOWER
    _LAST_LOWER = (text, low)


_LAST_DIGIT: tuple[str, bool] = ("", False)
#: The characters ``re``'s ``\d`` matches in an ASCII text.
ASCII_DIGITS = tuple("0123456789")
_ANY_DIGIT = lazy_compile(r"\d")


def has_digit(text: str) -> bool:
    """Whether ``text`` holds a character ``re``'s ``\\d`` matches (any Unicode decimal digit):
    a detector whose every match holds a digit skips a text without one, however many such
    detectors ask (the last text's answer is kept, like :func:`lowered`). ASCII text is checked
    with ten substring searches instead of a regex scan (which tests each character's category)."""
    global _LAST_DIGIT
    last = _LAST_DIGIT
    if last[0] is text:
        return last[1]
    if text.isascii():
        found = any(d in text for d in ASCII_DIGITS)
    else:
        found = _ANY_DIGIT.search(text) is not None
    _LAST_DIGIT = (text, found)
    return found


#: The keyword passes of the hays searched last (see :func:`occurrences`), by the hay's id
#: (the hay kept, so its id is not reused): a text and its lower case, searched in turn.
_FOUND: dict[int, tuple[str, dict[str, tuple[int, ...]]]] = {}
_FOUND_KEPT = 4


def occurrences(hay: str, needle: str) -> tuple[int, ...]:
    """Every start of ``needle`` in ``hay``, overlapping ones included, in order: one keyword
    pass shared by the detectors that look for the same keyword in the same lower-cased text
    (``pass``, ``secret``, ``token``, ``key``...), instead of a pass each. The answers for the
    last few hays are kept (:func:`forget_occurrences` drops them when a scan ends)."""
    entry = _FOUND.get(id(hay))
    if entry is None or entry[0] is not hay:
        if len(_FOUND) >= _FOUND_KEPT:
            _FOUND.clear()
        entry = _FOUND[id(hay)] = (hay, {})
    found = entry[1].get(needle)
    if found is None:
        if known_absent(hay, needle):  # the prefilter's one pass found no such hint in it
            entry[1][needle] = ()
            return ()
        found = known_starts(hay, needle)  # (the prefilter's one pass found where, too)
        if found is None:
            starts = []
            at = hay.find(needle)
            while at >= 0:
                starts.append(at)
                at = hay.find(needle, at + 1)
            found = tuple(starts)
        entry[1][needle] = found
    return found


def stem_matches(rx: re.Pattern[str], text: str, stems: tuple[str, ...]) -> Iterator[re.Match[str]]:
    """``rx.finditer(text)`` for a pattern every match of which starts with one of ``stems`` (lower
    case) as the lower-cased text holds it: in an ASCII text (whose lower case keeps its offsets,
    and where ``re`` folds no other character to an ASCII letter) ``rx`` is tried only at those
    places (a few substring searches, shared through :func:`occurrences`, instead of a match tried
    at every position: a pattern that opens with ``(?i)`` or ``\\b`` has no literal prefix for
    ``re`` to skip ahead to), in order and not overlapping, as ``finditer`` finds them."""
    if not text.isascii():
        yield from rx.finditer(text)
        return
    low = lowered(text)
    starts: set[int] = set()
    for stem in stems:
        starts.update(occurrences(low, stem))
    end = 0
    for at in sorted(starts):
        if at >= end and (m := rx.match(text, at)) is not None:
            end = m.end()
            yield m


#: What each detector module keeps of the last text it was asked about (its lower case, a
#: digit's presence, its character classes, its findings) is dropped by a function it registers
#: here (:func:`forget_at_scan_end`): the text may hold a secret, and none outlives the scan.
_FORGETTERS: list[Callable[[], None]] = []


def forget_at_scan_end(forget: Callable[[], None]) -> Callable[[], None]:
    """Register ``forget`` to run when the outermost scan ends (:func:`forget_occurrences`)."""
    _FORGETTERS.append(forget)
    return forget


def forget_occurrences() -> None:
    """Drop the kept keyword passes (and the hays they were found in), what the last prefilter
    scan found, and every text kept with an answer about it (:func:`lowered`, :func:`has_digit`
    and those registered with :func:`forget_at_scan_end`): called when the outermost scan ends
    (a scan inside a scan hands the outer's state back instead: ``restore_scan_state``). Each
    cache is kept with its very text and used only for it, so no finding changes."""
    global _LAST_LOWER, _LAST_DIGIT
    _FOUND.clear()
    forget_present()
    _LAST_LOWER = ("", "")
    _LAST_DIGIT = ("", False)
    for forget in _FORGETTERS:
        forget()


#: What :func:`scan_state` hands back to :func:`restore_scan_state`.
ScanState = tuple[
    tuple[str, str], tuple[str, bool], dict[int, tuple[str, dict[str, tuple[int, ...]]]], Present
]


def scan_state() -> ScanState:
    """What the scan under way keeps of its text (its lower case, whether it holds a digit, its
    keyword passes, what the prefilter's pass found), taken before a scan of another text made
    inside it (a decoded value's, :mod:`~memscribe.redaction.encoded`) and handed back to
    :func:`restore_scan_state` when that one ends. Each is kept with the very text it is about
    and used only for that text, so the findings are the same whether it is restored or lost;
    lost, the rest of the scan searches its keywords again and re-derives the rest."""
    return _LAST_LOWER, _LAST_DIGIT, dict(_FOUND), present()


def restore_scan_state(state: ScanState) -> None:
    """Make ``state`` (:func:`scan_state`) the scan's own again."""
    global _LAST_LOWER, _LAST_DIGIT
    _LAST_LOWER, _LAST_DIGIT, found, kept = state
    _FOUND.clear()
    _FOUND.update(found)
    restore_present(kept)


ASCII_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
ASCII_LETTERS = ASCII_LOWER | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def word_before(
    text: str, lo: int, end: int, letters: frozenset[str] = ASCII_LETTERS, marks: str = " -"
) -> str | None:
    """Group 1 of ``re.compile(r"([A-Za-z]+)[ -]$").search(text, lo, end)`` (``letters`` the
    class of the run, ``marks`` of the character after it), or None: the letters right before
    the blank or hyphen that ends ``text[lo:end]`` (or ends it but for a line break), read
    backwards from ``end`` instead of a search trying each of the window's characters (the
    pattern has no literal to skip ahead to)."""
    mark = end - 1
    if mark > lo and text[mark] == "\n":  # (``$`` also matches before a line break ending the window)
        mark -= 1
    if mark <= lo or text[mark] not in marks:
        return None
    run = mark
    while run > lo and text[run - 1] in letters:
        run -= 1
    return text[run:mark] if run < mark else None


def apart(starts: tuple[int, ...], size: int) -> list[int]:
    """``starts`` (of a needle ``size`` long) without those inside an earlier one kept: the
    occurrences a search that resumes after each one it finds returns."""
    kept: list[int] = []
    end = -1
    for at in starts:
        if at >= end:
            kept.append(at)
            end = at + size
    return kept


#: Characters ``re`` matches case-insensitively as an ASCII letter their ``lower()`` is not.
_RE_FOLDS = {"\u017f": "s", "\u212a": "k"}


def same_offsets(text: str, low: str) -> bool:
    """True when offsets into ``low`` (:func:`lowered`) are offsets into ``text`` and every
    case-insensitive regex match holds its lower-case hint: no character changed length when
    lower-cased, and no long s or Kelvin sign (which ``re`` matches as ``s`` and ``k``)."""
    # (an ASCII text, told at once, holds neither: most texts are not searched for them)
    return len(low) == len(text) and (text.isascii() or not any(ch in text for ch in _RE_FOLDS))


def _fold_one(ch: str) -> str:
    low = ch.lower()
    return _RE_FOLDS.get(ch) or (low if len(low) == 1 else low[0])


def offset_lowered(text: str) -> str:
    """Lower case with ``text``'s offsets, for substring searches whose positions index ``text``:
    :func:`lowered` where that keeps them (:func:`same_offsets`); else each character lower-cased
    alone, keeping the first character where lower-casing lengthens it (``İ`` → ``i``), with the
    letters ``re`` folds specially (long s, Kelvin sign) as the ASCII letter it matches them as."""
    low = lowered(text)
    if same_offsets(text, low):
        return low
    return "".join(_fold_one(ch) for ch in text)


def hint_lines(low: str, hints: tuple[str, ...]) -> list[tuple[int, int]]:
    """Sorted, merged ``(start, end)`` spans of the lines of ``low`` that contain a hint."""
    spans: set[tuple[int, int]] = set()
    size = len(low)
    for hint in may_hold(low, hints):  # (those the prefilter's scan did not find skipped at once)
        end = -1
        for at in occurrences(low, hint):  # (shared with the other detectors that look for it)
            if at < end:
                continue  # on the line just taken
            end = low.find("\n", at)
            end = size if end < 0 else end
            spans.add((low.rfind("\n", 0, at) + 1, end))
    # each span is a whole line (up to its break): two are the same line or apart, never
    # overlapping nor touching, so merging them is dropping the repeats
    return sorted(spans)


#: A line-bound pattern scans only the lines holding its hint when they hold fewer than one
#: occurrence per this many characters of the text; else the whole text, in one call (a line
#: found and scanned apart costs about what ``re`` takes to scan this many characters).
_CHARS_PER_WINDOW = 512

#: A token cut short by filler is a template, not a token (``xoxp-572370529330-####``).
FILLER_AFTER = frozenset({"###", "***", "...", "xxx", "XXX", "…"})


def _ungated(text: str) -> bool:
    """The gate of a pattern without one: every text may hold a match."""
    return True


def regex_finder(
    pattern: str,
    flags: int = 0,
    *,
    group: str | int = 0,
    check: bool = True,
    strict_value: bool = False,
    hints: tuple[str, ...] = (),
    ihints: tuple[str, ...] = (),
    boundary: bool = False,
    line_bound: bool = False,
    gate: str = "",
) -> Finder:
    """A finder over ``pattern``'s matches (``group``'s span).

    ``hints``: literal substrings one of which every match contains; the combined prefilter
    skips the detector when none occurs (a substring search is far cheaper than a regex scan).
    ``ihints``: the same, lower-case; the regex then only scans the lines that hold one.
    ``boundary``: the match must not start glued to a word character (checked here rather
    than with a leading look-behind, which would stop ``re`` from scanning for the literal
    prefix). ``check``: drop placeholder values (:func:`is_placeholder`); ``strict_value``: drop
    anything the value decision vetoes (:func:`not_a_secret`: also benign shapes, identifiers
    made of words, sequential runs, and a match followed by filler such as ``####``), for
    random tokens. ``line_bound``: no match can hold a line break (the pattern has no ``.``,
    negated or space class and no anchor), so only the lines holding a case-sensitive pattern's
    hint are scanned (a match holds its hint, hence lies on such a line), when they are few
    (:data:`_CHARS_PER_WINDOW`): scanning the whole text finds the same matches. ``gate``: a
    pattern every match holds a match of, quick to search for (it opens with a literal): a text
    without one is not scanned with ``pattern`` (whose opening ``re`` cannot skip ahead to).
    """
    # Compiled on first use: a run meets few of the ~80 detectors (the prefilter skips the rest).
    # The pattern, its exact hints and its gate are kept in one append, so a thread that finds
    # ``compiled`` filled finds all three (threads of a worker redact at once: the Ray engine's).
    compiled: list[tuple[re.Pattern[str], tuple[str, ...], Callable[[str], object]]] = []

    def find(text: str) -> Iterator[tuple[int, int]]:
        if not compiled:
            rx = compile_table(pattern, flags)  # (a detector table's: kept in the program cache)
            # The combined prefilter checks the hints case-folded (see ``Detector``); a
            # case-sensitive pattern's matches hold one as written, so a text with ``ac`` but
            # no ``AC`` is skipped here.
            cased = hints if not rx.flags & re.IGNORECASE and "(?i" not in pattern else ()
            compiled.append((rx, cased, compile_table(gate).search if gate else _ungated))
        rx, exact, gated = compiled[0]
        windows: list[tuple[int, int]] = [(0, len(text))]
        if exact and line_bound and len(text) > _CHARS_PER_WINDOW:
            # one count of the hints both skips a text without one and says whether they are
            # few enough to scan their lines alone
            held = held_count(text, exact)
            if not held:
                return
            if not ihints and held * _CHARS_PER_WINDOW < len(text):
                windows = hint_lines(text, exact)
        elif exact and not any(h in text for h in exact):
            return
        if gated(text) is None:
            return
        if ihints:
            windows = hint_lines(offset_lowered(text), ihints)
        for m in (m for ws, we in windows for m in rx.finditer(text, ws, we)):
            start, end = m.span(group)
            if start < 0 or end <= start:
                continue
            if boundary and not left_boundary(text, m.start()):
                continue
            if kept_value(text, start, end, strict_value=strict_value, check=check):
                yield start, end

    return find


def held_count(text: str, hints: tuple[str, ...]) -> int:
    """How often ``hints`` occur in ``text`` as written: from the prefilter's one pass where it
    read ``text`` (:func:`~memscribe.redaction.hintscan.known_starts`, overlapping occurrences),
    else by ``str.count`` (apart). Zero exactly where none occurs; beyond that a size only, which
    chooses between scanning the hints' lines and the whole text (the same matches either way)."""
    held = 0
    for hint in hints:
        starts = known_starts(text, hint)
        held += text.count(hint) if starts is None else len(starts)
    return held


def kept_value(text: str, start: int, end: int, *, strict_value: bool = True, check: bool = True) -> bool:
    """A match's value ``text[start:end]`` is kept as a secret: with ``strict_value``, the value
    decision says it may be one (:func:`~memscribe.redaction.values.not_a_secret`) and no filler
    follows it ("…###"); with ``check``, it is no placeholder. A regex finder's last test
    (:func:`regex_finder`), and a provider finder's that reads its own matches."""
    if strict_value and (not_a_secret(text[start:end]) or text[end : end + 3] in FILLER_AFTER):
        return False
    return not (check and is_placeholder(text[start:end]))


def newlines(text: str) -> list[int]:
    """Where each ``\n`` of ``text`` is, in order (one pass; a line's bounds then come by bisection)."""
    found: list[int] = []
    at = text.find("\n")
    while at >= 0:
        found.append(at)
        at = text.find("\n", at + 1)
    return found
