"""The model-call helper process: same answers and same errors as a call made here; calls made
here when the helper cannot answer; the helper gone with its caller."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from memscribe.model import call_process
from memscribe.model.call_process import CallProcess
from tests.support.processes import running as _running

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helper is forked (Linux)")

REPO = Path(__file__).resolve().parents[2]


def _echo(**kwargs: Any) -> dict[str, Any]:
    return {"pid": os.getpid(), **kwargs}


class Refused(Exception):
    """An error whose constructor needs more than its message (as litellm's errors do)."""

    def __init__(self, message: str, provider: str, status: int) -> None:
        super().__init__(message)
        self.provider = provider
        self.status_code = status
        self.response = lambda: None  # cannot be pickled: left behind


def _refuse(**kwargs: Any) -> None:
    raise Refused(f"no {kwargs['what']}", "openai", 429)


def _unpicklable(**kwargs: Any) -> Any:
    return (os.getpid(), lambda: kwargs)


def _slow(**kwargs: Any) -> int:
    time.sleep(kwargs["s"])
    return os.getpid()


def test_the_answer_comes_from_the_helper_and_equals_a_call_made_here() -> None:
    helper = CallProcess(_echo, workers=4)
    try:
        answer = helper(model="m", messages=[{"role": "user", "content": "hi"}], n=3)
    finally:
        helper.close()
    assert answer["pid"] != os.getpid()
    here = _echo(model="m", messages=[{"role": "user", "content": "hi"}], n=3)
    assert {k: v for k, v in answer.items() if k != "pid"} == {k: v for k, v in here.items() if k != "pid"}
    assert helper.cpu_s > 0.0  # told when it stopped
    assert not helper.alive


def test_an_error_comes_back_as_the_same_class_with_its_message_and_attributes() -> None:
    helper = CallProcess(_refuse, workers=2)
    try:
        with pytest.raises(Refused) as caught:
            helper(what="quota")
    finally:
        helper.close()
    assert str(caught.value) == "no quota"
    assert caught.value.status_code == 429 and caught.value.provider == "openai"
    assert not hasattr(caught.value, "response")  # what cannot travel is left behind


def test_litellm_errors_keep_the_retry_rules_answers() -> None:
    pytest.importorskip("litellm")
    from litellm import exceptions

    from memscribe.model.llm import is_transient

    def raise_(**kwargs: Any) -> None:
        raise kwargs["error"]

    errors = [
        exceptions.RateLimitError("slow down", llm_provider="openai", model="m"),
        exceptions.BadRequestError(
            "response_format json_schema is not supported", model="m", llm_provider="openai"
        ),
        exceptions.AuthenticationError("bad key", llm_provider="openai", model="m"),
    ]
    helper = CallProcess(raise_, workers=2)
    try:
        for error in errors:
            with pytest.raises(type(error)) as caught:
                helper(error=error)
            assert str(caught.value) == str(error)
            assert is_transient(caught.value) == is_transient(error)
            assert getattr(caught.value, "status_code", None) == getattr(error, "status_code", None)
    finally:
        helper.close()


def test_an_answer_that_cannot_travel_is_asked_here() -> None:
    helper = CallProcess(_unpicklable, workers=2)
    try:
        pid, answer = helper(x=1)
    finally:
        helper.close()
    assert pid == os.getpid() and answer() == {"x": 1}


def test_calls_are_made_here_once_the_helper_is_gone() -> None:
    helper = CallProcess(_slow, workers=4)
    try:
        assert helper(s=0.0) != os.getpid()
        os.kill(helper._process.pid, signal.SIGKILL)  # noqa: SLF001 - the test kills the helper
        assert helper(s=0.0) == os.getpid()  # waiting, or sent after: made here
        assert not helper.alive
        assert helper(s=0.0) == os.getpid()
    finally:
        helper.close()


def test_concurrent_calls_overlap_in_the_helper() -> None:
    from concurrent.futures import ThreadPoolExecutor

    helper = CallProcess(_slow, workers=8)
    try:
        started = time.monotonic()
        with ThreadPoolExecutor(8) as pool:
            pids = list(pool.map(lambda _: helper(s=0.3), range(8)))
        took = time.monotonic() - started
    finally:
        helper.close()
    assert all(pid != os.getpid() for pid in pids)
    assert took < 8 * 0.3 / 2  # not one after the other


class _Slot:
    """A call slot that records who took it and gave it back, and whether the call was away."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []

    def acquire(self) -> None:
        self.events.append(("acquire", threading.current_thread().name))

    def release(self) -> None:
        self.events.append(("release", threading.current_thread().name))


def test_the_helper_starts_its_workers_before_the_first_request() -> None:
    """A worker started as a request arrives made the reading of the next ones wait for it."""
    helper = CallProcess(_slow, workers=5)
    tasks = Path(f"/proc/{helper._process.pid}/task")
    try:
        deadline = time.monotonic() + 10
        while len(list(tasks.iterdir())) < 6:  # its main thread and five workers, no request yet
            assert time.monotonic() < deadline, "the workers were not started before a request"
            time.sleep(0.01)
        started = len(list(tasks.iterdir()))
        calls = [threading.Thread(target=helper, kwargs={"s": 0.2}) for _ in range(5)]
        for call in calls:
            call.start()
        for call in calls:
            call.join()
        assert len(list(tasks.iterdir())) == started  # no thread started for them
    finally:
        helper.close()


def test_a_slot_is_given_back_by_the_reader_once_the_answer_is_here() -> None:
    helper = CallProcess(_slow, workers=2)
    slot = _Slot()
    try:
        pid = helper.call_within(slot, s=0.05)
        caller = threading.current_thread().name
    finally:
        helper.close()
    assert pid != os.getpid()
    # taken by the caller, given back by the thread that read the answer (the caller, which may
    # wait for the interpreter lock to resume, does not hold it meanwhile)
    assert [what for what, _ in slot.events] == ["acquire", "release"]
    assert slot.events[0][1] == caller and slot.events[1][1] != caller


def test_a_slot_that_fails_to_be_given_back_fails_its_call_not_the_helper() -> None:
    class Broken(_Slot):
        def release(self) -> None:
            raise RuntimeError("slot gone")

    helper = CallProcess(_slow, workers=2)
    try:
        with pytest.raises(RuntimeError, match="slot gone"):
            helper.call_within(Broken(), s=0.0)
        assert helper.alive and helper(s=0.0) != os.getpid()  # the reader still answers
    finally:
        helper.close()


@pytest.mark.parametrize("case", ["answer cannot travel", "argument cannot travel", "helper gone"])
def test_a_call_made_here_holds_its_slot_while_it_runs_and_gives_it_back_once(case: str) -> None:
    seen: list[list[tuple[str, str]]] = []
    slot = _Slot()

    def here(**kwargs: Any) -> int:
        seen.append(list(slot.events))  # what the slot saw while the call ran
        return os.getpid()

    helper = CallProcess(_unpicklable if case == "answer cannot travel" else here, workers=2)
    helper._completion = here  # noqa: SLF001 - the call made here, observed
    try:
        if case == "helper gone":
            os.kill(helper._process.pid, signal.SIGKILL)  # noqa: SLF001 - the test kills the helper
            helper._process.join()  # noqa: SLF001
        arg: Any = (lambda: None) if case == "argument cannot travel" else 1
        assert helper.call_within(slot, x=arg) == os.getpid()
    finally:
        helper.close()
    assert [what for what, _ in seen[-1]] == ["acquire"]  # held while the call ran here
    assert [what for what, _ in slot.events] == ["acquire", "release"]


_ORPHAN = """
import sys, time
sys.path.insert(0, sys.argv[1])
from memscribe.model.call_process import CallProcess
def slow(**kwargs):
    time.sleep(30)
helper = CallProcess(slow, workers=2)
print(helper._process.pid, flush=True)
import threading
threading.Thread(target=lambda: helper(x=1), daemon=True).start()
time.sleep(60)
"""


def test_the_helper_exits_when_its_caller_is_killed() -> None:
    caller = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN, str(REPO)], stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    try:
        assert caller.stdout is not None
        helper_pid = int(caller.stdout.readline())
        time.sleep(0.3)  # a call in flight in the helper
        caller.send_signal(signal.SIGKILL)
        caller.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _running(helper_pid):
            time.sleep(0.05)
        assert not _running(helper_pid)
    finally:
        if caller.poll() is None:
            caller.kill()
            caller.wait(timeout=10)
        if caller.stdout is not None:
            caller.stdout.close()


def test_supported_needs_a_single_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(call_process.threading, "active_count", lambda: 2)
    assert not call_process.supported()


@pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])  # the scripted server only
def test_a_litellm_model_gets_the_same_answer_and_sends_the_same_request_through_the_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("litellm")
    import json

    from memscribe.model import call_route, llm
    from memscribe.schemas.candidates import Detection
    from memscribe.schemas.requests import DetectRequest
    from tests.support import llm_server

    bodies: list[bytes] = []
    reply = {
        "profiles": [
            {"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}
        ]
    }

    def respond(messages: list[dict[str, Any]]) -> str:
        bodies.append(json.dumps(messages, sort_keys=True).encode())
        return json.dumps({**reply, "playbooks": []})

    messages = [
        {"role": "system", "content": "TASK: detect\nfind facts"},
        {"role": "user", "content": "[0] user: I use Neovim."},
    ]
    request = DetectRequest(turns=(), window=1, windows=1)
    monkeypatch.setattr(call_process, "supported", lambda: True)  # the test runner may run threads
    with llm.calls_in_helper(2) as helper:
        assert helper is not None
        with llm_server.serve(responder=respond) as url:
            remote = llm.LiteLLMModel("openai/bench", api_base=url)
            assert remote._completion is helper  # noqa: SLF001 - the route the model took
            through_helper = remote.generate(
                task="detect", messages=messages, response_model=Detection, request=request
            )
            here = llm.LiteLLMModel("openai/bench", api_base=url, completion=call_route._marked_completion)  # noqa: SLF001
            in_process = here.generate(
                task="detect", messages=messages, response_model=Detection, request=request
            )
    assert helper.cpu_s > 0.0
    assert through_helper == in_process
    assert remote.usage == here.usage  # the calls are accounted here either way
    assert len(bodies) == 2 and bodies[0] == bodies[1]
    assert llm.LiteLLMModel("openai/bench", api_base="http://127.0.0.1:9/v1")._completion is not helper  # noqa: SLF001


def _platform_known(**kwargs: Any) -> bool:
    import platform

    return bool(getattr(platform, "_platform_cache"))  # noqa: B009 - whether the description is computed


def test_the_helper_inherits_the_platform_description_of_the_sdk_headers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the provider SDK loaded, the helper's first calls find the platform description of its
    request headers computed (each ran ``uname -p`` in a subprocess, all at once)."""
    import platform

    import openai  # noqa: F401 - the SDK whose request headers describe the platform

    monkeypatch.setattr(platform, "_platform_cache", {})
    helper = CallProcess(_platform_known, workers=2)
    try:
        assert helper() is True
    finally:
        helper.close()


def test_the_caller_leaves_the_platform_description_to_the_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper computes the description itself as it starts (``uname -p`` in a subprocess):
    its caller, the batch planner, makes no call and its first requests would wait for it."""
    import platform

    import openai  # noqa: F401 - the SDK whose request headers describe the platform

    monkeypatch.setattr(platform, "_platform_cache", {})
    helper = CallProcess(_platform_known, workers=2)
    try:
        assert not getattr(platform, "_platform_cache")  # noqa: B009 - not computed here
        assert helper() is True  # (its first call finds it computed, there)
    finally:
        helper.close()


def _note_pid(path: Path) -> None:
    # whole or absent: the test reads the note as soon as it exists (a plain write_text created
    # it empty first, and a loaded machine let the test read it so: int(''))
    part = path.with_name(path.name + ".part")
    part.write_text(str(os.getpid()), encoding="utf-8")
    os.replace(part, path)


def _fail() -> None:
    raise RuntimeError("warm-up failed")


def test_the_warm_up_runs_in_the_helper_as_it_starts(tmp_path: Path) -> None:
    import functools

    noted = tmp_path / "warm.pid"
    helper = CallProcess(_echo, workers=2, warm=functools.partial(_note_pid, noted))
    try:
        deadline = time.monotonic() + 10
        while not noted.exists() and time.monotonic() < deadline:  # before any call is sent
            time.sleep(0.01)
        answer = helper(x=1)
    finally:
        helper.close()
    assert int(noted.read_text(encoding="utf-8")) == answer["pid"] != os.getpid()


def test_a_failing_warm_up_leaves_the_helper_answering() -> None:
    helper = CallProcess(_echo, workers=2, warm=_fail)
    try:
        answers = [helper(x=i) for i in range(3)]
    finally:
        helper.close()
    assert all(a["pid"] != os.getpid() for a in answers)
    assert [a["x"] for a in answers] == [0, 1, 2]


@pytest.mark.block_network  # no request leaves: the transport answers
def test_the_warm_call_goes_through_the_client_stack_without_a_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    litellm = pytest.importorskip("litellm")
    from memscribe.model import call_route, warm_call

    sent: list[dict[str, Any]] = []

    def completion(**kwargs: Any) -> Any:
        sent.append(kwargs)
        return call_route._marked_completion(**kwargs)  # noqa: SLF001 - what the helper runs

    assert warm_call.through(completion) is True
    assert sent[0]["model"].startswith("openai/") and sent[0]["client"] is not None
    monkeypatch.setattr(litellm, "success_callback", [lambda *args: None])  # someone logs calls
    assert warm_call.through(completion) is False
    assert len(sent) == 1  # not made: the callback would log a call that never happened
    monkeypatch.setattr(litellm, "success_callback", [])
    monkeypatch.setattr(litellm, "set_verbose", True)  # someone prints every call
    assert warm_call.through(completion) is False
    assert len(sent) == 1
