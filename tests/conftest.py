"""Shared test setup: offline, deterministic, network blocked."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"

# Property tests draw the same examples on every run (a CI run must not pass or fail by the draw:
# a random body once failed CI at 2df65bb6), and keep no example database between runs.
settings.register_profile("memscribe", derandomize=True, database=None)
settings.load_profile("memscribe")

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def vcr_config() -> dict[str, object]:
    return {
        "cassette_library_dir": str(FIXTURES / "cassettes"),
        # The local server's port changes every run: match on what matters.
        "match_on": ["method", "path", "body"],
        "filter_headers": [
            "authorization",
            "api-key",
            "x-api-key",
            "cookie",
            "set-cookie",
            "openai-organization",
        ],
        "decode_compressed_response": True,
    }


@pytest.fixture(scope="session")
def llm_server() -> Iterator[str]:
    """The scripted OpenAI-compatible server the cassettes were recorded against."""
    from tests.support.llm_server import serve

    with serve() as url:
        yield url


@pytest.fixture(autouse=True)
def _fake_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key-not-real")
    for var in ("MEMSCRIBE_MODEL", "MEMSCRIBE_API_BASE", "MEMSCRIBE_MEMORY_DIR"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def fresh_semantic(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The offline semantic model as configured by default (no MEMSCRIBE_SEMANTIC), loaded anew
    for the test and forgotten after it."""
    from memscribe import semantic

    monkeypatch.delenv(semantic.ENV_VAR, raising=False)
    semantic.reset()
    yield
    semantic.reset()


@pytest.fixture
def vectorised(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The batch job's shortlists scored in bulk (numpy) from the first pair, as in a run over a
    large memory; the scoring's cached rows forgotten before and after."""
    pytest.importorskip("numpy")
    from memscribe.batch import scoring

    scoring.reset()
    monkeypatch.setattr(scoring, "IMPORT_AFTER_PAIRS", 0)
    yield
    scoring.reset()
