"""Whole-pipeline replays of the fixture transcripts: the exact files written are asserted.

Each fixture runs twice: through the embedded default, and through the litellm path against
recorded HTTP (cassettes from the scripted local server; record mode none, network blocked).
Goldens live in fixtures/expected/; regenerate with MEMSCRIBE_UPDATE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded import EmbeddedModel
from memscribe.model.llm import LiteLLMModel
from memscribe.schemas.plan import Plan
from tests.support.e2e_support import FIXTURE_NAMES, SECRET_RE, check_golden, run_fixture, snapshot


def _assert_no_secret(plan: Plan, root: Path) -> None:
    """No pasted secret in the plan or in any file under the root (archive and journal too)."""
    assert not SECRET_RE.search(plan.model_dump_json())
    for path in root.rglob("*"):
        if path.is_file():
            assert not SECRET_RE.search(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_embedded(name: str, tmp_path: Path) -> None:
    plan = run_fixture(name, EmbeddedModel(), tmp_path)
    _assert_no_secret(plan, tmp_path)
    actual = snapshot(plan, tmp_path)
    assert actual["llm_calls"] == 0
    check_golden(name, "embedded", actual)


@pytest.mark.vcr
@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_llm(name: str, tmp_path: Path, llm_server: str) -> None:
    model = LiteLLMModel("openai/scripted-extractor", api_base=llm_server, max_attempts=1)
    plan = run_fixture(name, model, tmp_path)
    _assert_no_secret(plan, tmp_path)
    check_golden(name, "llm", snapshot(plan, tmp_path))
