"""What a memory kind is, as data: the contract each module of :mod:`memscribe.kinds` fills in.

A kind owns everything that differs between profiles and playbooks (and any later kind): its id
prefix and folder, its candidate model, how a candidate or a stored entry reads for similarity,
how a file is rendered, which fields are screened, and whether entries expire. Stages iterate
:data:`memscribe.kinds.KINDS` and ask the kind; they never branch on a kind's name.
"""

from __future__ import annotations

import datetime as dt
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from memscribe.schemas.candidates import ConsolidateDecision
from memscribe.schemas.memory import TTL, MemoryEntry, MemoryKind

#: What follows the prefix in an id: ids we generate and the nanoid alphabet older tools used;
#: never a path separator.
ID_BODY = r"[A-Za-z0-9_-]{1,64}"
_ID_BODY_RE = re.compile(rf"^{ID_BODY}$")

#: Model-written text after screening (secrets masked, injection refused), None when unusable.
Screen = Callable[[str | None], str | None]


def age_order(entry: MemoryEntry) -> tuple[str, str, str, str]:
    """How entries are ordered by age: by ``created``, then by body, slug and id.

    ``created`` is stamped to the second and ids are drawn at random (:mod:`memscribe.kinds.ids`),
    so entries made in one second were ordered by a random id: which one a consolidation took as
    the newest (its wording, slug and namespace survive) changed from run to run over the same
    memories (issue 14). The body and slug are what was said; the id decides only between
    entries saying the same thing under one slug."""
    return entry.created, entry.body, entry.slug, entry.id


def newest_entry(entries: Iterable[MemoryEntry]) -> MemoryEntry:
    """The entry made last, in :func:`age_order`."""
    return max(entries, key=age_order)


@dataclass(frozen=True)
class NewFile:
    """A memory file about to be written: its exact text and the fields a WriteOp reports."""

    text: str
    body: str
    ttl: TTL | None
    evidence: list[int]


class Kind(ABC):
    """One memory kind. Subclasses set the class attributes and the text rules."""

    name: ClassVar[MemoryKind]
    #: id prefix, e.g. ``prof_``
    prefix: ClassVar[str]
    #: folder under ``.reflexio/`` (and under the archive); also the candidates' field name
    #: in :class:`memscribe.schemas.candidates.Detection`
    folder: ClassVar[str]
    candidate_model: ClassVar[type[BaseModel]]
    #: A dedup ``merge`` decision rewrites the new entry's body with the model's merged text
    #: (otherwise the candidate is written as it is and only the supersession applies).
    merge_rewrites_body: ClassVar[bool] = False

    def owns_id(self, memory_id: str) -> bool:
        """``memory_id`` is ``<prefix><id body>``."""
        return memory_id.startswith(self.prefix) and bool(_ID_BODY_RE.match(memory_id[len(self.prefix) :]))

    def check_id(self, memory_id: str) -> None:
        """Raises ValueError unless ``memory_id`` is an id of this kind."""
        if not self.owns_id(memory_id):
            raise ValueError(f"invalid {self.name} id {memory_id!r} (expected {self.prefix}<alphanumeric>)")

    def candidates(self, found: Any) -> list[Any]:
        """This kind's candidates in a stage result (its ``folder`` attribute: ``profiles``…)."""
        return list(getattr(found, self.folder))

    @abstractmethod
    def candidate_text(self, candidate: Any) -> str:
        """The text a candidate is compared by (dedup, shortlists)."""

    @abstractmethod
    def entry_text(self, entry: MemoryEntry) -> str:
        """The text a stored entry is compared and searched by."""

    @abstractmethod
    def display_line(self, text: str) -> str:
        """One line for people and recall blocks, from :meth:`entry_text`."""

    @abstractmethod
    def evidence(self, candidate: Any) -> list[int]:
        """The turns a candidate cites, as reported when it is skipped."""

    @abstractmethod
    def screen_fields(self, candidate: Any) -> dict[str, str]:
        """The text fields redact-out screens (masked in place)."""

    @abstractmethod
    def screen_texts(self, fields: dict[str, str]) -> tuple[str, str]:
        """(whole text checked for injection, core text checked for secrets/echo/copies)."""

    @abstractmethod
    def slug_source(self, candidate: Any, body: str) -> str:
        """The text a fallback slug is made from when the candidate's slug is unusable."""

    @abstractmethod
    def new_file(
        self,
        candidate: Any,
        *,
        id: str,
        created: dt.datetime,
        supersedes: Sequence[str],
        merged_body: str | None,
    ) -> NewFile:
        """The file a candidate becomes (``merged_body``: screened text of a dedup merge)."""

    @abstractmethod
    def updated_file(
        self,
        candidate: Any,
        old: MemoryEntry,
        *,
        created: dt.datetime,
        updated: dt.datetime,
        merged_body: str | None,
    ) -> NewFile:
        """The file ``old`` becomes when ``candidate`` updates it in place (a dedup merge with it
        alone): id, ``created`` (as given), supersedes and namespace kept, an ``updated`` stamp."""

    @abstractmethod
    def merged_file(
        self,
        merged: Sequence[MemoryEntry],
        decision: ConsolidateDecision,
        *,
        id: str,
        created: dt.datetime,
        screen: Screen,
    ) -> NewFile:
        """The file that replaces ``merged`` (in cluster order) when consolidate merges them."""

    def is_expired(self, entry: MemoryEntry, today: dt.date) -> bool:
        """Whether the sweep archives ``entry`` on ``today`` (default: the kind never expires)."""
        return False
