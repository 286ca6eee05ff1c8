"""Under ``--json`` every error is a JSON document on stdout (and one line on stderr), whichever
part of the command line raised it: an option's callback, click's parser, the root's config file,
or the command itself. Exit codes are the families' (EXIT_CODES)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.cli_common import run_app, wants_json

runner = CliRunner()
ENTRY = "import sys; sys.argv[0] = 'memscribe'; from memscribe.cli import main; main()"


@pytest.fixture(autouse=True)
def _no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSCRIBE_CONFIG", str(tmp_path / "no-user-config.toml"))
    monkeypatch.delenv("MEMSCRIBE_MEMORY_DIR", raising=False)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        run_app(app, argv)
    out = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), out.out, out.err


def _error(stdout: str) -> dict[str, Any]:
    error: dict[str, Any] = json.loads(stdout)["error"]
    return error


def test_an_option_callback_error_is_json_wherever_json_stands(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope")
    for args in (["list", "--memory-dir", missing, "--json"], ["list", "--json", "--memory-dir", missing]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert _error(result.stdout) == {
            "type": "UserError",
            "message": f"memory root {missing} does not exist (--memory-dir)",
            "exit_code": 2,
        }


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["list", "--json", "--bogus"], "--bogus"),  # unknown option
        (["search", "--json"], "'query'"),  # missing argument
        (["search", "x", "--json", "--limit", "many"], "'--limit'"),  # bad value
    ],
)
def test_usage_errors_are_json(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(argv, capsys)
    assert code == 2
    error = _error(out)
    assert error["type"] == "UsageError" and error["exit_code"] == 2 and says in error["message"]
    assert "Usage: memscribe" in err  # people still get click's message


def test_a_broken_config_file_is_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "memscribe.toml").write_text("budget = [1\n")
    monkeypatch.setenv("MEMSCRIBE_MEMORY_DIR", str(tmp_path))  # the root callback reads sys.argv, not ours
    code, out, err = _run(["list", "--json"], capsys)
    assert code == 2
    error = _error(out)
    assert error["type"] == "UserError" and "memscribe.toml" in error["message"]
    assert err.startswith("memscribe: error: config file ")


def test_success_and_plain_errors_are_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["list", "--json", "--memory-dir", str(tmp_path)], capsys)
    assert code == 0 and isinstance(json.loads(out), dict | list)
    code, out, err = _run(["list", "--bogus"], capsys)
    assert code == 2 and out == "" and "--bogus" in err  # no --json: no JSON
    assert wants_json(["search", "--", "--json"]) is False and wants_json(["x", "--json"]) is True


def test_the_entry_point_prints_usage_errors_as_json(tmp_path: Path) -> None:
    env = {**os.environ, "MEMSCRIBE_CONFIG": str(tmp_path / "none.toml")}
    proc = subprocess.run(
        [sys.executable, "-c", ENTRY, "list", "--json", "--bogus"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert _error(proc.stdout)["type"] == "UsageError" and "--bogus" in proc.stderr
