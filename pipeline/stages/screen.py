"""Redact-out: re-scan every candidate before it can be written.

Secrets are masked again (the model may have reconstructed one), candidates that are mostly
secret are dropped (``secret_only``), text shaped like an instruction to an agent is dropped
(``injection``; a flag from the learned classifier alone yields when the cited user turns say
most of the memory and pass the guard themselves, :func:`_user_said`), and a candidate that only
restates a memory the agent was shown is dropped (``echo``: re-learning recalled memories creates
feedback loops).

Every field goes through the one write guard (:mod:`memscribe.safety.write_guard`) first: control
and bidi characters stripped, a field over the size bound refused whole (``invalid_candidate``).
With the transcript, a memory must also be a statement its cited user turns support
(:func:`~memscribe.safety.write_guard.nonsense`, ``ungrounded``), whatever the model claimed; a
reply is read with the question it answers, as verify reads it (:func:`~memscribe.stages.verify.with_questions`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from memscribe import kinds
from memscribe.lexicon.chain import is_user_speech
from memscribe.safety.write_guard import FIELD_MAX_CHARS, clean_chars, nonsense
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.plan import Redaction, Skipped, SkipReason
from memscribe.schemas.transcript import Transcript
from memscribe.stages import guard, redact
from memscribe.stages.verify import REPAIR_SUPPORT, Evidence, with_questions
from memscribe.textsim import support

#: Share of a memory's content words its cited user turns must say for a classifier-only flag on
#: it to yield to the guard's verdict on those turns (a repaired citation's bar: convincing).
USER_SAID_SUPPORT = REPAIR_SUPPORT

Candidate = ProfileCandidate | PlaybookCandidate


@dataclass
class Screened:
    profiles: list[ProfileCandidate] = field(default_factory=list)
    playbooks: list[PlaybookCandidate] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    redactions: list[Redaction] = field(default_factory=list)


def screen(
    profiles: Sequence[ProfileCandidate],
    playbooks: Sequence[PlaybookCandidate],
    *,
    injected_memories: Sequence[str],
    transcript: Transcript | None = None,
    evidence: Evidence | None = None,
) -> Screened:
    """Screen candidates. With ``transcript`` (already redacted), a candidate whose text
    substantially matches a tool-result turn (a tool's output or a fetched web page) and no
    user turn is dropped as ``injection`` (rule ``copied_from_tool``). ``evidence``: the
    evidence texts verify assembled for the same transcript (:attr:`Verified.evidence`), each
    asked again here rather than assembled anew."""
    out = Screened()
    found: dict[str, Sequence[Candidate]] = {"profile": profiles, "playbook": playbooks}
    # First every candidate's cleaned fields (the copy check is built for their words only),
    # then the verdicts; skips and redactions are recorded in candidate order as before.
    prepared: list[tuple[kinds.Kind, Candidate, str | None, dict[str, str], list[Redaction]]] = []
    for spec in kinds.KINDS:
        for cand in found.get(spec.name, ()):
            raw = {name: clean_chars(value) for name, value in spec.screen_fields(cand).items()}
            over = [
                f"{name}: {len(value)} chars" for name, value in raw.items() if len(value) > FIELD_MAX_CHARS
            ]
            if over:
                detail = f"oversized ({', '.join(over)}; limit {FIELD_MAX_CHARS})"
                prepared.append((spec, cand, detail, {}, []))
                continue
            masked: list[Redaction] = []
            prepared.append((spec, cand, None, _clean(raw, masked), masked))
    cores = [spec.screen_texts(fields)[1] for spec, _, over, fields, _ in prepared if over is None]
    copies = _copy_source(transcript, cores)
    for spec, cand, oversized, fields, masked in prepared:
        kept: list[Candidate] = getattr(out, spec.folder)
        if oversized is not None:
            out.skipped.append(
                Skipped(
                    kind=spec.name,
                    reason="invalid_candidate",
                    evidence=spec.evidence(cand),
                    detail=oversized,
                )
            )
            continue
        out.redactions.extend(masked)
        whole, core = spec.screen_texts(fields)
        verdict = _verdict(
            whole,
            core,
            injected_memories,
            copies,
            said=partial(_user_said, whole, spec.evidence(cand), transcript),
            # no field held a secret (``_clean`` found none, so ``core`` is as written) and
            # ``core`` holds no mask: not scanned for secrets a second time (issue 17)
            secret_free=not masked and "[REDACTED" not in core,
        ) or _grounding(core, spec.evidence(cand), transcript, evidence)
        if verdict:
            out.skipped.append(
                Skipped(kind=spec.name, reason=verdict[0], evidence=spec.evidence(cand), detail=verdict[1])
            )
            continue
        kept.append(cand.model_copy(update=fields))
    return out


def _clean(fields: dict[str, str], redactions: list[Redaction]) -> dict[str, str]:
    cleaned: dict[str, str] = {}
    for name, value in fields.items():
        text, findings = redact.redact_text(value)
        for f in findings:
            redactions.append(Redaction(type=f.type, turn=None, stage="out"))
        cleaned[name] = text
    return cleaned


def _grounding(
    core: str, evidence: Sequence[int], transcript: Transcript | None, texts: Evidence | None = None
) -> tuple[SkipReason, str] | None:
    """``ungrounded`` when the cited turns do not support ``core`` (direct writes cite none: skipped)."""
    if transcript is None:
        return None
    turns = transcript.turns
    wanted = set(evidence)
    # turn i sits at position i (Transcript's invariant); a point look-up, never a scan per candidate
    at = [turns[i] for i in sorted(wanted) if 0 <= i < len(turns) and turns[i].index == i]
    cited = at if len(at) == len(wanted) else [t for t in turns if t.index in wanted]
    users = [t for t in cited if t.role == "user"] or cited
    # the questions its user turns answer are their context, as verify counts them
    why = nonsense(core, [(texts.of if texts is not None else with_questions)(core, users, turns)])
    return ("ungrounded", why) if why else None


def _user_said(whole: str, evidence: Sequence[int], transcript: Transcript | None) -> bool:
    """The cited user turns say ``whole`` (most of its content words, :data:`USER_SAID_SUPPORT`)
    and the guard, classifier included, passes those turns themselves. Then a classifier flag
    on the memory is the learned model misreading a restatement (a third-person paraphrase in
    German, say) of words it judged clean; the named rules, the tool-copy and echo checks still
    apply to it. Text the user pasted that steers an agent is flagged in the user's turn too."""
    if transcript is None:
        return False
    turns = transcript.turns
    spoken = [turns[i] for i in sorted(set(evidence)) if 0 <= i < len(turns) and is_user_speech(turns[i])]
    said = "\n".join(t.text for t in spoken)
    return bool(said) and support(whole, said) >= USER_SAID_SUPPORT and guard.memory_rule(said) is None


#: Turns tokenised at a time for the copy check (bounds the token sets alive at once).
_COPY_CHUNK = 512


def _copy_source(transcript: Transcript | None, cores: Sequence[str]) -> guard.CopySource | None:
    """The tool and user turns :func:`guard.is_copied` needs to answer for ``cores``: for each
    candidate, the first tool turn holding it, and for each candidate so held, the first user
    turn holding it too, each kept as its tokens shared with the candidates. A candidate is
    copied when some tool turn holds it and no user turn does: one witness of each answers the
    same as every turn, in memory bounded by the candidates, not the transcript; the turns
    after the last witness needed are not tokenised."""
    if transcript is None:
        return None
    tool = [t.text for t in transcript.turns if t.role == "tool" or t.kind == "tool_result"]
    if not tool:
        return None
    cands = [c for c in guard.CopySource.from_texts(cores, ()).tool if len(c) >= guard.COPIED_MIN_TOKENS]
    tool_sets, held = _witnesses(tool, cands)
    user_sets = _witnesses([t.text for t in transcript.user_turns()], held)[0] if held else []
    return guard.CopySource(tool_sets, user_sets)


def _witnesses(
    texts: Sequence[str], cands: Sequence[frozenset[str]]
) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The first of ``texts`` holding each of ``cands`` (at least :data:`guard.COPIED_CONTAINMENT`
    of its tokens, as :func:`guard.is_copied` counts), as its tokens shared with the candidates,
    and the candidates held; texts are tokenised until every candidate is held.

    The candidates are bits of an integer: each text's shared tokens are added up for every
    candidate at once (:class:`_Counts`), so a text costs a few integer operations per shared
    token, not a set intersection per candidate that shares one (quadratic when the candidates'
    words are common ones: every candidate against every tool turn)."""
    bits: dict[str, int] = {}
    for i, cand in enumerate(cands):
        for token in cand:
            bits[token] = bits.get(token, 0) | 1 << i
    wanted = frozenset(bits)
    # a candidate is held by a count of its tokens of at least ceil(share * size): one group each
    groups: dict[int, int] = {}
    for i, cand in enumerate(cands):
        least = math.ceil(guard.COPIED_CONTAINMENT * len(cand))
        groups[least] = groups.get(least, 0) | 1 << i
    by_least = sorted(groups.items())
    waiting = (1 << len(cands)) - 1
    kept: list[frozenset[str]] = []
    start = 0
    while waiting and start < len(texts):
        for tokens in guard.CopySource.from_texts(texts[start : start + _COPY_CHUNK], ()).tool:
            shared = tokens & wanted
            counts = _Counts(bits[token] for token in shared)
            done = 0
            for least, group in by_least:
                if least > len(shared):
                    break
                if group & waiting:
                    done |= counts.at_least(least, group & waiting)
            if done:
                kept.append(shared)
                waiting &= ~done
        start += _COPY_CHUNK
    return kept, [cand for i, cand in enumerate(cands) if not waiting >> i & 1]


class _Counts:
    """How many of some sets of bits hold each bit, for every bit at once: the binary digits of
    the counts as integers (``digits[k]``: the bits whose count has digit ``k`` set)."""

    __slots__ = ("digits",)

    def __init__(self, sets: Iterable[int]) -> None:
        self.digits: list[int] = []
        for carry in sets:  # a ripple-carry addition of one to the count of each bit set
            k = 0
            while carry:
                if k == len(self.digits):
                    self.digits.append(carry)
                    break
                digit = self.digits[k]
                self.digits[k], carry = digit ^ carry, digit & carry
                k += 1

    def at_least(self, least: int, among: int) -> int:
        """The bits of ``among`` counted ``least`` times or more (``least`` >= 1)."""
        if least >> len(self.digits):
            return 0  # more than any count written with these digits
        above, equal = 0, among
        for k in reversed(range(len(self.digits))):
            digit = self.digits[k]
            if least >> k & 1:
                equal &= digit
            else:
                above |= equal & digit
                equal &= ~digit
        return above | equal


def _verdict(
    whole: str,
    core: str,
    injected_memories: Sequence[str],
    copies: guard.CopySource | None = None,
    *,
    said: Callable[[], bool] = lambda: False,
    secret_free: bool = False,
) -> tuple[SkipReason, str] | None:
    """The skip a candidate earns, if any. ``said``: whether the user's own cited words say
    ``whole`` (:func:`_user_said`), asked only when the classifier alone flags it.
    ``secret_free``: ``core`` is a text :func:`~memscribe.stages.redact.redact_text` found no
    secret in, holding no mask: it is no secret at all (``is_mostly_secret`` reads only its
    findings, none, and its masks, none), and is not scanned again."""
    if not secret_free and redact.is_mostly_secret(core):
        return ("secret_only", "mostly secret after redaction")
    rule = guard.memory_rule(whole)
    if rule and not (rule == guard.CLASSIFIER_RULE and said()):
        return ("injection", f"rule {rule}")
    if copies is not None and guard.is_copied(core, copies):
        return ("injection", "rule copied_from_tool")
    if injected_memories and guard.is_echo(core, injected_memories):
        return ("echo", "restates a memory the agent was shown")
    return None
