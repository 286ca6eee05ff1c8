"""Cheap answers that stand for a regex or a scan in the value decision and the extents, checked
against what they replace: the counting runs of ``counting_share`` (``_run_of_three``), the
characters of an identifier of words (``spelled_in_words``), the prefilter's detector lists by
their bits, and the quoted connection strings that need two pairs on their line."""

from __future__ import annotations

import random
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction import find_secrets
from memscribe.redaction import names as N
from memscribe.redaction import prefilter as P
from memscribe.redaction import values as V
from memscribe.redaction.detectors import DETECTORS
from memscribe.redaction.extents import widen_to_connection_strings

_ASCII = string.ascii_letters + string.digits + "-_.:/+= \n!~"


def _runs() -> list[str]:
    rng = random.Random(12)
    values = ["", *"a ab abc cba xyz zyx 789 987 9ab yza z{| 9:; abd ABC".split()]
    for _ in range(20_000):
        alphabet = rng.choice(("0123456789", string.ascii_lowercase))
        at = rng.randrange(len(alphabet) - 2)
        run = alphabet[at : at + rng.randrange(2, 4)]
        run = run[::-1] if rng.random() < 0.5 else run
        noise = "".join(rng.choice(_ASCII) for _ in range(rng.randrange(16)))
        values.append((noise + run + "".join(rng.choice(_ASCII) for _ in range(rng.randrange(16)))).lower())
    return values


def test_runs_of_three_are_the_regexs() -> None:
    values = _runs()
    assert any(V._run_of_three(v) for v in values) and not all(V._run_of_three(v) for v in values)
    for v in values:
        assert V._run_of_three(v) == (V._ANY_RUN.search(v) is not None), v


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_ASCII, max_size=40))
def test_runs_of_three_on_any_ascii_text(text: str) -> None:
    low = text.lower()
    assert V._run_of_three(low) == (V._ANY_RUN.search(low) is not None)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=string.ascii_letters + "_.-0\n é", max_size=30))
def test_identifier_characters_are_needed_for_an_identifier_of_words(value: str) -> None:
    # the precheck never rules out what the whole pattern matches
    if N._WORD_IDENT.match(value) is not None:
        assert N._IDENT_CHARS.match(value) is not None


def test_spelled_in_words_answers_as_before() -> None:
    for value in ("max_completion_tokens", "AWSSecretKey", "client_secret", "x-api-key", "Zq8vR2mX7pLk"):
        words = N._WORD_IDENT.match(value) is not None and (
            V.wordy(value) or N.name_strength.__wrapped__(value) is not None
        )
        assert N.spelled_in_words(value) == words, value
    assert N.spelled_in_words("max_completion_tokens") and not N.spelled_in_words("a" * 200 + "1")


def test_the_detectors_of_a_set_of_bits_are_listed_once_and_the_same() -> None:
    texts = ["password=Xk9#mQ2vLp", "export API_TOKEN=7f3kQ9zR2vLm8XwP4nTb6YcH1sJd", "the build is green"]
    for text in texts * 2:
        chosen = P.active_detectors(text, DETECTORS)
        plain = [(prio, det) for prio, det in enumerate(DETECTORS) if det in {d for _, d in chosen}]
        assert chosen == plain
        chosen.clear()  # (a caller's list: changing it changes no later answer)
    assert P.active_detectors(texts[0], DETECTORS)


def test_a_connection_string_needs_two_pairs_on_its_line() -> None:
    text = 'conn = "Server=db.internal;Database=app;User Id=sa;Password=Xk9#mQ2vLp7z;"\nx = "a b"'
    start = text.index("Xk9")
    widened = widen_to_connection_strings(text, [(start, start + 12)])
    assert widened == [(text.index("Server"), text.index(';"') + 1)]
    one_pair = 'msg = "password=Xk9#mQ2vLp7z and more"'
    at = one_pair.index("Xk9")
    assert widen_to_connection_strings(one_pair, [(at, at + 12)]) == []
    assert find_secrets(text) == find_secrets(text, prefilter=False)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.ascii_letters + "_- :=\tſ\u212a", max_size=40))
def test_a_line_names_a_secret_as_the_regex_says(line: str) -> None:
    from memscribe.redaction import valuelines as VL

    assert VL._names_a_secret(line) == (VL._SECRET_CONTEXT.search(line) is not None)
    assert VL._names_a_secret(line + " api_key") and VL._names_a_secret("ſecret " + line)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789x[]{}(),:= \t'\"abc_", max_size=60))
def test_the_pairs_gates_hold_in_every_match(text: str) -> None:
    from memscribe.redaction import pairs as PA

    if PA._BYTE_LIST.search(text) is not None:
        assert PA._BYTE_LIST_GATE.search(text) is not None
    if PA._NAMED_CALL.search(text) is not None:
        assert PA._NAMED_CALL_GATE.search(text) is not None


def test_the_pairs_gates_pass_a_byte_key_and_a_named_call() -> None:
    from memscribe.redaction import pairs as PA

    key = "secret_key = [12, 201, 7, 88, 143, 9, 250, 61, 33, 170]"
    call = "config.set('api_token', 'Zq8vR2mX7pLk4Nw9Tb6Yc')"
    assert [key[s:e] for s, e in PA._byte_lists(key)] == ["[12, 201, 7, 88, 143, 9, 250, 61, 33, 170]"]
    assert [call[s:e] for s, e in PA._named_calls(call)] == ["Zq8vR2mX7pLk4Nw9Tb6Yc"]


def test_a_digit_beyond_ascii_is_asked_once_per_text() -> None:
    from memscribe.redaction import pii

    text = "Karte ４１１１ 1111 1111 1111 und mehr"
    assert pii._other_digit(text) and not pii._other_digit("Karte 4111 1111 1111 1111 ü")
    assert find_secrets(text) == find_secrets(text, prefilter=False)
