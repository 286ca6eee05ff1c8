"""A call made in the helper process gives its slot back once the model's answer has come (the
transport says so), not once the helper has parsed and sent the answer."""

from __future__ import annotations

import os
import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any

import pytest

from memscribe.model import arrivals, call_process
from memscribe.model.call_process import CallProcess

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helper is forked (Linux)")

#: In the helper: the function its transports call when an answer has come.
_TOLD: list[Callable[[], None]] = []


def _keep(arrived: Callable[[], None]) -> None:
    _TOLD.append(arrived)


def _answer_after_being_let_go(**kwargs: Any) -> int:
    """Says its answer has come (twice: told once), then waits until the test lets it go."""
    _TOLD[-1]()
    _TOLD[-1]()
    os.read(kwargs["go"], 1)
    return os.getpid()


class _Slot:
    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []

    def acquire(self) -> None:
        self.events.append(("acquire", threading.current_thread().name))

    def release(self) -> None:
        self.events.append(("release", threading.current_thread().name))


def test_the_slot_is_given_back_once_the_answer_has_come_while_the_helper_still_works_on_it() -> None:
    go_read, go_write = os.pipe()
    helper = CallProcess(_answer_after_being_let_go, workers=2, arrivals=_keep)
    slot = _Slot()
    answers: list[int] = []
    try:
        call = threading.Thread(target=lambda: answers.append(helper.call_within(slot, go=go_read)))
        call.start()
        deadline = time.monotonic() + 10
        while len(slot.events) < 2 and time.monotonic() < deadline:
            time.sleep(0.005)
        given_back_while_away = [what for what, _ in slot.events] == ["acquire", "release"]
        still_away = call.is_alive() and not answers
        os.write(go_write, b"x")
        call.join(10)
    finally:
        helper.close()
        os.close(go_read)
        os.close(go_write)
    assert given_back_while_away and still_away
    assert answers and answers[0] != os.getpid()
    assert [what for what, _ in slot.events] == ["acquire", "release"]  # once, though told twice
    assert slot.events[1][1] == "memscribe-calls-reader"


def _told_outside_a_call(**kwargs: Any) -> int:
    return os.getpid()


def _tell_at_start(arrived: Callable[[], None]) -> None:
    arrived()  # no call of a worker thread: nothing to tell


def test_an_arrival_told_outside_a_call_frees_nothing() -> None:
    helper = CallProcess(_told_outside_a_call, workers=2, arrivals=_tell_at_start)
    slot = _Slot()
    try:
        assert helper.call_within(slot) != os.getpid()
    finally:
        helper.close()
    assert [what for what, _ in slot.events] == ["acquire", "release"]


def _fake_http(name: str, calls: list[str]) -> types.ModuleType:
    module = types.ModuleType(name)

    class HTTPTransport:
        def handle_request(self, request: Any) -> Any:
            calls.append(f"{name} sent {request}")
            return {"answer to": request}

    module.HTTPTransport = HTTPTransport  # type: ignore[attr-defined]
    return module


def test_report_tells_each_response_of_every_loaded_http_library(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    for name in ("httpx", "httpx2"):
        monkeypatch.setitem(sys.modules, name, _fake_http(name, calls))

    def arrived() -> None:
        calls.append("arrived")

    assert arrivals.report(arrived) == ["httpx", "httpx2"]
    assert arrivals.report(arrived) == []  # not wrapped twice
    for name in ("httpx", "httpx2"):
        assert sys.modules[name].HTTPTransport().handle_request(1) == {"answer to": 1}
    assert calls == ["httpx sent 1", "arrived", "httpx2 sent 1", "arrived"]

    def failing() -> None:
        raise RuntimeError("told nobody")

    monkeypatch.setitem(sys.modules, "httpx", _fake_http("httpx", calls))
    assert arrivals.report(failing) == ["httpx"]
    assert sys.modules["httpx"].HTTPTransport().handle_request(2) == {"answer to": 2}  # answered still


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])  # the scripted server only
def test_a_litellm_call_in_the_helper_tells_its_arrival_through_the_transport(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The client stack's real transport is the one told: each call's slot is freed by an arrival
    (fails if litellm's or the SDK's requests leave through a transport that is not patched)."""
    pytest.importorskip("litellm")
    from memscribe.model import llm
    from tests.support import llm_server

    freed: list[int] = []
    real = CallProcess._arrived

    def counted(self: CallProcess, key: int) -> None:
        freed.append(key)
        real(self, key)

    monkeypatch.setattr(CallProcess, "_arrived", counted)
    monkeypatch.setattr(call_process, "supported", lambda: True)  # the test runner may run threads
    slots = [_Slot() for _ in range(3)]
    with llm.calls_in_helper(2) as helper:
        assert helper is not None
        with llm_server.serve(responder=lambda messages: '{"a": 1}') as url:
            for slot in slots:
                answer = helper.call_within(
                    slot,
                    model="openai/bench",
                    api_base=url,
                    api_key="sk-test",
                    messages=[{"role": "user", "content": "hi"}],
                    num_retries=0,
                    max_retries=0,
                )
                assert answer.choices[0].message.content == '{"a": 1}'
    assert len(freed) == 3 and len(set(freed)) == 3
    assert all([what for what, _ in slot.events] == ["acquire", "release"] for slot in slots)
