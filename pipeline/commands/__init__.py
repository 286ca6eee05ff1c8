"""One module per command (or command group). Each exposes ``register(app)``.

Modules are discovered by name, so adding a command never edits a shared file. Keep module
imports light (typer, stdlib): heavy imports go inside the command functions.
"""

from __future__ import annotations

import importlib
import pkgutil

import typer


def register_all(app: typer.Typer) -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(app)
