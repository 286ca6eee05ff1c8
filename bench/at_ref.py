"""Load a package of this repository as it was at a git ref, beside today's, for before/after
benchmarks in one run.

``package_at("26fe926", "pipeline/redaction", "memscribe.redaction")`` writes every file of
that folder at the ref into a temporary directory as a package named ``redaction_26fe926``
(imports of ``memscribe.redaction`` inside it renamed to match, package data copied too) and
imports it. Other ``memscribe`` imports resolve to today's tree.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]


def package_at(ref: str, folder: str, dotted: str) -> ModuleType | None:
    """The package ``dotted`` (source ``folder``) at git ``ref``, or ``None`` if unavailable."""
    try:
        names = subprocess.run(
            ["git", "ls-tree", "--name-only", ref, folder + "/"],
            cwd=REPO,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    if not names:
        return None
    alias = f"{dotted.rsplit('.', 1)[-1]}_{ref.replace('-', '_').replace('.', '_')}"
    root = Path(tempfile.mkdtemp(prefix="memscribe-at-ref-"))
    pkg = root / alias
    pkg.mkdir()
    for name in names:
        data = subprocess.run(
            ["git", "show", f"{ref}:{name}"], cwd=REPO, check=True, capture_output=True
        ).stdout
        if name.endswith(".py"):
            data = data.replace(dotted.encode(), alias.encode())
        (pkg / Path(name).name).write_bytes(data)
    sys.path.insert(0, str(root))
    return importlib.import_module(alias)
