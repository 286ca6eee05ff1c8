"""A user turn whose language the lexicon cannot place (a line of identifiers, another script) is
"language unknown" for itself only: the gate still reads every other turn's cues, so their
windows reach the detector too (issue 11/16)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memscribe.model.embedded import EmbeddedModel
from memscribe.services.extract import extract_unscoped
from memscribe.stages.gate import gate
from memscribe.store import open_store
from tests.support.turns import make_transcript

IDENTIFIERS = "parse_cfg load_env ctx_mgr http_pool retry_max backoff_ms conn_timeout read_buf"
PROFILE = "I'm a backend engineer and I work mostly in Go."
CORRECTION = "No, don't use headings in changelog entries, keep it a flat bullet list."


def _turns(first: str, filler: int = 0) -> list[tuple[str, str]]:
    pad = [
        turn
        for n in range(filler)
        for turn in (
            ("user", "ok"),
            ("assistant", f"Step {n}: " + "the retry loop backs off and reads the buffer again. " * 40),
        )
    ]
    return [
        ("user", first),
        ("assistant", "Those look like configuration keys."),
        *pad,
        ("user", PROFILE),
        ("assistant", "Got it."),
        ("user", "Write the changelog entry."),
        ("assistant", "## Changes\n- fixed retry"),
        ("user", CORRECTION),
        ("assistant", "- fixed retry"),
        ("user", "Yes, that's right, thanks."),
    ]


def _index_of(turns: list[tuple[str, str]], text: str) -> int:
    return next(i for i, (_, t) in enumerate(turns) if t == text)


def test_an_unplaced_turn_leaves_the_other_turns_cues_read() -> None:
    for first in (IDENTIFIERS, "Привет, сегодня отличная погода на улице."):
        turns = _turns(first)
        result = gate(make_transcript(*turns))
        assert result.passed and "does not cover" in result.reason
        assert 0 in result.signal_turns  # the unplaced turn: the detector judges it
        assert _index_of(turns, PROFILE) in result.signal_turns
        assert _index_of(turns, CORRECTION) in result.signal_turns


def test_an_unplaced_turn_far_from_a_profile_statement_does_not_hide_it(tmp_path: Path) -> None:
    # the transcript is cut into several windows: the statement's window must be read too
    turns = _turns(IDENTIFIERS, filler=12)
    plan = extract_unscoped(
        open_store(tmp_path),
        make_transcript(*turns),
        EmbeddedModel(),
        context_tokens=2000,
        now=dt.datetime(2026, 1, 5, tzinfo=dt.UTC),
    )
    bodies = [op.body for op in plan.operations if op.op == "write"]
    assert any("backend engineer" in body for body in bodies), bodies  # the profile statement
    assert any("headings" in body for body in bodies), bodies  # the confirmed correction
