"""One write guard for every path: profiles, playbooks, snapshots, group files, MCP writes, imports.

Pure (readers layer). Every text on its way to disk is

* cleaned: C0/C1 control characters (bar newline and tab), NULs, lone surrogates and the
  bidirectional / invisible format characters that can hide text from a reviewer are removed;
* bounded: a field over :data:`FIELD_MAX_CHARS` is refused whole (never written half); a code
  excerpt is cut to :data:`CODE_MAX_LINES` lines of at most :data:`CODE_MAX_LINE_CHARS`;
* redacted: secrets masked by :mod:`memscribe.redaction` (the caller keeps the findings);
* screened: text shaped like an instruction to an agent is refused (:mod:`memscribe.guard`).

:func:`nonsense` is the grounding check a model cannot game: a memory with no parseable
statement, or whose content words are mostly absent from the turns it cites, is refused
whatever the model claimed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from memscribe.guard import memory_rule as injection_rule
from memscribe.masking import mask_url_credentials as mask_url_credentials  # re-exported
from memscribe.redaction import Masker
from memscribe.schemas.plan import Redaction
from memscribe.textsim import CJK_CHARS

#: No single field (a memory body, a snapshot section, a group-file line) is longer than this.
FIELD_MAX_CHARS = 4000
#: A snapshot's Code Context keeps at most this many lines, each at most this long.
CODE_MAX_LINES = 50
CODE_MAX_LINE_CHARS = 240

#: Bidirectional controls and invisible format characters (Trojan Source, hidden text).
_BIDI = frozenset(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064"
    "\u2066\u2067\u2068\u2069\ufeff\ufff9\ufffa\ufffb"
)
_KEEP_CONTROLS = frozenset("\n\t")
#: A terminal escape sequence in its ECMA-48 / ISO 2022 shape, removed whole by :func:`clean_chars`.
#: A control string only in the shape its kind has, on one line, its body free of C1 and ESC (each
#: try stops at the next introducer: linear in the text): an OSC is an ASCII number, then ``;`` and
#: its text, up to BEL or ST (``ESC ]``: any length, so an iTerm2 image or an OSC 52 copy of
#: kilobytes goes too; the 8-bit ``\x9d``, seen mostly in mojibake, at most 512 printable ASCII
#: ones); a DCS (``ESC P``, ``\x90``: parameters, intermediates, a final, data), SOS, PM or APC
#: (``ESC X ^ _``, ``\x98 \x9e \x9f``) is printable ASCII without a space, up to ST only. So
#: mojibake (UTF-8 read as Latin-1: U+201C is ``\xe2\x80\x9c``, Cyrillic U+041C is ``\xd0\x9c``) and
#: ``ESC P`` before a word never take the words up to the next BEL or ST. Then a CSI (``ESC [``,
#: 8-bit ``\x9b``: parameters, intermediates, final). Last the short escapes, whose final is a
#: printable character like the text's: a designation (``ESC ( B``, ``ESC ) 0``, ``ESC ( A`` /
#: ``U``, ``ESC - A``, ``ESC # 8``, ``ESC % G``) or an Fp escape (``ESC 7 8 = >``) goes where no
#: text follows it (another control character, such as the ESC of ``ESC ( B ESC [ m`` that ``tput
#: sgr0`` writes, or the end) or where a capitalised word does (``ESC 7 Saving…ESC 8``, apt's ``ESC
#: 8 Setting up``, ``ESC ( B Title``, ``ESC # 8 Test``); an Fp escape also before three lower-case
#: letters (``ESC = commit`` of ``less``) and ``ESC 7`` / ``8`` right after a Latin letter, not
#: before a digit (``state ESC 8 done``), and ``ESC ( 0`` (line drawing) before drawing characters
#: (``_`` to ``~``, spaces) up to a control (``ESC ( 0 lqqk ESC ( B``). Before any other text it is
#: a stray ESC: ``ESC (Berlin)``, ``ESC (USA)``, ``ESC 78``, ``ESC 7 cats``, ``ESC 7/8``, ``ESC
#: -Team``, ``ESC %Growth``, ``ESC =5`` keep every character. The price: a real ``ESC ( B`` before a
#: word in lower case leaves ``(B``, and a stray ESC before ``7Zip`` or ``=foo`` takes ``7`` /
#: ``=``. Any other ESC or C1 character (at the end, before a space, a letter, a digit, ``'`` or
#: ``-``; a CSI or string never finished) is a lone control character: it goes alone, what follows
#: stays.
_ESCAPE = re.compile(
    r"\x1b\][0-9]+(?:;[^\x00-\x1f\x7f-\x9f]*)?(?:\x07|\x1b\\|\x9c)"
    r"|\x9d[0-9]+(?:;[\x20-\x7e]{0,512})?(?:\x07|\x1b\\|\x9c)"
    r"|(?:\x1bP|\x90)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e][\x21-\x7e]*(?:\x1b\\|\x9c)"
    r"|(?:\x1b[X^_]|[\x98\x9e\x9f])[\x21-\x7e]*(?:\x1b\\|\x9c)"
    r"|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    r"|\x1b(?:[()*+][0ABU]|[-./]A|#[3-8]|%[@G]|[78=>])(?=[\x00-\x1f\x7f-\x9f]|\Z|[A-Z][a-z])"
    r"|\x1b[78=>](?=[a-z]{3})"
    r"|(?<=[A-Za-z])\x1b[78](?![0-9])"
    r"|\x1b[()*+]0(?=[\x5f-\x7e][\x20\x5f-\x7e]*[\x00-\x1f\x7f-\x9f])"
)
_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)
#: The memory's own subject, written by the model, never said by the user.
_SUBJECT = frozenset({"user", "users", "their", "they", "them"})
#: A character of a script written without spaces (one definition: :data:`memscribe.textsim.CJK_CHARS`).
_CJK = re.compile(f"[{CJK_CHARS}]")


def clean_chars(text: str) -> str:
    """``text`` without control, bidi, invisible-format and lone-surrogate characters.

    ``\\r\\n`` becomes ``\\n``; a lone ``\\r`` becomes a newline; tab and newline stay. A terminal
    escape sequence (``ESC[31m``, ``ESC]0;title BEL``, ``ESC(B ESC[m``, 8-bit ``CSI``) goes whole: no
    ``[31m`` is left beside the words. A lone ESC or C1 character goes alone and eats no character
    of the text: a short escape (``ESC 7``, ``ESC ( B``) goes with its ESC where no text or a
    capitalised word follows it, never before a digit (:data:`_ESCAPE`).
    """
    if text.isascii() and text.isprintable():
        return text
    text = _ESCAPE.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    out: list[str] = []
    for ch in text:
        if ch in _KEEP_CONTROLS:
            out.append(ch)
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Co", "Cn") or ch in _BIDI:
            continue
        out.append(ch)
    return "".join(out)


def unsafe_chars(text: str) -> bool:
    """Whether :func:`clean_chars` would change ``text`` (for tests and audits)."""
    return clean_chars(text.replace("\r\n", "\n")) != text.replace("\r\n", "\n")


@dataclass(frozen=True)
class Refusal:
    """An item the guard refused: which field, why (``injection``, ``oversized``, ``nonsense``)."""

    field: str
    reason: str
    detail: str = ""

    def line(self) -> str:
        return f"{self.field}: {self.reason}" + (f" ({self.detail})" if self.detail else "")


@dataclass
class WriteGuard:
    """One per output (a snapshot, a flush, an import): cleans, bounds, redacts and screens text.

    Keeps what it did: ``redactions`` (masked secrets, never their values) and ``refused``.
    """

    masker: Masker = field(default_factory=Masker)
    redactions: list[Redaction] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)

    def text(self, value: str, *, name: str = "field", limit: int = FIELD_MAX_CHARS) -> str:
        """``value`` cleaned and redacted; ``""`` (refusal recorded) when it is over ``limit``."""
        value = clean_chars(value)
        if len(value) > limit:
            self.refused.append(Refusal(name, "oversized", f"{len(value)} chars, limit {limit}"))
            return ""
        masked, found = self.masker.redact(value)
        self.redactions.extend(Redaction(type=f.type, turn=None, stage="out") for f in found)
        return masked

    def admit(self, value: str, *, name: str = "item", limit: int = FIELD_MAX_CHARS) -> bool:
        """False (refusal recorded) when ``value`` is oversized or addresses the agent reading it."""
        value = clean_chars(value)
        if len(value) > limit:
            self.refused.append(Refusal(name, "oversized", f"{len(value)} chars, limit {limit}"))
            return False
        rule = injection_rule(value)
        if rule is not None:
            self.refused.append(Refusal(name, "injection", f"rule {rule}"))
            return False
        return True

    def code(self, value: str, *, name: str = "code_context") -> str:
        """A code excerpt cleaned, redacted and cut to the line bounds (a cut is noted in the text)."""
        lines = clean_chars(value).split("\n")
        kept: list[str] = []
        for line in lines[:CODE_MAX_LINES]:
            kept.append(line if len(line) <= CODE_MAX_LINE_CHARS else line[:CODE_MAX_LINE_CHARS] + " …")
        if len(lines) > CODE_MAX_LINES:
            self.refused.append(Refusal(name, "oversized", f"{len(lines)} lines, kept {CODE_MAX_LINES}"))
            kept.append(f"… ({len(lines) - CODE_MAX_LINES} more lines not kept)")
        masked, found = self.masker.redact("\n".join(kept))
        self.redactions.extend(Redaction(type=f.type, turn=None, stage="out") for f in found)
        return masked

    def refused_lines(self) -> list[str]:
        return [r.line() for r in self.refused]


#: An archive reason (``forget --reason``, the MCP tool, a plan's archive op) is at most this long.
REASON_MAX_CHARS = 500
#: What an archive op says in place of a reason the guard refuses (no superseding write known).
WITHHELD_REASON = "archived (reason withheld: it read as an instruction to an agent)"


def archive_reason(reason: str, superseded_by: str | None = None) -> tuple[str, bool]:
    """A reason memscribe itself wrote (a model's dedup or consolidate reason) as it may reach an
    archived file's ``archive_reason:`` line: one line, cleaned, secrets masked; one the guard
    refuses (shaped like an instruction to an agent, or oversized) is replaced by a neutral one
    (``superseded by <id>``). Returns the reason and whether it was replaced. A reason a person
    types (``forget --reason``) is refused instead, never rewritten."""
    one_line = re.sub(r"\s*\n\s*", " ", reason).strip()
    guard = WriteGuard()
    if guard.admit(one_line, name="reason", limit=REASON_MAX_CHARS):
        return guard.text(one_line, name="reason", limit=REASON_MAX_CHARS), False
    return (f"superseded by {superseded_by}" if superseded_by else WITHHELD_REASON), True


def fit_budget(render: Callable[[list[str]], str], items: list[str], budget: int) -> tuple[str, list[str]]:
    """Render with as many of ``items`` (kept in order) as fit ``budget`` characters.

    Returns the text and the items left out (over budget). With none of ``items`` the text is
    returned even when already over budget: what is on disk is not the new items' fault.
    """
    kept = list(items)
    text = render(kept)
    dropped: list[str] = []
    while kept and len(text) > budget:
        dropped.insert(0, kept.pop())
        text = render(kept)
    return text, dropped


def _words(text: str) -> list[str]:
    if text.isascii():  # lower-cased first: the same words (an ASCII letter stays one), one call
        return _WORD.findall(text.lower())
    return [w.lower() for w in _WORD.findall(text)]


_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _letters(text: str) -> int:
    """How many of ``text``'s characters are letters (``str.isalpha``)."""
    if text.isascii():  # the ASCII letters are the only ASCII characters isalpha holds
        return len(text) - len(text.encode("ascii").translate(None, _ASCII_LETTERS))
    return sum(map(str.isalpha, text))


def _cjk_share(text: str, letters: int | None = None) -> float:
    """Share of ``text``'s letters (``letters``, when already counted) that are CJK, modifier
    letters left out of both counts (:func:`_cjk_letters`)."""
    if text.isascii():  # no CJK character in it (``str.isascii`` is a flag of the string, no scan)
        return 0.0
    if letters is None:
        letters = _letters(text)
    marks = sum(unicodedata.category(c) == "Lm" for c in text)  # each is a letter to str.isalpha
    return _cjk_letters(text) / max(1, letters - marks)


def _cjk_letters(text: str) -> int:
    """How many of ``text``'s characters are CJK letters: a modifier letter (Unicode Lm: a sound
    or length mark ``ﾞ`` ``ｰ`` ``ー``, an iteration mark) marks the letter before it and is none of
    its own, as for the MCP tools' readability test (``mcp_server.drawn.readable``)."""
    return sum(unicodedata.category(c) != "Lm" for c in _CJK.findall(text))


def nonsense(text: str, cited: Iterable[str]) -> str | None:
    """Why ``text`` is not a statement the cited user turns support, or None when it is.

    Model-independent: a memory needs a readable statement (at least two words, mostly letters)
    and most of its content words (length ≥ 4, the memory's subject aside) must occur in the cited turns.
    Function words are not counted; a word counts as present when a cited word shares its
    first five letters (inflection: ``prefers`` / ``preferred``).
    """
    clean = clean_chars(text).strip()
    words = _words(clean)
    letters = _letters(clean)
    cjk = _cjk_share(clean, letters) > 0.3
    # Scripts written without spaces (CJK) count characters, not words.
    units = _cjk_letters(clean) // 2 + len(words) if cjk else len(words)
    if units < 2 or letters < 0.5 * max(1, len(clean.replace(" ", ""))):
        return "no readable statement"
    source = " ".join(cited)
    if not source.strip():
        return "no cited user turn"
    if cjk or _cjk_share(source) > 0.3:
        return None  # another script (or a translation): the lexical test cannot judge it
    have = set(_words(source))
    stems = {w[:5] for w in have if len(w) >= 5}
    content = [w for w in words if len(w) >= 4 and w not in _SUBJECT]
    if len(content) < 3:
        return None
    absent = [w for w in content if w not in have and not (len(w) >= 5 and w[:5] in stems)]
    if len(absent) > 0.8 * len(content):
        return f"{len(absent)} of {len(content)} content words absent from the cited turns"
    return None
