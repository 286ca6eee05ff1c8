"""A duplicate written through a tool names the stored memories it restates as data, through the
write service's validation of its plan (review RV2 on 0c7c89c3: services/write dumped and
re-validated the plan, which drops ``Skipped.same_as`` as every dump does, then put the skipped
records back over the validated ones; now ``same_as`` travels in the validated data itself).

Pinned where a user reads it: the MCP duplicate answer (``same_as``) and ``edit --json``'s refusal
(``refused.same_as``, ``repeats``); dumps of the plan still leave it out."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from memscribe.mcp_server import MemoryTools
from memscribe.model.embedded import EmbeddedModel
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.services.scope import Scope
from memscribe.services.write import write_candidates
from memscribe.store.filestore import FileMemoryStore
from tests.support.integration_support import invoke
from tests.support.store_helpers import write_profile

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
MAC = "prof_macos001"
BODY = "User works on a MacBook with macOS."


@pytest.fixture
def root(tmp_path: Path) -> Path:
    write_profile(tmp_path, MAC, "laptop", BODY, ttl="infinity")
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Glasgow, Scotland.", ttl="infinity")
    return tmp_path


def test_the_mcp_duplicate_answer_names_what_it_restates(root: Path) -> None:
    answer = MemoryTools(root, EmbeddedModel, now=lambda: NOW).write_profile("laptop", "infinity", BODY)
    assert answer["stored"] is False and answer["reason"] == "duplicate"
    assert answer["same_as"] == [MAC]


def test_the_written_plan_carries_same_as_and_its_dump_leaves_it_out(root: Path) -> None:
    cand = ProfileCandidate(slug="laptop", ttl="infinity", body=BODY, evidence_turns=[0])
    plan = write_candidates(
        FileMemoryStore(root),
        [cand],
        [],
        scope=Scope(namespace="default", default="default"),
        model=EmbeddedModel(),
        now=NOW,
        source="tool",
    )
    assert [(s.reason, s.same_as) for s in plan.skipped] == [("duplicate", [MAC])]
    assert "same_as" not in json.dumps(plan.model_dump(mode="json"))


def test_edit_json_names_the_memory_an_edit_repeats(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITOR", f"sed -i.bak 's/User lives in Glasgow, Scotland\\./{BODY}/'")
    monkeypatch.delenv("VISUAL", raising=False)
    result = invoke(["edit", "prof_city0001", "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["changed"] is False and data["refused"]["reason"] == "duplicate"
    assert data["refused"]["same_as"] == [MAC] and data["repeats"] == [MAC]
