"""Before/after in one run: a git revision's code exported beside the working tree, and the
medians of alternating runs (``bench/batch.py --baseline --repeat``, ``bench/model_call.py --baseline``)."""

from __future__ import annotations

import shutil
import statistics
import subprocess
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def export_revision(rev: str, dest: Path) -> Path:
    """The code of git revision ``rev`` in ``dest`` (``git archive``: read-only for the repo),
    laid out as the installed ``memscribe`` package (``pipeline/`` → ``memscribe/``, with
    ``schemas/`` and ``prompts/`` inside), so ``PYTHONPATH=dest`` imports it ahead of the
    working tree's editable install."""
    dest.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", rev], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    package = dest / "memscribe"
    if (dest / "pipeline").is_dir() and not package.exists():
        shutil.copytree(dest / "pipeline", package)
        for sub in ("schemas", "prompts"):
            if (dest / sub).is_dir():
                shutil.copytree(dest / sub, package / sub)
    byte_compiled(dest)
    return dest


def byte_compiled(*codes: Path | None) -> None:
    """Each of ``codes`` (an export laid out as ``memscribe/``, or this repository: ``pipeline/``
    and ``schemas/``; None: none) with its modules byte-compiled, as an installed package's are.

    This environment sets ``PYTHONDONTWRITEBYTECODE``: an export holds no byte code and writes
    none, so each of its runs compiled every module it imported, a cost the working tree (its
    byte code kept from earlier runs) did not pay. The planning section of ``bench/batch.py``
    (modules imported during the run) measured a fresh export of 3dce069 at 5.63 ms of CPU per
    transcript against 4.47 for the same code compiled, and 4.24 once the export was compiled."""
    import compileall

    for code in dict.fromkeys(c for c in codes if c is not None):
        package = code / "memscribe"
        for folder in [package] if package.is_dir() else [code / "pipeline", code / "schemas"]:
            if folder.is_dir():
                compileall.compile_dir(folder, quiet=2, workers=1)


def medians(
    pairs: list[tuple[int, dict[str, Any], dict[str, Any]]],
    concurrencies: list[int],
    repeat: int,
    baseline: str | None,
    latency: float,
    n: int,
) -> None:
    """The medians of the alternating before/after runs, per concurrency (with ``--repeat`` > 1)."""
    if not pairs or repeat < 2:
        return

    def cpu(report: dict[str, Any]) -> float:
        return 1000 * report["cpu_s"] / max(1, report["processed"])

    def ratio(report: dict[str, Any], concurrency: int) -> float:
        ideal = report["model_calls"] * latency / concurrency or 1.0
        return float(report["wall_s"]) / ideal

    print(f"\nmedians of {repeat} alternating runs (before: {baseline} / after):")
    for concurrency in concurrencies:
        olds = [o for c, o, _ in pairs if c == concurrency]
        news = [new for c, _, new in pairs if c == concurrency]
        print(
            f"  conc {concurrency:>3}: cpu ms/transcript {statistics.median(map(cpu, olds)):.1f} -> "
            f"{statistics.median(map(cpu, news)):.1f}, wall/ideal "
            f"{statistics.median(ratio(o, concurrency) for o in olds):.2f} -> "
            f"{statistics.median(ratio(new, concurrency) for new in news):.2f}, calls/transcript "
            f"{olds[0]['model_calls'] / n:.2f} -> {news[0]['model_calls'] / n:.2f}"
        )
