"""Config files: flag > environment > file (root over user) > default; ``memscribe config`` shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app

runner = CliRunner()


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MEMSCRIBE_CONFIG", str(tmp_path / "user.toml"))
    monkeypatch.delenv("MEMSCRIBE_CONTEXT_BUDGET", raising=False)
    monkeypatch.delenv("MEMSCRIBE_MODEL", raising=False)
    monkeypatch.setenv("MEMSCRIBE_MEMORY_DIR", str(tmp_path))
    (tmp_path / "user.toml").write_text('model = "openai/gpt-4.1-mini"\nbudget = 400\n')
    (tmp_path / "memscribe.toml").write_text("budget = 300\n[context]\nlimit = 2\n")
    return tmp_path


def _budget(*args: str) -> int:
    result = runner.invoke(app, ["context", "--json", "-q", "x", *args], input="")
    assert result.exit_code == 0, result.output
    value: int = json.loads(result.output)["budget"]
    return value


def test_precedence(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _budget() == 300  # the root's file over the user's
    monkeypatch.setenv("MEMSCRIBE_CONTEXT_BUDGET", "777")
    assert _budget() == 777  # env over files
    assert _budget("--budget", "99") == 99  # flag over env


def test_config_shows_values_and_sources(root: Path) -> None:
    result = runner.invoke(app, ["config", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    rows = {r["name"]: r for r in data["settings"]}
    assert rows["model"] == {
        "name": "model",
        "value": "openai/gpt-4.1-mini",
        "source": str(root / "user.toml"),
    }
    assert rows["budget"]["source"] == str(root / "memscribe.toml")
    assert rows["api_base"]["source"] == "default"
    assert data["tables"] == {"context": {"limit": 2}}


def test_a_broken_file_is_one_clear_error(root: Path) -> None:
    (root / "memscribe.toml").write_text("budget = [1\n")
    result = runner.invoke(app, ["config"])
    assert result.exit_code != 0
    assert "memscribe.toml" in str(result.exception)
