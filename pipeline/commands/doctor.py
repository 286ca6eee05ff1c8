"""``memscribe doctor``: check PATH, the model, the memory root, the installed hooks, the last runs."""

from __future__ import annotations

import hashlib
import re
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
    checks = [replace(c, detail=_printable(mask_url_credentials(c.detail))) for c in found]
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


def _key_named_groups(root: Path) -> list[Check]:
    """Doctor's check of group names (:func:`_key_names`); a file or folder name it cannot read
    as text is a finding, never a traceback."""
    from memscribe.integrations.doctor import Check

    try:
        return _key_names(root)
    except ValueError as exc:  # UnicodeError among them
        return [Check("group names", "warn", f"cannot check the group names: {type(exc).__name__}")]


def _key_names(root: Path) -> list[Check]:
    """A group named like a key (made before such names were hashed, or by hand): one warning a
    group, naming it by a hash and by the first four characters of the name tested. The name
    tested is the display name in ``group_names.json``, its case kept (the sign a lower-cased
    folder has lost); a folder with no entry there is flagged only for hex digits of key length
    (a lower-cased name with a year and numbers reads like a key too often to say more)."""
    from memscribe.errors import StoreError
    from memscribe.groups.layout import GROUPS_DIR, STATE_PATH
    from memscribe.groups.secret_names import KEY_MIN, secret_shaped
    from memscribe.groups.store import read_names
    from memscribe.integrations.doctor import Check

    groups = Path(root) / GROUPS_DIR
    try:  # a root made with sudo and used as the user: doctor says so, never a traceback
        if not groups.is_dir():
            return []
        folders = {p.name for p in groups.iterdir() if p.is_dir()}
    except OSError as exc:
        return [Check("group names", "warn", f"cannot list {GROUPS_DIR}/: {exc.strerror or exc}")]
    found: list[Check] = []
    try:
        mapped = list(read_names(root).values())
    except StoreError as exc:
        mapped, found = [], [Check("group names", "warn", str(exc))]
    named: dict[str, tuple[str, str]] = {}  # folder → (name tested, what it is)
    for entry in mapped:
        folder = entry.get("name", "")
        shown = entry.get("display_name") or folder
        if folder and shown:
            named[folder] = (shown, "display name in group_names.json")
    hex_run = re.compile(rf"(?<![0-9a-z])[0-9a-f]{{{KEY_MIN},}}(?![0-9a-z])")
    for folder in sorted(folders - set(named)):
        if hex_run.search(folder):
            named[folder] = (folder, "folder, no entry in group_names.json")
    for folder, (name, what) in sorted(named.items()):
        if not secret_shaped(name):
            continue
        tag = hashlib.sha256(folder.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        found.append(
            Check(
                "group name",
                "warn",
                f"group {tag} is named like a key in its {what} ({_printable(name[:4])}…): rename together, "
                f"with no flush running, its folder and index file under {GROUPS_DIR}/ (and the "
                f"index's group_name), its name and display_name in group_names.json, and its "
                f'"group" and "groups.<name>" entries in {STATE_PATH} (its skip counters and '
                "pending items)",
            )
        )
    return found


def register(app: typer.Typer) -> None:
    app.command()(doctor)
