"""The ``memscribe`` command: a thin shell over the library.

Kept light at import time (``memscribe --help`` must answer fast): litellm is only imported when a
real model is configured, and the pipeline modules only when a command runs. Commands live in
``pipeline/commands/``, one module each.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from memscribe import config
from memscribe.commands import register_all
from memscribe.errors import MemscribeError

EPILOG = "Exit codes: " + "; ".join(f"{k} {v}" for k, v in config.EXIT_CODES.items())

app = typer.Typer(
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


def _print_version(value: bool) -> None:
    if value:
        from memscribe import __version__

        typer.echo(f"memscribe {__version__}")
        raise typer.Exit()


@app.callback()
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
    from memscribe.config_file import install_defaults

    if verbose or log_file is not None:
        from memscribe.cli_common import configure_logging

        configure_logging(verbose=verbose, log_file=log_file)
    install_defaults(ctx)  # option defaults from config files: flag > env > file > default


register_all(app)


def main() -> None:
    """Console entry point: user mistakes become one line and an exit code, never a traceback."""
    from memscribe.cli_common import run_app

    try:
        run_app(app)  # under --json, usage and config errors are JSON too
    except MemscribeError as exc:  # pragma: no cover - commands already convert these
        typer.echo(f"memscribe: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        typer.echo("memscribe: interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
