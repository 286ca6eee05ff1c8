"""A small generated corpus for the batch tests (and the helpers to compare memory roots)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel

PREFS = [
    "tabs over spaces",
    "dark mode",
    "short answers",
    "pytest over unittest",
    "vim keybindings",
    "metric units",
    "British spelling",
    "squash merges",
    "type hints everywhere",
    "early mornings",
]
CITIES = ["Berlin", "Munich", "Lisbon", "Oslo"]


def transcript(i: int) -> str:
    """Transcript ``i``: a preference, every fourth a move to a new city, every fifth nothing."""
    if i % 5 == 4:
        return (
            "User: What's the weather like?\nAssistant: Sunny.\nUser: Thanks.\nAssistant: You're welcome.\n"
        )
    lines = [f"User: I prefer {PREFS[i % len(PREFS)]}.", "Assistant: Noted."]
    if i % 4 == 1:
        lines += [f"User: I moved to {CITIES[(i // 4) % len(CITIES)]} last month.", "Assistant: Noted."]
    return "\n".join(lines) + "\n"


def make_corpus(folder: Path, n: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        path = folder / f"session-{i:03d}.txt"
        path.write_text(transcript(i), encoding="utf-8")
        paths.append(path)
    return paths


_VOLATILE = re.compile(r"^(id|created|expires|supersedes|superseded_by|superseded_at): .*$", re.MULTILINE)
_ID_SUFFIX = re.compile(r"-[a-z0-9]{8}(-\d+)?\.md$")


def memory_state(root: Path) -> list[tuple[str, str]]:
    """Every memory file (active and archived) with ids and timestamps normalised away."""
    state = []
    for path in sorted((root / ".reflexio").rglob("*.md")):
        if path.name.startswith("."):
            continue  # a writer's temp file
        rel = path.relative_to(root).as_posix()
        state.append((_ID_SUFFIX.sub(".md", rel), _VOLATILE.sub(r"\1: *", path.read_text(encoding="utf-8"))))
    return sorted(state)


class CountingModel(EmbeddedModel):
    """The embedded model, counting ``generate`` calls (shared across instances)."""

    calls = 0

    def generate(self, *, task: str, messages: list[Message], response_model: Any, request: BaseModel) -> Any:
        type(self).calls += 1
        return super().generate(task=task, messages=messages, response_model=response_model, request=request)


def tool_detection(messages: list[Message], pattern: re.Pattern[str]) -> dict[str, Any]:
    """A detect answer for the tool-preference transcripts of the batch tests: one profile
    ``User uses <value> for <topic>.`` (slug ``<topic>-tool``) per user line ``pattern`` finds
    (groups: turn, value, topic)."""
    user = "\n".join(str(m["content"]) for m in messages if m["role"] == "user")
    profiles = [
        {
            "slug": f"{topic}-tool",
            "ttl": "infinity",
            "body": f"User uses {value} for {topic}.",
            "evidence_turns": [int(turn)],
        }
        for turn, value, topic in pattern.findall(user)
    ]
    return {"profiles": profiles, "playbooks": []}
