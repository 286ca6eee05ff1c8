"""``memscribe doctor``: check PATH, the model, the memory root, the installed hooks, the last runs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json

if TYPE_CHECKING:
    from memscribe.integrations.doctor import Check

MARK = {"ok": "✓", "warn": "!", "fail": "✗"}


def doctor(memory_dir: MemoryDir = Path("."), as_json: JsonOpt = False) -> None:
    """Say why a hook did nothing. Exit 2 when a check fails (warnings exit 0)."""
    from memscribe.integrations.doctor import as_json as to_json
    from memscribe.integrations.doctor import run_checks
    from memscribe.masking import mask_url_credentials

    # A detail may quote an API base or a hook log line: never their credentials.
    found = [*run_checks(memory_dir), *_key_named_groups(memory_dir)]
    checks = [replace(c, detail=mask_url_credentials(c.detail)) for c in found]
    if as_json:
        echo_json(to_json(checks))
    else:
        for check in checks:
            typer.echo(f"{MARK[check.status]} {check.name}: {check.detail}")
    if any(c.status == "fail" for c in checks):
        raise typer.Exit(2)


def _key_named_groups(root: Path) -> list[Check]:
    """A group folder or ``group_names.json`` name shaped like a key (made before such names were
    hashed, or by hand): a warning that names it by its first four characters only."""
    from memscribe.errors import StoreError
    from memscribe.groups.layout import GROUPS_DIR
    from memscribe.groups.secret_names import secret_shaped
    from memscribe.groups.store import read_names
    from memscribe.integrations.doctor import Check

    groups = Path(root) / GROUPS_DIR
    try:  # a root made with sudo and used as the user: doctor says so, never a traceback
        if not groups.is_dir():
            return []
        folders = {p.name for p in groups.iterdir() if p.is_dir()}
    except OSError as exc:
        return [Check("group names", "warn", f"cannot list {GROUPS_DIR}/: {exc.strerror or exc}")]
    broken: list[Check] = []
    try:
        mapped = list(read_names(root).values())
    except StoreError as exc:
        mapped, broken = [], [Check("group names", "warn", str(exc))]
    names = set(folders)
    names |= {n for entry in mapped for n in (entry.get("name"), entry.get("display_name")) if n}
    return broken + [
        Check(
            "group name",
            "warn",
            f"a group under {GROUPS_DIR}/ is named like a key ({name[:4]}…): rename its folder and "
            "index file, and its name and display_name in group_names.json",
        )
        for name in sorted(names)
        if secret_shaped(name)
    ]


def register(app: typer.Typer) -> None:
    app.command()(doctor)
