"""Combine: run the detectors, merge overlapping spans, mask; transcripts and secret-only text."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from memscribe.lazyre import lazy_compile
from memscribe.redaction.allowlists import allowlisted
from memscribe.redaction.base import MASK_RE, Detector, Finding, forget_occurrences, set_lowered
from memscribe.redaction.detectors import CONTACT_DETECTORS, DETECTORS
from memscribe.redaction.extents import widened_groups
from memscribe.redaction.hintkeys import Keyed, key_hints, keyed_on
from memscribe.redaction.hintscan import WordScan, plan_scanner, word_scanner
from memscribe.redaction.values import forget_values
from memscribe.schemas.plan import Redaction
from memscribe.schemas.transcript import ToolCall, Transcript, Turn

# --------------------------------------------------------------------------- resolution


class _Candidate(NamedTuple):
    """A detector's span before merging (a tuple: made for every finding of every detector)."""

    type: str
    start: int
    end: int
    priority: int


Ranked = tuple[tuple[int, Detector], ...]
_WITH_CONTACT = DETECTORS + CONTACT_DETECTORS
_CONTACT_TYPES = frozenset(d.name for d in CONTACT_DETECTORS)


#: Characters of a transcript's texts searched at a time (bounds the case-folded copy held).
_SPAN_CHARS = 1 << 19
#: Characters of a span split into words at a time (bounds the list of words held).
_WORDS_CHARS = 1 << 16


def detectors_per_text(texts: Sequence[str], detectors: tuple[Detector, ...]) -> list[Ranked]:
    """:func:`active_detectors` of each of ``texts`` (a transcript's), from one look-up pass per
    distinct hint over the transcript (a span of texts of about :data:`_SPAN_CHARS` at a time)
    instead of one per hint per text: each occurrence found marks its text (then the search
    moves on to the next text), so a text costs nothing for the hints it lacks; and a hint
    absent from the span's vocabulary (:func:`_vocabulary`) is not looked for at all. The same
    detectors, in the same order, as asking text by text: a text's detectors are those without
    hints and those with a hint it holds (case-folded, or as written for ``exact`` hints)."""
    return list(iter_detectors_per_text(texts, detectors))


def iter_detectors_per_text(texts: Iterable[str], detectors: tuple[Detector, ...]) -> Iterator[Ranked]:
    """:func:`detectors_per_text`, streamed: ``texts`` are read a span at a time (about
    :data:`_SPAN_CHARS` characters; a text longer than that is a span of its own) and each
    span's detector lists are yielded before the next span is read, so no list of every text
    (or of every text's detectors) is held."""
    full, ascii_only = _plans(detectors)
    entries = full[2]
    lists: dict[int, Ranked] = {}
    span: list[str] = []
    size = 0
    for text in itertools.chain(texts, (None,)):
        if span and (text is None or size + len(text) >= _SPAN_CHARS):
            for mask in _hint_masks(span, full, ascii_only):
                chosen = lists.get(mask)
                if chosen is None:
                    chosen = lists[mask] = tuple((prio, det) for prio, det, bit in entries if mask & bit)
                yield chosen
            span, size = [], 0
        if text is not None:
            span.append(text)
            size += len(text) + 1


def _hint_masks(texts: Sequence[str], full: _Plan, ascii_only: _Plan) -> list[int]:
    """The bits of the detectors (``full``'s; ``ascii_only``'s for an ASCII span) that can fire
    on each of ``texts``: each text's hints found in one pass over it and its slice of the
    span's case-folded copy (:func:`plan_scanner`), else each hint looked up across the span."""
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
    always, hint_bits, _, _, narrow = plan
    ends = [at - 1 for at in starts[1:]]
    ends.append(len(joined))
    if (scan := plan_scanner(hint_bits)) is not None:
        on = [scan(text, joined[at:end], always) for text, at, end in zip(texts, starts, ends, strict=True)]
        return _narrowed(on, joined, starts, ends, narrow) if narrow else on
    last = len(texts) - 1
    on = [always] * len(texts)
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
    return _narrowed(on, joined, starts, ends, narrow) if narrow else on


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
    always, hint_bits, entries, keyed, _ = plan
    on = always
    if (scan := plan_scanner(hint_bits)) is not None:
        on = scan(text, folded, on)
    elif len(text) <= _KEYED_CHARS:  # a short text: only the hints whose key character it holds
        on = keyed_on(text, folded, keyed, on)
    else:
        for hint, bits, cased, _ in hint_bits:
            if bits & ~on and hint in (text if cased else folded):
                on |= bits
    return [(prio, det) for prio, det, bit in entries if on & bit]


#: Texts up to this long look their hints up by key character (:mod:`hintkeys`); a longer
#: one holds nearly every character, and a set of them costs more than it saves.
_KEYED_CHARS = 2048


#: A prefilter plan: the bits of the detectors without hints (always on); each distinct hint
#: with the bits of the detectors it enables, whether it is looked for as written (``exact``)
#: rather than case-folded, and its whitespace-free pieces, case-folded (see :func:`_vocabulary`);
#: ``(priority, detector, bit)`` in order; and the hints by key character (:func:`key_hints`).
_Hint = tuple[str, int, bool, tuple[str, ...]]
#: Then, in the plan for any text, each detector with ``ascii_hints`` (its bit and those hints):
#: the ASCII plan's narrowing, for a text whose case-folded copy is ASCII in a span that is not.
_Narrow = tuple[tuple[int, tuple[str, ...]], ...]
_Plan = tuple[int, tuple[_Hint, ...], tuple[tuple[int, Detector, int], ...], Keyed, _Narrow]
#: Plans by the id of the detectors considered (the object kept, so its id is not reused).
_PLANS: dict[int, tuple[object, _Plan, _Plan]] = {}
_PLANS_KEPT = 32


def _plan(ranked: list[tuple[int, Detector]], keep: Callable[[str], bool], ascii_text: bool = False) -> _Plan:
    always, bits, entries = 0, dict[tuple[str, bool], int](), []
    narrow: list[tuple[int, tuple[str, ...]]] = []
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
        if not wanted:
            always |= bit
        for hint in hints:
            bits[hint, cased] = bits.get((hint, cased), 0) | bit
    hint_bits = tuple((hint, b, cased, tuple(hint.casefold().split())) for (hint, cased), b in bits.items())
    keyed = key_hints(tuple((hint, b, cased) for hint, b, cased, _ in hint_bits))
    return always, hint_bits, tuple(entries), keyed, tuple(narrow)


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


def find_secrets(
    text: str,
    *,
    redact_contact: bool = False,
    prefilter: bool = True,
    chosen: Ranked | None = None,
) -> list[Finding]:
    """All secret spans in ``text``, overlaps merged, sorted by position; a value found recurs
    as a span of its own wherever else ``text`` holds it verbatim (:func:`with_repeats`).

    ``redact_contact`` adds :data:`CONTACT_DETECTORS` (emails, phone numbers), which are kept
    by default: the seeds allow a user's name, role and timezone, and contact details are not
    credentials.

    Overlapping candidates are merged into one span (the union, so no detected character
    survives); the merged span takes the type of its longest candidate, ties going to the
    earlier, more specific detector. Candidates touching an existing mask are ignored.
    ``prefilter=False`` runs every detector (the findings are the same; tests compare).
    ``chosen``: the detectors that can fire on ``text``, found beforehand
    (:func:`detectors_per_text`; :data:`DETECTORS` only, so not with ``redact_contact``).
    """
    try:
        return _find_secrets(text, redact_contact, prefilter, chosen)
    finally:
        forget_values()  # the value tests' memos hold values of ``text``: none outlives the scan
        forget_occurrences()  # (the keyword passes hold ``text`` itself)


def _find_secrets(text: str, redact_contact: bool, prefilter: bool, chosen: Ranked | None) -> list[Finding]:
    # every mask holds "[REDACTED" as written: a text without one is not scanned
    masks = [m.span() for m in MASK_RE.finditer(text)] if "[REDACTED" in text else []
    cands: list[_Candidate] = []
    detectors = _WITH_CONTACT if redact_contact else DETECTORS
    if chosen is None or redact_contact:  # ``chosen`` ranks DETECTORS alone
        chosen = tuple(active_detectors(text, detectors) if prefilter else enumerate(detectors))
    for prio, det in chosen:
        for start, end in det.find(text):
            if any(start < me and ms < end for ms, me in masks):
                continue
            if allowlisted(det.name, text[start:end]):
                continue  # gitleaks' allowlists: a documented example key, a template
            cands.append(_Candidate(det.name, start, value_end(text, end), prio))
    inner: list[tuple[int, int]] = []  # the secrets a whole-value extent was widened from
    if cands:  # a secret in a whole credential (extents: a URL with user info or otpauth://, a quoted
        # connection string) widens to all of it; a contact finding (an email in a label) does not
        secret = [c.type not in _CONTACT_TYPES for c in cands]
        for lo, hi, at in widened_groups(text, [(c.start, c.end) for c in cands], secret):
            held = [cands[i] for i in at]
            inner += [(c.start, min(c.end, hi)) for c in held]
            first = min(held, key=lambda c: c.priority)
            cands.append(_Candidate(first.type, lo, hi, first.priority))
    cands.sort(key=lambda c: (c.start, -c.end))
    merged: list[list[_Candidate]] = []
    group_end = -1
    for c in cands:
        if merged and c.start < group_end:
            merged[-1].append(c)
            group_end = max(group_end, c.end)
        else:
            merged.append([c])
            group_end = c.end
    findings = []
    by_start = sorted((s, i) for i, s in enumerate(inner))  # each group bisects the secrets it holds
    for group in merged:
        best = min(group, key=lambda c: (-(c.end - c.start), c.priority))
        start, end = min(c.start for c in group), max(c.end for c in group)
        lo, hi = (bisect.bisect_left(by_start, ((at, -1), -1)) for at in (start, end))
        within = tuple(
            s for s, _ in sorted(by_start[lo:hi], key=lambda h: h[1]) if s[1] <= end and s != (start, end)
        )
        findings.append(Finding(best.type, start, end, within))
    if findings:
        values = [(text[s:e], f.type) for f in findings for s, e in ((f.start, f.end), *f.inner)]
        findings = with_repeats(text, findings, values, masks)
    return findings


#: What ends a value inside a run of ASCII graphic characters: a quote, a closing bracket (the
#: value was inside it), ``[`` (a mask's start), a list's or a statement's separator (``,``
#: ``;``), a URL's host mark (``@``), a field's separator (``:``), a pipe. Not ``/``, ``+`` or
#: ``=`` (base64 holds them), nor ``(``, ``{``, ``<`` or another symbol (a password's).
_VALUE_STOPS = frozenset("\"'`)]}>[,;@|:")
#: What after a backslash ends a value: an escaped quote, or nothing.
_ESCAPED_ENDS = frozenset(('"', "'", "`", ""))
#: Escaped line breaks and tabs (JSON-escaped text).
_ESCAPED_BLANKS = lazy_compile(r"(?:\\[nrt])+")
#: Sentence marks that end a run of characters (then a blank or the text's end).
_SENTENCE_MARKS = lazy_compile(r"[.!?]+(?=\s|$)")
#: ``&`` that starts a query's next parameter (``&user=…``): the value before it is complete.
_NEXT_PARAM = lazy_compile(r"&[A-Za-z_][\w.-]*=")
#: An XML element's closing tag (``</string>``): the element's text ended before it.
_CLOSING_TAG = lazy_compile(r"</[A-Za-z_][\w.:-]*>")


def value_end(text: str, end: int) -> int:
    """``end`` moved to where the value a finding ends in does: over the ASCII graphic characters
    that follow it up to a blank or a character of :data:`_VALUE_STOPS` (``…Q`` then ``==``, a
    password's ``&``, ``-`` or ``_`` part after the characters a detector's shape took), a
    backslash escape counting as the character it escapes. A mask that stops inside a value
    leaves its last characters readable; one that runs on to the value's syntactic end leaves
    none. Non-ASCII text (CJK runs without blanks) is not taken in."""
    size = len(text)
    while end < size:
        c = text[end]
        if not ("!" <= c <= "~") or c in _VALUE_STOPS or (c == "&" and _NEXT_PARAM.match(text, end)):
            break
        if c == "<" and _CLOSING_TAG.match(text, end) is not None:
            break
        if c in ".!?" and _SENTENCE_MARKS.match(text, end) is not None:
            break  # marks that end the run: a sentence's (the detectors decide whether a value's)
        if c == "\\":
            if (blanks := _ESCAPED_BLANKS.match(text, end)) is not None:
                # escaped blanks end the value, unless they end the quoted string of an armoured
                # block (a PEM key in JSON, ``"…-----END PRIVATE KEY-----\\n"``): a key file's
                # text ends with its line break
                closing = text.startswith('"', blanks.end()) and text.endswith("-----", 0, end)
                return blanks.end() if closing else end
            if text[end + 1 : end + 2] in _ESCAPED_ENDS:
                break  # an escaped quote (``\\"``) ends the value as the quote would
            end += 1  # an escaped character of the value (``\\$``): both are its own
        end += 1
    return end


#: A value found as a secret is masked wherever else it occurs verbatim once it is this long:
#: a password said in prose and then typed into a command (``printf '%s' '<it>' > /tmp/.vp``),
#: a token pasted twice. Shorter values (a PIN) could be any number elsewhere.
REPEAT_MIN_LEN = 8
#: ... and when it occurs at most this many times in the text: a secret is said and then used;
#: a value that recurs line after line is an identifier (an account id in every URL, a public
#: app key in every call), which a detector that judged it a secret judged wrongly.
REPEAT_MAX = 2


def with_repeats(
    text: str,
    findings: list[Finding],
    values: Iterable[tuple[str, str]],
    masks: Sequence[tuple[int, int]] = (),
) -> list[Finding]:
    """``findings`` plus every other verbatim occurrence in ``text`` of ``values`` (``(value,
    type)`` pairs: secrets found in ``text`` or earlier in the same transcript) at least
    :data:`REPEAT_MIN_LEN` long and found at most :data:`REPEAT_MAX` times in ``text``, outside
    the findings and masks, sorted by position. The detectors judge a value once, in the context
    that shows it is a secret; the same characters elsewhere are the same secret, whatever their
    context says."""
    taken = sorted([(f.start, f.end) for f in findings] + list(masks))
    extra: list[Finding] = []
    seen: set[str] = set()
    for value, type_ in values:
        value = value.strip()
        if len(value) < REPEAT_MIN_LEN or value in seen:
            continue
        seen.add(value)
        found: list[int] = []  # its occurrences, as ``str.count`` counts them (one scan, or less)
        at = text.find(value)
        while at >= 0 and len(found) <= REPEAT_MAX:
            found.append(at)
            at = text.find(value, at + len(value))
        if len(found) > REPEAT_MAX:
            continue
        for at in found:
            end = at + len(value)
            i = bisect.bisect_left(taken, (end, end))
            if not (i and taken[i - 1][1] > at):  # no finding or mask overlaps it
                extra.append(Finding(type_, at, end))
                taken.insert(i, (at, end))
    return sorted(findings + extra, key=lambda f: f.start) if extra else findings


@dataclass
class Masker:
    """Masks secrets consistently within one transcript.

    The first distinct value of a type becomes ``[REDACTED:<type>]``, later distinct values
    ``[REDACTED:<type>#2]``, ``#3``...; the same value always gets the same mask, so a reader can
    still tell "the same key again" from "another key". A value found in one text is masked
    where it recurs verbatim in a later one (:func:`with_repeats`): a password the user states
    and a tool call then types. Values are held only in memory for the life of the masker and
    never returned.
    """

    #: also mask emails and phone numbers (see :func:`find_secrets`)
    redact_contact: bool = False
    _masks: dict[tuple[str, str], str] = field(default_factory=dict)
    _counts: dict[str, int] = field(default_factory=dict)

    _scan: tuple[int, WordScan | None] = (0, None)
    _values: list[tuple[str, str]] = field(default_factory=list)

    def _repeated(self, text: str) -> list[tuple[str, str]]:
        """The ``(value, type)`` pairs masked so far whose value (stripped) occurs in ``text``,
        in order: the only ones :func:`with_repeats` can find. Those of the one-pass look-up,
        rebuilt once the values added since have doubled them, and each added since looked up
        alone (each of them before the first look-up is built, or without pyahocorasick)."""
        values = self._values
        built, scan = self._scan
        if len(values) > 2 * built + 8:
            words = (v.strip() for v, _ in values)
            built, scan = self._scan = (
                len(values),
                word_scanner(w for w in words if len(w) >= REPEAT_MIN_LEN),
            )
        if scan is None:  # none built yet (few values), or no pyahocorasick: each looked up alone
            built, found = 0, None
        else:
            found = scan(text)
        old = [(v, t) for v, t in values[:built] if v.strip() in found] if found else []
        return old + [
            (v, t) for v, t in values[built:] if (w := v.strip()) in text and len(w) >= REPEAT_MIN_LEN
        ]

    def mask_for(self, type_: str, value: str, same_as: str | None = None) -> str:
        """The mask of ``value``: a new number of ``type_`` the first time, or ``same_as`` (the
        mask of the value it was found inside) without taking a number."""
        key = (type_, value)
        if key not in self._masks:
            if same_as is None:
                n = self._counts.get(type_, 0) + 1
                self._counts[type_] = n
                same_as = f"[REDACTED:{type_}]" if n == 1 else f"[REDACTED:{type_}#{n}]"
            self._masks[key] = same_as
            self._values.append((value, type_))
        return self._masks[key]

    def redact(self, text: str, chosen: Ranked | None = None) -> tuple[str, list[Finding]]:
        """Mask every secret in ``text``; findings carry spans into the input ``text``.
        ``chosen``: the detectors that can fire on it (:func:`detectors_per_text`), if known."""
        findings = find_secrets(text, redact_contact=self.redact_contact, chosen=chosen)
        if self._masks and (values := self._repeated(text)):  # a secret of an earlier text, here
            masks = [m.span() for m in MASK_RE.finditer(text)] if "[REDACTED" in text else []
            findings = with_repeats(text, findings, values, masks)
        if not findings:
            return text, []
        parts: list[str] = []
        pos = 0
        for f in findings:
            parts.append(text[pos : f.start])
            mask = self.mask_for(f.type, text[f.start : f.end])
            parts.append(mask)
            for s, e in f.inner:  # said again alone in a later text: masked there, as the same secret
                self.mask_for(f.type, text[s:e], same_as=mask)
            pos = f.end
        parts.append(text[pos:])
        return "".join(parts), findings


def redact_text(text: str, *, redact_contact: bool = False) -> tuple[str, list[Finding]]:
    """Mask each secret in ``text`` as ``[REDACTED:<type>]``.

    Returns the redacted text and the findings, whose spans index the *input* text.
    ``redact_contact`` also masks emails and phone numbers (kept by default). Idempotent: ``redact_text(redact_text(t)[0])`` returns its input unchanged with no findings.
    """
    return Masker(redact_contact=redact_contact).redact(text)


def redact_transcript(transcript: Transcript) -> tuple[Transcript, list[Redaction]]:
    """Redact every turn's text and tool-call arguments with one :class:`Masker`.

    Returns a new transcript (turns replaced, everything else kept) and one
    ``Redaction(type, turn=index, stage="in")`` per finding.

    Streamed, turn by turn: the prefilter reads the texts a span at a time
    (:func:`iter_detectors_per_text`), a turn's findings and detector results are dropped once
    it is masked, and only the turns that changed are held until the new tuple of turns is built
    (every other turn, and its text, is the input's own object).
    """
    per_text = iter_detectors_per_text(_texts(transcript.turns), DETECTORS)
    masker = Masker()
    redactions: list[Redaction] = []
    changed: dict[int, Turn] = {}
    for at, turn in enumerate(transcript.turns):
        text, found = masker.redact(turn.text, next(per_text))
        calls: list[ToolCall] = []
        if turn.tool_calls:
            for call in turn.tool_calls:
                args, arg_found = masker.redact(call.arguments, next(per_text))
                found += arg_found
                calls.append(call.model_copy(update={"arguments": args}) if arg_found else call)
        if found:
            redactions.extend(Redaction(type=f.type, turn=turn.index, stage="in") for f in found)
            changed[at] = turn.model_copy(update={"text": text, "tool_calls": tuple(calls)})
    if not changed:
        return transcript.model_copy(), redactions
    turns = tuple(changed.get(at, turn) for at, turn in enumerate(transcript.turns))
    return transcript.model_copy(update={"turns": turns}), redactions


def _texts(turns: Iterable[Turn]) -> Iterator[str]:
    """Each turn's text, then its tool calls' arguments, in order (what :func:`redact_transcript` masks)."""
    for turn in turns:
        yield turn.text
        for call in turn.tool_calls:
            yield call.arguments
