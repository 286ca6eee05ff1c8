"""Verify: every candidate must be grounded in the transcript it claims to come from.

Deterministic checks, independent of what the detector claims:
- profiles cite turns that exist, are the USER speaking (not assistant, tool or summary turns),
  and carry enough of the body's content words (:func:`memscribe.textsim.support`: the body's
  subject word — "User", "La usuaria", "Nutzer", "用户" — is not counted, and a word the user
  abbreviated or inflected otherwise, "kiné" / "kinésithérapeute", still counts); a user turn
  that answers a question counts the question's words too when its own words carry some of the
  body (:func:`question_before`: "How much longer until you finish nursing school?" — "Hopefully
  just a year more!"), never the other side's statements; a reply
  whose own words carry none of the body still leaves standing what its question takes as given
  of the user (:func:`presupposed`: "…your baby shower?"), never what the question asks;
- playbooks follow correction (user) → adjustment (assistant, later) → confirmation (user, later):
  an explicit confirmation phrase, or two further user turns that move on without correcting
  again or giving up (:mod:`memscribe.lexicon.chain`, the rule the embedded extractor uses too).
  Verify is a veto: a playbook is kept only when the detector reports a confirmation with its
  turn *and* the transcript agrees. Re-corrected, abandoned or unconfirmed corrections are skipped,
  and so is a correction whose own turn gives up ("…never mind, I'll look it up myself").

Citations are repaired, never invented: a model that counts turns differently (1-based, or
skipping tool turns) cites a neighbour of the right turn. When the cited turns fail the role or
support check, the same citations shifted by ±1 or ±2 (one shift for all of them) are tried, the
closest first, and the first shift that passes every check *with a stricter support* is kept; the
corrected indices are what the plan and the file record. A profile that cites nothing is located:
the user turn that supports its body best, with most of its content words (LOCATE_SUPPORT), is
cited (the first of equals, recorded as a repair with shift 0); none, and it stays skipped. A
profile citing user turns beside assistant or tool turns keeps only its user turns when those
alone support it at REPAIR_SUPPORT (recorded as a repair with shift 0). A profile citing only
assistant or tool turns is never moved further than the shifts: its fact most likely came from
there. Slugs are normalised (case, ``_`` and
spaces to ``-``) before they are checked. A profile body in the first person ("I prefer …", "我…")
is not the third-person fact the detector was asked for and is skipped as invalid.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from memscribe.groups.speakers import owner_turns, senders
from memscribe.lexicon.chain import confirmation, is_user_speech
from memscribe.lexicon.langs import opens_in_first_person
from memscribe.lexicon.teaching import gives_up
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import SLUG_RE
from memscribe.schemas.plan import Skipped, SkipReason
from memscribe.schemas.transcript import Transcript, Turn
from memscribe.semantic.updates import negated
from memscribe.textsim import SupportIndex, containment, content_tokens
from memscribe.textsim import support as textual_support

#: Share of a profile body's content words that must appear in its evidence turns. Low on
#: purpose: the body is a third-person paraphrase, but it must not be made up.
MIN_SUPPORT = 0.25
#: Support a *repaired* citation needs: a moved citation must convince, not merely pass.
REPAIR_SUPPORT = 0.5
#: Support a profile that cites nothing needs in the user turn it is located in: most of its
#: content words, so a fact from tool output is not pinned on a user turn that mentions its topic.
LOCATE_SUPPORT = 0.75
#: Shifts tried on failing citations, the closest first.
REPAIR_SHIFTS = (-1, 1, -2, 2)


@dataclass
class Evidence:
    """The evidence texts (:func:`with_questions`) assembled for the turns of one transcript, by
    statement and the turns cited: verify assembles one for each profile it
    checks, and screen asks the same of the candidates verify kept (issue 17). Kept here, each
    is assembled once; left to the token cache (:func:`memscribe.textsim.support`), screen
    assembled them again once a transcript had more candidates than that cache holds (a 50 MB
    transcript: a fifth of screen's CPU). What it holds is the texts, most of them a cited
    turn's own text (joined alone, a text is itself), not their tokens."""

    #: The turns the texts were assembled from (held: the cited turns' ids stay theirs); asked
    #: of other turns, :meth:`of` assembles anew.
    turns: Sequence[Turn]
    #: By ``(statement, *ids of the cited turns)``: one tuple a key (a profile cites a turn or two).
    texts: dict[tuple[str | int, ...], str] = field(default_factory=dict)

    def of(self, text: str, cited: Sequence[Turn], turns: Sequence[Turn]) -> str:
        """:func:`with_questions` of ``text``, ``cited`` (turns of ``turns``) and ``turns``."""
        if turns is not self.turns:
            return with_questions(text, cited, turns)
        key: tuple[str | int, ...] = (text, *map(id, cited))
        found = self.texts.get(key)
        if found is None:
            found = self.texts[key] = with_questions(text, cited, turns)
        return found


@dataclass
class Verified:
    profiles: list[ProfileCandidate] = field(default_factory=list)
    playbooks: list[PlaybookCandidate] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    #: Candidates whose citations were moved to the turns that support them: (kind, slug, shift).
    repaired: list[tuple[str, str, int]] = field(default_factory=list)
    #: The evidence texts of the profiles checked, for screen to ask again (None: none assembled).
    evidence: Evidence | None = None


def verify(
    profiles: Sequence[ProfileCandidate], playbooks: Sequence[PlaybookCandidate], transcript: Transcript
) -> Verified:
    turns = _owners_words(transcript.turns)
    out = Verified(evidence=Evidence(turns))
    problem_of = partial(_profile_problem, evidence=out.evidence)
    locate = _Locator(turns)
    for p in profiles:
        p = _normal(p)
        located = None if p.evidence_turns else locate(p)
        if located is not None:
            p = p.model_copy(update={"evidence_turns": [located]})
        narrowed = _user_cited(p, turns, problem_of)
        if narrowed is not None:
            p = narrowed
        p, problem, shift = _grounded(p, turns, problem_of, _shift_profile)
        if shift is None and (located is not None or narrowed is not None) and not problem:
            shift = 0  # located, or narrowed to its user turns: a repair that moved nothing
        if shift is not None:
            out.repaired.append(("profile", p.slug, shift))
        if problem:
            reason, detail = problem
            out.skipped.append(
                Skipped(kind="profile", reason=reason, evidence=list(p.evidence_turns), detail=detail)
            )
        else:
            out.profiles.append(p)
    turns = transcript.turns
    for b in playbooks:
        b = _normal(b)
        evidence = [b.correction_turn, b.adjustment_turn] + (
            [b.confirmation_turn] if b.confirmation_turn is not None else []
        )
        b, problem, shift = _grounded(b, turns, _playbook_problem, _shift_playbook)
        if shift is not None:
            out.repaired.append(("playbook", b.slug, shift))
        if problem:
            reason, detail = problem
            out.skipped.append(Skipped(kind="playbook", reason=reason, evidence=evidence, detail=detail))
        else:
            confirmed = _confirmation_turn(b, turns)
            out.playbooks.append(b.model_copy(update={"confirmation_turn": confirmed}))
    return out


_REPAIRABLE = ("ungrounded", "not_user_evidence")


def _owners_words(turns: Sequence[Turn]) -> Sequence[Turn]:
    """The turns a profile is grounded in: in a relayed group chat (two or more senders among
    the user turns, :func:`~memscribe.groups.speakers.senders`), each user message reduced to
    what the session's owner wrote in it (nothing, when only others spoke): a fact another
    member told the room ("[#allotment] Mo: my plot's the one by the shed") is not the owner's
    to remember, though it sits in a user turn. Other transcripts are returned as they are."""
    if len(senders(turns)) < 2:
        return turns
    own = {t.index: t for t in owner_turns(turns)}
    return [own.get(t.index, t.model_copy(update={"text": ""})) if is_user_speech(t) else t for t in turns]


def normal_slug(slug: str) -> str:
    """``Home_City`` → ``home-city``: the same topic, in the form slugs take (unchanged if that
    form is still not a slug; the check then says so)."""
    folded = unicodedata.normalize("NFKC", slug).strip().lower()
    folded = re.sub(r"[\s_./]+", "-", folded)
    folded = re.sub(r"-{2,}", "-", folded).strip("-")
    return folded if SLUG_RE.match(folded) else slug


Candidate = TypeVar("Candidate", ProfileCandidate, PlaybookCandidate)
Problem = tuple[SkipReason, str]


def _normal(c: Candidate) -> Candidate:
    return c.model_copy(update={"slug": normal_slug(c.slug)})


def _grounded(
    c: Candidate,
    turns: Sequence[Turn],
    problem_of: Callable[..., Problem | None],
    shifted: Callable[[Candidate, int], Candidate],
) -> tuple[Candidate, Problem | None, int | None]:
    """``(candidate, problem, shift)``: the candidate as cited, or with its citations moved by the
    closest shift that passes every check at :data:`REPAIR_SUPPORT` (then no problem)."""
    problem = problem_of(c, turns)
    if problem is None or problem[0] not in _REPAIRABLE:
        return c, problem, None
    for shift in REPAIR_SHIFTS:
        moved = shifted(c, shift)
        if problem_of(moved, turns, support=REPAIR_SUPPORT) is None:
            return moved, None, shift
    return c, problem, None


class _Locator:
    """Where a profile that cites nothing is located (:meth:`__call__`). The user turns are
    indexed once, on the first such profile (:class:`~memscribe.textsim.SupportIndex`), and only
    those that may reach LOCATE_SUPPORT are measured: the same turn as trying every one, without
    a measure per candidate and turn."""

    def __init__(self, turns: Sequence[Turn]) -> None:
        self._turns = turns
        self._users: list[Turn] | None = None
        self._index: SupportIndex | None = None

    def __call__(self, p: ProfileCandidate) -> int | None:
        """The user turn that supports ``p``'s body best, at LOCATE_SUPPORT or more (the first of
        equals; None if none). The located citation then goes through every check like any other."""
        if not content_tokens(p.body):
            return None
        if self._users is None or self._index is None:
            self._users = [t for t in self._turns if is_user_speech(t)]
            self._index = SupportIndex([t.text for t in self._users])
        best, best_score = None, LOCATE_SUPPORT
        for at in self._index.reaching(p.body, LOCATE_SUPPORT):
            t = self._users[at]
            value = textual_support(p.body, t.text)
            if value > best_score or (best is None and value >= best_score):
                best, best_score = t.index, value
        return best


def _user_cited(
    p: ProfileCandidate, turns: Sequence[Turn], problem_of: Callable[..., Problem | None]
) -> ProfileCandidate | None:
    """``p`` citing only the user turns among its citations, when it also cites assistant or tool
    turns and those user turns alone support its body at REPAIR_SUPPORT ("[2, 3]": the user's
    statement and the reply that acknowledged it); else None. A fact the user's own words do
    not carry keeps its citations, and fails the role check."""
    cited = [_turn(turns, i) for i in p.evidence_turns]
    if any(t is None for t in cited):
        return None
    users = [t.index for t in cited if t is not None and is_user_speech(t)]
    if not users or len(users) == len(cited):
        return None
    narrowed = p.model_copy(update={"evidence_turns": users})
    return narrowed if problem_of(narrowed, turns, support=REPAIR_SUPPORT) is None else None


def _shift_profile(p: ProfileCandidate, shift: int) -> ProfileCandidate:
    return p.model_copy(update={"evidence_turns": [i + shift for i in p.evidence_turns]})


def _shift_playbook(b: PlaybookCandidate, shift: int) -> PlaybookCandidate:
    confirmation = None if b.confirmation_turn is None else b.confirmation_turn + shift
    return b.model_copy(
        update={
            "correction_turn": b.correction_turn + shift,
            "adjustment_turn": b.adjustment_turn + shift,
            "confirmation_turn": confirmation,
        }
    )


def _turn(turns: Sequence[Turn], index: int) -> Turn | None:
    return turns[index] if 0 <= index < len(turns) else None


def _profile_problem(
    p: ProfileCandidate,
    turns: Sequence[Turn],
    *,
    support: float = MIN_SUPPORT,
    evidence: Evidence | None = None,
) -> Problem | None:
    if not SLUG_RE.match(p.slug) or not p.body.strip():
        return ("invalid_candidate", f"slug {p.slug!r} or empty body")
    if opens_in_first_person(p.body):
        return ("invalid_candidate", "the body is in the first person, not a fact about the user")
    if not p.evidence_turns:
        return ("ungrounded", "no evidence turns cited")
    cited = [_turn(turns, i) for i in p.evidence_turns]
    if any(t is None for t in cited):
        return ("ungrounded", "cites a turn that does not exist")
    if not all(is_user_speech(t) for t in cited):
        return ("not_user_evidence", "evidence includes assistant, tool or summary turns")
    users = [t for t in cited if t is not None]
    evidence_text = (evidence.of if evidence is not None else with_questions)(p.body, users, turns)
    # grounding is never skipped: every script tokenises (memscribe.textsim), so a body without
    # content words has nothing the evidence could support
    if not content_tokens(p.body) or textual_support(p.body, evidence_text) < support:
        return ("ungrounded", "the cited turns do not support the text")
    return None


#: A sentence of an assistant message: up to its end mark (``?`` ends a question) or line break.
_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")


def question_before(turns: Sequence[Turn], index: int) -> str:
    """The questions the other side asked right before user turn ``index`` (its last message
    before it, when that is not the user's own), joined; "" when it asked none.

    A reply takes its words from the question it answers ("Did you ever ride a motorbike?" —
    "No, I never have."; "How much longer until you finish nursing school?" — "Hopefully just
    a year more!"): the user's fact is the question's premise with the answer's value, and the
    answer alone carries almost none of its words. Only question sentences count, never the
    other side's statements, so what the assistant claimed is still not the user's evidence."""
    for at in range(min(index, len(turns)) - 1, -1, -1):  # no slice: a copy per call was quadratic
        t = turns[at]
        if t.kind != "message" or not t.text.strip():
            continue
        if t.role != "assistant":
            return ""
        asked = [
            m.group(0).strip()
            for m in _SENTENCE.finditer(t.text)
            if m.group(0).rstrip().endswith(("?", "？"))
        ]
        return " ".join(asked)
    return ""


def with_questions(text: str, cited: Sequence[Turn], turns: Sequence[Turn]) -> str:
    """The evidence for ``text``: the cited turns, and the questions the user turns among them
    answer (:func:`question_before`) when the user's own words already carry some of ``text``
    — an answer adds its value to the question's premise; a bare "ok" to "You prefer dark
    mode, right?" carries nothing of its own and takes nothing from the question.

    When the user's words carry none of ``text``, a reply still leaves standing what its
    question takes as given of the user (:func:`presupposed`: "Any luck with your applications
    to the California hospitals?" — "No, not yet."), never what it asks."""
    own = "\n".join(t.text for t in cited)
    users = [t for t in cited if is_user_speech(t)]
    carried = textual_support(text, own) > 0.0
    asked = [
        question_before(turns, t.index)
        if carried or answers(t.text, text)
        else presupposed(question_before(turns, t.index))
        for t in users
    ]
    return "\n".join([own, *(q for q in asked if q)])


#: A reply that opens with an answer particle ("No, I never have.", "Yeah, we won the last
#: one!"): it answers the question before it, yes or no. English only.
_ANSWER = re.compile(r"\s*(yes|yeah|yep|yup|no|nope)\b(?!\s*(?:one|idea|way|problem|worries)\b)", re.I)


def answers(reply: str, text: str) -> bool:
    """``reply`` answers its question yes or no, and ``text`` has the answer's polarity: a
    negated fact for "no" ("User has never ridden a motorbike." — "Did you ever ride a
    motorbike?" — "No, I never have."), an affirmed one for "yes". Then the question's words
    are the fact's, as for a reply with words of its own; "ok", "not really" or "maybe" answer
    nothing and take only what the question presupposes (:func:`presupposed`)."""
    found = _ANSWER.match(reply)
    if found is None:
        return False
    return found.group(1).casefold().startswith("n") == negated(text)


#: A second-person possessive and up to three words after it, then at most one prepositional
#: phrase ("your applications to the California hospitals"): what a question takes as given of
#: the user. The words stop at a function word (a verb's auxiliary, a negation, a pronoun) or a
#: punctuation mark.
_POSSESSIVE = re.compile(r"\byour\s+", re.IGNORECASE)
_PHRASE_WORD = re.compile(r"\s*([^\W\d_][\w'-]*)")
_PREPOSITIONS = frozenset("of to at in on for from with about".split())
_ARTICLES = frozenset("the a an".split())
_PHRASE_WORDS = 3


def presupposed(question: str) -> str:
    """The noun phrases ``question`` opens with "your" ("Has your spouse ever …", "…with your
    applications to the California hospitals?"), joined: what it takes as given of the user,
    which a reply that does not deny it leaves standing. English only; "" when there is none."""
    phrases: list[str] = []
    for found in _POSSESSIVE.finditer(question):
        words: list[str] = []
        at, preposition = found.end(), False
        while True:
            match = _PHRASE_WORD.match(question, at)
            word = match.group(1).casefold() if match else ""
            if match and word in _PREPOSITIONS and words and not preposition:
                preposition, at = True, match.end()
                after = _PHRASE_WORD.match(question, at)
                if after and after.group(1).casefold() in _ARTICLES:
                    at = after.end()
                continue
            if not match or not content_tokens(word) or len(words) >= _PHRASE_WORDS * (1 + preposition):
                break
            words.append(match.group(1))
            at = match.end()
        phrases.extend(words)
    return " ".join(phrases)


def _playbook_problem(b: PlaybookCandidate, turns: Sequence[Turn], *, support: float = 0.0) -> Problem | None:
    if not SLUG_RE.match(b.slug) or not b.what.strip() or not b.when.strip():
        return ("invalid_candidate", f"slug {b.slug!r} or empty when/what")
    correction = _turn(turns, b.correction_turn)
    adjustment = _turn(turns, b.adjustment_turn)
    if correction is None or adjustment is None:
        return ("ungrounded", "cites a turn that does not exist")
    if not is_user_speech(correction):
        return ("not_user_evidence", "the correction is not a user turn")
    if adjustment.role != "assistant" or b.adjustment_turn <= b.correction_turn:
        return ("ungrounded", "no assistant adjustment after the correction")
    shared = containment(b.what, correction.text) if content_tokens(b.what) else 0.0
    if shared == 0.0 or shared < support:
        return ("ungrounded", "the correction turn does not support the rule")
    if _tautology(b):
        return ("tautology", "'when' restates 'what'")
    # A veto, never an override: the detector must report the confirmation (with its turn) AND
    # the transcript must show it; either one saying "none" keeps the playbook out.
    if gives_up(correction.text):
        # "…もういいです、自分で調べます": the turn gives up on the fix it asks for, no rule is kept
        return ("correction_without_confirmation", "the correction turn itself gives up")
    if b.confirmation == "none" or b.confirmation_turn is None:
        return ("correction_without_confirmation", "the detector reported no confirmation")
    if _confirmation_turn(b, turns) is None:
        return ("correction_without_confirmation", "re-corrected, given up on or never confirmed")
    return None


def _tautology(b: PlaybookCandidate) -> bool:
    when, what = content_tokens(b.when), content_tokens(b.what)
    return not when or when == what or (len(when) >= 3 and when <= what)


def _confirmation_turn(b: PlaybookCandidate, turns: Sequence[Turn]) -> int | None:
    """The user turn that confirms the adjustment, judged from the transcript itself (:mod:`memscribe.lexicon.chain`)."""
    return confirmation(turns, b.adjustment_turn)[0]
