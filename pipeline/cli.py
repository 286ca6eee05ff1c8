"""The ``memscribe`` command: a thin shell over the library.

Kept light at import time (``memscribe --help`` must answer fast): litellm is only imported when a
real model is configured, and the pipeline modules only when a command runs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from pipeline import config
from pipeline.errors import MemscribeError

if TYPE_CHECKING:
    from schemas.plan import Plan
    from schemas.transcript import Transcript

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

MemoryDir = Annotated[
    Path,
    typer.Option(
        "--memory-dir",
        envvar=config.ENV_MEMORY_DIR,
        help="Memory root (workspace). Default: current directory.",
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
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine output (JSON on stdout).")]


@app.callback()
def _root() -> None:
    """memscribe: agent transcripts in, memory files out."""


def _fail(exc: MemscribeError) -> NoReturn:
    typer.echo(f"memscribe: error: {exc}", err=True)
    raise typer.Exit(exc.exit_code)


def _read(path: str, fmt: str | None, skip_bad_lines: bool) -> Transcript:
    from pipeline.errors import InputError
    from pipeline.transcript import parse_transcript, read_transcript

    if path == "-":
        data = sys.stdin.buffer.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError("not UTF-8 text", path="-") from exc
        return parse_transcript(text, source="-", fmt=fmt, skip_bad_lines=skip_bad_lines)
    return read_transcript(Path(path), fmt=fmt, skip_bad_lines=skip_bad_lines)


@app.command()
def extract(
    transcript: Annotated[str, typer.Argument(help="Transcript file, or - for stdin.")],
    memory_dir: MemoryDir = Path("."),
    model: ModelOpt = None,
    api_base: ApiBase = None,
    fmt: Annotated[
        str | None,
        typer.Option("--format", help="Force the format: openclaw, claude-code, codex, openai, text."),
    ] = None,
    skip_bad_lines: Annotated[
        bool, typer.Option("--skip-bad-lines", help="Skip malformed lines (reported).")
    ] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan; write nothing.")] = False,
    as_json: JsonOpt = False,
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            envvar=config.ENV_MODE,
            help="Structured-output mode: json_schema, json, tools, md_json.",
        ),
    ] = "json_schema",
    context_tokens: Annotated[
        int | None,
        typer.Option(
            "--context-tokens", envvar=config.ENV_CONTEXT_TOKENS, help="Override the model's context size."
        ),
    ] = None,
    timeout: Annotated[
        float, typer.Option("--timeout", envvar=config.ENV_TIMEOUT, help="Per-request timeout (s).")
    ] = 120.0,
) -> None:
    """Extract profiles and playbooks from one transcript and write them to the memory root."""
    from pipeline.model.factory import context_tokens_for, make_model
    from pipeline.run import extract as run_extract
    from pipeline.stages.apply import apply_plan
    from pipeline.store.root import MemoryRoot

    try:
        if fmt is not None and fmt not in ("openclaw", "claude-code", "codex", "openai", "text"):
            from pipeline.errors import UserError

            raise UserError(f"unknown --format {fmt!r}")
        parsed = _read(transcript, fmt, skip_bad_lines)
        try:
            chosen = make_model(model, api_base=api_base, mode=mode, timeout=timeout)
        except ValueError as exc:
            from pipeline.errors import UserError

            raise UserError(str(exc)) from exc
        root = MemoryRoot(memory_dir)
        plan = run_extract(
            parsed,
            model=chosen,
            existing=root.entries(),
            taken_ids=root.taken_ids(),
            context_tokens=context_tokens_for(chosen, context_tokens),
        )
        applied = False
        if not dry_run and plan.operations:
            apply_plan(plan, memory_dir)
            applied = True
    except MemscribeError as exc:
        _fail(exc)
    _report(plan, applied=applied, dry_run=dry_run, as_json=as_json)


def _report(plan: Plan, *, applied: bool, dry_run: bool, as_json: bool) -> None:
    if as_json:
        data: dict[str, Any] = plan.model_dump(mode="json")
        data["applied"] = applied
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    from pipeline.report import print_plan

    print_plan(plan, applied=applied, dry_run=dry_run)


def main() -> None:
    """Console entry point: user mistakes become one line and an exit code, never a traceback."""
    try:
        app()
    except MemscribeError as exc:  # pragma: no cover - commands already convert these
        typer.echo(f"memscribe: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        typer.echo("memscribe: interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
