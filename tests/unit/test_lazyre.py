"""Regular expressions of the rule and detector tables are compiled on first use (issues 14, 17)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

from memscribe.lazyre import lazy_compile


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    source = r"(?P<k>\w+)=(?P<v>\d+)"
    lazy, rx = lazy_compile(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert "_compiled" not in lazy.__dict__  # nothing compiled yet
    assert lazy.pattern == rx.pattern
    text = "a=1 B=22 c=x"
    assert [m.span("v") for m in lazy.finditer(text)] == [m.span("v") for m in rx.finditer(text)]
    assert lazy.search(text).group("k") == "a"
    assert lazy.sub("-", text) == rx.sub("-", text)
    assert lazy.flags == rx.flags and lazy.groupindex == rx.groupindex and lazy.groups == rx.groups
    assert lazy.compiled is lazy.compiled and lazy.compiled.pattern == source
    assert re.sub(lazy.compiled, "", text) == rx.sub("", text)


_PROBE = textwrap.dedent(
    """
    import importlib, pkgutil, re, sys
    from memscribe.lazyre import LazyPattern
    eager, compiled, lazy = [], [], 0
    for package in ("memscribe.redaction", "memscribe.lexicon", "memscribe.model.embedded"):
        root = importlib.import_module(package)
        for info in pkgutil.iter_modules(root.__path__, package + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if isinstance(value, re.Pattern):
                    eager.append(f"{info.name}.{name}")
                elif isinstance(value, LazyPattern):
                    lazy += 1
                    if "_compiled" in value.__dict__:
                        compiled.append(f"{info.name}.{name}")
    print(eager, compiled, lazy)
    """
)


def test_the_tables_compile_nothing_at_import() -> None:
    """A module-level ``re.compile`` in these packages would be compiled on every start (the
    hook's too), used or not: the tables hold :func:`lazy_compile` patterns, and importing them
    compiles none."""
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True)
    # (eager module-level patterns, lazy ones compiled by the import, how many lazy ones)
    assert out.stdout.startswith("[] [] "), out.stdout
    assert int(out.stdout.split()[-1]) > 200, out.stdout
