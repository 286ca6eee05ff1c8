"""A detector compiled on first use while another thread already uses it (issue 14).

The Ray engine's workers redact several transcripts at once in threads of one fresh process:
each detector is compiled by the first call that meets it, and a second thread may call it
in the middle of that compilation. A gated detector kept its pattern and its gate in two
lists filled one after the other, so a thread arriving between the two appends found the
pattern and no gate (``IndexError``: "7 units failed" on a loaded CI machine, and the run's
files then differed from ``--engine local``'s).
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from memscribe.redaction import base

TEXT = "see xyzzy-abbbc here"


def test_a_call_arriving_while_the_gate_compiles_finds_the_whole_detector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other thread's call, made deterministically at the worst moment: while the gate's
    pattern compiles (after the detector's own pattern is compiled and kept)."""
    compile_table = base.compile_table
    nested: list[list[tuple[int, int]]] = []
    interrupted = [False]

    def compiling(pattern: str, flags: int = 0) -> Any:
        if pattern == "xyzzy" and not interrupted[0]:  # the gate: a second call comes in now
            interrupted[0] = True
            nested.append(list(find(TEXT)))
        return compile_table(pattern, flags)

    monkeypatch.setattr(base, "compile_table", compiling)
    find = base.regex_finder(r"xyzzy-ab+c", gate="xyzzy")
    assert list(find(TEXT)) == [(4, 15)]
    assert nested == [[(4, 15)]]  # the call that came in meanwhile found the same match


def test_detectors_first_used_by_many_threads_at_once_all_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads released together on fresh detectors, the gate's compilation holding each first
    caller back until the others have called: every call answers, none raises."""
    compile_table = base.compile_table
    threads = 6
    arrived = threading.Barrier(threads)

    def compiling(pattern: str, flags: int = 0) -> Any:
        if pattern == "xyzzy":
            try:
                arrived.wait(timeout=0.2)  # the other callers are let in meanwhile
            except threading.BrokenBarrierError:
                pass
        return compile_table(pattern, flags)

    monkeypatch.setattr(base, "compile_table", compiling)
    find = base.regex_finder(r"xyzzy-ab+c", gate="xyzzy")
    found: list[object] = []
    go = threading.Barrier(threads)

    def call() -> None:
        go.wait()
        try:
            found.append(list(find(TEXT)))
        except Exception as exc:  # noqa: BLE001 - counted as the answer
            found.append(exc)
        try:
            arrived.wait(timeout=0.2)
        except threading.BrokenBarrierError:
            pass

    workers = [threading.Thread(target=call) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert found == [[(4, 15)]] * threads
