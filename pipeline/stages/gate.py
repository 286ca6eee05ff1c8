"""Gate: a cheap deterministic filter before any model call.

It finds the user turns that may carry a profile or playbook signal (the seeds' trigger phrases,
high recall). A transcript with none is stopped here: zero model calls for nothing to learn.

What lets a transcript through is a *durable* cue, not any first-person sentence:

* a profile cue — a seed trigger phrase, a standing instruction, or a first-person statement of
  something lasting about the speaker (:func:`memscribe.lexicon.profile_signal`); reactions to the
  other side ("I hope so", "I bet", "I'm sure"), wishes and plans ("I'd love to"), hearsay and
  requests ("I need a chart of…") are not;
* a correction that can teach a playbook: the seeds' rule is correction *then* confirmation, so a
  correction counts only when the user speaks again afterwards without correcting anew (or
  confirms), and a bare "no" that answers the assistant's yes/no question is an answer, not a
  correction; a norm of the work stated without a correction's lead
  (:func:`memscribe.lexicon.teaching.sets_norm`) counts the same way.

The cues cover en, zh, ja, es, de and fr (:mod:`memscribe.lexicon.langs`: first-person forms,
corrections as rules in chats too). A user turn written in another language (or in no language:
a line of identifiers) is a signal turn of its own and passes the transcript: the lexicon cannot
judge it, so the detector does. Its language is unknown for that turn only: the other turns are
still read for their own cues, so their windows reach the detector too.

Once a transcript passes, every turn with a profile or correction trigger is a signal turn (the
detector sees the windows that hold them).
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field

from memscribe import lexicon
from memscribe.lexicon import langs
from memscribe.lexicon.teaching import rule_of_work, sets_norm
from memscribe.schemas.requests import TurnReading
from memscribe.schemas.transcript import Transcript, Turn

#: Weak profile cues (a passing "my …") that together open the gate without a strong one.
WEAK_CUES_TO_PASS = 2
#: A user turn at least this long in a language without cues passes the gate (a greeting does not).
UNCOVERED_MIN_CHARS = 12


@dataclass(frozen=True)
class GateResult:
    passed: bool
    signal_turns: tuple[int, ...]
    reason: str
    #: Each user turn's reading of its text as the gate read it (by turn index), when the gate
    #: read the turns' cues.
    readings: Mapping[int, TurnReading] = field(default_factory=dict)


#: A reply opening with a bare no / yes-no word: an answer when the assistant just asked a question.
_BARE_ANSWER = re.compile(r"^\W*(?:no|nope|nah|not\s+really|not\s+yet|never)\b", re.IGNORECASE)
_ASKS = re.compile(r"[?？]\s*\W*$")


def _asked_before(turns: Sequence[Turn], wanted: Container[int] | None = None) -> dict[int, bool]:
    """For each user turn's index (in ``wanted``, when given): the last non-empty assistant
    message before it came after the previous user turn and ended with a question. One pass over
    the transcript; the question is asked only of the messages before the turns wanted."""
    asked: dict[int, bool] = {}
    last_assistant: Turn | None = None
    last_user = -1
    for t in turns:
        if t.role == "user" and t.kind == "message":
            if wanted is None or t.index in wanted:
                asked[t.index] = (
                    last_assistant is not None
                    and last_assistant.index > last_user
                    and bool(_ASKS.search(last_assistant.text))
                )
            last_user = t.index
        elif t.role == "assistant" and t.kind == "message" and t.text.strip():
            last_assistant = t
    return asked


def _answers_a_question(asked: dict[int, bool], turn: Turn) -> bool:
    """A leading "no" right after an assistant turn that ended with a question (``asked``: of
    every user turn that opens with a bare no at least, :func:`_asked_before`)."""
    return bool(_BARE_ANSWER.match(turn.text)) and asked.get(turn.index, False)


def _confirmable(users: Sequence[Turn], corrects: Sequence[bool], pos: int) -> bool:
    """The user speaks again after the correction at ``users[pos]`` and does not correct anew
    (``corrects``: each user turn's :func:`memscribe.lexicon.correction_signal`, read once)."""
    if pos + 1 >= len(users):
        return False
    nxt = users[pos + 1].text
    if lexicon.give_up_signal(nxt):
        return False
    return not corrects[pos + 1] or lexicon.confirmation_signal(nxt)


def _agent_session(transcript: Transcript) -> bool:
    """The assistant works with tools (an agent session), not only talks (a chat)."""
    return any(
        t.kind in ("tool_call", "tool_result") or t.tool_calls or t.role == "tool" for t in transcript.turns
    )


def _cues(text: str, *, first: bool) -> tuple[int, bool, bool, TurnReading]:
    """One user turn's cues, read together (its language placed once): its profile strength,
    whether it corrects, whether it states a norm without a correction's lead (not asked of
    the first turn: a norm there answers no work of the agent's), and the turn's reading."""
    with langs.per_turn():
        strength = lexicon.profile_strength(text)
        corrects = lexicon.correction_signal(text)
        asked = not first and not corrects
        norm = asked and sets_norm(text)
        reading = (langs.placed(text), corrects, norm if asked else None)
    return strength, corrects, norm, reading


def _uncovered(text: str, placed: str | None) -> bool:
    """A user turn long enough to say something, in a language the lexicon has no cues for.
    ``placed``: the language its cues placed ``text`` in (:func:`_cues`), if they did: then it
    is not placed again (:func:`memscribe.lexicon.langs.covered` is ``language_of(text) in
    COVERED``, answered sooner)."""
    if len(text.strip()) < UNCOVERED_MIN_CHARS:
        return False
    return placed not in langs.COVERED if placed is not None else not langs.covered(text)


def gate(transcript: Transcript) -> GateResult:
    """Return which user turns carry a signal; ``passed`` is False when none do."""
    users = transcript.user_turns()
    if not users:
        return GateResult(False, (), "no user turns")
    # a turn the lexicon has no cues for is a signal turn of its own (the detector, a model or
    # the embedded rules, judges it); the other turns are still read for their own cues
    cues = [_cues(t.text, first=pos == 0) for pos, t in enumerate(users)]
    uncovered = [t.index for t, c in zip(users, cues, strict=True) if _uncovered(t.text, c[3][0])]
    strong = [t.index for t, (v, *_) in zip(users, cues, strict=True) if v >= lexicon.STRONG]
    weak = [t.index for t, (v, *_) in zip(users, cues, strict=True) if v == lexicon.WEAK]
    profile = sorted(strong + weak) if strong or len(weak) >= WEAK_CUES_TO_PASS else []
    corrects = [c for _, c, *_ in cues]
    correction = [t.index for t, c in zip(users, corrects, strict=True) if c]
    corrections = set(correction)
    agent = bool(corrections) and _agent_session(transcript)  # asked of corrections only
    # whether the assistant just asked: only of the corrections that open with a bare no
    bare = {t.index for t in users if t.index in corrections and _BARE_ANSWER.match(t.text)}
    asked = _asked_before(transcript.turns, bare) if bare else {}
    teaching = [
        t.index
        for pos, t in enumerate(users)
        if t.index in corrections
        and (agent or lexicon.teaches(t.text) or rule_of_work(t.text))
        and _confirmable(users, corrects, pos)
        and not _answers_a_question(asked, t)
    ]
    # a norm stated without a correction's lead ("please always put --context on kubectl
    # commands", "请用中文回答") and not corrected anew teaches too
    norms = [t.index for pos, t in enumerate(users) if cues[pos][2] and _confirmable(users, corrects, pos)]
    teaching += norms
    signals = tuple(sorted(set(profile) | set(correction) | set(norms) | set(uncovered)))
    # each turn's reading: one shared tuple per reading met, not one per turn
    shared: dict[TurnReading, TurnReading] = {}
    readings = {t.index: shared.setdefault(c[3], c[3]) for t, c in zip(users, cues, strict=True)}
    if not profile and not teaching and not uncovered:
        unconfirmed = f" ({len(correction)} correction(s) never confirmed)" if correction else ""
        return GateResult(
            False, (), f"no profile or correction signal in {len(users)} user turns{unconfirmed}"
        )
    unplaced = f"{len(uncovered)} user turn(s) in a language the lexicon does not cover"
    if not profile and not teaching:
        return GateResult(True, signals, unplaced, readings)
    return GateResult(
        True,
        signals,
        f"{len(profile)} profile and {len(correction)} correction signal(s) in {len(users)} user turns"
        + (f", {len(norms)} norm(s) stated" if norms else "")
        + (f"; {unplaced}" if uncovered else ""),
        readings,
    )
