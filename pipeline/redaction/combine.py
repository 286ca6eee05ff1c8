"""Combine: run the detectors the prefilter (:mod:`~memscribe.redaction.prefilter`) chooses, merge
overlapping spans, mask; transcripts and secret-only text."""

from __future__ import annotations

import bisect
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from memscribe.lazyre import lazy_compile
from memscribe.redaction.allowlists import allowlisted
from memscribe.redaction.base import MASK_RE, Finding, forget_occurrences, restore_scan_state, scan_state
from memscribe.redaction.detectors import CONTACT_DETECTORS, DETECTORS
from memscribe.redaction.extents import widened_groups
from memscribe.redaction.hintscan import WordScan, word_scanner, word_starts
from memscribe.redaction.placeholders import forget_values
from memscribe.redaction.prefilter import Ranked, active_detectors, iter_detectors_per_text
from memscribe.redaction.recurring import Recurring
from memscribe.schemas.plan import Redaction
from memscribe.schemas.transcript import ToolCall, Transcript, Turn

# --------------------------------------------------------------------------- resolution


class _Candidate(NamedTuple):
    """A detector's span before merging (a tuple: made for every finding of every detector)."""

    type: str
    start: int
    end: int
    priority: int


_WITH_CONTACT = DETECTORS + CONTACT_DETECTORS
_CONTACT_TYPES = frozenset(d.name for d in CONTACT_DETECTORS)


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
    if getattr(_SCANNING, "on", False):
        return _inner_scan(text, redact_contact, prefilter, chosen)
    _SCANNING.on = True
    try:
        return _find_secrets(text, redact_contact, prefilter, chosen)
    finally:
        _SCANNING.on = False
        forget_values()  # the value tests' memos hold values of ``text``: none outlives the scan
        forget_occurrences()  # (the keyword passes hold ``text`` itself)


#: Whether this thread is inside :func:`find_secrets` (a detector scanning a decoded value then
#: asks for a scan inside the scan: :func:`_inner_scan`).
_SCANNING = threading.local()


def _inner_scan(text: str, redact_contact: bool, prefilter: bool, chosen: Ranked | None) -> list[Finding]:
    """:func:`find_secrets` of a text met inside a scan (a base64 value's decoded text, by
    :mod:`~memscribe.redaction.encoded`): what the scan under way keeps of its own text (its
    keyword passes, the prefilter's pass, its lower case) is handed back when this one ends, so
    the detectors after it do not search their keywords again; the value tests' memos are
    emptied when the outer scan ends (they are pure: the same answers either way)."""
    kept = scan_state()
    try:
        return _find_secrets(text, redact_contact, prefilter, chosen)
    finally:
        restore_scan_state(kept)


def _find_secrets(text: str, redact_contact: bool, prefilter: bool, chosen: Ranked | None) -> list[Finding]:
    # every mask holds "[REDACTED" as written: a text without one is not scanned
    masks = [m.span() for m in MASK_RE.finditer(text)] if "[REDACTED" in text else []
    cands: list[_Candidate] = []
    detectors = _WITH_CONTACT if redact_contact else DETECTORS
    if chosen is None or redact_contact:  # ``chosen`` ranks DETECTORS alone
        chosen = tuple(active_detectors(text, detectors) if prefilter else enumerate(detectors))
    mask_ends = [me for _, me in masks]  # (masks are apart and in order: so are their ends)
    for prio, det in chosen:
        for start, end in det.find(text):
            if masks and (i := bisect.bisect_right(mask_ends, start)) < len(masks) and masks[i][0] < end:
                continue  # inside a mask, or across one
            if allowlisted(det.name, text[start:end]):
                continue  # gitleaks' allowlists: a documented example key, a template
            cands.append(_Candidate(det.name, start, quoted_end(text, start, value_end(text, end)), prio))
    if not cands:
        return []  # (most texts: nothing to widen, merge or look for again)
    inner: list[tuple[int, int]] = []  # the secrets a whole-value extent was widened from
    # a secret in a whole credential (extents: a URL with user info or otpauth://, a quoted
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


#: The most characters a quoted value runs on after where a detector's finding ended in it.
_QUOTED_REST_MAX = 128
#: The most characters the name of a quoted ``NAME=value`` is read back for.
_NAME_BEFORE_MAX = 64


def _name_before(text: str, lo: int, at: int) -> int:
    """Where ``_NAME_BEFORE = re.compile(r"[A-Za-z_][\\w.-]*$|$")``'s search of ``text[lo:at]``
    matches (the name of a quoted ``NAME=value`` before its ``=``; ``at`` where there is none),
    read backwards from ``at`` instead: the pattern has no literal to skip ahead to, so the
    search tried both alternatives at each of the 64 characters. ``$`` also matches before a
    line break that ends the window; ``\\w`` is ``str.isalnum`` and ``_`` (tested equal on every
    code point)."""
    end = at - 1 if at > lo and text[at - 1] == "\n" else at
    run = end
    while run > lo and ((c := text[run - 1]).isalnum() or c in "_.-"):
        run -= 1
    for p in range(run, end):  # the first ASCII letter or ``_`` of the run starts the name
        c = text[p]
        if c == "_" or "a" <= c <= "z" or "A" <= c <= "Z":
            return p
    return end


#: Another ``key=value`` pair in the rest of a quoted string: a list of pairs, the value ended.
_PAIR_AFTER = lazy_compile(r"\s[A-Za-z_][\w.-]*=")


def quoted_end(text: str, start: int, end: int) -> int:
    """``end`` moved to the closing quote of a value the user quoted: a finding that starts right
    after a quote and ends before that quote closes on its line (``-p 'Xk9#mQ2 vL7'``, ``password
    = "Xk9#mQ2 vL7"``, ``-e "DB_PASSWORD=Xk9#mQ2 vL7"``: a detector of one token took the first)
    is the value's beginning, and the quote bounds the value, whatever blanks and marks it holds. A quote escaped by a backslash
    does not close it (one opened escaped closes escaped). No quote on the line within
    :data:`_QUOTED_REST_MAX` characters, or escaped line breaks before it (a JSON string holding
    a file's text goes on past the value) or another ``key=`` pair (``"password=… dbname=x"``)
    leave ``end`` as it was."""
    opened = start - 1
    if opened > 0 and text[opened] == "=":  # a quoted ``NAME=value`` (``-e "DB_PASSWORD=…"``)
        opened = _name_before(text, max(0, opened - _NAME_BEFORE_MAX), opened) - 1
    if opened < 0 or end >= len(text) or (q := text[opened]) not in "'\"`" or text[end] == q:
        return end
    limit = min(len(text), end + _QUOTED_REST_MAX)
    if opened >= 1 and text[opened - 1] == "\\":  # an escaped string (``\"…\"`` in JSON): its escaped close
        close = text.find("\\" + q, end, limit)
    else:
        close = text.find(q, end, limit)
        while close > 0 and text[close - 1] == "\\":
            close = text.find(q, close + 1, limit)
    rest = text[end:close] if close >= 0 else "\n"
    return (
        close
        if "\n" not in rest and _ESCAPED_BLANKS.search(rest) is None and not _PAIR_AFTER.search(rest)
        else end
    )


#: A value found as a secret is masked wherever else it occurs verbatim once it is this long:
#: a password said in prose and then typed into a command (``printf '%s' '<it>' > /tmp/.vp``),
#: a token pasted twice. Shorter values (a PIN) could be any number elsewhere.
REPEAT_MIN_LEN = 8
#: ... and when it occurs at most this many times in the text: a secret is said and then used;
#: a value that recurs line after line is an identifier (an account id in every URL, a public
#: app key in every call), which a detector that judged it a secret judged wrongly.
REPEAT_MAX = 2
#: From this many values on, :func:`with_repeats` finds their occurrences in one pass over the
#: text (:func:`~memscribe.redaction.hintscan.word_starts`) rather than one search each: a text
#: of 20,000 keys, each found, was searched whole 20,000 times.
_ONE_PASS_VALUES = 32


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
    pairs = [
        (value, type_) for value, type_ in ((v.strip(), t) for v, t in values) if len(value) >= REPEAT_MIN_LEN
    ]
    starts = (
        word_starts((v for v, _ in pairs), text, REPEAT_MAX + 1) if len(pairs) >= _ONE_PASS_VALUES else None
    )
    for value, type_ in pairs:
        if value in seen:
            continue
        seen.add(value)
        found: list[int] = []  # its occurrences, as ``str.count`` counts them (one scan, or less)
        if starts is not None:
            found = starts[value]
        else:
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
    #: ``((value, type), word)`` of each value masked so far, in order, whose ``word`` (the value
    #: stripped) is long enough to be looked for again (``REPEAT_MIN_LEN``): stripped once, when
    #: it is masked, and a shorter one never looked at again
    _words: list[tuple[tuple[str, str], str]] = field(default_factory=list)

    def _repeated(self, text: str) -> list[tuple[str, str]]:
        """The ``(value, type)`` pairs masked so far whose value (stripped; ``REPEAT_MIN_LEN`` or
        longer) occurs in ``text``, in order: the only ones :func:`with_repeats` can find. Those of the one-pass look-up,
        rebuilt once the values added since have doubled them, and each added since looked up
        alone (each of them before the first look-up is built, or without pyahocorasick)."""
        words = self._words
        built, scan = self._scan  # ``built``: how many of ``words`` the look-up holds
        if len(words) > 2 * built + 8:
            built, scan = self._scan = (len(words), word_scanner(w for _, w in words))
        if scan is None:  # none built yet (few values), or no pyahocorasick: each looked up alone
            return [pair for pair, w in words if w in text]
        found = scan(text)
        old = [pair for pair, w in words[:built] if w in found] if found else []
        return old + [pair for pair, w in words[built:] if w in text] if built < len(words) else old

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
            if len(word := value.strip()) >= REPEAT_MIN_LEN:
                self._words.append(((value, type_), word))
        return self._masks[key]

    def redact(self, text: str, chosen: Ranked | None = None) -> tuple[str, list[Finding]]:
        """Mask every secret in ``text``; findings carry spans into the input ``text``.
        ``chosen``: the detectors that can fire on it (:func:`detectors_per_text`), if known."""
        return self._redact(text, chosen, self._repeated(text) if self._words else [])

    def _redact(
        self, text: str, chosen: Ranked | None, values: list[tuple[str, str]]
    ) -> tuple[str, list[Finding]]:
        """:meth:`redact`, given ``values``: the values masked so far that ``text`` holds (:meth:`_repeated`)."""
        if chosen is not None and not chosen and not self.redact_contact:
            findings: list[Finding] = []  # no detector can fire on it (most texts): nothing to scan
        else:
            findings = find_secrets(text, redact_contact=self.redact_contact, chosen=chosen)
        if values:  # a secret of an earlier text, here
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
    # the values masked in earlier texts that each text holds, a span of texts at a time
    recurring = Recurring(masker._words, _texts(transcript.turns), masker._repeated)
    redactions: list[Redaction] = []
    changed: dict[int, Turn] = {}
    for at, turn in enumerate(transcript.turns):
        text, found = masker._redact(turn.text, next(per_text), recurring.next())
        calls: list[ToolCall] = []
        if turn.tool_calls:
            for call in turn.tool_calls:
                args, arg_found = masker._redact(call.arguments, next(per_text), recurring.next())
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
