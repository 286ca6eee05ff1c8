"""The local engine starts the next transcripts while earlier ones wait past their first call."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

import memscribe.batch.engine as engine_module
from memscribe.batch.engine import LocalEngine
from memscribe.batch.seam import UnitConfig, UnitInput, UnitOutput
from memscribe.batch.view import Delta, Snapshot
from tests.system.test_batch_slots import Answer, ClientModel


def test_units_waiting_after_their_first_call_do_not_hold_back_later_units(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each unit makes its first request (a detect call), then waits a while holding no call
    slot (as for a dedup answer or an earlier transcript's plan): the later units' requests go out
    meanwhile, so the 4 slots do not sit idle while 12 transcripts wait to be planned (with the
    running units bounded at 2 × concurrency, only 8 requests went out before the first unit
    ended)."""
    events: list[tuple[str, int]] = []
    lock = threading.Lock()

    def run_unit(unit: UnitInput, *, model: Any, source: Any) -> UnitOutput:
        model.generate(task="detect", messages=[], response_model=Answer, request=Answer())
        with lock:
            events.append(("called", unit.rank))
        time.sleep(0.3)  # waiting, no call slot held
        with lock:
            events.append(("ended", unit.rank))
        source.publish(unit.rank, Delta())
        return UnitOutput(rank=unit.rank)

    monkeypatch.setattr(engine_module, "run_unit", run_unit)
    engine = LocalEngine()
    engine.open(Snapshot(entries=(), taken_ids=frozenset()), ClientModel, 4)
    config = UnitConfig(root=tmp_path)
    units = [UnitInput(rank, tmp_path / f"t{rank}.txt", None, True, None, config) for rank in range(12)]
    try:
        done = sorted(out.rank for out in engine.map(units))
    finally:
        engine.close()
    assert done == list(range(12))
    first_end = next(i for i, (what, _) in enumerate(events) if what == "ended")
    assert sum(1 for what, _ in events[:first_end] if what == "called") == 12, events
