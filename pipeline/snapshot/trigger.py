"""When a transcript calls for a task snapshot (seed 003, "When to Capture"). Pure, no model.

Automatic triggers: compaction has just happened (an OpenClaw ``compaction`` record, a Claude
Code ``compact_boundary``, a Codex ``compacted`` record: ``Transcript.compaction_seen``), is near
(a host memory-flush prompt — stripped by the readers, so seen in the raw text — or a system
notice about compaction), or the user asked ("/big-memory save", "save snapshot", "checkpoint").
"""

from __future__ import annotations

import re

from memscribe.schemas.snapshot import SnapshotTrigger
from memscribe.schemas.transcript import Transcript

#: The host's pre-compaction prompt (OpenClaw memory flush); the readers drop these turns.
FLUSH_MARKER = "Pre-compaction memory flush."
_USER_ASK = re.compile(
    r"(?:^|\s)/big-memory\s+save\b|\bbig-memory save\b|\bsave (?:a |the )?snapshot\b|\bcheckpoint\b"
    r"|保存快照|存个快照|存档一下",
    re.IGNORECASE,
)
_COMPACTION_NOTICE = re.compile(
    r"nearing compaction|memory flush|store durable memories|auto-compaction complete|\bcompact(?:ion|ed|ing)?\b",
    re.IGNORECASE,
)


def _user_asks(text: str) -> bool:
    """``_USER_ASK`` searched in ``text``. An ASCII text can only match an ASCII alternative, each
    of which holds ``big-memory``, ``snapshot`` or ``checkpoint`` in some case (an ASCII character
    matches a pattern letter ignoring case only as that letter): a text without one, lower-cased,
    is not scanned (the pattern has no literal prefix, so ``re`` tries it at every character)."""
    if text.isascii():
        low = text.lower()
        if "snapshot" not in low and "checkpoint" not in low and "big-memory" not in low:
            return False
    return _USER_ASK.search(text) is not None


def raw_flush_seen(text: str) -> bool:
    """True when raw transcript text holds a host memory-flush prompt (compaction is near)."""
    return FLUSH_MARKER in text


def snapshot_trigger(transcript: Transcript, *, flush_seen: bool = False) -> SnapshotTrigger | None:
    """Why this transcript should be snapshotted automatically, or None.

    The user's own request wins (it names the moment); then compaction evidence.
    """
    for turn in transcript.turns:
        if turn.role == "user" and turn.kind == "message" and _user_asks(turn.text):
            return "user_request"
    if transcript.compaction_seen:
        return "compaction"
    if flush_seen:
        return "memory_flush"
    for turn in transcript.turns:
        if turn.role == "system" and turn.kind == "system" and _COMPACTION_NOTICE.search(turn.text):
            return "compaction_notice"
    return None
