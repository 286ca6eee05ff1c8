"""The ``memscribe`` command: a thin shell over the library.

Kept light at import time (``memscribe --help`` must answer fast): litellm is only imported when a
real model is configured, and the pipeline modules only when a command runs. Commands live in
``pipeline/commands/``, one module each; a run that names its command imports only that one's
module, and ``app`` (every command) is built on first use.
"""

from __future__ import annotations

import copy
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

import typer
from typer.main import get_command_name
from typer.models import CommandInfo

from memscribe import config
from memscribe.commands import register_all, register_named
from memscribe.errors import MemscribeError

EPILOG = "Exit codes: " + "; ".join(f"{k} {v}" for k, v in config.EXIT_CODES.items())


def _print_version(value: bool) -> None:
    if value:
        from memscribe import __version__

        typer.echo(f"memscribe {__version__}")
        raise typer.Exit()


def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
    ),
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose", "-v", envvar="MEMSCRIBE_VERBOSE", help="Debug log on stderr (secrets redacted)."
        ),
    ] = False,
    log_file: Annotated[
        Path | None,
        typer.Option(
            "--log-file", envvar="MEMSCRIBE_LOG_FILE", help="Append the debug log to this file (rotated)."
        ),
    ] = None,
) -> None:
    """memscribe: agent transcripts in, memory files out."""
    from memscribe.cli_common import command_started
    from memscribe.config_file import install_defaults

    command_started()  # a command runs: the collector, off during start-up, back on
    if verbose or log_file is not None:
        from memscribe.cli_common import configure_logging

        configure_logging(verbose=verbose, log_file=log_file)
    install_defaults(ctx)  # option defaults from config files: flag > env > file > default


def _new_app() -> typer.Typer:
    """The root app, its callback and no command yet."""
    application = typer.Typer(
        name="memscribe",
        help="Turn agent session transcripts into durable, safe, deduplicated memory files.\n\n"
        "With no --model (or MEMSCRIBE_MODEL) the embedded default runs: a deterministic, offline "
        "extractor built from the trigger rules, no API key needed. Any litellm model string "
        "(openai/…, anthropic/…, ollama/…, a local server via --api-base) switches to an LLM.",
        epilog=EPILOG,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    application.callback()(_root)
    return application


#: The app with every command, made on first use (``memscribe.cli.app``): the root help, shell
#: completion, tests and callers. A run that names its command registers only that one's module.
_WHOLE: list[typer.Typer] = []


def _whole_app() -> typer.Typer:
    if not _WHOLE:
        application = _new_app()
        register_all(application)
        _WHOLE.append(application)
    return _WHOLE[0]


def __getattr__(name: str) -> Any:
    if name == "app":
        return _whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The root options that take a value (skipped when looking for the command word).
_ROOT_VALUE_OPTIONS = frozenset({"--log-file"})
_ROOT_FLAGS = frozenset({"--verbose", "-v"})


def _command_word(argv: list[str]) -> str | None:
    """The command this invocation names, or None when that is not plain (help, version, an
    option the root does not know: the whole app answers those)."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in _ROOT_FLAGS or arg.startswith("--log-file="):
            i += 1
        elif arg in _ROOT_VALUE_OPTIONS:
            i += 2
        elif arg.startswith("-"):
            return None
        else:
            return arg
    return None


def _listed(info: CommandInfo) -> CommandInfo:
    """``info`` with a parameterless stand-in callback of the same name and docstring: all the
    root help shows of a command, without inspecting its signature."""
    callback = info.callback
    assert callback is not None

    def stand_in() -> None:  # pragma: no cover - never invoked: the root help only lists it
        raise AssertionError("listing only")

    stand_in.__name__ = callback.__name__
    stand_in.__doc__ = callback.__doc__
    listed = copy.copy(info)
    listed.callback = stand_in
    return listed


def _build_only_what_runs(argv: list[str]) -> typer.Typer:
    """typer builds a click command (signature inspection, every option) for each registered
    command on every run; build only the one this invocation runs, and for the root help only
    names and help texts. Same output: a command never sees its siblings, and the root help
    lists nothing of a command but its name, help and panel."""
    if any(name.endswith("_COMPLETE") for name in os.environ):  # a shell asking for completions
        return _whole_app()
    if argv in ([], ["--help"], ["-h"]):
        app = _whole_app()
        trimmed = copy.copy(app)  # the module's app stays whole (tests and callers reuse it)
        trimmed.registered_commands = [_listed(info) for info in app.registered_commands]
        return trimmed
    word = _command_word(argv)
    if word is None:
        return _whole_app()
    if not _WHOLE:  # only the module named after the command (~10 ms of imports for all of them)
        single = _new_app()
        if register_named(single, word) and _keep_only(single, word):
            return single
    app = _whole_app()
    trimmed = copy.copy(app)
    return trimmed if _keep_only(trimmed, word) else app


def _keep_only(app: typer.Typer, word: str) -> bool:
    """Leave ``app`` only the command or group named ``word`` (False, unchanged: it has none)."""
    commands = [
        info
        for info in app.registered_commands
        if info.callback is not None and (info.name or get_command_name(info.callback.__name__)) == word
    ]
    groups = [info for info in app.registered_groups if info.name == word]
    if not commands and not groups:
        return False
    app.registered_commands, app.registered_groups = commands, groups
    return True


#: Modules typer's help renderer imports that memscribe's help does not use, each with the one
#: name typer takes from it: the markdown renderer (markdown-it with it: about a third of
#: ``memscribe --help``; memscribe's help uses no markdown markup) and the pretty traceback
#: (pygments and rich.pretty with it; memscribe turns pretty exceptions off).
_DEFERRED_RICH = {"rich.markdown": "Markdown", "rich.traceback": "Traceback"}


def _real_module(name: str) -> ModuleType:
    if getattr(sys.modules.get(name), "_memscribe_stand_in", False):
        del sys.modules[name]
    return importlib.import_module(name)


def _stand_in_module(name: str, attribute: str) -> ModuleType:
    """A module ``name`` whose ``attribute`` (a class) and any other name load the real module
    on first use: the class called or any of its attributes read (``Traceback.from_exception``)."""

    def real_class() -> Any:
        return getattr(_real_module(name), attribute)

    class Forwarding(type):
        def __call__(cls, *args: Any, **kwargs: Any) -> Any:
            return real_class()(*args, **kwargs)

        def __getattr__(cls, item: str) -> Any:
            return getattr(real_class(), item)

    def __getattr__(item: str) -> Any:
        if item.startswith("__"):  # the import system probing (``__path__``...): not a use
            raise AttributeError(item)
        return getattr(_real_module(name), item)

    stand_in = ModuleType(name)
    setattr(stand_in, attribute, Forwarding(attribute, (), {"__module__": name}))
    stand_in.__getattr__ = __getattr__  # type: ignore[method-assign]
    stand_in._memscribe_stand_in = True  # type: ignore[attr-defined]
    return stand_in


def _defer_rich_modules() -> None:
    """Stand-ins for :data:`_DEFERRED_RICH` that load the real module on first use (a
    ``Markdown`` made, a ``Traceback`` asked for, any other name read)."""
    for name, attribute in _DEFERRED_RICH.items():
        if name not in sys.modules:
            sys.modules[name] = _stand_in_module(name, attribute)


def main() -> None:
    """Console entry point: user mistakes become one line and an exit code, never a traceback."""
    from memscribe.cli_common import run_app, start_up

    start_up()
    _defer_rich_modules()
    command = _build_only_what_runs(sys.argv[1:])

    try:
        run_app(command)  # under --json, usage and config errors are JSON too
    except MemscribeError as exc:  # pragma: no cover - commands already convert these
        typer.echo(f"memscribe: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        typer.echo("memscribe: interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
