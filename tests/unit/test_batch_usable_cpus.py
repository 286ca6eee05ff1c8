"""The batch command forks its model-call helper and its planner only where a second CPU is
usable by this process: its affinity mask (``taskset -c 0``), not the machine's CPU count."""

from __future__ import annotations

import contextlib
import os
import sys
import types

import pytest

from memscribe import cli_common
from memscribe.commands import batch


class _Model:
    """Stands for the litellm model class (``memscribe.model.llm.LiteLLMModel``)."""


def _fake_llm(monkeypatch: pytest.MonkeyPatch) -> object:
    helper = contextlib.nullcontext("helper")
    llm = types.SimpleNamespace(LiteLLMModel=_Model, calls_in_helper=lambda concurrency: helper)
    monkeypatch.setitem(sys.modules, "memscribe.model.llm", llm)
    monkeypatch.setattr(cli_common, "own_process", lambda: True)
    return helper


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no affinity mask here")
def test_usable_cpus_reads_the_affinity_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert batch.usable_cpus() == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3})
    assert batch.usable_cpus() == 2


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no affinity mask here")
def test_no_call_helper_on_one_usable_cpu_of_many(monkeypatch: pytest.MonkeyPatch) -> None:
    helper = _fake_llm(monkeypatch)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    assert batch._model_calls(_Model(), True, 4) is helper  # (two usable: the helper)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    with batch._model_calls(_Model(), True, 4) as chosen:
        assert chosen is None
    assert batch._planner(_Model(), True, 4) is None


def test_without_an_affinity_mask_the_cpu_count_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert batch.usable_cpus() == 3
