"""Snapshot status and recall views. Pure."""

from __future__ import annotations

import re

from memscribe.model.embedded.snapshot import decisions_made, files_in_play
from memscribe.schemas.snapshot import StoredSnapshot
from memscribe.schemas.transcript import Transcript

_PHASE = re.compile(r"^- Phase: (?P<v>.+)$", re.MULTILINE)
_ITEM = re.compile(r"^\s*(?:\d+\.|-)\s+(?P<v>.+)$", re.MULTILINE)


def _items(text: str) -> list[str]:
    return [m.group("v").strip() for m in _ITEM.finditer(text)]


def recall_view(snapshot: StoredSnapshot) -> dict[str, object]:
    """Goal / Phase / Working on / Next up, as the seed's recovery step presents them."""
    sections = snapshot.sections
    phase = _PHASE.search(sections.get("Current State", ""))
    return {
        "path": snapshot.path,
        "snapshot_id": snapshot.snapshot_id,
        "timestamp": snapshot.timestamp,
        "goal": sections.get("Active Goal", "none"),
        "phase": phase.group("v") if phase else "none",
        "working_on": _items(sections.get("Files In Play", "")),
        "next_up": _items(sections.get("Next Steps", "")),
        "sections": sections,
        "text": snapshot.text,
    }


def moved_on(transcript: Transcript, snapshot: StoredSnapshot) -> list[str]:
    """Files and decisions in ``transcript`` that the snapshot does not mention (empty: up to date)."""
    known = snapshot.text.casefold()
    news = [f"file {f.path}" for f in files_in_play(transcript.turns) if f.path.casefold() not in known]
    news += [
        f"decision: {d.decision}"
        for d in decisions_made(transcript.turns)
        if d.decision.casefold()[:60] not in known
    ]
    return news
