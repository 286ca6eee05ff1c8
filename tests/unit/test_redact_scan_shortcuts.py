"""Scans that stand for a regex search in the redaction (issue 12, bulk throughput), checked
against the pattern they replace on generated text: the name before a quoted ``NAME=value``'s
``=`` read backwards (``combine._name_before``), a clause's end found by its marks' character
class (``clause_shapes.clause_stop``), the ``-u <key>:`` matches tried only where ``-u`` or
``--user`` stands (``commands.find_key_users``), a line's whitespace tokens
(``linetokens.Line``), the ``otpauth://`` URLs looked for where the lower case holds the word
(``extents.widen_to_whole_values``), the word before a keyword read backwards
(``base.word_before``, ``clause_shapes.record_key``)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction import combine as C
from memscribe.redaction import commands as K
from memscribe.redaction.base import ASCII_LOWER, word_before
from memscribe.redaction.clause_shapes import clause_stop, record_key
from memscribe.redaction.extents import widen_to_whole_values
from memscribe.redaction.linetokens import Line
from memscribe.redaction.values import not_a_secret

#: What each shortcut was: the patterns as the baseline (6366907c) searched with them.
_NAME_BEFORE = re.compile(r"[A-Za-z_][\w.-]*$|$")
_CLAUSE_END = re.compile(r"\n|[.!?;](?=\s)|[。！？；]")
_KEY_USER = re.compile(r"-(?:u|-user)[ \t]+['\"]?(?P<v>(?=[A-Za-z_]*\d)[A-Za-z0-9_]{20,}):(?=['\"]?(?:\s|$))")

#: Letters, digits (ASCII and not), identifier marks, blanks of several kinds, sentence marks.
_CHARS = "aZq_9.-=é٣ß\u2167\u00b2 \t\n\r\u3000\u2028.!?;。！？；\"'`:"


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=_CHARS, max_size=24), st.data())
def test_name_before_is_the_patterns_search(text: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(text)))
    lo = data.draw(st.integers(0, at))
    match = _NAME_BEFORE.search(text, lo, at)
    assert match is not None  # (``$`` matches at the window's end)
    assert C._name_before(text, lo, at) == match.start()


def test_name_before_cases() -> None:
    # a name, a name then a line break ending the window (``$`` matches before it), none, a
    # name after a non-ASCII letter (it starts at the first ASCII letter of the run)
    for text, expected in (("DB_PASSWORD", 0), ("x DB_PASS\n", 2), ("x \n", 2), ("= ", 2), ("é9_k", 2)):
        assert (
            C._name_before(text, 0, len(text)) == expected == _NAME_BEFORE.search(text, 0, len(text)).start()
        )


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=_CHARS, max_size=30), st.data())
def test_clause_stop_is_the_patterns_search(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    limit = data.draw(st.integers(start, len(text)))
    match = _CLAUSE_END.search(text, start, limit)
    assert clause_stop(text, start, limit) == (match.start() if match else limit)


def test_clause_stop_reads_the_mark_before_the_limit_as_the_search_did() -> None:
    # a mark right before the window's end has no blank after it there, whatever follows
    assert clause_stop("pw is a.b. c", 0, 10) == 10
    assert clause_stop("pw is a.b. c", 0, 11) == 9
    assert clause_stop("pw is a\u3000b", 0, 9) == 9 and clause_stop("pw：x。y", 0, 6) == 4


def _key_users_as_before(text: str) -> list[tuple[int, int]]:
    return [
        m.span("v")
        for m in _KEY_USER.finditer(text)
        if (m.start() == 0 or text[m.start() - 1].isspace()) and not not_a_secret(m.group("v"))
    ]


_KEY = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                " ",
                "\n",
                "curl",
                "-u",
                "-U",
                "--user",
                "--USER",
                "-u-u",
                f"{_KEY}:",
                _KEY,
                ":",
                "'",
                '"',
                "\t",
                "x",
            ]
        ),
        max_size=14,
    )
)
def test_key_users_are_the_patterns_matches(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert list(K.find_key_users(text)) == _key_users_as_before(text)


def test_key_users_found_after_either_flag() -> None:
    text = f"curl -u {_KEY}: https://api.example.test\ncurl --user '{_KEY}:' x\ncurl -U {_KEY}: x"
    found = list(K.find_key_users(text))
    assert found == _key_users_as_before(text) and len(found) == 2


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=_CHARS + "abc", max_size=40), st.data())
def test_line_tokens_are_the_whitespace_runs(text: str, data: st.DataObject) -> None:
    line = Line(text, data.draw(st.integers(0, len(text))))
    spans = [
        (line.start + m.start(), line.start + m.end())
        for m in re.finditer(r"\S+", text[line.start : line.end])
    ]
    assert list(zip(line.starts, line.ends, strict=True)) == spans


def test_otpauth_urls_are_widened_in_any_case() -> None:
    seed = "JBSWY3DPEHPK3PXP"
    for scheme in ("otpauth", "OTPAUTH", "OtpAuth"):
        text = f"scan {scheme}://totp/acme:me?secret={seed}&issuer=acme now"
        at = text.index(seed)
        url = text.index(scheme)
        assert (url, text.index(" now")) in widen_to_whole_values(text, [(at, at + len(seed))])
    # a letter whose capital is ``H`` and a combining mark: its upper case holds OTPAUTH, the
    # pattern (``re`` folds no letter of the word specially) matches nothing there
    text = f"otpaut\u1e96://totp/x?secret={seed}"
    at = text.index(seed)
    assert "OTPAUTH" in text.upper() and widen_to_whole_values(text, [(at, at + len(seed))]) == []


_WORD_BEFORE = re.compile(r"([A-Za-z]+)[ -]$")
_LOWER_WORD_BEFORE = re.compile(r"([a-z]+)[ _-]$")


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet="aZk_- \n\té9.", max_size=24), st.data())
def test_word_before_is_the_patterns_group(text: str, data: st.DataObject) -> None:
    end = data.draw(st.integers(0, len(text)))
    lo = data.draw(st.integers(0, end))
    m = _WORD_BEFORE.search(text, lo, end)
    assert word_before(text, lo, end) == (m.group(1) if m else None)
    m = _LOWER_WORD_BEFORE.search(text, lo, end)
    assert word_before(text, lo, end, ASCII_LOWER, " _-") == (m.group(1) if m else None)


def test_record_and_public_keys_are_told_by_the_word_before() -> None:
    for low, expected in (
        ("the cache key", True),
        ("sort-key", True),
        ("public_key", True),
        ("api key", False),
    ):
        assert record_key(low, len(low) - 3) is expected
    # ``$`` matched before a line break ending the window: so does the backwards read
    assert record_key("cache \n", 7) is True and record_key("cache.\n", 7) is False
