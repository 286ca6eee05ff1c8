"""The keyword searches of the detectors answered from the prefilter's one pass
(:func:`memscribe.redaction.hintscan.known_starts`): the same starts as a search, overlapping
ones included, in the case-folded text the pass read and, as written, in the ASCII text itself."""

from __future__ import annotations

from memscribe.redaction import hintscan
from memscribe.redaction.base import forget_occurrences, lowered, occurrences
from memscribe.redaction.detectors import DETECTORS
from memscribe.redaction.prefilter import active_detectors

TEXT = (
    "password=passpass; my PASSWORD is Xk9#mQ2; akia AKIA1234 Akia\n"
    "token tokentoken, secret_token: x; Password passwordpassword\n"
) + "The build ran for a while and then finished without trouble.\n" * 12


def _searched(hay: str, needle: str) -> tuple[int, ...]:
    starts = []
    at = hay.find(needle)
    while at >= 0:
        starts.append(at)
        at = hay.find(needle, at + 1)
    return tuple(starts)


def test_starts_in_the_folded_text_are_a_search_s() -> None:
    active_detectors(TEXT, DETECTORS)
    low = lowered(TEXT)
    try:
        for needle in ("pass", "password", "token", "akia", "secret"):
            got = hintscan.known_starts(low, needle)
            assert got is not None, needle
            assert got == _searched(low, needle), needle
            assert occurrences(low, needle) == got
    finally:
        forget_occurrences()
    assert hintscan.known_starts(low, "pass") is None  # (nothing known once the scan ends)


def test_starts_in_the_text_as_written() -> None:
    active_detectors(TEXT, DETECTORS)
    try:
        for needle in ("AKIA", "Akia", "PASSWORD", "Password", "pass", "token"):
            got = hintscan.known_starts(TEXT, needle)
            assert got is not None, needle
            assert got == _searched(TEXT, needle), needle
            assert occurrences(TEXT, needle) == got
    finally:
        forget_occurrences()


def test_a_text_beyond_ascii_is_searched() -> None:
    text = "İ password ſecret token"  # (lower-casing 'İ' lengthens it: other offsets)
    active_detectors(text, DETECTORS)
    try:
        assert hintscan.known_starts(text, "token") is None
        assert occurrences(text, "token") == _searched(text, "token")
        assert hintscan.known_starts("another text", "token") is None
    finally:
        forget_occurrences()


def test_a_dense_text_is_searched() -> None:
    text = "-u" * 400 + " token " * 50  # (more matches than one per HITS_PER_CHAR characters)
    active_detectors(text, DETECTORS)
    try:
        assert hintscan.known_starts(lowered(text), "-u") is None
        assert occurrences(lowered(text), "-u") == _searched(lowered(text), "-u")
    finally:
        forget_occurrences()
