"""Shared pieces of the command line: option types, error handling, input reading.

Every command module in ``pipeline/commands/`` uses these, so options behave the same
everywhere: ``--memory-dir`` (env MEMSCRIBE_MEMORY_DIR), ``--model`` / ``--api-base`` (env
MEMSCRIBE_MODEL / MEMSCRIBE_API_BASE), ``--json`` for machines. Keep imports light: this module is
imported for ``memscribe --help``.
"""

from __future__ import annotations

import gc
import json
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, cast

import typer

from memscribe import config
from memscribe.errors import MemscribeError

if TYPE_CHECKING:
    from memscribe.schemas.transcript import Transcript

#: Commands that only read a memory root: a root that does not exist is an error for them.
#: (``recall`` is not one: agent hooks call it on projects that have no memory yet, and it prints
#: nothing there.)
READ_ONLY_COMMANDS = frozenset({"list", "show", "search", "history", "export", "stats", "status"})


#: Set by :func:`start_up` in the ``memscribe`` process itself (never in a caller's process).
_COLLECTOR_DEFERRED: list[bool] = []


def start_up() -> None:
    """The ``memscribe`` process starts with the cyclic garbage collector off.

    Start-up allocates a few hundred thousand objects that live as long as the process (modules,
    classes, compiled patterns, pydantic schemas, the guard's weights). Collected while they pile
    up, they are rescanned again and again for next to nothing freed: about 0.1 s of CPU per
    extract, one full collection ~45 ms of it. :func:`command_started` turns the collector back
    on with them frozen (``gc.freeze``: never rescanned), so a command's own garbage is collected
    as usual.

    Patterns compile through the program cache (:func:`memscribe.lazyre.install_program_cache`,
    in :func:`memscribe.config.cache_dir`): ~0.1 s of every run's start-up was re-parsing the same
    few hundred regular expressions.
    """
    gc.disable()
    _COLLECTOR_DEFERRED.append(True)
    from memscribe.lazyre import install_program_cache

    install_program_cache(config.cache_dir())
    _skip_pydantic_plugins()


#: pydantic's plugin loader: scanning every installed distribution's entry points for
#: ``pydantic`` plugins imports :mod:`importlib.metadata` (email, zipfile, csv, tempfile with it)
#: and reads each distribution's metadata: ~45 ms of CPU on every run, for plugins that would
#: only observe memscribe's internal validation.
_PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"


def _skip_pydantic_plugins() -> None:
    """The ``memscribe`` process runs no pydantic plugins: a stand-in loader that has none,
    unless the real loader is already there. Any other name asked of the stand-in loads the real
    loader (and with it the plugins), so a pydantic release that uses more of it still works."""
    if _PYDANTIC_PLUGIN_LOADER in sys.modules:
        return
    import importlib
    from types import ModuleType

    def real(item: str) -> Any:
        if item.startswith("__"):  # the import system probing (``__path__``...): not a use
            raise AttributeError(item)
        if getattr(sys.modules.get(_PYDANTIC_PLUGIN_LOADER), "_memscribe_stand_in", False):
            del sys.modules[_PYDANTIC_PLUGIN_LOADER]
        return getattr(importlib.import_module(_PYDANTIC_PLUGIN_LOADER), item)

    def get_plugins(*args: Any, **kwargs: Any) -> tuple[()]:
        return ()  # whatever a pydantic release passes (none yet): still no plugins

    stand_in = ModuleType(_PYDANTIC_PLUGIN_LOADER)
    stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
    stand_in.__getattr__ = real  # type: ignore[method-assign]
    stand_in._memscribe_stand_in = True  # type: ignore[attr-defined]
    sys.modules[_PYDANTIC_PLUGIN_LOADER] = stand_in


def own_process() -> bool:
    """Whether this is the ``memscribe`` process itself (:func:`start_up` ran), not a caller's."""
    return bool(_COLLECTOR_DEFERRED)


def command_started() -> None:
    """The collector back on, start-up's objects frozen (only after :func:`start_up`)."""
    if _COLLECTOR_DEFERRED:
        gc.freeze()
        gc.enable()


@contextmanager
def loading() -> Iterator[None]:
    """Around a command's pipeline imports: no collection while they load, and what they
    allocated frozen afterwards, as for start-up (only after :func:`start_up`; elsewhere, as
    under pytest or a caller's own process, nothing changes)."""
    if not _COLLECTOR_DEFERRED:
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def _memory_root(ctx: typer.Context, value: Path) -> Path:
    """A missing ``--memory-dir`` fails a read command (it would report "no memories" for a typo);
    a command that writes creates it when it first writes, and a note on stderr says so."""
    if value.exists() or ctx.resilient_parsing:
        return value
    from memscribe.errors import UserError

    if ctx.info_name in READ_ONLY_COMMANDS:
        fail(UserError(f"memory root {value} does not exist (--memory-dir)"))

    def note() -> None:  # the store creates the root on its first write; say so once it did
        if value.is_dir() and not ctx.params.get("as_json"):  # --json output stays one document
            typer.echo(f"memscribe: note: created memory root {value}", err=True)

    ctx.call_on_close(note)
    return value


MemoryDir = Annotated[
    Path,
    typer.Option(
        "--memory-dir",
        envvar=config.ENV_MEMORY_DIR,
        help="Memory root (workspace). Default: current directory. Must exist for read commands; "
        "created (with a note) for commands that write.",
        callback=_memory_root,
    ),
]
ModelOpt = Annotated[
    str | None,
    typer.Option(
        "--model", envvar=config.ENV_MODEL, help="litellm model string; unset = the embedded default."
    ),
]
ApiBase = Annotated[
    str | None,
    typer.Option("--api-base", envvar=config.ENV_API_BASE, help="Base URL of an OpenAI-compatible server."),
]
ModeOpt = Annotated[
    str,
    typer.Option(
        "--mode",
        envvar=config.ENV_MODE,
        help="Structured-output mode: json_schema, json, tools, md_json.",
    ),
]
TimeoutOpt = Annotated[
    float, typer.Option("--timeout", envvar=config.ENV_TIMEOUT, help="Per-request timeout (s).")
]
#: Eager: known before any other option's callback runs, so an error found there (a missing
#: ``--memory-dir``) is printed as JSON too, wherever ``--json`` stands on the line.
JsonOpt = Annotated[bool, typer.Option("--json", is_eager=True, help="Machine output (JSON on stdout).")]


def _set_max_calls(value: int | None) -> int | None:
    """Hand ``--max-calls`` to the model through its environment variable (workers inherit it)."""
    import os

    if value is not None:
        os.environ[config.ENV_MAX_CALLS] = str(value)
    return value


MaxCallsOpt = Annotated[
    int | None,
    typer.Option(
        "--max-calls",
        envvar=config.ENV_MAX_CALLS,
        min=0,
        callback=_set_max_calls,
        help="Model-call budget for this run (re-asks and retries count); calls past it are not "
        "made and are reported as model errors. Unset: no budget.",
    ),
]
FormatOpt = Annotated[
    str | None,
    typer.Option("--format", help="Force the format: openclaw, claude-code, codex, openai, text."),
]
SkipBadLines = Annotated[
    bool,
    typer.Option(
        "--skip-bad-lines/--strict",
        help="Malformed records are skipped and counted (bad_lines) by default; --strict fails on the first.",
    ),
]

FORMATS = ("openclaw", "claude-code", "codex", "openai", "text")


def _json_requested() -> bool:
    """Whether the running command was given ``--json`` (its ``as_json`` parameter)."""
    import importlib

    for name in ("typer._click.globals", "click.globals"):  # typer vendors click in recent releases
        try:
            module: Any = importlib.import_module(name)
        except ImportError:  # pragma: no cover - depends on the typer release
            continue
        ctx = module.get_current_context(silent=True)
        return bool(ctx is not None and ctx.params.get("as_json"))
    return False  # pragma: no cover


def error_record(exc: MemscribeError) -> dict[str, Any]:
    """An error as data: its family, message, exit code and structured fields (path, line…)."""
    record: dict[str, Any] = {"type": type(exc).__name__, "message": str(exc), "exit_code": exc.exit_code}
    record.update({k: v for k, v in exc.fields.items() if v is not None})
    return record


def fail(exc: MemscribeError) -> NoReturn:
    """One line on stderr and the error family's exit code: never a traceback for a user mistake.

    Under ``--json`` the error is also printed on stdout as ``{"error": {...}}``.
    """
    if _json_requested():
        typer.echo(json.dumps({"error": error_record(exc)}, ensure_ascii=False, default=str))
    typer.echo(f"memscribe: error: {exc}", err=True)
    raise typer.Exit(exc.exit_code)


def wants_json(argv: list[str]) -> bool:
    """Whether the command line asks for ``--json`` (before a ``--`` that ends the options)."""
    return "--json" in (argv[: argv.index("--")] if "--" in argv else argv)


def run_app(app: Callable[..., Any], argv: list[str] | None = None) -> None:
    """Run the typer ``app`` on ``argv`` (default: the command line); under ``--json`` every
    error is also JSON on stdout.

    Without ``--json`` click handles the run as usual. With it, the errors click and the root
    callback raise before a command can :func:`fail` — an unknown option, a missing argument, a
    bad value (``UsageError``, exit 2), a broken config file — are printed as ``{"error": {...}}``
    too, beside the usual message on stderr.

    Raises:
        SystemExit: always, with the run's exit code.
    """
    if not wants_json(sys.argv[1:] if argv is None else argv):
        app(args=argv)  # click's standalone run: it exits itself
        raise SystemExit(0)  # pragma: no cover
    # click's base exception, from the click typer uses (vendored in recent typer releases).
    click_error = cast(
        "type[Exception]", next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    )
    try:
        code = app(args=argv, prog_name="memscribe", standalone_mode=False)
    except click_error as caught:
        exc: Any = caught  # a click exception: format_message(), show(), exit_code
        exit_code = int(getattr(exc, "exit_code", 2))
        record = {"type": "UsageError", "message": exc.format_message(), "exit_code": exit_code}
        typer.echo(json.dumps({"error": record}, ensure_ascii=False))
        exc.show()
        raise SystemExit(exit_code) from None
    except typer.Abort:
        typer.echo(json.dumps({"error": {"type": "Aborted", "message": "aborted", "exit_code": 1}}))
        typer.echo("Aborted!", err=True)
        raise SystemExit(1) from None
    except MemscribeError as exc:  # raised outside a command's own handling (the root callback)
        typer.echo(json.dumps({"error": error_record(exc)}, ensure_ascii=False, default=str))
        typer.echo(f"memscribe: error: {exc}", err=True)
        raise SystemExit(exc.exit_code) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def echo_json(data: Any) -> None:
    """``data`` as indented JSON on stdout, written in pieces as it is encoded: the same bytes as
    ``typer.echo(json.dumps(data, ensure_ascii=False, indent=2))`` without the whole text (and
    the many small pieces it is joined from) held at once (a large plan: issue 17)."""
    pieces: list[str] = []
    size = 0
    for piece in json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(data):
        pieces.append(piece)
        size += len(piece)
        if size >= _ECHO_CHUNK:
            typer.echo("".join(pieces), nl=False)
            pieces.clear()
            size = 0
    typer.echo("".join(pieces))


_ECHO_CHUNK = 1 << 16  #: characters of JSON written to stdout at a time


def read_input_text(path: str) -> str:
    """A text file or stdin (``-``) as UTF-8 text, with input errors that name the source."""
    from memscribe.errors import InputError
    from memscribe.inputs import read_input_bytes

    data = read_input_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError("not UTF-8 text", path=path) from exc


def read_transcript_arg(path: str, fmt: str | None, skip_bad_lines: bool) -> Transcript:
    """A transcript from a file or stdin (``-``), with the format checked first."""
    from memscribe.errors import UserError
    from memscribe.transcript import parse_transcript, read_transcript

    if fmt is not None and fmt not in FORMATS:
        raise UserError(f"unknown --format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if path == "-":
        return parse_transcript(read_input_text("-"), source="-", fmt=fmt, skip_bad_lines=skip_bad_lines)
    return read_transcript(Path(path), fmt=fmt, skip_bad_lines=skip_bad_lines)


# -- --verbose / --log-file ---------------------------------------------------------------------
# Every module logs through ``logging.getLogger("memscribe.<area>")``; by default nothing below a
# warning is shown. ``--verbose`` (``MEMSCRIBE_VERBOSE``) sends debug records to stderr,
# ``--log-file PATH`` (``MEMSCRIBE_LOG_FILE``) appends them to a rotated file (1 MB, three kept).
# Every message passes the redactor first: a prompt or response logged at debug level never
# writes a secret.

ROOT_LOGGER = "memscribe"
_MARK = "_memscribe_cli_handler"


class RedactingFilter(logging.Filter):
    """Masks secrets in a record's message (the redactor is loaded on the first record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        from memscribe.masking import mask_url_credentials
        from memscribe.stages.redact import redact_text

        message = record.getMessage()
        masked = redact_text(mask_url_credentials(message))[0]
        if masked != message:
            record.msg, record.args = masked, None
        return True


def configure_logging(*, verbose: bool, log_file: Path | None) -> None:
    """(Re)configure the ``memscribe`` loggers for one command run."""
    logger = logging.getLogger(ROOT_LOGGER)
    for handler in [h for h in logger.handlers if getattr(h, _MARK, False)]:
        logger.removeHandler(handler)
        handler.close()
    handlers: list[logging.Handler] = []
    if verbose:
        handlers.append(logging.StreamHandler())
    if log_file is not None:
        from logging.handlers import RotatingFileHandler  # only here: socket, pickle, queue with it

        log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(RotatingFileHandler(log_file, maxBytes=1_000_000, backupCount=3, encoding="utf-8"))
    for handler in handlers:
        setattr(handler, _MARK, True)
        handler.setLevel(logging.DEBUG)
        handler.addFilter(RedactingFilter())
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
    if handlers:
        logger.setLevel(logging.DEBUG)
