"""Config files: option defaults from TOML, below flags and environment variables.

Two files, the later overriding the earlier:

1. ``~/.config/memscribe/config.toml`` (``$XDG_CONFIG_HOME/memscribe/config.toml``; or
   ``$MEMSCRIBE_CONFIG``) — the user's defaults;
2. ``memscribe.toml`` in the memory root (``--memory-dir``, ``$MEMSCRIBE_MEMORY_DIR``, else the
   current directory) — the workspace's.

Top-level keys apply to every command with an option of that name (``model``, ``api_base``,
``timeout``…; ``-`` or ``_`` alike); a table ``[batch]`` applies to one command (``[snapshot.save]``
to a sub-command). Precedence is click's: flag > environment variable > file > built-in default,
so a file never overrides what a user typed or exported.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from memscribe.errors import UserError

ROOT_FILE = "memscribe.toml"
ENV_CONFIG = "MEMSCRIBE_CONFIG"


def user_file() -> Path:
    explicit = os.environ.get(ENV_CONFIG)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "memscribe" / "config.toml"


def _memory_dir(argv: list[str]) -> Path:
    for i, arg in enumerate(argv):
        if arg == "--memory-dir" and i + 1 < len(argv):
            return Path(argv[i + 1]).expanduser()
        if arg.startswith("--memory-dir="):
            return Path(arg.split("=", 1)[1]).expanduser()
    return Path(os.environ.get("MEMSCRIBE_MEMORY_DIR") or ".")


def config_files(argv: list[str] | None = None) -> list[Path]:
    """The config files in effect, lowest precedence first (only those that exist)."""
    argv = sys.argv[1:] if argv is None else argv
    return [p for p in (user_file(), _memory_dir(argv) / ROOT_FILE) if p.is_file()]


def read_file(path: Path) -> dict[str, Any]:
    """One config file as a dict.

    Raises:
        UserError: not valid TOML.
    """
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"config file {path}: {exc}") from None


def merged(files: list[Path]) -> tuple[dict[str, Any], dict[str, str]]:
    """(the merged settings, where each top-level key came from)."""
    settings: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for path in files:
        for key, value in read_file(path).items():
            name = key.replace("-", "_")
            if isinstance(value, dict) and isinstance(settings.get(name), dict):
                settings[name] = {**settings[name], **value}
            else:
                settings[name] = value
            origin[name] = str(path)
    return settings, origin


def _params(command: Any) -> set[str]:
    return {p.name for p in command.params if getattr(p, "param_type_name", "") == "option" and p.name}


def _is_group(command: Any) -> bool:
    # typer vendors click: duck typing, not isinstance against the click package.
    return isinstance(getattr(command, "commands", None), dict)


def default_map(group: Any, settings: dict[str, Any]) -> dict[str, Any]:
    """click's ``default_map`` for every command of ``group`` from ``settings``."""
    scalars = {k: v for k, v in settings.items() if not isinstance(v, dict)}
    result: dict[str, Any] = {}
    for name, command in group.commands.items():
        table = settings.get(name.replace("-", "_"))
        table = {k.replace("-", "_"): v for k, v in table.items()} if isinstance(table, dict) else {}
        if _is_group(command):
            result[name] = default_map(command, {**scalars, **table})
            continue
        wanted = _params(command)
        values = {k: v for k, v in {**scalars, **table}.items() if k in wanted and not isinstance(v, dict)}
        if values:
            result[name] = values
    return result


def install_defaults(ctx: Any) -> None:
    """Set ``ctx.default_map`` from the config files (the root command's callback calls this)."""
    files = config_files()
    if not files or not _is_group(ctx.command):
        return
    settings, _ = merged(files)
    ctx.default_map = default_map(ctx.command, settings)
