"""No module of ``memscribe.redaction`` keeps a scanned text once ``find_secrets`` returns
(issue 12): the caches that answer several detectors about the same text (its lower case,
whether it holds a digit, its character classes, where names start, the clause findings) are
dropped when the outermost scan ends, as the value memos and keyword passes already were, while
a scan inside a scan (a decoded value's) leaves the outer's in place."""

from __future__ import annotations

import base64
import importlib
import pkgutil
from types import ModuleType

import pytest

import memscribe.redaction
from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.base import lowered

_SECRETS = ("Tulip$Garden2024", "5f2b7c9e1a3d4f60", "Zq8vR2mX7pLk4Nw9Tb6Yc", "Gl4sgow!Rain77")
#: Two of them found at any revision (the scan did read the text).
_FOUND = ("Tulip$Garden2024", "Zq8vR2mX7pLk4Nw9Tb6Yc")
_ENV = base64.b64encode(b"DB_HOST=db.internal\nDB_PASSWORD=Gl4sgow!Rain77").decode()


def _text() -> str:
    # built at run time: a new object, which no module can hold from an earlier scan
    return "".join(
        [
            "Das Passwort ist Tulip$Garden2024, ",
            "APIキーは 5f2b7c9e1a3d4f60 です。\n",
            "export SECRET_KEY=Zq8vR2mX7pLk4Nw9Tb6Yc\n",
            f"config blob: {_ENV}\n",
            "card 4111 1111 1111 1111, call +49 30 1234567\n",
        ]
    )


def _modules() -> list[ModuleType]:
    names = [m.name for m in pkgutil.iter_modules(memscribe.redaction.__path__, "memscribe.redaction.")]
    return [memscribe.redaction, *(importlib.import_module(n) for n in names)]


def _holds(obj: object, text: str, depth: int = 0) -> bool:
    if obj is text:
        return True
    if isinstance(obj, str):
        return any(s in obj for s in _SECRETS) or (len(obj) > 40 and obj.lower() == text.lower())
    if depth > 4 or isinstance(obj, ModuleType) or callable(obj):
        return False
    if isinstance(obj, dict):
        return any(_holds(k, text, depth + 1) or _holds(v, text, depth + 1) for k, v in obj.items())
    if isinstance(obj, tuple | list | set | frozenset):
        return any(_holds(x, text, depth + 1) for x in obj)
    return False


def _holders(text: str) -> list[str]:
    return [
        f"{mod.__name__}.{name}"
        for mod in _modules()
        for name, value in list(vars(mod).items())
        if not name.startswith("__") and _holds(value, text)
    ]


@pytest.mark.parametrize("redact_contact", [False, True])
def test_no_module_holds_the_text_after_a_scan(redact_contact: bool) -> None:
    text = _text()
    found = find_secrets(text, redact_contact=redact_contact)
    assert {text[f.start : f.end].rstrip(".,") for f in found} >= set(_FOUND)  # the scan read it
    assert _holders(text) == []


def test_no_module_holds_the_text_after_redact_text() -> None:
    text = _text()
    out, _ = redact_text(text)
    assert not any(s in out for s in _FOUND)
    assert _holders(text) == []


def test_the_check_sees_a_kept_text() -> None:
    # the check can fail: a cache holding the text (here base's lower case) is found
    text = _text()
    lowered(text)
    assert "memscribe.redaction.base._LAST_LOWER" in _holders(text)
    find_secrets(text)
    assert _holders(text) == []
