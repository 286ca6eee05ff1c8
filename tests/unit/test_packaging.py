"""Packaging: one import root (`memscribe`), every sub-package declared, a version."""

from __future__ import annotations

import tomllib
from pathlib import Path

from typer.testing import CliRunner

import memscribe
from memscribe.cli import app

REPO = Path(__file__).resolve().parents[2]
ROOTS = {
    "memscribe": REPO / "pipeline",
    "memscribe.schemas": REPO / "schemas",
    "memscribe.prompts": REPO / "prompts",
}


def _declared() -> list[str]:
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    packages: list[str] = data["tool"]["setuptools"]["packages"]
    return packages


def test_every_subpackage_is_declared_under_one_root() -> None:
    found = set()
    for root, folder in ROOTS.items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder)
            found.add(".".join([root, *rel.parts]) if rel.parts else root)
    declared = _declared()
    assert sorted(found) == sorted(declared)
    assert all(name == "memscribe" or name.startswith("memscribe.") for name in declared)


def test_package_dir_maps_the_repository_folders() -> None:
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["tool"]["setuptools"]["package-dir"] == {
        "memscribe": "pipeline",
        "memscribe.schemas": "schemas",
        "memscribe.prompts": "prompts",
    }


def test_version_flag_prints_the_package_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert memscribe.__version__ in result.output
