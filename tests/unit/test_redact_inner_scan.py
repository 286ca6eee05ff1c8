"""A scan inside a scan (``find_secrets`` of a base64 value's decoded text, asked by the
``encoded_secret`` detector): the outer scan's kept state (the prefilter's one pass over its
text, its lower case) is handed back when the inner one ends, so the detectors after it answer
their keyword searches from that pass instead of searching again; the findings are those of a
scan without a prefilter, and no value is held once the outer scan ends."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import pytest

from memscribe.redaction import combine, find_secrets, hintscan
from memscribe.redaction import placeholders as P
from memscribe.redaction import values as V
from memscribe.redaction.base import Detector, lowered
from memscribe.redaction.detectors import DETECTORS

_ENV = base64.b64encode(b"DB_HOST=db.internal\nDB_PASSWORD=Gl4sgow!Rain77").decode()
#: An encoded secret (scanned inside the scan), then words the detectors after it look for.
TEXT = (
    f"config blob: {_ENV}\n"
    "the staging password is Xk9#mQ2vLp and the api token is 7f3kQ9zR2vLm8XwP4nTb6YcH1sJd\n"
    "export SECRET_KEY=Zq8vR2mX7pLk4Nw9Tb6Yc\n"
)


def test_the_detectors_after_an_inner_scan_still_read_the_prefilters_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    known: list[tuple[int, ...] | None] = []

    def probe(text: str) -> Iterator[tuple[int, int]]:
        # where the prefilter's pass found "password" in the text's lower case (None: not known)
        if text is TEXT:  # (the inner scan runs the probe too, on the decoded text)
            known.append(hintscan.known_starts(lowered(text), "password"))
        yield from ()

    # the probe runs after every detector, the encoded one (and its inner scan) included
    monkeypatch.setattr(combine, "DETECTORS", (*DETECTORS, Detector("probe", probe, ("password",))))
    found = find_secrets(TEXT)
    assert _ENV in [TEXT[f.start : f.end] for f in found]  # the inner scan found the secret
    low = TEXT.lower()
    assert known == [tuple(i for i in range(len(low)) if low.startswith("password", i))]


def test_an_inner_scan_finds_what_a_scan_without_prefilter_finds() -> None:
    whole = find_secrets(TEXT)
    assert any(TEXT[f.start : f.end] == _ENV for f in whole)
    assert whole == find_secrets(TEXT, prefilter=False)
    assert find_secrets(f"prefix {_ENV}") == find_secrets(f"prefix {_ENV}", prefilter=False)


def test_no_value_is_held_after_a_scan_with_an_inner_scan() -> None:
    assert find_secrets(TEXT)
    memos = (P.is_placeholder, V.not_a_secret, V.looks_random)
    assert sum(f.cache_info().currsize for f in memos) == 0  # type: ignore[attr-defined]
    assert hintscan.present()[0] is hintscan._NOTHING  # (nor the text the prefilter read)


def test_a_failing_inner_scan_leaves_the_next_scan_outer(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(text: str) -> Iterator[tuple[int, int]]:
        raise RuntimeError("boom")
        yield (0, 0)

    monkeypatch.setattr(combine, "DETECTORS", (Detector("fails", failing),))
    with pytest.raises(RuntimeError):
        find_secrets("anything")
    monkeypatch.undo()
    assert not getattr(combine._SCANNING, "on", False)
    assert find_secrets(TEXT) == find_secrets(TEXT, prefilter=False)
