"""``memscribe doctor``: check PATH, the model, the memory root, the installed hooks, the last runs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json

MARK = {"ok": "✓", "warn": "!", "fail": "✗"}


def doctor(memory_dir: MemoryDir = Path("."), as_json: JsonOpt = False) -> None:
    """Say why a hook did nothing. Exit 2 when a check fails (warnings exit 0)."""
    from memscribe.integrations.doctor import as_json as to_json
    from memscribe.integrations.doctor import run_checks
    from memscribe.masking import mask_url_credentials

    # A detail may quote an API base or a hook log line: never their credentials.
    checks = [replace(c, detail=_printable(mask_url_credentials(c.detail))) for c in run_checks(memory_dir)]
    if as_json:
        echo_json(to_json(checks))
    else:
        for check in checks:
            typer.echo(f"{MARK[check.status]} {check.name}: {check.detail}")
    if any(c.status == "fail" for c in checks):
        raise typer.Exit(2)


def _printable(text: str) -> str:
    """``text`` with what cannot be printed as UTF-8 (a lone surrogate from a name cut inside an
    emoji, a byte of a folder name that is not UTF-8) written as an escape, never a traceback."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def register(app: typer.Typer) -> None:
    app.command()(doctor)
