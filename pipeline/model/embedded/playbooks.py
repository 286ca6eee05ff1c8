"""Playbooks: correction (user) → adjustment (assistant) → confirmation (user), worded for a reader."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memscribe import lexicon
from memscribe.lazyre import lazy_compile
from memscribe.lexicon import langs
from memscribe.lexicon.chain import confirmation as chain_confirmation
from memscribe.lexicon.chain import recorrects
from memscribe.lexicon.langs import FILLER_LEAD
from memscribe.lexicon.teaching import gives_up, rule_of_work, sets_norm, teaches_rule, unstated_why
from memscribe.model.embedded.profiles import is_assistant, is_user_speech
from memscribe.model.embedded.text import (
    clean,
    drop_interjections,
    has_cjk,
    has_secret,
    hash_slug,
    kebab,
    safe_slug,
    sentence_case,
    split_sentences,
    value_keep_case,
)
from memscribe.schemas.candidates import PlaybookCandidate
from memscribe.schemas.requests import TurnReading
from memscribe.schemas.transcript import Turn


class Reading:
    """What is read of a detector's ``turns`` once for all their chains: whether a user turn
    corrects the agent and whether it states a norm (``readings``, by turn index: the gate's
    reading; a turn not there, or a norm not asked there, is read when asked) and where the user
    last takes a correction back (read from the end, when a chain first asks)."""

    def __init__(self, turns: Sequence[Turn], readings: Mapping[int, TurnReading] | None = None) -> None:
        self._turns = turns
        self._readings = readings or {}
        #: where the user last takes a correction back, once found; the turns from ``_read_from``
        #: on have been read for one (and hold none while it is not found)
        self._last_reversal: int | None = None
        self._read_from = len(turns)

    def corrects(self, turn: Turn) -> bool:
        """:func:`~memscribe.lexicon.correction_signal` of the user turn ``turn`` (one of ``turns``)."""
        known = self._readings.get(turn.index)
        return lexicon.correction_signal(turn.text) if known is None else known[1]

    def sets_norm(self, turn: Turn) -> bool:
        """:func:`~memscribe.lexicon.teaching.sets_norm` of the user turn ``turn``."""
        known = self._readings.get(turn.index)
        return sets_norm(turn.text) if known is None or known[2] is None else known[2]

    def neither(self, turn: Turn) -> bool:
        """The gate read ``turn`` as neither correcting nor stating a norm (False: not known)."""
        known = self._readings.get(turn.index)
        return known is not None and known[1] is False and known[2] is False

    def reversed_after(self, pos: int) -> bool:
        """A user turn after position ``pos`` takes a correction back ("go back to mocking", "改回繁体").
        Read from the end, only as far back as the turn after ``pos`` (issue 17): a turn already
        read is not read again, and the first reversal found is the last one of all the turns."""
        if self._last_reversal is None:
            turns = self._turns
            for i in range(self._read_from - 1, pos, -1):
                if is_user_speech(turns[i]) and langs.reversal_signal(turns[i].text):
                    self._last_reversal = i
                    break
            else:
                self._read_from = min(self._read_from, max(pos + 1, 0))
                return False
        return self._last_reversal > pos


def _previous_speaker(turns: Sequence[Turn], pos: int) -> Turn | None:
    for i in range(min(pos, len(turns)) - 1, -1, -1):  # by index: no copy of the turns before
        t = turns[i]
        if is_user_speech(t) or is_assistant(t):
            return t
    return None


def _adjustment(turns: Sequence[Turn], pos: int) -> int | None:
    """The position of the assistant's answer to the user turn at ``pos`` (None when the user speaks
    again first): the chain reads on from it by position, never by looking the turn up again."""
    for i in range(max(pos + 1, 0), len(turns)):  # by index: no copy of the turns after
        t = turns[i]
        if is_user_speech(t):
            return None
        if is_assistant(t):
            return i
    return None


_ACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_compile(r"\bgit\s+commit\b"), "Composing a git commit message"),
    (lazy_compile(r"\bgh\s+pr\s+create\b|\bpull request\b"), "Opening a pull request"),
    (lazy_compile(r"\bgit\s+push\b"), "Pushing a branch"),
    (lazy_compile(r"\bgit\s+(?:checkout\s+-b|switch\s+-c|branch\s+\S)"), "Creating a git branch"),
    (
        lazy_compile(
            r"\b(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\b|\bpip3?\s+install\b|\b(?:uv|poetry)\s+add\b"
        ),
        "Installing packages",
    ),
    (lazy_compile(r"\bdocker(?:-compose|\s+compose)?\s+\w+"), "Running Docker commands"),
)
_TESTS = lazy_compile(
    r"\b(?:pytest|go\s+test|npm\s+test|pnpm\s+test|yarn\s+test|vitest|jest|cargo\s+test|tox)\b"
)
_EDIT_TOOL = lazy_compile(r"edit|write|replace|patch|create", re.I)


def _action_situation(actions: Sequence[Turn]) -> str | None:
    found: str | None = None
    tests = edits = False
    for t in actions:
        for call in t.tool_calls:
            blob = f"{call.name} {call.arguments}"
            edits = edits or bool(_EDIT_TOOL.search(call.name))
            tests = tests or bool(_TESTS.search(blob))
            for pattern, phrase in _ACTIONS:
                if pattern.search(blob):
                    found = phrase
    if found is None and tests and not edits:
        return "Running the tests"
    return found


_REQUEST_LEAD = lazy_compile(
    r"^(?:(?:can|could|would|will) you(?: please)?|please|pls|now|ok|okay|so|and|then|also|hey"
    r"|just|first)\b[\s,]*",
    re.I,
)
_VERBS = frozenset(
    "add build change check clean commit compose configure convert create debug delete deploy"
    " draft fix format "
    "generate implement install make merge migrate move open plan push refactor remove rename"
    " rewrite run scale "
    "send set ship show sort test translate update upgrade write help find look review summarize"
    " explain split "
    "design style edit bump release tag publish prepare".split()
)
_DOUBLE = frozenset("run set get put stop ship plan commit submit begin split tag drop swap skip".split())


def _gerund(verb: str) -> str:
    low = verb.lower()
    if low in _DOUBLE:
        return low + low[-1] + "ing"
    if low.endswith("ie"):
        return low[:-2] + "ying"
    if low.endswith("e") and not low.endswith("ee") and len(low) > 2:
        return low[:-1] + "ing"
    return low + "ing"


#: A request that is only a greeting or an acknowledgement names no situation.
_GREETING = lazy_compile(
    r"^\W*(?:hi|hello|hey|thanks|thank\s+you|ok(?:ay)?|good\s+(?:morning|afternoon|evening)|你好|您好|谢谢|好的"
    r"|早上好|晚上好|hola|buen[oa]s(?:\s+(?:días|tardes|noches))?|hallo|(?:guten\s+)?(?:morgen|tag|abend)|moin"
    r"|servus|bonjour|bonsoir|salut|coucou|こんにちは|こんばんは|おはよう(?:ございます)?)\W*$",
    re.I,
)
#: Words a Latin-script sentence needs to name a situation when more sentences follow it: a lone
#: opening word ("Morgen!", "Servus.") is a greeting or an exclamation before the request; a
#: request of one word ("typecheck") is the request.
MIN_REQUEST_WORDS = 2
#: What a quoted request may be: one sentence, short enough to read as a heading.
MAX_REQUEST_CHARS = 90


def _quoted_request(request: Turn) -> str | None:
    """The request's first sentence that says something, as the situation ("Working on …")."""
    said = langs.sentences(clean(request.text))
    for number, sentence in enumerate(said):
        s = _REQUEST_LEAD.sub("", drop_interjections(sentence)).strip(" ?.!。？！")
        more = number + 1 < len(said)
        one_word = more and not has_cjk(s) and len(s.split()) < MIN_REQUEST_WORDS
        if len(s) < 6 or one_word or _GREETING.match(s) or has_secret(s):
            continue
        if len(s) > MAX_REQUEST_CHARS:
            s = (
                s[:MAX_REQUEST_CHARS].rsplit(" ", 1)[0]
                if " " in s[:MAX_REQUEST_CHARS]
                else s[:MAX_REQUEST_CHARS]
            )
            s += "…"
        return f'Working on the user\'s request "{s}"'
    return None


def _request_situation(request: Turn | None) -> str | None:
    if request is None:
        return None
    if langs.language_of(request.text) != "en":
        return _quoted_request(request)
    for s in split_sentences(request.text):
        s = drop_interjections(_REQUEST_LEAD.sub("", s)).strip(" ?.!")
        words = s.split()
        if words and words[0].lower() in _VERBS:
            phrase = " ".join([_gerund(words[0])] + words[1:13])
            phrase = re.sub(
                r"\bme\b", "the user", re.sub(r"\bmy\b", "the user's", phrase, flags=re.I), flags=re.I
            )
            return phrase[0].upper() + phrase[1:]
    return _quoted_request(request)


def _situation(turns: Sequence[Turn], correction_pos: int, read: Reading) -> str | None:
    """The situation the rule applies to: what the agent was doing (its tool calls), else what the
    user had asked for; None when neither names one (such a playbook is not written)."""
    request_pos = None
    for pos in range(correction_pos - 1, -1, -1):
        if is_user_speech(turns[pos]) and not read.corrects(turns[pos]):
            request_pos = pos
            break
    start = 0 if request_pos is None else request_pos + 1
    actions = [t for t in turns[start:correction_pos] if is_assistant(t)]
    situation = _action_situation(actions)
    if situation is None and request_pos is None:  # every earlier turn corrected: the nearest one asked
        request_pos = next((p for p in range(correction_pos - 1, -1, -1) if is_user_speech(turns[p])), None)
    if situation is None:
        request = turns[request_pos] if request_pos is not None else None
        situation = _request_situation(request)
    return situation


#: A lead that is not part of the rule: a bare "no," (not "no em dashes"), "actually", a filler.
_LEAD_NOISE = lazy_compile(
    r"^\W*(?:(?:no|nope|nah|wrong)\s*(?:[,.!:;-]+\s*|$)|(?:actually|hmm+|well|ok|okay|so|uh+|um+)\b[\s,.!:-]*)+",
    re.I,
)
_RULE_WORDS = lazy_compile(
    r"\b(?:don't|do not|never|always|should|must|need to|needs to|has to|have to|instead|only|not"
    r"|no|avoid|use)\b",
    re.I,
)
_REASON_LEAD = lazy_compile(
    r"^(?:because|since|as|it's|its|it is|they|they're|we|we've|we're|reviewers|people|that's|this"
    r" is|there's|"
    r"otherwise|the team|everyone)\b",
    re.I,
)
_FILLER = lazy_compile(r"\b(?:it|please|again|thanks|thank you)\b", re.I)


def _rule_and_reason(text: str) -> tuple[str, str]:
    """Split a correction into its rule (DO / DON'T clauses) and its stated reason, if any."""
    if langs.language_of(text) != "en":
        # not rewritten (no English clause rules apply): the correction as said, minus a short lead
        body = (
            re.sub(r"^[^。！，,.!]{1,6}[。！，,.!]\s*", "", clean(text)).strip()
            if len(text) > 24
            else clean(text)
        )
        body = FILLER_LEAD.sub("", body).strip()
        end = "" if body.endswith(("。", ".", "!", "！", "?", "？")) else ("。" if has_cjk(body) else ".")
        return (body + end, "")
    rules: list[str] = []
    reasons: list[str] = []
    for sentence in split_sentences(text):
        for raw in re.split(r",\s+|\s+—\s+", sentence):
            clause = _LEAD_NOISE.sub("", raw.strip()).strip(" .,!")
            if not clause:
                continue
            words = clause.split()
            if _REASON_LEAD.match(clause) and not _RULE_WORDS.search(
                clause.split(" ", 2)[-1] if len(words) < 3 else ""
            ):
                reasons.append(clause)
            elif len(words) <= 4 and _FILLER.search(clause) and not _RULE_WORDS.search(clause):
                continue
            else:
                rules.append(clause)
    rule = " ".join(sentence_case(value_keep_case(r)) for r in rules)
    reason = " ".join(sentence_case(value_keep_case(r)) for r in reasons)
    return rule, reason


def _confirms_open_chain(turns: Sequence[Turn], pos: int) -> bool:
    """The user turn at ``pos`` confirms the adjustment of the correction the user made just
    before ("Parfait, merci. Attention, …"): an acceptance that is not a "good, but …" re-correction,
    after an assistant turn that answered a correcting user turn (or one that set a norm)."""
    text = turns[pos].text
    if not lexicon.confirmation_signal(text) or recorrects(text):
        return False
    previous = next((p for p in range(pos - 1, -1, -1) if is_user_speech(turns[p])), None)
    if previous is None:
        return False
    answered = any(is_assistant(t) for t in turns[previous + 1 : pos])
    said = turns[previous].text
    return answered and (lexicon.correction_signal(said) or sets_norm(said))


def teaches_at(turns: Sequence[Turn], pos: int) -> bool:
    """The correcting user turn at ``pos`` teaches a rule: it states a directive to the agent
    (:func:`~memscribe.lexicon.teaching.teaches_rule`), does not give up ("…もういいです、自分で
    調べます") and is not the confirmation of the correction just before it."""
    text = turns[pos].text
    if gives_up(text) or _confirms_open_chain(turns, pos):
        return False
    return teaches_rule(text)


def playbook_at(turns: Sequence[Turn], pos: int) -> PlaybookCandidate | None:
    """The playbook the user turn at ``pos`` teaches (:func:`playbook_from` its reading as a
    correction chain); else None."""
    return playbook_from(turns, pos, correction_at(turns, pos))


def playbook_from(
    turns: Sequence[Turn], pos: int, corrected: PlaybookCandidate | None, read: Reading | None = None
) -> PlaybookCandidate | None:
    """The playbook the user turn at ``pos`` teaches, given its reading as a correction chain
    (``corrected``, :func:`correction_at`): that chain when it teaches a rule
    (:func:`teaches_at`), else a norm stated right after the agent's work (:func:`norm_at`);
    else None."""
    if corrected is not None:
        return corrected if teaches_at(turns, pos) else None
    return norm_at(turns, pos, read)


#: An assistant message that ends on a question asked; it did no work to correct.
_ASKS = lazy_compile(r"[?？]\s*\W*$")


def _worked(turns: Sequence[Turn], pos: int, step: int) -> bool:
    """The agent's turns between the user turn at ``pos`` and the user's turn before it
    (``step`` -1) or after it (``step`` 1) do work: a tool call, or a text of more than one line
    (a draft, a list, commands, code). A reply of one paragraph talks; it produced nothing the
    user could correct, nor redid anything."""
    i = pos + step
    while 0 <= i < len(turns) and not is_user_speech(turns[i]):
        t = turns[i]
        if is_assistant(t) or t.role == "assistant":
            if t.tool_calls or t.kind == "tool_call" or "\n" in t.text.strip():
                return True
        i += step
    return False


def norm_at(turns: Sequence[Turn], pos: int, read: Reading | None = None) -> PlaybookCandidate | None:
    """The user turn at ``pos`` sets a norm of the agent's work
    (:func:`~memscribe.lexicon.teaching.sets_norm`: "Please always put --context on kubectl
    commands", "Bitte Beträge immer in Euro", "请用中文回答") right after the agent's work, without
    a correction's lead: the same chain as :func:`correction_at` (adjustment, situation,
    confirmation). After an assistant turn that only asked a question nothing is corrected, nor
    by a turn that accepts the work before it ("perfect. also please keep answers short"): the
    user instructs anew, which a stated preference covers."""
    turn = turns[pos]
    read = read or Reading(turns)
    if read.neither(turn):
        return None  # no lead and no norm: the checks below could only say None too
    before = _previous_speaker(turns, pos)
    if before is None or before.role != "assistant" or _ASKS.search(before.text):
        return None
    if not _worked(turns, pos, 1):
        return None
    text = turn.text
    if lexicon.confirmation_signal(text) or _confirms_open_chain(turns, pos):
        return None
    # a correction's lead with a rule of the work ("no, keep commit messages to one line"), or a
    # norm without one
    ruled = rule_of_work(text) if read.corrects(turn) else read.sets_norm(turn)
    return _chain(turns, pos, read) if ruled else None


def correction_at(turns: Sequence[Turn], pos: int, read: Reading | None = None) -> PlaybookCandidate | None:
    """The user turn at ``pos`` read as a correction chain (correction after an assistant turn,
    worded with rule words, an adjustment after it, a situation to name), whether or not it
    teaches a rule; the profile rules read such a turn as a correction too."""
    turn = turns[pos]
    read = read or Reading(turns)
    # whether it corrects first: most turns do not (the gate's reading, known), and the walk back
    # to the speaker before is then spared (issue 17); both are pure, the answer the same
    if not read.corrects(turn):
        return None
    before = _previous_speaker(turns, pos)
    if before is None or before.role != "assistant":
        return None
    if not lexicon.teaches(turn.text):
        return None  # corrects a fact or today's output, worded as no rule
    return _chain(turns, pos, read)


def _chain(turns: Sequence[Turn], pos: int, read: Reading) -> PlaybookCandidate | None:
    """The correcting turn at ``pos`` with its adjustment, rule, situation and confirmation; None
    without an adjustment, a rule, a situation to name, or when the user took it back."""
    turn = turns[pos]
    at = _adjustment(turns, pos)
    if at is None:
        return None
    adjustment = turns[at]
    what, why = _rule_and_reason(turn.text)
    if not what.strip(" .。"):
        return None
    when = _situation(turns, pos, read)
    if when is None or read.reversed_after(at):
        return None  # a rule whose situation cannot be named, or that the user took back
    confirmation_turn, confirmation = chain_confirmation(turns, at)
    cjk = has_cjk(what)
    slug = hash_slug("rule", what) if cjk else safe_slug(f"{kebab(when, 2, 'task')}-{kebab(what, 3, 'rule')}")
    return PlaybookCandidate(
        slug=slug,
        when=when,
        what=what,
        why=why or unstated_why(turn.text),
        correction_turn=turn.index,
        adjustment_turn=adjustment.index,
        confirmation_turn=confirmation_turn,
        confirmation=confirmation,
    )
