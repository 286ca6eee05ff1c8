"""Playbooks: rules the user taught by correcting the agent (``pbk_…``, ``.reflexio/playbooks/``).

The body has three sections, ``## When`` (the search anchor), ``## What`` and ``## Why``.
Playbooks never expire.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any

from memscribe.kinds.base import Kind, NewFile, Screen, newest_entry
from memscribe.kinds.frontmatter import normalise_newlines, render_frontmatter, utc_stamp
from memscribe.schemas.candidates import ConsolidateDecision, PlaybookCandidate
from memscribe.schemas.memory import MemoryEntry

_SECTION = re.compile(r"^## (When|What|Why)\s*$")


#: The Why section when the user gave no reason (detect asks for "" then, never a made-up one).
UNSTATED_WHY = "Not stated."


def playbook_body(*, when: str, what: str, why: str) -> str:
    """The three-section playbook body, without a trailing newline."""
    parts = {
        name: normalise_newlines(value).strip()
        for name, value in (("When", when), ("What", what), ("Why", why))
    }
    for name, value in parts.items():
        if not value:
            raise ValueError(f"empty playbook section {name!r}")
    return "\n\n".join(f"## {name}\n{value}" for name, value in parts.items())


def render_playbook(
    *,
    id: str,
    created: dt.datetime,
    when: str,
    what: str,
    why: str,
    supersedes: Sequence[str] = (),
    namespace: str | None = None,
    updated: dt.datetime | None = None,
) -> str:
    """The exact text of a playbook file (``## When`` / ``## What`` / ``## Why``); ``updated``:
    when it was last updated in place (its id kept), written after ``created``.

    Raises:
        ValueError: bad id, superseded id, or an empty section.
    """
    PLAYBOOK.check_id(id)
    body = playbook_body(when=when, what=what, why=why)
    stamps = [("created", utc_stamp(created))] + ([("updated", utc_stamp(updated))] if updated else [])
    head = render_frontmatter([("type", "playbook"), ("id", id), *stamps], supersedes, namespace)
    return f"{head}\n{body}\n"


def parse_playbook_sections(body: str) -> dict[str, str]:
    """``{"when": …, "what": …, "why": …}`` from a playbook body (missing sections are absent)."""
    sections: dict[str, str] = {}
    current: str | None = None
    buffer: list[str] = []
    for line in body.split("\n"):
        header = _SECTION.match(line)
        if header:
            if current is not None:
                sections[current] = "\n".join(buffer).strip()
            current, buffer = header[1].lower(), []
        elif current is not None:
            buffer.append(line)
    if current is not None:
        sections[current] = "\n".join(buffer).strip()
    return sections


def playbook_line(body: str) -> str:
    """``When <when>: <what>`` — a playbook body as one recall line."""
    sections = parse_playbook_sections(body)
    when, what = sections.get("when", "").strip(), sections.get("what", "").strip()
    return f"When {when[:1].lower()}{when[1:]}: {what}" if when else what


def _playbook_file(
    candidate: Any,
    *,
    id: str,
    created: dt.datetime,
    supersedes: Sequence[str],
    namespace: str | None = None,
    updated: dt.datetime | None = None,
) -> NewFile:
    """The file a playbook candidate becomes (``updated``: an update in place of a stored one)."""
    why = candidate.why.strip() or UNSTATED_WHY
    text = render_playbook(
        id=id,
        created=created,
        when=candidate.when.strip(),
        what=candidate.what.strip(),
        why=why,
        supersedes=supersedes,
        namespace=namespace,
        updated=updated,
    )
    evidence = [candidate.correction_turn, candidate.adjustment_turn]
    if candidate.confirmation_turn is not None:
        evidence.append(candidate.confirmation_turn)
    body = playbook_body(when=candidate.when, what=candidate.what, why=why)
    return NewFile(text=text, body=body, ttl=None, evidence=evidence)


class PlaybookKind(Kind):
    name = "playbook"
    prefix = "pbk_"
    folder = "playbooks"
    candidate_model = PlaybookCandidate

    def candidate_text(self, candidate: Any) -> str:
        return f"When: {candidate.when}\nWhat: {candidate.what}"

    def entry_text(self, entry: MemoryEntry) -> str:
        # The search anchor and the rule; ``Why`` is reference only.
        return entry.body.replace("## When", "When:").replace("## What", "What:").split("## Why")[0].strip()

    def display_line(self, text: str) -> str:
        when, _, what = text.partition("\nWhat:")
        when = when.removeprefix("When:").strip()
        line = f"When {when[:1].lower()}{when[1:]}: {what.strip()}" if when else what.strip()
        return " ".join(line.split())

    def evidence(self, candidate: Any) -> list[int]:
        return [candidate.correction_turn, candidate.adjustment_turn]

    def screen_fields(self, candidate: Any) -> dict[str, str]:
        return {"when": candidate.when, "what": candidate.what, "why": candidate.why}

    def screen_texts(self, fields: dict[str, str]) -> tuple[str, str]:
        return "\n".join((fields["when"], fields["what"], fields["why"])), fields["what"]

    def slug_source(self, candidate: Any, body: str) -> str:
        return str(candidate.when)

    def new_file(
        self,
        candidate: Any,
        *,
        id: str,
        created: dt.datetime,
        supersedes: Sequence[str],
        merged_body: str | None,
    ) -> NewFile:
        # A dedup merge rewrites profile bodies only: a playbook is kept whole.
        return _playbook_file(candidate, id=id, created=created, supersedes=supersedes)

    def updated_file(
        self,
        candidate: Any,
        old: MemoryEntry,
        *,
        created: dt.datetime,
        updated: dt.datetime,
        merged_body: str | None,
    ) -> NewFile:
        # as for a new file, the playbook is kept whole: the candidate's sections
        return _playbook_file(
            candidate,
            id=old.id,
            created=created,
            supersedes=old.supersedes,
            namespace=old.namespace,
            updated=updated,
        )

    def merged_file(
        self,
        merged: Sequence[MemoryEntry],
        decision: ConsolidateDecision,
        *,
        id: str,
        created: dt.datetime,
        screen: Screen,
    ) -> NewFile:
        newest = newest_entry(merged)
        old = parse_playbook_sections(newest.body)
        when, what, why = (
            screen(decision.merged_when),
            screen(decision.merged_what),
            screen(decision.merged_why),
        )
        if not (when and what):  # a playbook is merged whole or not at all
            when, what, why = old.get("when", ""), old.get("what", ""), old.get("why", "")
        text = render_playbook(
            id=id,
            created=created,
            when=when,
            what=what,
            why=why or old.get("why") or "Consolidated from earlier playbooks.",
            supersedes=[m.id for m in merged],
            namespace=newest.namespace,
        )
        return NewFile(text=text, body=text.split("---\n", 2)[-1].strip(), ttl=None, evidence=[])


PLAYBOOK = PlaybookKind()
