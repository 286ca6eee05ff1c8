"""The prefilter's ``needs`` gate (``Detector.needs``): a detector whose finder checks for one of a
few characters before anything else is dropped from a text that holds a hint but none of them,
and finds nothing in any such text, so the findings are the same and the call is spared."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction import combine
from memscribe.redaction.base import Detector
from memscribe.redaction.combine import find_secrets, redact_transcript
from memscribe.redaction.detectors import DETECTORS
from memscribe.redaction.prefilter import active_detectors, detectors_per_text
from tests.support.secret_shapes import corpus_turn_texts
from tests.support.turns import make_transcript

NEEDING = tuple(d for d in DETECTORS if d.needs)
#: A finding of each gated detector (the corpus holds none of some).
EXAMPLES = [
    "DB_PASSWORD=Xq7trB9zL2mK",
    '#define WIFI_PASS "Xq7trB9zL2mK"',
    'storePassword "Xq7trB9zL2mK"',
    "service,username,password\ndb,admin,Xq7trB9zL2mK\n",
    "$ heroku config:get API_TOKEN\n9f8e7d6c5b4aZ3f2e1d0c9b8a7f6e5d",
    'token = os.getenv("API_TOKEN", "9f8e7d6c5b4aZ3f2e1d0c9b8a7f6e5d")',
    'SECRET_KEY = ("9f8e7d6c5b4a"\n    "Z3f2e1d0c9b8a7f6e5d")',
    'API_KEY = "9f8e7d6c5b4a" + "Z3f2e1d0c9b8a7f6e5d";',
    "GET https://b.s3.amazonaws.com/r.csv?X-Amz-Expires=3600&X-Amz-Signature=f1b7d3a9c5e2f8b4d0a6c2e8f4b1d7a3",
]
CORPUS = corpus_turn_texts() + EXAMPLES
#: Prose that wakes the detectors of ``pass`` names ("passed") and of ``path``, without an
#: operator, a quote, a bracket or a line break.
PROSE = "then the tests passed on the second try so I checked the config file for the port and path"


def _without(text: str, chars: str) -> str:
    return text.translate({ord(c): " " for c in chars})


def test_the_gated_detectors_are_the_ones_checked() -> None:
    assert {(d.find.__name__, d.needs) for d in NEEDING} >= {
        ("find_assignments", "=:-"),
        ("find_named_literals", "\"'"),
        ("find_table_cells", "\n"),
        ("widened", "\n"),  # the value lines, widened to a crypt hash
    }


@pytest.mark.parametrize("det", NEEDING, ids=lambda d: f"{d.name}:{d.find.__name__}")
def test_a_detector_finds_nothing_without_its_needs_on_the_corpus(det: Detector) -> None:
    assert len(CORPUS) > 100
    found_with = 0
    for text in CORPUS:
        found_with += bool(list(det.find(text)))
        assert list(det.find(_without(text, det.needs))) == [], (det.name, text[:200])
    assert found_with, det.name  # (the corpus exercises it)


PIECES = (
    "password", "PASSWORD", "api_key", "secret", "token", "pass", "passed", "key", "get", "env", "fetch",
    "\"", "'", "=", ":", "-", "--", "<-", "(", ")", "\n", " ", "\t", "|", ",", ";", "Xq7trB9zL2mK",
    "9f8e7d6c5b4aZ3f2e1d0c9b8a7f6e5d", "hunter2", "SECRET_KEY", "DB_PASSWORD", "#define ", "os.getenv",
    "username", "пароль", "$", "{", "}", "<", ">", "!", "#", "1",
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_a_detector_finds_nothing_without_its_needs_on_generated_texts(text: str) -> None:
    for det in NEEDING:
        assert list(det.find(_without(text, det.needs))) == [], (det.name, text)
    assert find_secrets(text) == find_secrets(text, prefilter=False)


def test_prose_with_a_hint_does_not_wake_them() -> None:
    chosen = {id(d) for _, d in active_detectors(PROSE, DETECTORS)}
    assert not chosen & {id(d) for d in NEEDING}
    # (the hints alone would: each of these is woken by "pass" or "pat")
    woken = [d for d in NEEDING if any(h in PROSE for h in d.hints)]
    assert len(woken) >= 4
    for det in woken:
        for extra in det.needs:
            text = PROSE + extra + "x"
            assert id(det) in {id(d) for _, d in active_detectors(text, DETECTORS)}, (det.name, extra)
    texts = [PROSE, PROSE + "\nDB_PASSWORD=Xq7trB9zL2mK", PROSE.replace("path", "path='/tmp'")]
    assert [list(c) for c in detectors_per_text(texts, DETECTORS)] == [
        active_detectors(t, DETECTORS) for t in texts
    ]


def _counted(calls: dict[int, int]) -> tuple[Detector, ...]:
    def wrap(key: int, det: Detector) -> Detector:
        real = det.find

        def find(text: str) -> Iterator[tuple[int, int]]:
            calls[key] = calls.get(key, 0) + 1
            return real(text)

        return dataclasses.replace(det, find=find)

    return tuple(wrap(i, d) for i, d in enumerate(DETECTORS))


def test_a_transcript_of_prose_calls_none_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: dict[int, int] = {}
    counted = _counted(calls)
    monkeypatch.setattr(combine, "DETECTORS", counted)
    said = [(("user", "assistant")[i % 2], f"{PROSE} {i}") for i in range(40)]
    said.append(("user", "and then\nDB_PASSWORD=Xq7trB9zL2mK"))
    redacted, found = redact_transcript(make_transcript(*said))
    gated = {i: d for i, d in enumerate(DETECTORS) if d.needs}
    # one call each at most, for the one turn with a line break and an operator (before: 40 more)
    assert all(calls.get(i, 0) <= 1 for i in gated), calls
    assert sum(calls.get(i, 0) for i in gated) >= 3  # assignments, table cells, value lines
    assert calls[next(i for i, d in gated.items() if d.find.__name__ == "find_assignments")] == 1
    assert calls[next(i for i, d in enumerate(DETECTORS) if d.name == "payment_card")] == 41  # (digits)
    assert [f.type for f in found] == ["secret_assignment"]
    assert "[REDACTED:secret_assignment]" in redacted.turns[-1].text
