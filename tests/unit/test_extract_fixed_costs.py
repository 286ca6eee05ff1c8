"""Extract's work outside the detector and the gate kept to what it needs (issue 17): the cyclic
collector never rescans the transcript in the ``memscribe`` process; the guard's weights load
without inflating; a turn without host noise is not handed to the noise rules; an OpenAI
document is decoded once, not once to tell its format and again to read it; the write guard's
grounding check reads an ASCII text without a per-word or per-character pass; the text reader's
prefix pattern does not read the rest of a line."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import zlib
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.guard import classifier
from memscribe.guard.packed import decode_weights, digest, encode_weights
from memscribe.safety import write_guard
from memscribe.transcript import noise, parse_transcript, read_transcript
from tests.support.counting import counting

_TURNS_PROBE = """
import gc, sys
import memscribe.services.extract as service
real = service.extract
def counted(transcript, **kwargs):
    tracked = {id(o) for o in gc.get_objects()}  # frozen objects are in no generation
    print("SCANNED", sum(id(t) in tracked for t in transcript.turns), len(transcript.turns))
    return real(transcript, **kwargs)
service.extract = counted
from memscribe.cli import main
sys.argv = ["memscribe", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
"""


def test_the_memscribe_process_reads_the_transcript_into_the_frozen_generation(tmp_path: Path) -> None:
    """The turns live as long as the command: read with the collector off and frozen after, the
    collections the stages bring never walk them (before: every turn in a generation)."""
    transcript = tmp_path / "t.txt"
    lines = [f"User: I tried the build number {i} again.\nAssistant: Noted {i}.\n" for i in range(40)]
    transcript.write_text("".join(lines), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-c", _TURNS_PROBE, "extract", str(transcript), "--dry-run", "--json"]
        + ["--memory-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    scanned = [line.split() for line in proc.stdout.splitlines() if line.startswith("SCANNED ")]
    assert scanned == [["SCANNED", "0", "80"]]
    assert '"operations"' in proc.stdout


@pytest.mark.parametrize("resource", [classifier.WEIGHTS_RESOURCE, classifier.STATEMENT_RESOURCE])
def test_the_shipped_guard_weights_are_stored_not_deflated(resource: str) -> None:
    """Loading a weights file inflates nothing: its gzip blocks are stored (deflate saved under
    half of random digests and was most of the load; before: 585 of 1060 KB, 106 of 225 KB). The
    format is unchanged: the same payload deflated loads into the same table."""
    raw = resources.files("memscribe.guard").joinpath(resource).read_bytes()
    payload = zlib.decompress(raw, 31)
    assert len(raw) > len(payload)
    assert raw[10] & 0b110 == 0  # the first deflate block's type: 00, stored
    header, table = decode_weights(raw)
    assert (header, table) == decode_weights(gzip.compress(payload, compresslevel=9, mtime=0))
    assert len(table) > 1000


def test_the_weights_file_is_written_stored_and_reads_back() -> None:
    """:func:`encode_weights` writes stored blocks (as the shipped files are, so the training
    script's ``--check`` still compares byte for byte) and the table reads back whole."""
    data = {"bias": -1.0, "threshold": 0.9, "version": "t", "weights": {"w:a": 0.5, "b:a b": -0.25}}
    raw = encode_weights(data)
    assert len(raw) > len(zlib.decompress(raw, 31)) and raw[10] & 0b110 == 0
    header, table = decode_weights(raw)
    assert header["threshold"] == 0.9
    assert table.weight(digest("w:a")) == 0.5
    assert table.pairs_ending(digest("b")) == {digest("a"): -0.25}


def test_turns_without_host_noise_are_not_handed_to_the_noise_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn holding none of the rules' fixed parts is only stripped (the rules would change
    nothing else: the one-pass build's property test in test_reader_build compares every
    mix of them with the rules); a turn holding one still goes through them. Before: each
    rule asked once per turn (a user turn's sender, once per user turn)."""
    rules = ["strip_memory_blocks", "strip_user_noise", "strip_reply_tags", "sender_name"]
    calls = {name: counting(monkeypatch, noise, name) for name in rules}
    plain = "".join(
        f"User:  I tried build {i} again.  \nAssistant: Noted {i}, it passed.\n" for i in range(30)
    )
    turns = parse_transcript(plain, source="t.txt", fmt="text").turns
    assert [t.text for t in turns[:2]] == ["I tried build 0 again.", "Noted 0, it passed."]
    assert {name: c.n for name, c in calls.items()} == dict.fromkeys(rules, 0)
    noisy = "User: [Mon 2026-01-05 10:00 UTC] hello there\nAssistant: [[reply_to_current]] hi back\n"
    turns = parse_transcript(noisy, source="n.txt", fmt="text").turns
    assert [t.text for t in turns] == ["hello there", "hi back"]
    assert calls["strip_user_noise"].n == 1 and calls["strip_reply_tags"].n == 2


@pytest.mark.parametrize("indent", [None, 1])
@pytest.mark.parametrize("wrapped", [False, True])
def test_an_openai_document_is_decoded_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, indent: int | None, wrapped: bool
) -> None:
    """Format detection hands the document it decoded to the reader (before: two whole
    decodes, as many as the turns the reader then builds from it); the turns are as before."""
    messages = [{"role": "user" if i % 2 else "assistant", "content": f"line {i}"} for i in range(6)]
    path = tmp_path / "t.json"
    path.write_text(
        json.dumps({"messages": messages} if wrapped else messages, indent=indent), encoding="utf-8"
    )
    loads = counting(monkeypatch, json, "loads")
    turns = read_transcript(path).turns
    whole = [text for text in loads.firsts if text.lstrip().startswith(("[", "{"))]
    assert len(whole) == 1
    assert [(t.role, t.text) for t in turns] == [(m["role"], m["content"]) for m in messages]
    forced = read_transcript(path, fmt="openai").turns  # no detection: the reader decodes it
    assert turns == forced and [t.source for t in turns] == [t.source for t in forced]


def _reference_nonsense(text: str, cited: list[str]) -> str | None:
    """:func:`write_guard.nonsense` as it read every text: per-word lower-casing, letters and
    CJK characters counted for every text."""

    def words(value: str) -> list[str]:
        return [w.lower() for w in write_guard._WORD.findall(value)]

    def cjk_share(value: str) -> float:
        return len(write_guard._CJK.findall(value)) / max(1, sum(map(str.isalpha, value)))

    clean = write_guard.clean_chars(text).strip()
    said = words(clean)
    letters = sum(map(str.isalpha, clean))
    cjk = cjk_share(clean) > 0.3
    units = len(write_guard._CJK.findall(clean)) // 2 + len(said) if cjk else len(said)
    if units < 2 or letters < 0.5 * max(1, len(clean.replace(" ", ""))):
        return "no readable statement"
    source = " ".join(cited)
    if not source.strip():
        return "no cited user turn"
    if cjk or cjk_share(source) > 0.3:
        return None
    have = set(words(source))
    stems = {w[:5] for w in have if len(w) >= 5}
    content = [w for w in said if len(w) >= 4 and w not in write_guard._SUBJECT]
    if len(content) < 3:
        return None
    absent = [w for w in content if w not in have and not (len(w) >= 5 and w[:5] in stems)]
    if len(absent) > 0.8 * len(content):
        return f"{len(absent)} of {len(content)} content words absent from the cited turns"
    return None


_GUARD_WORDS = st.sampled_from(
    ["user", "prefers", "Tabs", "SPACES", "lives", "Lisbon", "the", "build", "42", "x_y", "İstanbul", "ﬁle"]
    + ["Über", "naïve", "日本語", "中文", "한국어", "Σσς", "e\u0301", "\u200b", " ", "\n", ".", "--"]
)
_GUARD_TEXTS = st.one_of(st.lists(_GUARD_WORDS, max_size=14).map(" ".join), st.text(max_size=40))


@settings(max_examples=400, deadline=None)
@given(_GUARD_TEXTS, st.lists(_GUARD_TEXTS, max_size=3))
def test_the_grounding_check_answers_as_the_per_word_reading(text: str, cited: list[str]) -> None:
    assert write_guard.nonsense(text, cited) == _reference_nonsense(text, cited)


class _CountedPattern:
    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.n = pattern, 0

    def findall(self, text: str) -> list[str]:
        self.n += 1
        return self.pattern.findall(text)


def test_an_ascii_memory_and_its_turns_are_not_scanned_for_cjk(monkeypatch: pytest.MonkeyPatch) -> None:
    """No CJK character can be in an ASCII text (a flag of the string, no scan): the check
    looks for none there (before: the memory and its cited turns each scanned), and still
    does in a text that may hold one."""
    cjk = _CountedPattern(write_guard._CJK)
    monkeypatch.setattr(write_guard, "_CJK", cjk)
    cited = ["I prefer tabs over spaces in every Go project I start."]
    assert write_guard.nonsense("User prefers tabs over spaces in Go projects.", cited) is None
    assert cjk.n == 0
    assert write_guard.nonsense("User prefers tabs over spaces in Go projects.", ["我喜欢用制表符。"]) is None
    assert cjk.n == 1  # the turn, not the ASCII memory


_OLD_TEXT_PREFIX = re.compile(r"^(?P<who>User|Human|Assistant|AI)\s*:[ \t]?(?P<rest>.*)$")
_LINE_PIECES = st.sampled_from(
    ["User", "Human", "Assistant", "AI", "Users", "user", ":", " ", "\t", "\r", "\u2028", "\x85", "\x0b"]
    + ["\x0c", "\u3000", "hi", "é", "日本", ": ", "  :", "\t:"]
)


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.lists(_LINE_PIECES, max_size=8).map("".join),
        st.text(max_size=30).map(lambda t: t.replace("\n", "")),
    )
)
def test_the_text_prefix_reads_a_line_as_the_whole_line_pattern_did(line: str) -> None:
    """A line (no line break in it: the reader splits on them) opens a turn, and who speaks and
    what they say are, as the pattern that also matched the rest of the line gave them."""
    from memscribe.transcript import plain_text

    old, new = _OLD_TEXT_PREFIX.match(line), plain_text._PREFIX.match(line)
    assert (old is None) == (new is None)
    if old is not None and new is not None:
        assert (new.group("who"), line[new.end() :]) == (old.group("who"), old.group("rest"))


def test_the_text_prefix_stops_at_the_speakers_colon() -> None:
    """The pattern reads the opening only (before: the whole line, to hand its rest as a group)."""
    from memscribe.transcript import plain_text

    found = plain_text._PREFIX.match("Assistant:  the build passed on the second try")
    assert found is not None and found.end() == len("Assistant: ")
