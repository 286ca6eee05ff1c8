"""A key issued as digits alone (a router's Wi-Fi key, 20 random digits) under a key's name, the
name in German, French or Spanish too when it is a compound (``WLAN-Netzwerkschlüssel``,
``WLAN-Schlüssel``): masked; amounts, timestamps, typed runs and record keys of digits stay."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import find_secrets, name_strength

_RNG = random.Random(20261204)


def _digits(n: int) -> str:
    return "".join(_RNG.choice("0123456789") for _ in range(n))


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


@pytest.mark.parametrize(
    "line",
    [
        "  WLAN-Netzwerkschlüssel: {v}",
        "WLAN-Schlüssel: {v}",
        "wifi_key={v}",
        "NETZWERKSCHLUESSEL={v}",
    ],
)
def test_a_key_of_random_digits_is_masked(line: str) -> None:
    value = _digits(20)
    assert _found(line.format(v=value) + "\n") == [value]


@pytest.mark.parametrize(
    "line",
    [
        "wifi_key=12345678901234567890",  # a typed run
        "api_key: 1000000000000000",  # a round number
        "sort_key: 20261204113445000000",  # a timestamp's digits
        "cache_key: 48213377102945518830",  # a record's key
        "WLAN-Schlüssel: steht auf dem Aufkleber",
        "Schlüssel: 48213377102945518830",  # a bare word, left to the clause and table rules
    ],
)
def test_digits_that_are_no_key_stay(line: str) -> None:
    assert _found(line + "\n") == []


def test_compound_names_ending_in_a_key_word_are_weak_key_names() -> None:
    assert name_strength("WLAN-Netzwerkschlüssel") == "weak"
    assert name_strength("wlan_schluessel") == "weak"
    assert name_strength("Schlüssel") is None
    assert name_strength("clave") is None
