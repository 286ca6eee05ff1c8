"""Helpers for the store tests (index, search, sweep, consolidate, namespaces, property)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memscribe.model.base import Message
from memscribe.schemas.plan import Usage
from memscribe.store.atomic import write_new_file
from memscribe.store.files import memory_path, render_playbook, render_profile

CREATED = dt.datetime(2026, 1, 1, 9, 0, tzinfo=dt.UTC)


def write_profile(
    root: Path,
    mem_id: str,
    slug: str,
    body: str,
    *,
    ttl: str = "one_year",
    created: dt.datetime = CREATED,
    namespace: str | None = None,
    supersedes: Sequence[str] = (),
) -> str:
    rel = memory_path("profile", slug, mem_id)
    text = render_profile(
        id=mem_id, created=created, ttl=ttl, body=body, supersedes=supersedes, namespace=namespace
    )
    write_new_file(root / rel, text)
    return rel


def write_playbook(
    root: Path,
    mem_id: str,
    slug: str,
    when: str,
    what: str,
    why: str = "User corrected this.",
    *,
    created: dt.datetime = CREATED,
    namespace: str | None = None,
) -> str:
    rel = memory_path("playbook", slug, mem_id)
    text = render_playbook(id=mem_id, created=created, when=when, what=what, why=why, namespace=namespace)
    write_new_file(root / rel, text)
    return rel


class ScriptedModel:
    """A StructuredModel answering from queued replies (dicts, validated) or raising queued errors."""

    name = "scripted"

    def __init__(self, *replies: object) -> None:
        self.replies = list(replies)
        self.calls: list[tuple[str, list[Message], Any]] = []
        self.usage = Usage()

    def generate(self, *, task, messages, response_model, request):  # type: ignore[no-untyped-def]
        self.calls.append((task, messages, request))
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return response_model.model_validate(reply)


class BatchingModel(ScriptedModel):
    """A scripted LLM: it asks for the run's dedup decisions in one call."""

    batches_dedup = True
