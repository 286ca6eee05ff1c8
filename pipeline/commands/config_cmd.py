"""``memscribe config``: the settings in effect and where each comes from."""

from __future__ import annotations

import os
from typing import Any

import typer

from memscribe.cli_common import JsonOpt, echo_json, fail

#: Settings a user most often sets, with their environment variables (flag > env > file > default).
KNOWN = {
    "memory_dir": "MEMSCRIBE_MEMORY_DIR",
    "model": "MEMSCRIBE_MODEL",
    "api_base": "MEMSCRIBE_API_BASE",
    "mode": "MEMSCRIBE_MODE",
    "timeout": "MEMSCRIBE_TIMEOUT",
    "context_tokens": "MEMSCRIBE_CONTEXT_TOKENS",
    "agent": "MEMSCRIBE_AGENT",
    "embedding_model": "MEMSCRIBE_EMBEDDING_MODEL",
    "budget": "MEMSCRIBE_CONTEXT_BUDGET",
}


def config(as_json: JsonOpt = False) -> None:
    """Show each setting's value and source: env, a config file, or default.

    Files: ~/.config/memscribe/config.toml (or $MEMSCRIBE_CONFIG), then memscribe.toml in the
    memory root. Top-level keys apply to every command with that option; [command] tables to one.
    Secrets (keys, tokens) are masked.
    """
    from memscribe.config_file import config_files, merged, user_file
    from memscribe.errors import MemscribeError
    from memscribe.masking import mask_url_credentials
    from memscribe.stages.redact import redact_text

    try:
        files = config_files()
        settings, origin = merged(files)
    except MemscribeError as exc:
        fail(exc)
    rows = []
    for name, env in KNOWN.items():
        if os.environ.get(env):
            value, source = os.environ[env], f"env {env}"
        elif name in settings:
            value, source = str(settings[name]), origin[name]
        else:
            value, source = None, "default"
        shown = redact_text(mask_url_credentials(value))[0] if value else None
        rows.append({"name": name, "value": shown, "source": source})
    extra = _masked({k: v for k, v in settings.items() if k not in KNOWN})
    if as_json:
        echo_json(
            {
                "files": [str(p) for p in files],
                "user_file": str(user_file()),
                "settings": rows,
                "tables": extra,
            }
        )
        return
    typer.echo(
        "Config files: " + (", ".join(map(str, files)) if files else f"none (user file: {user_file()})")
    )
    for row in rows:
        typer.echo(
            f"  {row['name']:<16} {row['value'] if row['value'] is not None else '-':<30} ({row['source']})"
        )
    for key, value in extra.items():
        typer.echo(f"  [{key}] {value}" if isinstance(value, dict) else f"  {key:<16} {value}")


def _masked(value: Any) -> Any:
    """A config table with every string's secrets and URL credentials masked."""
    from memscribe.masking import mask_url_credentials
    from memscribe.stages.redact import redact_text

    if isinstance(value, str):
        return redact_text(mask_url_credentials(value))[0]
    if isinstance(value, dict):
        return {k: _masked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v) for v in value]
    return value


def register(app: typer.Typer) -> None:
    app.command(name="config")(config)
