"""bench/profile_keep_study.py (issue 11): its replay of the detector and its F1 arithmetic."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

from memscribe.model.embedded.detect import extract
from tests.support.bench_modules import load_bench
from tests.support.turns import make_transcript

REPO = Path(__file__).resolve().parents[2]


def _study() -> ModuleType:
    return load_bench("profile_keep_study", as_name="bench_profile_keep_study_under_test")


def test_the_replay_proposes_what_the_detector_writes_with_each_candidates_session() -> None:
    study = _study()
    turns = make_transcript(
        ("user", "I'm a nurse in Leeds and I have two cats."),
        ("assistant", "Nice!"),
        ("user", "I don't drink coffee anymore."),
        ("assistant", "Noted."),
    ).turns
    replayed = study.candidates_in_context(turns)
    bodies = [c.body for c, _ in replayed]
    assert bodies == [p.body for p in extract(turns).profiles]
    assert bodies, "the transcript gives profiles"
    for order, (_, context) in enumerate(replayed):
        assert context.order == order
        assert context.session == tuple(bodies)
        assert context.chat
    assert replayed[-1][1].position == 1.0


def test_dropping_a_false_positive_or_a_required_match_moves_the_f1_each_its_way() -> None:
    study = _study()
    totals = {"tp": 2, "fp": 2, "fn": 0}
    samples = [
        study.Sample("u", "fact", [1.0], 1, True),
        study.Sample("u", "extra", [1.0], 1, False),
        study.Sample("u", "noise", [1.0], 0, False),
    ]
    assert study.f1_after(samples, [True, True, True], totals) == (4 / 6, 2, 2, 0)
    assert study.f1_after(samples, [True, True, False], totals) == (4 / 5, 2, 1, 0)
    assert study.f1_after(samples, [True, False, True], totals) == (4 / 6, 2, 2, 0)
    assert study.f1_after(samples, [False, True, True], totals) == (2 / 5, 1, 2, 1)


def test_the_study_replays_sessions_through_the_detector_as_the_pipeline_calls_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the pipeline hands the detector the gate's readings as keywords: the study's recording
    # wrapper must pass them on
    study = _study()
    dev = REPO / "fixtures" / "eval" / "authored" / "dev" / "agent"
    for name in ("a1_01_openclaw_bakery_owner_intro.jsonl", "a1_01_openclaw_bakery_owner_intro.labels.json"):
        shutil.copy(dev / name, tmp_path / name)
    monkeypatch.setattr(study, "DEV", tmp_path)
    samples, totals = study.collect()
    assert samples, "the session's profile candidates are recorded"
    assert totals["tp"] + totals["fp"] == len(samples)
