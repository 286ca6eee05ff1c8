"""``--verbose`` / ``--log-file``: the debug log, secrets redacted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memscribe.cli_common import configure_logging
from tests.support.integration_support import invoke, root_with_memories

TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.fixture(autouse=True)
def _reset_logging() -> Iterator[None]:
    yield
    configure_logging(verbose=False, log_file=None)


def test_log_file_gets_the_debug_log_with_secrets_redacted(tmp_path: Path) -> None:
    root = root_with_memories(tmp_path / "root")
    log = tmp_path / "logs" / "memscribe.log"
    result = invoke(
        ["--log-file", str(log), "context", "-q", f"commit with token {TOKEN}", "--memory-dir", str(root)]
    )
    assert result.exit_code == 0, result.output
    text = log.read_text()
    assert "memscribe.integrations" in text and "context for" in text
    assert TOKEN not in text and "[REDACTED:" in text


def test_without_the_flags_nothing_is_logged(tmp_path: Path) -> None:
    root = root_with_memories(tmp_path / "root")
    result = invoke(["context", "-q", "commit", "--memory-dir", str(root)])
    assert result.exit_code == 0 and "DEBUG" not in result.output
