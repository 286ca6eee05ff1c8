"""The value tests' memos (``memscribe.redaction.placeholders.memo_per_scan``) live for one scan only."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction import placeholders as P
from memscribe.redaction import values as V

# A random-looking value under a secret name, asked about by several detectors at once.
TEXT = 'db_password = "Zq8vR2mX7pLk4Nw9"\nexport API_TOKEN=7f3kQ9zR2vLm8XwP4nTb6YcH1sJd\n'


_MEMOISED = (P.is_placeholder, V.not_a_secret, V.looks_random)


def _held() -> int:
    """Values held by the memos of a few value tests (``lru_cache`` wrappers)."""
    return sum(f.cache_info().currsize for f in _MEMOISED)  # type: ignore[attr-defined]


def test_no_value_is_held_after_a_scan() -> None:
    assert find_secrets(TEXT)  # the scan asked the value tests about the values
    assert _held() == 0


def test_memo_is_emptied_even_when_a_scan_fails() -> None:
    P.is_placeholder("Zq8vR2mX7pLk4Nw9")
    assert _held() > 0
    try:
        find_secrets(None)  # type: ignore[arg-type]
    except TypeError:
        pass
    assert _held() == 0


def test_memoised_scan_finds_the_same_as_a_fresh_one() -> None:
    first = redact_text(TEXT)
    P.forget_values()
    assert redact_text(TEXT) == first
    assert "Zq8vR2mX7pLk4Nw9" not in first[0] and "7f3kQ9zR2vLm8XwP4nTb6YcH1sJd" not in first[0]


def test_a_scan_that_asks_no_value_test_empties_no_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: most of a transcript's turns ask no value test, so their memos hold nothing to
    empty; only a scan after which one may hold a value empties them (each turn emptied every
    memo before). The memos are still emptied after a scan that asked."""
    P.forget_values()
    emptied: list[int] = []
    monkeypatch.setattr(P, "_MEMOS", [*P._MEMOS, lambda: emptied.append(1)])
    assert find_secrets("thanks, that worked: the build is green now") == []
    assert emptied == []
    assert find_secrets(TEXT)
    assert emptied == [1] and _held() == 0
