"""One module per command (or command group). Each exposes ``register(app)``.

Modules are discovered by name, so adding a command never edits a shared file. Name a module
after its command (``list_cmd`` where the word is taken): a run that names its command imports
that module alone (:func:`register_named`; any other falls back to all). Keep module imports
light (typer, stdlib): heavy imports go inside the command functions.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import typer


def register_named(app: typer.Typer, word: str) -> bool:
    """Register the module named after the command ``word`` (``list`` -> ``list_cmd``), if there
    is one: what a run that names its command needs (False: no such module; the caller then
    registers all, as a module may name its command otherwise)."""
    stem = word.replace("-", "_")
    if not stem.isidentifier() or stem.startswith("_"):
        return False
    for name in (f"{__name__}.{stem}", f"{__name__}.{stem}_cmd"):
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(app)
            return True
    return False


def register_all(app: typer.Typer) -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(app)
