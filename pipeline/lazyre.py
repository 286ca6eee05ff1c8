"""Regular expressions compiled on first use (issues 14 and 17).

The rule and detector tables hold hundreds of patterns; a hook call on a short transcript uses
a few of them (the prefilters skip the rest), so compiling them all at import is start-up time
spent for nothing. :func:`lazy_compile` takes what :func:`re.compile` takes and returns an
object that compiles on the first attribute asked of it, then answers as the compiled
pattern would (``search``, ``finditer``, ``sub``, ``flags``, ``groupindex`` …): same pattern,
same flags, same matches. ``pattern`` is there without compiling.

It is not a :class:`re.Pattern`: give ``re.sub(x, …)``-style functions ``x.compiled`` (or
call ``x.sub(…)``).
"""

from __future__ import annotations

import marshal
import os
import re
import sys
from array import array
from pathlib import Path
from typing import Any, AnyStr, cast, overload


class LazyPattern:
    """``re.compile(pattern, flags)``, done the first time an attribute is asked for."""

    def __init__(self, pattern: str | bytes, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        #: One of a module's tables (made at its import), not built from data at run time.
        self._static = _made_at_import(sys._getframe(1))

    @property
    def compiled(self) -> re.Pattern[Any]:
        rx = self.__dict__.get("_compiled")
        if rx is None:
            if self._static and _INSTALLED:
                rx = _INSTALLED[0].compile(self.pattern, int(self._flags), keep=True)
            else:
                rx = re.compile(self.pattern, self._flags)
            self.__dict__["_compiled"] = rx
            # Kept on the instance: later look-ups are plain attribute reads.
            for attr in _DELEGATED:
                self.__dict__[attr] = getattr(rx, attr)
        return rx

    def __getattr__(self, name: str) -> Any:
        # Only called for what the instance lacks: the first use, or a rarer attribute.
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self._flags!r})"


_DELEGATED = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "flags",
    "groups",
    "groupindex",
)


@overload
def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]: ...
@overload
def lazy_compile(pattern: bytes, flags: int | re.RegexFlag = 0) -> re.Pattern[bytes]: ...
def lazy_compile(pattern: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """A :class:`LazyPattern`, typed as the pattern it stands for (it answers as one; only
    ``isinstance(x, re.Pattern)`` tells them apart, and ``re.sub(x, …)`` needs ``x.compiled``)."""
    return cast("re.Pattern[AnyStr]", LazyPattern(pattern, flags))


def compile_table(pattern: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """``re.compile`` for a pattern a memscribe function builds from one of the package's own
    tables when first needed (a language's word list joined, the allowlists' alternation, a
    character class made of a table's letters): kept in the program cache like the tables
    compiled at import (see below), where a plain ``re.compile`` there is parsed again in every
    process, being built at run time. Never for a pattern built from a transcript, a memory, an
    option or a config value: the cache holds none of those."""
    if _INSTALLED:
        return cast("re.Pattern[AnyStr]", _INSTALLED[0].compile(pattern, int(flags), keep=True))
    return re.compile(pattern, flags)


# --- Compiled programs kept between processes (issue 17) -----------------------------------------
#
# ``re.compile`` parses a pattern and assembles its program in pure Python: a ``memscribe``
# process spends ~0.1 s of its start-up there (~290 patterns: the rule tables, the detectors, the
# lexicon), the same work every run. The program is a function of the pattern, its flags and the
# interpreter alone, so the process keeps what it assembled in a cache file (marshal, keyed by the
# interpreter's version and its regex engine's magic number) and the next one hands each cached
# program straight to the regex engine (``_sre.compile``, which checks the program), skipping the
# parse. A pattern not in the cache (or a cache that cannot be read) is compiled as ever; the
# patterns are equal to re's own (``==`` compares the programs; tested on every pattern the
# package compiles), and the cache is installed only where re's last step is the one reproduced
# here (checked on sample patterns when installed).

#: The cache file's layout; a change invalidates every cache written before.
_FORMAT = 2
#: Programs kept at most (the package's own tables hold ~700 patterns).
_MAX_PROGRAMS = 2048

_Program = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


class _ProgramCache:
    """The cached programs of one interpreter, loaded once; new ones written back at exit."""

    def __init__(self, path: Path, key: str) -> None:
        self.path = path
        self.key = key
        self.programs: dict[tuple[str | bytes, int], _Program] = {}
        self.added = 0
        try:
            stored = marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            return
        if (
            isinstance(stored, tuple)
            and len(stored) == 2
            and stored[0] == key
            and isinstance(stored[1], dict)
        ):
            self.programs = stored[1]

    def compile(self, pattern: Any, flags: int = 0, *, keep: bool | None = None) -> re.Pattern[Any]:
        """``re._compiler.compile``, from the cache where the program is there. A new program is
        kept only for a pattern of memscribe's own (``keep``, else: compiled by a memscribe module at
        its import, or a literal of the function asking), never one built at run time (from a
        memory id, a config value, a transcript): the cache holds no data and stays the size of
        the package's patterns."""
        if not isinstance(pattern, str | bytes) or flags & re.DEBUG:
            return cast("re.Pattern[Any]", _ORIGINAL(pattern, flags))
        flags = int(flags)  # Python 3.13's default is an int subclass (re's zero sentinel): not marshallable
        program = self.programs.get((pattern, flags))
        if program is not None:
            try:
                return _from_program(pattern, program)
            except (RuntimeError, TypeError, ValueError, OverflowError):  # a damaged entry
                del self.programs[(pattern, flags)]
        program = _assemble(pattern, flags)  # raises re.error for a bad pattern, as re does
        if keep is None:
            keep = _written_in_source(pattern)
        if keep and len(self.programs) < _MAX_PROGRAMS:
            self.programs[(pattern, flags)] = program
            self.added += 1
        return _from_program(pattern, program)

    def save(self) -> None:
        """Write the programs back if this process added any (atomically; errors ignored)."""
        if not self.added:
            return
        import tempfile  # only here: its imports cost ~5 ms

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".tmp-", suffix=".marshal")
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(marshal.dumps((self.key, self.programs)))
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _made_at_import(frame: Any) -> bool:
    """Whether ``frame`` (or, past :mod:`memscribe.lazyre`'s own frames, its caller) is a
    memscribe module's body at import, or a comprehension in it (nested ones too: a generator
    in a dict comprehension, as ``semantic.values`` builds its tables)."""
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    if frame is None or not str(frame.f_globals.get("__name__", "")).startswith("memscribe"):
        return False
    module = frame.f_globals.get("__name__")
    code = frame.f_code.co_name
    while code != "<module>" and code.startswith("<") and frame.f_back is not None:
        frame = frame.f_back  # a comprehension: the frame that runs it, in the same module
        if frame.f_globals.get("__name__") != module:
            return False
        code = frame.f_code.co_name
    return bool(code == "<module>")


def _written_in_source(pattern: str | bytes) -> bool:
    """Whether the pattern ``re`` is compiling is one of memscribe's own: asked for by a memscribe
    module's body at import, or written as a literal in the memscribe function asking for it (a
    constant of its code: ``re.sub(r"\\s+", …)``), not built from data."""
    frame: Any = sys._getframe(2)
    while frame is not None and str(frame.f_globals.get("__name__", "")).split(".")[0] == "re":
        frame = frame.f_back
    if frame is None or not str(frame.f_globals.get("__name__", "")).startswith("memscribe"):
        return False
    return any(c is pattern for c in frame.f_code.co_consts) or _made_at_import(frame)


def _assemble(pattern: str | bytes, flags: int) -> _Program:
    """What ``re._compiler.compile`` hands ``_sre.compile``, the program as bytes."""
    parsed = _re_part("_parser").parse(pattern, flags)
    code = _re_part("_compiler")._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (
        flags | parsed.state.flags,
        array(_CODE_TYPE, code).tobytes(),
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )


def _re_part(name: str) -> Any:
    """``re._parser`` / ``re._compiler`` (private: what ``re.compile`` does in Python)."""
    import importlib

    return importlib.import_module(f"re.{name}")


def _from_program(pattern: str | bytes, program: _Program) -> re.Pattern[Any]:
    import _sre

    flags, code, groups, groupindex, indexgroup = program
    return cast(
        "re.Pattern[Any]",
        _sre.compile(pattern, flags, array(_CODE_TYPE, code).tolist(), groups, groupindex, indexgroup),
    )


_CODE_TYPE = "I"
_ORIGINAL: Any = None
_INSTALLED: list[_ProgramCache] = []
#: Patterns the reproduction is checked on before it is installed (groups, names, flags, bytes).
_SAMPLES: tuple[tuple[str | bytes, int], ...] = (
    (r"(?P<key>[A-Za-z_]\w*)\s*=\s*(?P<value>\d+)|(?:x)", re.IGNORECASE),
    (r"(?i:ü|ß)[\u0400-\u04ff]+\b(?!\d)", re.UNICODE | re.MULTILINE),
    (rb"^(a|b)*?\1$", 0),
)


def install_program_cache(folder: Path) -> bool:
    """Compile patterns through a program cache in ``folder`` for the rest of the process (the
    ``memscribe`` process itself: see :func:`memscribe.cli_common.start_up`); written back at
    exit. Does nothing where the interpreter's ``re`` is not the one reproduced here."""
    global _ORIGINAL
    if _INSTALLED:
        return True
    import _sre

    _compiler = _re_part("_compiler")
    if sys.implementation.name != "cpython" or array(_CODE_TYPE).itemsize != _sre.CODESIZE:
        return False
    try:
        if any(_from_program(p, _assemble(p, f)) != _compiler.compile(p, f) for p, f in _SAMPLES):
            return False
    except Exception:  # noqa: BLE001 - another re: not installed, re left as it is
        return False
    key = f"{_FORMAT}|{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}|{sys.maxunicode}"
    name = f"regex-{sys.implementation.cache_tag}-{_sre.MAGIC}.marshal"
    cache = _ProgramCache(folder / name, key)
    _ORIGINAL = _compiler.compile
    _compiler.compile = cache.compile
    _INSTALLED.append(cache)
    import atexit

    atexit.register(cache.save)
    return True
