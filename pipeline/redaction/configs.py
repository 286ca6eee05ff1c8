"""Config-file structure the assignment rule reads too narrowly: a ``.env`` or Java
``.properties`` line ``NAME=value`` whose whole unquoted value runs to the end of the line.
There ``#``, ``(`` and ``=`` are part of the value (``storePassword=Abc#2023``, a Django
``SECRET_KEY=…(+99(…``), not a comment or a call; and a name that only says where a password
belongs (``storePassword``, ``keyPassword`` in an Android keystore file) is still a password's
name when it ends in one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.benign import applied_name, dotted_names, is_benign_path
from memscribe.redaction.names import generic_key, is_password_name, name_strength
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import looks_random, password_like

#: ``NAME=value`` alone on its line (``export`` allowed), the value unquoted and without spaces.
_ENV_LINE = lazy_compile(
    r"^[ \t]*+(?:export[ \t]++)?(?P<name>[A-Za-z_][A-Za-z0-9_.-]{0,80}+)[ \t]*+=[ \t]*+(?P<v>[^\s'\"`][^\s]{3,511}+)[ \t]*+\r?$",
    re.MULTILINE,
)
#: A call or a substitution: code that computes the value (``os.getenv("X")``, ``$(cat f)``).
_COMPUTED = lazy_compile(r"^[\w.$]*\(.*\)$|\$[({]")
#: Prefilter hints of :func:`find_config_values`.
HINTS = ("=",)


def _env_lines(text: str) -> Iterator[re.Match[str]]:
    """``_ENV_LINE.finditer(text)``, tried only at the start of each line holding ``=`` (a match
    is one line, from its start, and holds its ``=``)."""
    starts: list[int] = []
    at = text.find("=")
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        starts.append(start)
        end = text.find("\n", at)
        if end < 0:
            break
        at = text.find("=", end)
    for start in starts:
        if (m := _ENV_LINE.match(text, start)) is not None:
            yield m


def find_config_values(text: str) -> Iterator[tuple[int, int]]:
    """Whole-line ``.env``/``.properties`` values under a secret's or a password's name: random,
    or (under a password's name) shaped like a password; computed values, placeholders, paths
    and code references kept."""
    for m in _env_lines(text):
        name, value = m.group("name"), m.group("v")
        password = is_password_name(name)
        if not password and name_strength(name) is None:
            continue
        if (
            _COMPUTED.search(value)
            or is_placeholder(value)
            or is_benign_path(value)
            or applied_name(value)
            or dotted_names(value)
        ):
            continue
        if looks_random(value, min_len=16, bits=3.5) or (password and password_like(value, strict=False)):
            yield m.span("v")


#: A line that names a value without an operator: a C preprocessor constant (``#define WIFI_PASS
#: "…"``, Arduino and ESP sketches) or a DSL setting (Gradle's ``storePassword "…"``, nginx-like
#: ``password "…";``): the name, blanks, one quoted literal ending the line.
_NAMED_LITERAL = lazy_compile(
    r"^[ \t]*(?:#[ \t]*define[ \t]+)?(?P<name>[A-Za-z_][A-Za-z0-9_]{0,80})[ \t]+"
    r"(?P<q>[\"'])(?P<v>[^\"'\n]{1,512})(?P=q)[ \t]*;?[ \t]*(?://[^\n]*)?\r?$",
    re.MULTILINE,
)


def _named_literal_lines(text: str) -> Iterator[re.Match[str]]:
    """``_NAMED_LITERAL.finditer(text)``, tried only at the start of each line holding a quote (a
    match is one line, from its start, and holds its quotes) instead of at every position."""
    double, single = text.find('"'), text.find("'")
    while double >= 0 or single >= 0:
        at = double if single < 0 or 0 <= double < single else single
        start = text.rfind("\n", 0, at) + 1
        if (m := _NAMED_LITERAL.match(text, start)) is not None:
            yield m
        end = text.find("\n", at)
        if end < 0:
            return
        if 0 <= double < end:
            double = text.find('"', end)
        if 0 <= single < end:
            single = text.find("'", end)


def find_named_literals(text: str) -> Iterator[tuple[int, int]]:
    """The literal of each :data:`_NAMED_LITERAL` line whose name is a secret's or a password's,
    decided as a quoted assignment of that name is (:func:`plausible_value`)."""
    for m in _named_literal_lines(text):
        name = m.group("name")
        strength = name_strength(name)
        password = is_password_name(name)
        if strength is None and password:
            strength = "strong"  # ``storePassword``: where a password belongs, still its name
        if strength is not None and plausible_value(
            m.group("v"), strength, quoted=True, password_name=password, generic_key=generic_key(name)
        ):
            yield m.span("v")
