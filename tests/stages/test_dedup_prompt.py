"""The embedded model decides dedup from the typed request: ``dedup.j2`` is rendered only for a
model that reads the prompt (issue 17: a template import and compile per extract that nothing
read), and the decisions are the same either way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memscribe.relatedness import ListView
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.store.root import MemoryRoot
from tests.support.store_helpers import write_profile


def _decisions(result: Any) -> list[tuple[str, tuple[str, ...]]]:
    return [(a.candidate.body, tuple(a.supersedes)) for a in result.accepted]


def test_the_embedded_model_decides_without_the_dedup_prompt_rendered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memscribe import prompting
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.stages.dedup import dedup_all

    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Glasgow.")
    view = ListView(MemoryRoot(tmp_path).entries())
    moved = ProfileCandidate(
        slug="home-city",
        ttl="one_year",
        body="User moved to Lisbon last month and lives there now.",
        evidence_turns=[0],
    )
    rendered: list[str] = []
    real = prompting.render_messages

    def counted(template: str, **variables: Any) -> Any:
        rendered.append(template)
        return real(template, **variables)

    monkeypatch.setattr(prompting, "render_messages", counted)

    plain = dedup_all({"profile": [moved]}, view, model=EmbeddedModel())
    assert plain.calls >= 1  # a decision was asked of the model
    assert rendered == []

    sent: list[Any] = []
    reader = EmbeddedModel()
    generate = reader.generate

    def recording(**kwargs: Any) -> Any:  # a model that replaces generate reads the prompt
        sent.append(kwargs["messages"])
        return generate(**kwargs)

    reader.generate = recording  # type: ignore[method-assign]
    prompted = dedup_all({"profile": [moved]}, view, model=reader)
    assert rendered == ["dedup.j2"] * prompted.calls and sent and all(sent)
    assert _decisions(prompted) == _decisions(plain)
