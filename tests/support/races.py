"""Several processes doing one thing at the same instant (forked, released by a barrier)."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _run(action: Callable[[Path], str], root: Path, barrier: Any, results: Any) -> None:
    barrier.wait()
    try:
        results.put(action(root))
    except Exception as exc:  # the failure is what the test reports
        results.put(repr(exc))


def at_once(action: Callable[[Path], str], roots: list[Path], processes: int = 3) -> list[str]:
    """``action(root)`` in ``processes`` forked processes released together, for each root in
    turn; every process's result (or its exception's repr), in the order they came."""
    context = multiprocessing.get_context("fork")
    outcomes: list[str] = []
    for root in roots:
        barrier, results = context.Barrier(processes), context.Queue()
        workers = [
            context.Process(target=_run, args=(action, root, barrier, results)) for _ in range(processes)
        ]
        for worker in workers:
            worker.start()
        outcomes += [results.get(timeout=60) for _ in workers]
        for worker in workers:
            worker.join(timeout=60)
    return outcomes
