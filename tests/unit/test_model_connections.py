"""Model calls reuse their HTTP connections where the server keeps them alive.

Real model servers (hosted APIs, vLLM, llama.cpp's server, Ollama) answer HTTP/1.1 keep-alive; a
client that opened a connection per call would pay a TCP (and, to a hosted API, a TLS) handshake
on every call. The scripted server counts the connections it accepted and the requests it
answered (:class:`tests.support.llm_server.Traffic`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support import llm_server

pytest.importorskip("litellm")

pytestmark = pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])  # the scripted server only

REPLY = {
    "profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}],
    "playbooks": [],
}
MESSAGES = [
    {"role": "system", "content": "TASK: detect\nfind facts"},
    {"role": "user", "content": "[0] user: I use Neovim."},
]


@pytest.fixture(autouse=True)
def _own_session(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Each test's calls get a session of their own (:func:`pooled_connections` sets it), closed
    after the test with the SDK clients litellm cached for its servers: a kept-alive socket is not
    left for the garbage collector (a ResourceWarning)."""
    import litellm

    monkeypatch.setattr(litellm, "client_session", None)
    yield
    cache = litellm.in_memory_llm_clients_cache
    for key, client in list(cache.cache_dict.items()):
        if "127.0.0.1" in str(getattr(client, "base_url", "")):
            cache.delete_cache(key)
    if litellm.client_session is not None:
        litellm.client_session.close()


def _respond(messages: list[dict[str, Any]]) -> str:
    return json.dumps(REPLY)


def _ask(model: Any, times: int) -> None:
    from memscribe.schemas.candidates import Detection
    from memscribe.schemas.requests import DetectRequest

    request = DetectRequest(turns=(), window=1, windows=1)
    for _ in range(times):
        answer = model.generate(task="detect", messages=MESSAGES, response_model=Detection, request=request)
        assert [p.slug for p in answer.profiles] == ["editor"]


def test_a_model_and_its_twins_reuse_one_connection_to_a_keep_alive_server() -> None:
    from memscribe.model import llm

    traffic = llm_server.Traffic()
    with llm_server.serve(responder=_respond, http11=True, traffic=traffic) as url:
        model = llm.LiteLLMModel("openai/bench", api_base=url)
        _ask(model, 3)
        _ask(model.twin(), 2)  # the batch job's per-transcript models
        _ask(llm.LiteLLMModel("openai/bench", api_base=url), 1)  # built again: same settings
    assert traffic.requests == 6
    assert traffic.connections == 1


def test_calls_made_in_the_helper_process_reuse_its_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe.model import call_process, llm

    traffic = llm_server.Traffic()
    monkeypatch.setattr(call_process, "supported", lambda: True)  # the test runner may run threads
    with llm.calls_in_helper(2) as helper:
        assert helper is not None
        with llm_server.serve(responder=_respond, http11=True, traffic=traffic) as url:
            model = llm.LiteLLMModel("openai/bench", api_base=url)
            assert model._completion is helper  # noqa: SLF001 - the calls go to the helper
            _ask(model, 2)
            _ask(model.twin(), 2)
    assert traffic.requests == 4
    assert traffic.connections == 1


def test_more_calls_in_flight_than_httpx_keeps_by_default_reuse_their_connections() -> None:
    """32 calls at once, twice (the batch job's default concurrency): the second wave finds the
    first wave's 32 connections open (httpx's default pool keeps 20: 12 more were opened)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from memscribe.model import llm

    traffic = llm_server.Traffic()
    wave = threading.Barrier(32)

    def call(model: Any) -> None:
        wave.wait(timeout=60)  # all 32 in flight together: the server answers after 0.3 s
        _ask(model, 1)

    with llm_server.serve(responder=_respond, http11=True, traffic=traffic, latency_s=0.3) as url:
        model = llm.LiteLLMModel("openai/bench", api_base=url)
        with ThreadPoolExecutor(32) as pool:
            for _ in range(2):
                list(pool.map(call, [model.twin() for _ in range(32)]))
    assert traffic.requests == 64
    assert traffic.connections == 32


def test_the_test_suites_server_answers_a_connection_per_request_by_default() -> None:
    """The default (HTTP/1.0) holds no idle connection open: each call opens its own."""
    from memscribe.model import llm

    traffic = llm_server.Traffic()
    with llm_server.serve(responder=_respond, traffic=traffic) as url:
        _ask(llm.LiteLLMModel("openai/bench", api_base=url), 3)
    assert traffic.requests == 3
    assert traffic.connections == 3
