"""``memscribe doctor``: why a hook did nothing — PATH, model, memory root, hooks, last runs.

Each check is ``ok``, ``warn`` (works, but not as the user probably wants) or ``fail`` (something
the user must fix), with one line saying what was found and what to do.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memscribe.integrations.hooks import log_path
from memscribe.integrations.install import HOOK_SCRIPT, memscribe_bin
from memscribe.masking import mask_url_credentials

LAST_RUNS = 5


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok | warn | fail
    detail: str


def check_path() -> Check:
    found = shutil.which("memscribe")
    if found:
        return Check("path", "ok", f"memscribe on PATH: {found}")
    own = memscribe_bin()
    hint = f"; hooks installed by `memscribe install` name it via MEMSCRIBE_BIN={own}" if own else ""
    return Check("path", "warn", f"memscribe is not on PATH{hint}")


def check_model() -> Check:
    from memscribe.model.factory import make_model

    name = os.environ.get("MEMSCRIBE_MODEL")
    if not name:
        return Check(
            "model", "ok", "embedded default (offline, no key needed); set MEMSCRIBE_MODEL for an LLM"
        )
    try:
        make_model(name, api_base=os.environ.get("MEMSCRIBE_API_BASE"))
    except ValueError as exc:
        return Check("model", "fail", f"MEMSCRIBE_MODEL={name}: {exc}")
    except ImportError as exc:
        return Check("model", "fail", f"MEMSCRIBE_MODEL={name} needs the llm extra: {exc}")
    base = os.environ.get("MEMSCRIBE_API_BASE")
    return Check(
        "model", "ok", f"MEMSCRIBE_MODEL={name}" + (f" at {mask_url_credentials(base)}" if base else "")
    )


def check_root(root: Path) -> list[Check]:
    from memscribe.curation import open_root_index, unreadable
    from memscribe.errors import MemscribeError
    from memscribe.namespace import default_namespace

    root = Path(root)
    if not root.is_dir():
        return [Check("memory root", "fail", f"{root} does not exist")]
    if not os.access(root, os.W_OK):
        return [Check("memory root", "fail", f"{root} is not writable: hooks cannot store anything")]
    if not (root / ".reflexio").is_dir():
        return [Check("memory root", "warn", f"{root} holds no memories yet (.reflexio/ missing)")]
    try:
        with open_root_index(root) as index:
            counts = index.counts(default=default_namespace(), today=dt.date.today())
            problems = unreadable(index)
    except MemscribeError as exc:
        return [Check("memory root", "fail", str(exc))]
    checks = [Check("memory root", "ok", f"{root}: {counts['active']} active, {counts['archived']} archived")]
    for path, error in problems:
        checks.append(Check("unreadable file", "fail", f"{path}: {error}"))
    return checks


def _json_mentions(path: Path, needle: str) -> bool:
    try:
        return needle in json.dumps(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return False


def check_hooks(home: Path, project: Path) -> list[Check]:
    found: list[Check] = []
    claude = [
        p
        for p in (home / ".claude" / "settings.json", project / ".claude" / "settings.json")
        if _json_mentions(p, HOOK_SCRIPT)
    ]
    found.append(
        Check("claude-code hooks", "ok", ", ".join(map(str, claude)))
        if claude
        else Check("claude-code hooks", "warn", "not installed (memscribe install claude-code)")
    )
    codex_home = Path(os.environ.get("CODEX_HOME") or home / ".codex")
    codex = [
        p
        for p in (codex_home / "hooks.json", project / ".codex" / "hooks.json")
        if _json_mentions(p, HOOK_SCRIPT)
    ]
    if codex:
        toml = codex_home / "config.toml"
        enabled = toml.is_file() and "codex_hooks = true" in toml.read_text(
            encoding="utf-8", errors="replace"
        )
        found.append(
            Check(
                "codex hooks",
                "ok" if enabled else "warn",
                ", ".join(map(str, codex)) + ("" if enabled else "; features.codex_hooks is not on"),
            )
        )
    else:
        found.append(Check("codex hooks", "warn", "not installed (memscribe install codex)"))
    state = Path(os.environ.get("OPENCLAW_STATE_DIR") or home / ".openclaw")
    pack = state / "hooks" / "memscribe" / "handler.js"
    found.append(
        Check("openclaw hook", "ok", str(pack.parent))
        if pack.is_file()
        else Check("openclaw hook", "warn", "not installed (memscribe install openclaw)")
    )
    errors = state / "hooks" / "memscribe" / "errors.log"
    if errors.is_file() and errors.stat().st_size:
        last = errors.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-1]
        found.append(Check("openclaw hook errors", "fail", last))
    return found


def check_last_runs(root: Path) -> list[Check]:
    log = log_path(root)
    if not log.is_file():
        return [Check("last hook runs", "warn", f"no hook has run for this root ({log} missing)")]
    lines = [line for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    runs = [line for line in lines if " INFO " in line or " ERROR " in line][-LAST_RUNS:]
    checks = [Check("last hook run", "fail" if " ERROR " in line else "ok", line) for line in runs]
    return checks or [Check("last hook runs", "warn", f"{log} holds no runs")]


def check_group_names(root: Path) -> list[Check]:
    """Doctor's check of group names (:func:`_key_names`); a file or folder name it cannot read
    as text is a finding, never a traceback."""
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
                f"group {tag} is named like a key in its {what} ({name[:4]}…): rename together, "
                f"with no flush running, its folder and index file under {GROUPS_DIR}/ (and the "
                f"index's group_name), its name and display_name in group_names.json, and its "
                f'"group" and "groups.<name>" entries in {STATE_PATH} (its skip counters and '
                "pending items)",
            )
        )
    return found


def run_checks(root: Path, *, home: Path | None = None, project: Path | None = None) -> list[Check]:
    home = home or Path.home()
    project = project or Path.cwd()
    return [
        check_path(),
        check_model(),
        *check_root(root),
        *check_hooks(home, project),
        *check_last_runs(root),
        *check_group_names(root),
    ]


def as_json(checks: list[Check]) -> dict[str, Any]:
    return {"ok": all(c.status != "fail" for c in checks), "checks": [c.__dict__ for c in checks]}
