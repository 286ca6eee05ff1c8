"""Start-up (issue 17): a run builds only the command it runs, the root help only names and help
texts, and typer's markdown renderer and pretty traceback load on first use; what is printed does
not change."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe import cli
from memscribe.commands import register_named


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["extract", "t.jsonl"], "extract"),
        (["--verbose", "--log-file", "x.log", "search", "q"], "search"),
        (["-v", "--log-file=x.log", "snapshot", "take"], "snapshot"),
        (["--help"], None),
        (["--version"], None),
        (["--unknown", "extract"], None),
        ([], None),
    ],
)
def test_the_command_word_skips_root_options(argv: list[str], word: str | None) -> None:
    assert cli._command_word(argv) == word


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["-h"], [], ["extract", "--help"], ["snapshot", "--help"], ["nosuch"], ["search"]],
)
def test_the_trimmed_app_prints_what_the_whole_app_prints(argv: list[str]) -> None:
    runner = CliRunner()
    whole = runner.invoke(cli.app, argv, env={"COLUMNS": "100"})
    trimmed = runner.invoke(cli._build_only_what_runs(argv), argv, env={"COLUMNS": "100"})
    assert trimmed.output == whole.output
    assert trimmed.exit_code == whole.exit_code
    assert "Usage" in whole.output


def test_trimming_leaves_the_module_app_whole() -> None:
    count = len(cli.app.registered_commands)
    trimmed = cli._build_only_what_runs(["extract", "x"])
    assert [c.callback.__name__ for c in trimmed.registered_commands if c.callback] == ["extract"]
    assert len(cli.app.registered_commands) == count > 1


_PROBE = """
import io, sys, contextlib
from memscribe import cli
sys.argv = ["memscribe", "--help"]
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        cli.main()
    except SystemExit:
        pass
assert "extract" in out.getvalue()
print("markdown_it" in sys.modules, "pygments" in sys.modules)
from rich.markdown import Markdown
print(type(Markdown("# title")).__module__, "markdown_it" in sys.modules)
from rich.traceback import Traceback
try:
    raise ValueError("boom")
except ValueError as exc:
    tb = Traceback.from_exception(type(exc), exc, exc.__traceback__)
print(type(tb).__module__, type(tb).__name__, "pygments" in sys.modules)
"""


def test_markdown_and_traceback_load_only_when_used() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    assert proc.stdout.split() == [
        "False",
        "False",
        "rich.markdown",
        "True",
        "rich.traceback",
        "Traceback",
        "True",
    ]


_GC_PROBE = """
import gc, sys
from memscribe.cli import main
sys.argv = ["memscribe", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("GC", gc.isenabled(), gc.get_freeze_count() > 0)
"""


def test_a_command_runs_with_the_collector_on_and_start_up_frozen(tmp_path: Path) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            _GC_PROBE,
            "extract",
            str(transcript),
            "--dry-run",
            "--json",
            "--memory-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert '"operations"' in proc.stdout
    assert proc.stdout.rstrip().endswith("GC True True")


def test_the_app_run_in_a_callers_process_leaves_its_collector_alone(tmp_path: Path) -> None:
    import gc

    transcript = tmp_path / "t.txt"
    transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
    frozen = gc.get_freeze_count()
    result = CliRunner().invoke(
        cli.app, ["extract", str(transcript), "--dry-run", "--memory-dir", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert gc.isenabled() and gc.get_freeze_count() == frozen


_PLUGIN_PROBE = """
import sys
from memscribe.cli_common import start_up
start_up()
from pydantic import BaseModel, ValidationError
class Point(BaseModel):
    x: int
print(Point(x="3").x)
try:
    Point(x="three")
except ValidationError:
    print("invalid")
print("importlib.metadata" in sys.modules)
stand_in = sys.modules["pydantic.plugin._loader"]
print(stand_in.get_plugins("schema", kind="BaseModel") == () and stand_in._memscribe_stand_in)  # any arguments
import pydantic.plugin._loader as loader
print(loader._plugins is None or isinstance(loader._plugins, dict))  # another name: the real loader
print(getattr(sys.modules["pydantic.plugin._loader"], "_memscribe_stand_in", False))
"""


def test_the_memscribe_process_scans_no_pydantic_plugins() -> None:
    """No entry-point scan (importlib.metadata and its imports, ~45 ms) in the ``memscribe``
    process; models validate as ever, and any other use of pydantic's loader gets the real one."""
    proc = subprocess.run(
        [sys.executable, "-c", _PLUGIN_PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    assert proc.stdout.split() == ["3", "invalid", "False", "True", "True", "False"]


def _names(app: object) -> list[tuple[str, object]]:
    from typer.main import get_command_name

    commands = [
        (info.name or get_command_name(info.callback.__name__), info.callback)
        for info in app.registered_commands  # type: ignore[attr-defined]
        if info.callback is not None
    ]
    return commands + [(info.name, info.typer_instance) for info in app.registered_groups]  # type: ignore[attr-defined]


def test_a_run_that_names_its_command_registers_the_same_command_from_its_module_alone() -> None:
    """Every command word: the module named after it gives the very command (or group) the whole
    app has under that name, and nothing else; a word no module is named after falls back to
    the whole app."""
    whole = _names(cli.app)
    for word, _ in whole:
        single = cli._new_app()
        if register_named(single, word):
            assert cli._keep_only(single, word)
            assert _names(single) == [(w, t) for w, t in whole if w == word]
    assert not register_named(cli._new_app(), "__init__")
    assert not register_named(cli._new_app(), "nosuch")


_SINGLE_PROBE = """
import io, sys, contextlib
from memscribe import cli
sys.argv = ["memscribe", *sys.argv[1:]]
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        cli.main()
    except SystemExit:
        pass
print(sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("memscribe.commands.")))
print(out.getvalue())
"""


@pytest.mark.parametrize("argv", [["extract", "--help"], ["list", "--help"], ["snapshot", "--help"]])
def test_the_command_alone_prints_what_the_whole_app_prints(argv: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _SINGLE_PROBE, *argv],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "100"},
    )
    loaded, _, printed = proc.stdout.partition("\n")
    assert loaded == repr([{"list": "list_cmd"}.get(argv[0], argv[0])])
    whole = CliRunner().invoke(cli.app, argv, env={"COLUMNS": "100"}, prog_name="memscribe")
    assert printed.rstrip("\n") == whole.output.rstrip("\n")
