"""How CPU time grows with the input, for the tests that pin a linear cost on long inputs.

A machine shared with other jobs slows a run now and then, by as much as 2x (a CI run measured a
linear scan of 4x the text at 8.2x the CPU time of the small one). So the two sizes are timed in
turn, the least of several rounds each (a load that comes and goes weighs on both alike), the
large one eight times the small one, and the bound sits between the two growths it tells apart
(linear: about 8; quadratic: about 64).
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: The bound for an input eight times as long: well over linear (8), well under quadratic (64).
LINEAR_BOUND_8X = 24.0


def cpu_growth(run: Callable[[str], object], small: str, large: str, rounds: int = 5) -> float:
    """The least CPU seconds of ``rounds`` calls of ``run`` on ``large`` over the same for
    ``small``, the two measured in turn."""
    best = {small: float("inf"), large: float("inf")}
    for _ in range(rounds):
        for text in (small, large):
            began = time.process_time()
            run(text)
            best[text] = min(best[text], time.process_time() - began)
    return best[large] / max(best[small], 1e-4)
