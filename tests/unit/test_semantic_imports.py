"""Importing the embedded dedup compiles none of the semantic rule tables' patterns (issue 17).

Extract against a non-empty root imports :mod:`memscribe.model.embedded.dedup`, which pulls in
the semantic frames, update cues, value classes and facets; their patterns are compiled when a
rule first asks (:func:`memscribe.lazyre.lazy_compile`), not at import.
"""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import re
import memscribe.model.embedded.dedup
from memscribe.lazyre import LazyPattern
from memscribe.semantic import calibration, facets, frames, updates, values

def patterns(value):
    if isinstance(value, (re.Pattern, LazyPattern)):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from patterns(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from patterns(item)

total = compiled = 0
for module in (calibration, facets, frames, updates, values):
    for value in vars(module).values():
        for p in patterns(value):
            total += 1
            compiled += isinstance(p, re.Pattern) or "_compiled" in vars(p)
print(total, compiled)
print(frames.counts("I run three times a week"), updates.negated("I no longer live there"))
"""


def test_dedup_import_compiles_no_semantic_pattern() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=120
    ).stdout.splitlines()
    total, compiled = (int(n) for n in out[0].split())
    assert total > 50
    assert compiled == 0
    # the patterns still answer once asked
    assert out[1] == "[(3.0, 'times', 'week')] True"
