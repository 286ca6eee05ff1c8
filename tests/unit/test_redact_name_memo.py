"""Issue 17: an assignment's name is split into its parts once per distinct name, not once per
assignment (``secret_name`` was asked anew for every one; the other name tests were cached)."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction import names as N
from tests.support.counting import counting


def test_a_name_is_split_once_however_often_it_is_assigned(monkeypatch: pytest.MonkeyPatch) -> None:
    for test in (N.name_strength, N.generic_key, N.is_password_name, N.secret_name):
        if (clear := getattr(test, "cache_clear", None)) is not None:
            clear()
    split = counting(monkeypatch, N, "_name_parts")
    values = [f"Zq8vR2mX7pLk4Nw9{i:03d}xT" for i in range(40)]
    text = "\n".join(f'APP_SECRET = "{v}"' for v in values)
    found = find_secrets(text)
    assert [text[f.start : f.end] for f in found] == values
    assert split.firsts.count("APP_SECRET") <= 4  # once for each of the four name tests
