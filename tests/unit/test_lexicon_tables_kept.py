"""Every lazily compiled table of the lexicon and the embedded rules is kept in the program cache
(issue 17): a pattern made outside a module's body (by a helper function called there) was
parsed anew in every process, its program never written to the cache."""

from __future__ import annotations

import importlib
import pkgutil

from memscribe.lazyre import LazyPattern
from memscribe.lexicon import teaching

_PACKAGES = ("memscribe.lexicon", "memscribe.model.embedded", "memscribe.stages")


def _lazy_patterns(value: object, path: str, depth: int = 0) -> list[tuple[str, LazyPattern]]:
    """The lazy patterns ``value`` holds: itself, or in the dicts, tuples and lists it holds."""
    if isinstance(value, LazyPattern):
        return [(path, value)]
    if depth >= 3:
        return []
    if isinstance(value, dict):
        items = [(f"{path}[{k!r}]", v) for k, v in value.items()]
    elif isinstance(value, tuple | list):
        items = [(f"{path}[{i}]", v) for i, v in enumerate(value)]
    else:
        return []
    return [found for where, v in items for found in _lazy_patterns(v, where, depth + 1)]


def _module_patterns() -> list[tuple[str, LazyPattern]]:
    found = []
    for package in _PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.iter_modules(root.__path__, package + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                found += _lazy_patterns(value, f"{info.name}.{name}")
    return found


def test_every_table_pattern_counts_as_made_at_import() -> None:
    patterns = _module_patterns()
    assert len(patterns) > 300  # the walk reaches the tables (dicts of rows included)
    parsed_every_run = [path for path, p in patterns if not p._static]
    assert parsed_every_run == []


def test_the_teaching_rows_are_kept() -> None:
    tables = (
        teaching._FIRST,
        teaching._UNSURE_OF,
        teaching._QUESTION_OF,
        teaching._DIRECTIVE_OF,
        teaching._CONTRAST_OF,
        teaching._FACT_CONTRAST_OF,
        teaching._NORM_OF,
        teaching._ON_TODAY_OF,
    )
    rows = [p for table in tables for p in table.values()]
    assert len(rows) == 44
    assert all(isinstance(p, LazyPattern) and p._static for p in rows)
    # the English directive row still matches as it did
    assert teaching._DIRECTIVE_OF["en"].search("please always use tabs") is not None
    assert teaching._DIRECTIVE_OF["en"].search("I went home") is None
