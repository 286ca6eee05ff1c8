"""Where group memory lives under the memory root (seed 002), and the files a flush reads.

Pure: shared by the flush stage (:mod:`memscribe.groups.flush`) and the store's side
(:mod:`memscribe.groups.store`), so neither imports the other.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

GROUPS_DIR = "memory/groups"
STATE_PATH = "memory/flush-state.json"
NAMES_PATH = f"{GROUPS_DIR}/group_names.json"


@dataclass
class GroupFiles:
    """The group's files as read (None: absent)."""

    index: str | None = None
    attention: str | None = None
    project: str | None = None
    experience: str | None = None
    people: str | None = None
    #: ``conventions/<topic>.md`` files that exist, by topic.
    conventions: dict[str, str] = field(default_factory=dict)


def convention_path(group: str, topic: str) -> str:
    return f"{GROUPS_DIR}/{group}/conventions/{topic}.md"


def paths(group: str) -> dict[str, str]:
    return {
        "index": f"{GROUPS_DIR}/{group}.md",
        "attention": f"{GROUPS_DIR}/{group}/attention.md",
        "project": f"{GROUPS_DIR}/{group}/project.md",
        "experience": f"{GROUPS_DIR}/{group}/experience.md",
        "people": f"{GROUPS_DIR}/{group}/people.md",
    }


def sha256(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()
