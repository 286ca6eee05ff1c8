"""Necessary conditions that spare a regex its scan of a whole text or value, each checked against
the regex it guards: base64 runs found from their starts in any text (not only ASCII), the byte
list's gate tried at each bracket, and the allowlists' literals looked for by their heads."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction import allowlists as A
from memscribe.redaction import encoded as E
from memscribe.redaction import find_secrets
from memscribe.redaction import pairs as PA

_B64_PIECES = (
    "aGVsbG8gd29ybGQgdGhpcyBpcw==",
    "abcdefghijklmnop",
    "abcdefghijklmno",
    "0123456789012345678",
    "QUJDREVGR0hJSktMTU5PUA",
    "_", ".", "-", "=", "==", " ", "\n", "+/", "x",
    "é", "ß", "日本", "٣", "\u00e0BCDEFGHIJKLMNOPQ", "\\n", "\U0001f511", "ſ", "\u212a",
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_B64_PIECES), max_size=14))
def test_base64_runs_in_any_text_are_the_regex_matches(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert [m.span() for m in E.base64_runs(text)] == [m.span() for m in E._RUN.finditer(text)]


def test_a_text_beyond_ascii_is_not_scanned_at_every_character(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Schlüssel für den Dienst: aGVsbG8gd29ybGQgdGhpcyBpcw== (日本語のメモ)"
    want = [m.span() for m in E._RUN.finditer(text)]
    assert want  # (the run is there)

    def scan(*args: object) -> object:
        raise AssertionError("finditer over the whole text")

    monkeypatch.setattr(E._RUN, "finditer", scan)
    assert [m.span() for m in E.base64_runs(text)] == want


_BYTE_PIECES = ("[", "{", "]", "}", ",", " ", "\t", "0x1f", "0X", "12", "255", "7", "a", "key = ", "\n", "é")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_BYTE_PIECES), max_size=30), st.integers(0, 300))
def test_the_byte_list_gate_answers_as_its_search(pieces: list[str], padding: int) -> None:
    # padding makes the brackets sparse (tried one by one) or leaves them dense (one search)
    for text in ("".join(pieces), "x" * padding + "".join(pieces) + "y" * padding):
        assert PA.byte_list_gate(text) == (PA._BYTE_LIST_GATE.search(text) is not None), text


def test_sparse_brackets_are_tried_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    prose = "word " * 400
    key = prose + "secret_key = [12, 201, 7, 88, 143, 9, 250, 61, 33, 170]\n" + prose
    before = list(find_secrets(key))

    def search(*args: object) -> object:
        raise AssertionError("searched at every character")

    monkeypatch.setattr(PA._BYTE_LIST_GATE, "search", search)
    assert PA.byte_list_gate(key) and not PA.byte_list_gate(prose + "[1] {2}")
    assert find_secrets(key) == before
    assert [key[s:e] for s, e in PA._byte_lists(key)] == ["[12, 201, 7, 88, 143, 9, 250, 61, 33, 170]"]


_KEY = "AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs"
_VALUE_PIECES = (
    _KEY,
    _KEY[:-1],
    "AIza",
    "AIz",
    "33f!!lloppa",
    "33f!",
    "lloppa",
    "x",
    "-",
    "EXAMPLE",
    "true",
    "é",
)


def _reference(allowlist: A._Allowlist, value: str) -> bool:
    """:meth:`A._Allowlist.matches` as it was, every pattern searched."""
    if allowlist.anchored is not None and allowlist.anchored.match(value):
        return True
    if allowlist.literals is not None and allowlist.literals.search(value):
        return True
    if allowlist.searched is not None and allowlist.searched.search(value):
        return True
    return any(w in value.lower() for w in allowlist.stopwords)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_VALUE_PIECES), max_size=5))
def test_the_literal_heads_never_rule_out_a_literal(pieces: list[str]) -> None:
    value = "".join(pieces)
    common, per_detector = A._tables()
    for allowlist in (common, *per_detector.values()):
        assert allowlist.matches(value) == _reference(allowlist, value), value


def test_the_heads_are_each_literals_opening_and_spare_the_search() -> None:
    common, _ = A._tables()
    assert common.literals is not None and "AIza" in common.heads and "33f!" in common.heads
    assert common.matches(_KEY) and common.matches(f"key={_KEY}") and not common.matches(_KEY[:-1])

    class Spy:
        calls = 0

        def search(self, value: str) -> object:
            Spy.calls += 1
            return re.search(re.escape(_KEY), value)

    spied = dataclasses.replace(common, literals=Spy())  # type: ignore[arg-type]
    assert not spied.matches("Zq8vR2mX7pLk4Nw9Tb6Yc") and Spy.calls == 0
    assert spied.matches(_KEY) and Spy.calls == 1


_SHAPE_PIECES = (
    "3f2a1b4c",
    "-",
    "9e8d",
    "7c6b5a4f3e2d",
    "A1B2",
    "\n",
    "g",
    ".",
    "process",
    "env",
    "API_KEY",
    "[0",
    "]",
    "<String>",
    "?",
    "Optional",
    "$",
    "_",
    "1",
    " ",
    "é",
)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_SHAPE_PIECES), max_size=12))
def test_the_shape_tests_answer_as_their_patterns(pieces: list[str]) -> None:
    from memscribe.redaction import benign as B

    value = "".join(pieces)
    assert B.is_uuid(value) == (B.UUID.match(value) is not None), value
    assert B.applied_name(value) == (B._NAME_APPLIED.match(value) is not None), value
    assert B.dotted_names(value) == (
        B._DOTTED_NAMES.match(value) is not None
        and all(len(h) >= 3 or h.isupper() for h in B._HUMP.findall(value))
        and all(h.isupper() or B.pronounceable(h) for h in B._HUMP.findall(value) if len(h) >= 4)
    ), value


def test_the_shape_tests_skip_their_patterns_where_nothing_can_match(monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe.redaction import benign as B

    uuid = "3f2a1b4c-9e8d-4c6b-8a4f-7c6b5a4f3e2d"
    assert B.is_uuid(uuid) and B.is_uuid(uuid + "\n") and not B.is_uuid(uuid + "0")
    assert (
        B.applied_name("api_keys[0") and B.applied_name("String?") and B.dotted_names("process.env.API_KEY")
    )

    def refuse(*args: object) -> object:
        raise AssertionError("pattern asked")

    for rx in (B.UUID, B._NAME_APPLIED, B._DOTTED_NAMES):
        monkeypatch.setattr(rx, "match", refuse)
    for value in ("Zq8vR2mX7pLk4Nw9Tb6Yc", "hunter2hunter2", uuid[:-1]):
        assert not (B.is_uuid(value) or B.applied_name(value) or B.dotted_names(value))


_PATH_PIECES = (
    "~",
    ".",
    "..",
    "/",
    "\\",
    "C:",
    "etc",
    "ssh",
    "id_ed25519",
    "1",
    "2",
    "v",
    "^",
    ">=",
    "-",
    "a",
    " ",
    "é",
)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PATH_PIECES), max_size=10))
def test_the_path_and_version_tests_answer_as_their_patterns(pieces: list[str]) -> None:
    from memscribe.redaction import benign as B

    value = "".join(pieces)
    assert B.is_benign_path(value) == (B._PATH.match(value) is not None), value
    assert B.is_version(value) == (B._VERSION.match(value) is not None), value


_CALL_PIECES = (
    "https",
    "http",
    "ftp",
    "wss",
    "://",
    ":",
    "/",
    "(",
    ")",
    "api",
    "x",
    "$",
    ".",
    "9",
    "-",
    " ",
    "é",
)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_CALL_PIECES), max_size=10))
def test_a_call_and_a_host_url_hold_what_their_prechecks_ask(pieces: list[str]) -> None:
    from memscribe.redaction import assigned as AS

    value = "".join(pieces)
    if AS._CALLED.match(value) is not None:
        assert "(" in value, value
    if AS._HOST_URL.match(value) is not None:
        assert "://" in value, value


def test_path_version_call_and_host_patterns_are_not_asked_of_a_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from memscribe.redaction import assigned as AS
    from memscribe.redaction import benign as B

    assert B.is_benign_path("~/.ssh/id_ed25519") and B.is_version("^4.24.5")
    assert not AS.plausible_value("https://www.example-reset.com/", "strong", quoted=False)
    assert not AS.plausible_value("getPassword(x)", "strong", quoted=False)

    def refuse(*args: object) -> object:
        raise AssertionError("pattern asked")

    for rx in (B._PATH, B._VERSION, AS._CALLED, AS._HOST_URL):
        monkeypatch.setattr(rx, "match", refuse)
    token = "Zq8vR2mX7pLk4Nw9Tb6Yc"
    assert not (B.is_benign_path(token) or B.is_version(token))
    assert AS.plausible_value(token, "strong", quoted=False)


_HELD_PIECES = (
    "AKIA",
    "akia",
    "ghp_",
    "GHP_",
    "xoxb-",
    "ghp_ghp_",
    "AKIAKIA",
    " ",
    "\n",
    "x" * 40,
    "é",
    "token",
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_HELD_PIECES), max_size=40))
def test_the_hints_held_are_none_exactly_where_none_occurs(pieces: list[str]) -> None:
    from memscribe.redaction import base as BA
    from memscribe.redaction.detectors import DETECTORS
    from memscribe.redaction.prefilter import active_detectors

    text = "".join(pieces)
    for hints in (("AKIA",), ("ghp_", "xoxb-"), ("AKIAKIA", "GHP_")):
        assert BA.held_count(text, hints) == sum(map(text.count, hints))  # (nothing known: counted)
        active_detectors(text, DETECTORS)  # the prefilter's one pass over ``text``
        try:
            held = BA.held_count(text, hints)
            assert (held == 0) == (not any(h in text for h in hints)), text
            assert held >= sum(map(text.count, hints))  # (overlapping ones counted too)
        finally:
            BA.forget_occurrences()


def test_the_hints_held_come_from_the_prefilters_pass() -> None:
    from memscribe.redaction import base as BA
    from memscribe.redaction import hintscan
    from memscribe.redaction.detectors import DETECTORS
    from memscribe.redaction.prefilter import active_detectors

    text = ("the build ran for a while, nothing to see\n" * 40) + "aws_access_key_id = AKIAQYLPMN5HFIQR7XYZ\n"
    active_detectors(text, DETECTORS)
    try:
        assert hintscan.known_starts(text, "AKIA") == (text.index("AKIA"),)
        assert BA.held_count(text, ("AKIA",)) == 1 and BA.held_count(text, ("ASIA",)) == 0
    finally:
        BA.forget_occurrences()
    assert find_secrets(text) == find_secrets(text, prefilter=False) != []
