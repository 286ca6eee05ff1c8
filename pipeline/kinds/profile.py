"""Profiles: durable facts about the user (``prof_…``, ``.reflexio/profiles/``), with a TTL."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

from memscribe.kinds.base import Kind, NewFile, Screen, newest_entry
from memscribe.kinds.frontmatter import as_utc, normalise_newlines, render_frontmatter, utc_stamp
from memscribe.schemas.candidates import ConsolidateDecision, ProfileCandidate
from memscribe.schemas.memory import TTL, TTL_DAYS, MemoryEntry, expires_for


def render_profile(
    *,
    id: str,
    created: dt.datetime,
    ttl: str,
    body: str,
    supersedes: Sequence[str] = (),
    namespace: str | None = None,
    updated: dt.datetime | None = None,
) -> str:
    """The exact text of a profile file.

    Args:
        id: ``prof_…`` id.
        created: creation time; written as UTC ``YYYY-MM-DDTHH:MM:SSZ``.
        ttl: one of :data:`memscribe.schemas.memory.TTL`; ``expires`` is derived from it.
        body: the fact; surrounding whitespace is stripped, newlines normalised.
        supersedes: ids this entry replaces; the line is written only when non-empty.
        namespace: the agent namespace; None (the default namespace) writes no line.
        updated: when the fact was last updated in place (its id kept); written after
            ``created``, and ``expires`` counts from it (an update renews the fact).

    Raises:
        ValueError: bad id, ttl, superseded id, namespace, or an empty body.
    """
    PROFILE.check_id(id)
    if ttl not in TTL_DAYS:
        raise ValueError(f"invalid ttl {ttl!r}")
    text = normalise_newlines(body).strip()
    if not text:
        raise ValueError("empty profile body")
    when = as_utc(created)
    renewed = as_utc(updated) if updated is not None else when
    stamps = [("created", utc_stamp(when))] + ([("updated", utc_stamp(renewed))] if updated else [])
    head = render_frontmatter(
        [
            ("type", "profile"),
            ("id", id),
            *stamps,
            ("ttl", ttl),
            ("expires", expires_for(renewed, ttl)),
        ],
        supersedes,
        namespace,
    )
    return f"{head}\n{text}\n"


def shortest_ttl(ttls: Iterable[str | None]) -> TTL:
    """The most perishable TTL (a missing ttl counts as infinity)."""
    best: TTL = "infinity"
    for ttl in ttls:
        if ttl in TTL_DAYS and ttl is not None:
            days, best_days = TTL_DAYS[ttl], TTL_DAYS[best]
            if days is not None and (best_days is None or days < best_days):
                best = ttl  # type: ignore[assignment]
    return best


def _profile_file(
    candidate: Any,
    merged_body: str | None,
    *,
    id: str,
    created: dt.datetime,
    supersedes: Sequence[str],
    namespace: str | None = None,
    updated: dt.datetime | None = None,
) -> NewFile:
    """The file a profile candidate becomes (``merged_body``: screened text of a dedup merge;
    ``updated``: an update in place of a stored one)."""
    body = merged_body or candidate.body.strip()
    text = render_profile(
        id=id,
        created=created,
        ttl=candidate.ttl,
        body=body,
        supersedes=supersedes,
        namespace=namespace,
        updated=updated,
    )
    return NewFile(text=text, body=body, ttl=candidate.ttl, evidence=sorted(set(candidate.evidence_turns)))


class ProfileKind(Kind):
    name = "profile"
    prefix = "prof_"
    folder = "profiles"
    candidate_model = ProfileCandidate
    merge_rewrites_body = True

    def candidate_text(self, candidate: Any) -> str:
        return str(candidate.body)

    def entry_text(self, entry: MemoryEntry) -> str:
        return entry.body

    def display_line(self, text: str) -> str:
        return " ".join(text.split())

    def evidence(self, candidate: Any) -> list[int]:
        return list(candidate.evidence_turns)

    def screen_fields(self, candidate: Any) -> dict[str, str]:
        return {"body": candidate.body}

    def screen_texts(self, fields: dict[str, str]) -> tuple[str, str]:
        return fields["body"], fields["body"]

    def slug_source(self, candidate: Any, body: str) -> str:
        return body

    def new_file(
        self,
        candidate: Any,
        *,
        id: str,
        created: dt.datetime,
        supersedes: Sequence[str],
        merged_body: str | None,
    ) -> NewFile:
        return _profile_file(candidate, merged_body, id=id, created=created, supersedes=supersedes)

    def updated_file(
        self,
        candidate: Any,
        old: MemoryEntry,
        *,
        created: dt.datetime,
        updated: dt.datetime,
        merged_body: str | None,
    ) -> NewFile:
        return _profile_file(
            candidate,
            merged_body,
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
        body = screen(decision.merged_body) or newest.body
        ttl = shortest_ttl(m.ttl for m in merged)
        text = render_profile(
            id=id,
            created=created,
            ttl=ttl,
            body=body,
            supersedes=[m.id for m in merged],
            namespace=newest.namespace,
        )
        return NewFile(text=text, body=body.strip(), ttl=ttl, evidence=[])

    def is_expired(self, entry: MemoryEntry, today: dt.date) -> bool:
        """Expired on its ``expires`` date (``created + ttl``, UTC) and after (``never``/missing: no)."""
        if not entry.expires or entry.expires == "never":
            return False
        try:
            return dt.date.fromisoformat(entry.expires) <= today
        except ValueError:
            return False  # an unreadable date is left alone, not guessed at


PROFILE = ProfileKind()
