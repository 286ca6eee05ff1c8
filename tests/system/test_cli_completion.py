"""Shell completion: ``memscribe completion SHELL`` prints a script, and the installed entry point
answers the completion requests that script makes (command names, a command's options)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from memscribe.cli import app

runner = CliRunner()
ENTRY = "import sys; sys.argv[0] = 'memscribe'; from memscribe.cli import main; main()"


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "complete -o default -F _memscribe_completion memscribe"),
        ("zsh", "compdef _memscribe_completion memscribe"),
        ("fish", "complete --command memscribe"),
        ("powershell", "Register-ArgumentCompleter"),
    ],
)
def test_completion_prints_the_script(shell: str, marker: str) -> None:
    result = runner.invoke(app, ["completion", shell])
    assert result.exit_code == 0, result.output
    assert marker in result.stdout and "_MEMSCRIBE_COMPLETE" in result.stdout
    assert result.stdout.startswith(f"# memscribe {shell} completion; install: ")


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = runner.invoke(app, ["completion", "tcsh"])
    assert result.exit_code == 2 and "unknown shell 'tcsh'" in result.stderr


def _complete(words: str, cword: int) -> list[str]:
    env = {
        **os.environ,
        "_MEMSCRIBE_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
    }
    proc = subprocess.run(
        [sys.executable, "-c", ENTRY], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_the_entry_point_completes_commands_and_options() -> None:
    assert {"extract", "export"} <= set(_complete("memscribe ex", 1))
    assert "completion" in _complete("memscribe comp", 1)
    assert _complete("memscribe extract --memory-d", 2) == ["--memory-dir"]
