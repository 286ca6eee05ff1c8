"""Load a script of ``bench/`` as a module (bench/ is not a package), for tests of its figures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str, *, as_name: str | None = None) -> ModuleType:
    """``bench/<name>.py`` as a module registered under ``as_name`` (dataclasses look their module
    up in ``sys.modules`` while a class is built)."""
    spec = importlib.util.spec_from_file_location(as_name or f"bench_{name}_under_test", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
