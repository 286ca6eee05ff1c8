"""Redact-out: re-scan every candidate before it can be written.

Secrets are masked again (the model may have reconstructed one), candidates that are mostly
secret are dropped (``secret_only``), text shaped like an instruction to an agent is dropped
(``injection``), and a candidate that only restates a memory the agent was shown is dropped
(``echo``: re-learning recalled memories creates feedback loops).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from memscribe.stages import guard, redact
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.plan import Redaction, Skipped, SkipReason
from memscribe.schemas.transcript import Transcript


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
) -> Screened:
    """Screen candidates. With ``transcript`` (already redacted), a candidate whose text
    substantially matches a tool-result turn (a tool's output or a fetched web page) and no
    user turn is dropped as ``injection`` (rule ``copied_from_tool``)."""
    out = Screened()
    copies = _copy_source(transcript)
    for p in profiles:
        fields = _clean({"body": p.body}, out)
        verdict = _verdict(fields["body"], fields["body"], injected_memories, copies)
        if verdict:
            out.skipped.append(
                Skipped(kind="profile", reason=verdict[0], evidence=list(p.evidence_turns), detail=verdict[1])
            )
            continue
        out.profiles.append(p.model_copy(update=fields))
    for b in playbooks:
        fields = _clean({"when": b.when, "what": b.what, "why": b.why}, out)
        whole = "\n".join((fields["when"], fields["what"], fields["why"]))
        verdict = _verdict(whole, fields["what"], injected_memories, copies)
        if verdict:
            evidence = [b.correction_turn, b.adjustment_turn]
            out.skipped.append(
                Skipped(kind="playbook", reason=verdict[0], evidence=evidence, detail=verdict[1])
            )
            continue
        out.playbooks.append(b.model_copy(update=fields))
    return out


def _clean(fields: dict[str, str], out: Screened) -> dict[str, str]:
    cleaned: dict[str, str] = {}
    for name, value in fields.items():
        text, findings = redact.redact_text(value)
        for f in findings:
            out.redactions.append(Redaction(type=f.type, turn=None, stage="out"))
        cleaned[name] = text
    return cleaned


def _copy_source(transcript: Transcript | None) -> guard.CopySource | None:
    if transcript is None:
        return None
    tool = [t.text for t in transcript.turns if t.role == "tool" or t.kind == "tool_result"]
    user = [t.text for t in transcript.user_turns()]
    return guard.CopySource.from_texts(tool, user) if tool else None


def _verdict(
    whole: str, core: str, injected_memories: Sequence[str], copies: guard.CopySource | None = None
) -> tuple[SkipReason, str] | None:
    if redact.is_mostly_secret(core):
        return ("secret_only", "mostly secret after redaction")
    rule = guard.injection_rule(whole)
    if rule:
        return ("injection", f"rule {rule}")
    if copies is not None and guard.is_copied(core, copies):
        return ("injection", "rule copied_from_tool")
    if injected_memories and guard.is_echo(core, injected_memories):
        return ("echo", "restates a memory the agent was shown")
    return None
