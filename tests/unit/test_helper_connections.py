"""The model-call helper's own HTTP client (:mod:`memscribe.model.light_pool`): every call in
flight keeps its connection for the next wave; the caller's process and litellm settings are
untouched; the caller's certificate settings and session are honoured; the cap stays within the
open-file limit; one client however many threads ask at once."""

from __future__ import annotations

import json
import ssl
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from memscribe.model import call_process, light_pool
from tests.support import llm_server

litellm = pytest.importorskip("litellm")

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helper is forked (Linux)"),
    pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"]),  # the scripted server only
]

REPLY = {
    "profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}],
    "playbooks": [],
}
MESSAGES = [
    {"role": "system", "content": "TASK: detect\nfind facts"},
    {"role": "user", "content": "[0] user: I use Neovim."},
]


def _respond(messages: list[dict[str, Any]]) -> str:
    return json.dumps(REPLY)


def _ask(model: Any) -> None:
    from memscribe.schemas.candidates import Detection
    from memscribe.schemas.requests import DetectRequest

    request = DetectRequest(turns=(), window=1, windows=1)
    answer = model.generate(task="detect", messages=MESSAGES, response_model=Detection, request=request)
    assert [p.slug for p in answer.profiles] == ["editor"]


def test_waves_of_calls_through_the_helper_reuse_every_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    """32 calls at once, three times (the batch job's default concurrency) through the helper: the
    later waves find the first wave's 32 connections open (httpx's default pool keeps 20: each
    wave opened ~12 again). The caller's litellm session is left as it was."""
    from memscribe.model import llm

    monkeypatch.setattr(call_process, "supported", lambda: True)  # the test runner may run threads
    traffic = llm_server.Traffic()
    wave = threading.Barrier(32)

    def call(model: Any) -> None:
        wave.wait(timeout=60)  # all 32 in flight together: the server answers after 0.3 s
        _ask(model)

    before = litellm.client_session
    with llm.calls_in_helper(32) as helper:
        assert helper is not None
        with llm_server.serve(responder=_respond, http11=True, traffic=traffic, latency_s=0.3) as url:
            model = llm.LiteLLMModel("openai/bench", api_base=url)
            assert model._completion is helper  # noqa: SLF001 - the calls go to the helper
            with ThreadPoolExecutor(32) as pool:
                for _ in range(3):
                    list(pool.map(call, [model.twin() for _ in range(32)]))
    assert traffic.requests == 96
    assert traffic.connections == 32
    assert litellm.client_session is before  # the caller's process: untouched


def test_a_call_the_caller_made_first_does_not_lend_the_helper_its_client(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The caller makes one call of the same model itself first (a run before the batch, a
    fallback): litellm caches the SDK client it built (on httpx's default pool, and on the
    connection it opened). The helper, forked after, drops that client and builds on its own: its
    three waves of 32 calls open 32 connections (55 when it used the inherited client)."""
    from litellm.caching.llm_caching_handler import LLMClientCache

    from memscribe.model import llm

    monkeypatch.setattr(call_process, "supported", lambda: True)
    cache = LLMClientCache()  # this test's clients only, closed at its end
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", cache)
    traffic = llm_server.Traffic()
    wave = threading.Barrier(32)

    def call(model: Any) -> None:
        wave.wait(timeout=60)
        _ask(model)

    with llm_server.serve(responder=_respond, http11=True, traffic=traffic, latency_s=0.3) as url:
        _ask(llm.LiteLLMModel("openai/bench", api_base=url))  # made here, before the helper
        deadline = time.monotonic() + 10  # the server counts a request once its answer is sent
        while traffic.requests < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (traffic.requests, traffic.connections) == (1, 1)
        with llm.calls_in_helper(32) as helper:
            assert helper is not None
            model = llm.LiteLLMModel("openai/bench", api_base=url)
            assert model._completion is helper  # noqa: SLF001
            with ThreadPoolExecutor(32) as pool:
                for _ in range(3):
                    list(pool.map(call, [model.twin() for _ in range(32)]))
        _ask(llm.LiteLLMModel("openai/bench", api_base=url))  # the caller's client: still its own
        assert len(cache.cache_dict) == 1
        for client in cache.cache_dict.values():
            client.close()
    assert traffic.requests == 98
    assert traffic.connections == 1 + 32  # (the caller's second call reused its first connection)


def test_the_inherited_clients_are_dropped_not_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    from litellm.caching.llm_caching_handler import LLMClientCache

    closed: list[str] = []

    class Client:
        def close(self) -> None:
            closed.append("close")

        async def aclose(self) -> None:
            closed.append("aclose")

    cache = LLMClientCache(max_size_in_memory=7, default_ttl=90)
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", cache)
    cache.set_cache("openai_client_a", Client(), litellm_owned_client=True)
    cache.set_cache("httpx_client_b", Client(), ttl=60)
    assert light_pool.forget_inherited_clients() == 2
    fresh = litellm.in_memory_llm_clients_cache
    assert type(fresh) is LLMClientCache and fresh is not cache
    assert (fresh.max_size_in_memory, fresh.default_ttl) == (7, 90)  # its limits kept
    assert fresh.evicted_client_closer is not cache.evicted_client_closer  # not the caller's queue
    assert fresh.get_cache("openai_client_a") is None and fresh.get_cache("httpx_client_b") is None
    assert closed == []
    fresh.set_cache("openai_client_a", Client())  # the new cache works
    assert fresh.get_cache("openai_client_a") is not None


def test_the_helpers_first_call_does_not_wait_on_a_lock_a_caller_thread_held_at_the_fork(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A thread of the caller is inside the client cache (its write lock and its closer's queue
    lock held) when the helper is forked: in the helper those locks stay held for ever. The
    helper's first call stores a new client in the cache (and evicts): it must not wait on them
    (it hung when the inherited cache was only emptied)."""
    import os
    import signal
    import time

    from litellm.caching.llm_caching_handler import LLMClientCache

    cache = LLMClientCache()
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", cache)
    cache.set_cache("openai_client_caller", object())
    held, done = threading.Event(), threading.Event()

    def caller_thread() -> None:
        with cache._write_lock, cache.evicted_client_closer._queue_lock:  # noqa: SLF001
            held.set()
            done.wait(30)

    thread = threading.Thread(target=caller_thread, daemon=True)
    thread.start()
    assert held.wait(10)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the helper, as call_process._own_connections starts it
        status = 1
        try:
            os.close(read)
            light_pool.forget_inherited_clients()
            helper_cache = litellm.in_memory_llm_clients_cache
            helper_cache.set_cache("openai_client_helper", threading.Lock(), litellm_owned_client=True)
            helper_cache._remove_key("openai_client_helper")  # noqa: SLF001 (an eviction: schedule, reap)
            os.write(write, b"done")
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            finished, exit_status = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            time.sleep(0.05)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the helper hung on a lock inherited from the caller")
        assert os.read(read, 16) == b"done"
        assert os.waitstatus_to_exitcode(exit_status) == 0
    finally:
        os.close(read)
        done.set()
        thread.join(10)
    assert cache.get_cache("openai_client_caller") is not None  # the caller's cache: untouched


def test_a_cache_that_cannot_be_built_anew_is_emptied_with_new_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    from litellm.caching.in_memory_cache import InMemoryCache

    class Needy(InMemoryCache):
        def __init__(self, required: int) -> None:
            super().__init__()

    cache = Needy(1)
    cache.set_cache("openai_client_a", object())
    lock = cache._write_lock  # noqa: SLF001
    lock.acquire()  # (held by a caller thread at the fork)
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", cache)
    assert light_pool.forget_inherited_clients() == 1
    assert litellm.in_memory_llm_clients_cache is cache and cache.cache_dict == {}
    assert cache._write_lock is not lock and not cache._write_lock.locked()  # noqa: SLF001
    cache.set_cache("openai_client_b", object())
    assert cache.get_cache("openai_client_b") is not None
    lock.release()


def test_a_litellm_without_the_client_cache_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", None)
    assert light_pool.forget_inherited_clients() == 0
    monkeypatch.setattr(litellm, "in_memory_llm_clients_cache", object())  # another layout
    assert light_pool.forget_inherited_clients() == 0
    monkeypatch.delitem(sys.modules, "litellm")
    assert light_pool.forget_inherited_clients() == 0


@pytest.fixture
def own_session(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``litellm.client_session`` as a test in this process sets it, put back afterwards (and the
    client built here closed)."""
    monkeypatch.setattr(litellm, "client_session", None)
    yield
    if litellm.client_session is not None:
        litellm.client_session.close()


def _pool_context(client: Any) -> ssl.SSLContext:
    return client._transport._pool._ssl_context  # type: ignore[no-any-return]  # noqa: SLF001


def test_the_client_honours_the_callers_certificate_settings(
    own_session: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(litellm, "ssl_verify", False)
    connections = light_pool.HelperConnections(32)
    connections()
    assert connections.client is not None and litellm.client_session is connections.client
    assert _pool_context(connections.client).verify_mode == ssl.CERT_NONE
    limits = connections.client._transport._pool  # noqa: SLF001
    assert limits._max_connections == 100 and limits._max_keepalive_connections == 100  # noqa: SLF001


def test_the_default_client_verifies_certificates(own_session: None) -> None:
    connections = light_pool.HelperConnections(200)
    connections()
    assert _pool_context(connections.client).verify_mode == ssl.CERT_REQUIRED
    assert connections.client._transport._pool._max_connections == 200  # noqa: SLF001


def test_a_session_the_caller_set_is_kept(own_session: None) -> None:
    import httpx

    mine = httpx.Client()
    litellm.client_session = mine
    connections = light_pool.HelperConnections(32)
    connections()
    assert connections.client is None and litellm.client_session is mine


def test_threads_arriving_together_build_one_client(
    own_session: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[Any] = []
    install = light_pool._install  # noqa: SLF001

    def counted(limit: int) -> Any:
        built.append(limit)
        return install(limit)

    monkeypatch.setattr(light_pool, "_install", counted)
    connections = light_pool.HelperConnections(32)
    start = threading.Barrier(16)

    def call() -> Any:
        start.wait(timeout=30)
        connections()
        return litellm.client_session

    with ThreadPoolExecutor(16) as pool:
        sessions = list(pool.map(lambda _: call(), range(16)))
    assert built == [100]
    assert {id(s) for s in sessions} == {id(connections.client)}


def test_a_client_that_cannot_be_built_leaves_litellms_own(
    own_session: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import httpx

    def unreadable(**kwargs: Any) -> Any:
        raise OSError("the CA bundle cannot be read")

    monkeypatch.setattr(httpx, "Client", unreadable)
    connections = light_pool.HelperConnections(32)
    connections()  # no error here: litellm's own client reports it on the call
    connections()  # (tried once)
    assert connections.client is None and litellm.client_session is None


@pytest.mark.parametrize(
    ("workers", "soft", "expected"),
    [(32, 1 << 20, 100), (300, 1 << 20, 300), (300, 256, 128), (300, 120, 100), (500, -1, 500)],
)
def test_the_cap_is_one_connection_per_call_within_the_open_file_limit(
    monkeypatch: pytest.MonkeyPatch, workers: int, soft: int, expected: int
) -> None:
    import resource

    limit = resource.RLIM_INFINITY if soft == -1 else soft
    monkeypatch.setattr(resource, "getrlimit", lambda which: (limit, resource.RLIM_INFINITY))
    assert light_pool.cap(workers) == expected


class _Connection:
    """A pool's connection as the assignment asks it (states drawn at random)."""

    def __init__(self, rng: Any, number: int) -> None:
        self.number = number
        self.closed = rng.random() < 0.1
        self.expired = rng.random() < 0.1
        self.idle = rng.random() < 0.5
        self.available = self.idle or rng.random() < 0.1
        self.origin = rng.choice("ab")

    def is_closed(self) -> bool:
        return self.closed

    def has_expired(self) -> bool:
        return self.expired

    def is_idle(self) -> bool:
        return self.idle

    def is_available(self) -> bool:
        return self.available

    def can_handle_request(self, origin: str) -> bool:
        return origin == self.origin


class _Request:
    def __init__(self, rng: Any) -> None:
        self.queued = rng.random() < 0.7
        self.origin = rng.choice("ab")
        self.request = type("R", (), {"url": type("U", (), {"origin": self.origin})()})()
        self.assigned: Any = None

    def is_queued(self) -> bool:
        return self.queued and self.assigned is None

    def assign_to_connection(self, connection: Any) -> None:
        self.assigned = connection


def test_the_linear_assignment_makes_httpcores_decisions() -> None:
    """On 2000 random pool states: the same connections kept (in order), closed, created and
    assigned as httpcore's own ``_assign_requests_to_connections``."""
    import random

    import httpcore

    rng = random.Random(14)
    for case in range(2000):
        size, queued = rng.randrange(0, 40), rng.randrange(0, 40)
        keep, most = rng.randrange(0, 40), rng.randrange(1, 50)
        seed = rng.random()
        outcomes = []
        for assign in (httpcore.ConnectionPool._assign_requests_to_connections, light_pool._assign_linearly):
            state = random.Random(seed)
            pool = httpcore.ConnectionPool(max_connections=most, max_keepalive_connections=keep)
            pool._connections = [_Connection(state, n) for n in range(size)]  # type: ignore[list-item]  # noqa: SLF001
            pool._requests = [_Request(state) for _ in range(queued)]  # type: ignore[list-item]  # noqa: SLF001
            made = iter(range(1000, 2000))
            pool.create_connection = lambda origin, made=made, state=state: _Connection(state, next(made))  # type: ignore[method-assign,misc]
            closing = assign(pool)
            outcomes.append(
                (
                    [c.number for c in pool._connections],  # noqa: SLF001
                    [c.number for c in closing],
                    [getattr(r.assigned, "number", None) for r in pool._requests],  # noqa: SLF001
                )
            )
        assert outcomes[0] == outcomes[1], case


def test_the_helpers_client_assigns_linearly_where_httpcores_source_is_known(
    own_session: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    connections = light_pool.HelperConnections(32)
    connections()
    pool = connections.client._transport._pool  # noqa: SLF001
    assert type(pool).__name__ == "LinearConnectionPool"
    import httpx

    other = httpx.Client()  # no other client is touched
    assert type(other._transport._pool).__name__ == "ConnectionPool"  # noqa: SLF001
    other.close()
    monkeypatch.setattr(light_pool, "_ASSIGN_SOURCE", "0" * 64)  # another httpcore: its own kept
    unknown = httpx.Client()
    assert not light_pool._linear_bookkeeping(unknown)  # noqa: SLF001
    assert type(unknown._transport._pool).__name__ == "ConnectionPool"  # noqa: SLF001
    unknown.close()
