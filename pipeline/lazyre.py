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

import re
from typing import Any, AnyStr, cast, overload


class LazyPattern:
    """``re.compile(pattern, flags)``, done the first time an attribute is asked for."""

    def __init__(self, pattern: str | bytes, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    @property
    def compiled(self) -> re.Pattern[Any]:
        rx = self.__dict__.get("_compiled")
        if rx is None:
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
