"""``memscribe batch`` with the transcripts planned in a forked planner process (``--plan-process``,
its model calls in a helper of its own): the same files as planning in the run's own process. Its
kill test (the planner and its helper go with the run; a re-run finishes the job) is
``test_batch_call_process``'s, run with and without the planner."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from memscribe.commands.batch import usable_cpus
from tests.support.batch_corpus import memory_state
from tests.support.llm_server import serve
from tests.system.test_batch_call_process import _batch, _corpus, _report, _respond

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the planner is forked (Linux)"),
    pytest.mark.skipif(usable_cpus() < 2, reason="the planner runs where there is a second CPU"),
]


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
def test_planning_in_the_planner_writes_the_same_files(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path / "t", 24)
    with serve(latency_s=0.02, responder=_respond) as url:
        planned = _report(_batch(corpus, tmp_path / "planned", url))
        helped = _report(_batch(corpus, tmp_path / "helped", url, "--no-plan-process"))
        here = _report(_batch(corpus, tmp_path / "here", url, "--no-call-process"))
    assert planned["planner_cpu_s"] > 0.0 and planned["helper_cpu_s"] > planned["planner_cpu_s"]
    assert helped["planner_cpu_s"] == here["planner_cpu_s"] == 0.0 and helped["helper_cpu_s"] > 0.0
    assert planned["processed"] == helped["processed"] == here["processed"] == 24
    assert planned["writes"] == helped["writes"] == here["writes"] == 18
    assert planned["model_calls"] > 0
    assert memory_state(tmp_path / "planned") == memory_state(tmp_path / "helped")
    assert memory_state(tmp_path / "planned") == memory_state(tmp_path / "here")
