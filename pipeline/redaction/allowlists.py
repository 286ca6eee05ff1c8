"""Known-benign values from a maintained rule set, loaded as data: gitleaks' allowlists.

``gitleaks_allowlists.toml`` (beside this module; MIT, see ``LICENSE.gitleaks``) holds gitleaks'
global allowlist (template and variable references, format verbs, paths, stopwords) and the
per-rule allowlists that test the secret itself (documented example keys such as the Firebase
SDK's published Google API keys, ``…EXAMPLE`` AWS key ids, placeholder ``user:pass`` pairs), and
the one stopword of the generic rule that is a published value rather than a word (yarn's public
Algolia search key).
A finding whose value one of them matches is dropped: the global ones and the documented
example keys for every detector, a rule's other patterns for the memscribe detectors
:data:`RULE_DETECTORS` maps to that gitleaks rule. The
patterns are used as gitleaks uses them (searched in the value; stopwords as case-insensitive
sub-strings), written in Go's RE2 syntax: :func:`python_pattern` adapts the one construct
Python reads differently.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from memscribe.lazyre import compile_table
from memscribe.redaction.placeholders import memo_per_scan

#: gitleaks rule id -> the memscribe detectors (``Detector.name``) its allowlist applies to.
#: ``*``: every detector. A documented example key (``AIzaSyAnLA7…``, ``…EXAMPLE``) is no secret
#: whichever detector finds it (a key assignment, an ``apiKey:`` header, a token near "key");
#: patterns that test a value's form (``user:changeme``, ``s.`` + 24 letters) keep to the
#: detectors of that form.
RULE_DETECTORS: dict[str, tuple[str, ...]] = {
    "aws-access-token": ("*",),
    "curl-auth-user": ("basic_auth",),
    "gcp-api-key": ("*",),
    "generic-api-key": ("*",),
    "nuget-config-password": ("*",),
    "vault-service-token": ("hashicorp_vault_token",),
}

_DATA = "gitleaks_allowlists.toml"


def python_pattern(pattern: str) -> str:
    """``pattern`` (Go RE2) for Python's ``re``: a global flag group (``(?i)x``, ``/(?i)x``), which
    RE2 applies from there on and Python refuses anywhere but at the start of the whole
    expression, becomes a scoped group to the end."""
    at = pattern.find("(?i)")
    if at < 0:
        return pattern
    return f"{pattern[:at]}(?i:{pattern[at + 4 :]})"


#: Values longer than this (key blocks, long blobs) are not tested: no pattern names one, and
#: searching a few kilobytes with patterns such as ``[^:]+:…`` costs more than the scan.
MAX_TESTED_LEN = 128


@dataclass(frozen=True)
class _Allowlist:
    """One list's patterns, tested as cheaply as they allow: literal ones (documented example
    keys) as sub-strings, those anchored at the start joined and only tried there (``match``),
    the others joined and searched; stopwords as case-insensitive sub-strings."""

    literals: re.Pattern[str] | None = None
    anchored: re.Pattern[str] | None = None
    searched: re.Pattern[str] | None = None
    stopwords: tuple[str, ...] = ()
    #: The literals' distinct heads (:data:`LITERAL_HEAD` characters): a value holds a literal
    #: only where it holds its head, told by a few substring searches before the joined pattern
    #: is searched (the Firebase keys all open with ``AIza``).
    heads: tuple[str, ...] = ()

    def matches(self, value: str) -> bool:
        if self.anchored is not None and self.anchored.match(value):
            return True
        if self.literals is not None and any(h in value for h in self.heads) and self.literals.search(value):
            return True
        if self.searched is not None and self.searched.search(value):
            return True
        if self.stopwords:
            low = value.lower()
            return any(w in low for w in self.stopwords)
        return False


def _top_level_alternation(pattern: str) -> bool:
    """Whether ``pattern`` has a ``|`` outside any group or character class."""
    depth, in_class, escaped = 0, False, False
    for c in pattern:
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return True
    return False


#: A pattern with none of these characters is a literal string.
_REGEX_SYNTAX = frozenset("\\^$.|?*+()[]{}")


def _join(patterns: list[str]) -> re.Pattern[str] | None:
    # the package's own allowlist file joined: kept in the program cache between runs
    return compile_table("|".join(f"(?:{p})" for p in patterns)) if patterns else None


#: How many of a literal's first characters :attr:`_Allowlist.heads` keeps.
LITERAL_HEAD = 4


def _allowlist(patterns: list[str], stopwords: tuple[str, ...] | list[str] = ()) -> _Allowlist:
    plain = [p for p in patterns if not _REGEX_SYNTAX & set(p)]
    literals = [re.escape(p) for p in plain]
    heads = tuple(dict.fromkeys(p[:LITERAL_HEAD] for p in plain))
    regexes = [python_pattern(p) for p in patterns if _REGEX_SYNTAX & set(p)]
    anchored, searched = [], []
    for p in regexes:
        if p.startswith("^") and not _top_level_alternation(p):
            anchored.append(p[1:])
        else:
            searched.append(_for_search(p))
    return _Allowlist(
        _join(literals), _join(anchored), _join(searched), tuple(w.lower() for w in stopwords), heads
    )


def _for_search(pattern: str) -> str:
    """A pattern that a search finds in the same values, without trying every length of a
    leading ``.+`` (or ``.*``) at every position: ``.+EXAMPLE$`` occurs where ``.EXAMPLE$``
    does."""
    if pattern[:2] in (".+", ".*") and not _top_level_alternation(pattern):
        return ("." if pattern[1] == "+" else "") + pattern[2:]
    return pattern


@cache
def _tables() -> tuple[_Allowlist, dict[str, _Allowlist]]:
    """The list every detector is tested against (the global one and the documented example
    keys), and each detector's own."""
    data = tomllib.loads(files("memscribe.redaction").joinpath(_DATA).read_text(encoding="utf-8"))
    glob = data["global"]
    per_detector: dict[str, list[str]] = {"*": list(glob.get("regexes", []))}
    stopwords: dict[str, list[str]] = {"*": list(glob.get("stopwords", []))}
    for rule, section in data["rules"].items():
        for name in RULE_DETECTORS.get(rule, ()):
            per_detector.setdefault(name, []).extend(section.get("regexes", []))
            stopwords.setdefault(name, []).extend(section.get("stopwords", []))
    common = _allowlist(per_detector.pop("*"), stopwords.pop("*"))
    names = per_detector.keys() | stopwords.keys()
    return common, {n: _allowlist(per_detector.get(n, []), stopwords.get(n, [])) for n in names}


def allowlisted(detector: str, value: str) -> bool:
    """True when gitleaks' allowlists let ``value`` through: a global regex or stopword, a
    documented example key of any rule, or an allowlist of a gitleaks rule of ``detector``'s form."""
    return len(value) <= MAX_TESTED_LEN and _allowlisted(detector, value)


@memo_per_scan
def _allowlisted(detector: str, value: str) -> bool:
    """:func:`allowlisted` of a value short enough to test, once per scan for each detector and
    value (the same span is often found by several detectors, and a value recurs)."""
    common, per_detector = _tables()
    if common.matches(value):
        return True
    own = per_detector.get(detector)
    return own is not None and own.matches(value)
