"""Regular expressions of the rule and detector tables are compiled on first use (issues 14, 17)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

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


_EVERY_PATTERN = textwrap.dedent(
    """
    import importlib, pkgutil, re, sys
    import memscribe
    from memscribe.lazyre import LazyPattern
    found = {}
    for info in pkgutil.walk_packages(memscribe.__path__, "memscribe."):
        if ".mcp_server" in info.name or info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except Exception:
            continue
        for value in vars(module).values():
            if isinstance(value, (re.Pattern, LazyPattern)):
                flags = value._flags if isinstance(value, LazyPattern) else value.flags
                found[repr((value.pattern, int(flags)))] = (value.pattern, int(flags))
    for value in re._cache.keys():  # everything compiled on import through re.compile / re.sub
        kind, pattern, flags = value
        found[repr((pattern, flags))] = (pattern, flags)
    print(repr(list(found.values())))
    """
)


def test_cached_programs_equal_re_s_own_for_every_pattern_of_the_package() -> None:
    import ast

    from memscribe import lazyre

    out = subprocess.run([sys.executable, "-c", _EVERY_PATTERN], capture_output=True, text=True, check=True)
    patterns = ast.literal_eval(out.stdout)
    assert len(patterns) > 250
    original = lazyre._ORIGINAL or lazyre._re_part("_compiler").compile
    for pattern, flags in patterns:
        program = lazyre._assemble(pattern, flags)
        # ``==`` on patterns compares the pattern, the flags and the program
        assert lazyre._from_program(pattern, program) == original(pattern, flags), pattern


_CACHED_RUN = textwrap.dedent(
    """
    import re, sys
    from pathlib import Path
    from memscribe import lazyre
    assert lazyre.install_program_cache(Path(sys.argv[1]))
    cache = lazyre._INSTALLED[0]
    from memscribe.transcript import noise  # its module-level patterns: memscribe's own, kept
    from memscribe.kinds.layout import slug_from_path
    noise.strip_reply_tags("<final>hi</final>")
    # built from data at run time (a memory id): compiled as ever, never kept
    assert slug_from_path("tabs-q7x2k9.md", "prof_zzq7x2k9") == "tabs-q7x2k9"
    rx = re.compile(r"(?P<key>[a-z]+)=(?P<value>\\d+)", re.IGNORECASE)  # not memscribe's: not kept
    assert rx.search("x KEY=42").groupdict() == {"key": "KEY", "value": "42"}
    try:
        re.compile("(unclosed")
    except re.error as exc:
        print("error", exc.msg)
    kept = [p for p, _ in cache.programs]
    assert not any("zzq7x2k9" in str(p) or "key>" in str(p) for p in kept), kept
    print(len(cache.programs), cache.added)
    """
)


def test_a_second_process_reads_the_programs_the_first_wrote(tmp_path: Path) -> None:
    run = [sys.executable, "-c", _CACHED_RUN, str(tmp_path)]
    first = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split("\n")
    assert first[0] == "error missing ), unterminated subpattern"  # re's own error, as ever
    held, added = map(int, first[1].split())
    assert added == held > 0
    files = list(tmp_path.iterdir())
    assert [f.name.startswith("regex-") for f in files] == [True]
    second = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split("\n")
    assert second[1] == f"{held} 0"  # every pattern from the cache, nothing added, nothing written
    files[0].write_bytes(b"not a cache")  # a damaged cache: compiled as ever, written again
    third = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split("\n")
    assert third[1] == f"{held} {held}"


def test_patterns_made_in_comprehensions_of_a_module_body_count_as_its_tables() -> None:
    """A generator inside a dict comprehension at import (``semantic.values``' tables) is the
    module's body, so its patterns are cached; one in a function called later is not."""
    from memscribe import lazyre

    seen: list[bool] = []
    body = textwrap.dedent(
        """
        import sys
        TABLE = {k: tuple(probe(sys._getframe()) for _ in "x") for k in "ab"}
        probe(sys._getframe())
        def later():
            return [probe(sys._getframe()) for _ in "x"]
        later()
        """
    )

    def probe(frame: object) -> None:
        seen.append(lazyre._made_at_import(frame))

    exec(compile(body, "<tables>", "exec"), {"__name__": "memscribe.fake_tables", "probe": probe})
    assert seen == [True, True, True, False]
    seen.clear()
    exec(compile(body, "<tables>", "exec"), {"__name__": "elsewhere", "probe": probe})
    assert seen == [False, False, False, False]


_TABLE_RUN = """
import re, sys
from pathlib import Path
from memscribe import lazyre
assert lazyre.install_program_cache(Path(sys.argv[1]))
cache = lazyre._INSTALLED[0]
def built(words):  # a pattern joined at run time: only compile_table keeps it
    return "|".join(sorted(words))
plain = re.compile(built(["zzplain", "qqplain"]))
table = lazyre.compile_table(built(["zztable", "qqtable"]), re.IGNORECASE)
assert table.search("a QQTABLE b").group() == "QQTABLE" and plain.search("qqplain")
print(sorted(p for p, _ in cache.programs if "plain" in str(p) or "table" in str(p)))
"""


def test_compile_table_keeps_a_pattern_built_at_run_time_and_plain_compile_does_not(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", _TABLE_RUN, str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "['qqtable|zztable']"
    assert lazyre_without_cache_compiles_as_re()


def lazyre_without_cache_compiles_as_re() -> bool:
    from memscribe import lazyre

    if lazyre._INSTALLED:  # installed in this process by another test: nothing to check here
        return True
    return lazyre.compile_table(r"a|b", re.I) == re.compile(r"a|b", re.I)


_TABLES_RUN = textwrap.dedent(
    """
    import re, sys
    from pathlib import Path
    from memscribe import lazyre
    assert lazyre.install_program_cache(Path(sys.argv[1]))
    cache = lazyre._INSTALLED[0]
    from memscribe.lexicon.langs import LANGUAGES
    from memscribe.redaction import allowlists
    from memscribe.stages import windows
    built = []  # (what the function compiled, what plain re.compile made of the same arguments)
    for lang in LANGUAGES.values():
        for name, source in lang._sources.items():
            args = (source,) if isinstance(source, str) else source
            built.append((getattr(lang, name), args))
    built.append((windows._wide(), (windows._WIDE_CHARS,)))
    common, per_detector = allowlists._tables()
    for table in (common, *per_detector.values()):
        for rx in (table.literals, table.anchored, table.searched):
            if rx is not None:
                built.append((rx, (rx.pattern,)))  # each was re.compile(joined) with no flags
    for rx, args in built:
        plain = lazyre._ORIGINAL(*args)  # re's own compiler, not the cache
        assert rx == plain and rx.pattern == plain.pattern and rx.flags == plain.flags, args
        assert (plain.pattern, int(args[1]) if len(args) > 1 else 0) in cache.programs, args
    print(len(built), cache.added)
    """
)


def test_the_tables_compiled_at_run_time_equal_re_s_own_and_are_cached(tmp_path: Path) -> None:
    """``lexicon.langs``' word classes, ``stages.windows``' wide characters and the redaction
    allowlists are compiled when first needed through :func:`compile_table`: pattern, flags and
    program equal to ``re.compile``'s, kept in the cache, and read from it by the next process."""
    run = [sys.executable, "-c", _TABLES_RUN, str(tmp_path)]
    first = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split()
    assert int(first[0]) > 40 and int(first[1]) > 0, first
    second = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split()
    assert second == [first[0], "0"]  # every one of them from the cache: nothing added
