"""Known-benign values from a maintained rule set, loaded as data: gitleaks' allowlists.

``gitleaks_allowlists.toml`` (beside this module; MIT, see ``LICENSE.gitleaks``) holds gitleaks'
global allowlist (template and variable references, format verbs, paths, stopwords) and the
per-rule allowlists that test the secret itself (documented example keys such as the Firebase
SDK's published Google API keys, ``…EXAMPLE`` AWS key ids, placeholder ``user:pass`` pairs).
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
from functools import cache
from importlib.resources import files

#: gitleaks rule id -> the memscribe detectors (``Detector.name``) its allowlist applies to.
#: ``*``: every detector. A documented example key (``AIzaSyAnLA7…``, ``…EXAMPLE``) is no secret
#: whichever detector finds it (a key assignment, an ``apiKey:`` header, a token near "key");
#: patterns that test a value's form (``user:changeme``, ``s.`` + 24 letters) keep to the
#: detectors of that form.
RULE_DETECTORS: dict[str, tuple[str, ...]] = {
    "aws-access-token": ("*",),
    "curl-auth-user": ("basic_auth",),
    "gcp-api-key": ("*",),
    "nuget-config-password": ("*",),
    "vault-service-token": ("hashicorp_vault_token",),
}

_DATA = "gitleaks_allowlists.toml"


def python_pattern(pattern: str) -> str:
    """``pattern`` (Go RE2) for Python's ``re``: a global flag group (``(?i)x``, ``/(?i)x``), which
    RE2 applies from there on and Python refuses anywhere but at the start of the whole
    expression (the patterns are joined into one), becomes a scoped group to the end."""
    at = pattern.find("(?i)")
    if at < 0:
        return pattern
    return f"{pattern[:at]}(?i:{pattern[at + 4 :]})"


def _compile(patterns: list[str]) -> re.Pattern[str] | None:
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{python_pattern(p)})" for p in patterns))


@cache
def _tables() -> tuple[re.Pattern[str] | None, tuple[str, ...], dict[str, re.Pattern[str]]]:
    data = tomllib.loads(files("memscribe.redaction").joinpath(_DATA).read_text(encoding="utf-8"))
    glob = data["global"]
    per_detector: dict[str, list[str]] = {"*": list(glob.get("regexes", []))}
    for rule, section in data["rules"].items():
        for name in RULE_DETECTORS.get(rule, ()):
            per_detector.setdefault(name, []).extend(section.get("regexes", []))
    compiled = {name: rx for name, pats in per_detector.items() if (rx := _compile(pats)) is not None}
    stopwords = tuple(w.lower() for w in glob.get("stopwords", []))
    return compiled.pop("*", None), stopwords, compiled


def allowlisted(detector: str, value: str) -> bool:
    """True when gitleaks' allowlists let ``value`` through: a global regex or stopword, a
    documented example key of any rule, or an allowlist of a gitleaks rule of ``detector``'s form."""
    glob, stopwords, per_detector = _tables()
    if glob is not None and glob.search(value):
        return True
    if stopwords:
        low = value.lower()
        if any(w in low for w in stopwords):
            return True
    rx = per_detector.get(detector)
    return rx is not None and rx.search(value) is not None
