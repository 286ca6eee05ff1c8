"""The HTTP client of the model-call helper process: its own, with room for every call in flight.

litellm builds its OpenAI-compatible SDK clients (``openai/``, local servers, Azure) on httpx's
default pool: 20 idle connections kept, 100 at most. The batch job's helper process
(:mod:`memscribe.model.call_process`) has ``concurrency`` calls in flight (32 by default): every
connection past the 20th was closed as its answer came and opened again by the next wave (a TCP,
and to a hosted API a TLS, handshake; ``bench/batch.py`` counted 100-150 connections for ~180
calls at concurrency 32), and no more than 100 calls were ever in flight.

:class:`HelperConnections` gives the helper a client of its own, as litellm builds its default
one (the certificate settings litellm reads, ``litellm.ssl_verify`` and the CA bundle variables,
as they were when the helper was forked; redirects followed; HTTP/2 as litellm says; proxies from
the environment), keeping up to ``max(100, workers)`` connections open. It is built once, under a
lock, by whichever of the helper's threads comes first, and set as ``litellm.client_session``
(litellm's documented way to hand it a client) *in the helper only*: a fork, which exists for one
batch run and makes only memscribe's calls. The caller's process and its litellm settings are not
touched; the next run forks a new helper, which reads the settings as they are then. A session
the caller set (inherited through the fork) is used as it is. The cap stays within half of the
process's open-file limit (never below litellm's own 100): a low ``ulimit -n`` makes extra calls
wait for a connection, as httpx's default pool did, rather than fail.

litellm looks in its cache of SDK clients (``litellm.in_memory_llm_clients_cache``) before it reads
``litellm.client_session``: a client the caller built by a call of its own (a run before the batch,
a fallback call) would be inherited, and used by the helper, on the caller's pool and sockets.
:func:`forget_inherited_clients` puts a new, empty cache in its place in the helper as it starts.
"""

from __future__ import annotations

import importlib
import sys
import threading
from typing import Any

#: litellm's default pool holds at most this many connections: the cap is never lower.
DEFAULT_MAX = 100


def cap(workers: int) -> int:
    """Connections the helper's client keeps: one per call in flight (at least httpx's default
    100), at most half the open-file limit (where that is above 200)."""
    wanted = max(DEFAULT_MAX, workers)
    try:  # (POSIX only: the helper runs on Linux)
        resource = importlib.import_module("resource")
    except ImportError:
        return wanted
    soft = int(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return wanted
    return min(wanted, max(DEFAULT_MAX, soft // 2))


def forget_inherited_clients() -> int:
    """In the forked helper, before any of its threads starts: drop the SDK and HTTP clients the
    caller's litellm cached (``litellm.in_memory_llm_clients_cache``), so that the helper's calls
    build their own, on the helper's client (else the helper sends its requests on the caller's
    connections: one socket, two processes writing); how many were dropped. They are not closed
    here: their connections are the caller's, and a graceful close may write to them. Dropped,
    they go with the helper's garbage (the OpenAI SDK's client closes itself then: httpcore
    writes nothing on a close, and the helper's copy of each socket goes, not the caller's).

    The inherited cache is not emptied but replaced (litellm reads the attribute at each use): a
    new one of its class, with its limits, and with a new closer of evicted clients where it has
    one. The inherited cache's locks (and its closer's) may have been held by a thread of the
    caller at the fork, and are then held for ever in the helper, whose every call stores a client
    in the cache; the inherited closer also holds the caller's evicted clients, which it would
    close from the helper. A cache that cannot be built anew without arguments: its containers
    are emptied in place and given new locks. A litellm without that cache (or of another
    layout): nothing done."""
    litellm: Any = sys.modules.get("litellm")
    if litellm is None:
        return 0
    try:
        cache = getattr(litellm, "in_memory_llm_clients_cache", None)
    except Exception:  # (a lazily built attribute that cannot be built)
        return 0
    entries = getattr(cache, "cache_dict", None)
    if not isinstance(entries, dict):
        return 0
    dropped = len(entries)
    fresh = _fresh_cache(cache)
    if fresh is not None:
        litellm.in_memory_llm_clients_cache = fresh
        return dropped
    entries.clear()
    for name in ("ttl_dict", "expiration_heap"):  # (when each entry expires, where kept)
        kept = getattr(cache, name, None)
        if isinstance(kept, (dict, list)):
            kept.clear()
    _new_locks(cache)
    return dropped


def _new_locks(owner: object) -> None:
    """Each lock among ``owner``'s attributes replaced by a new, free one of its kind."""
    kinds: tuple[tuple[type, Any], ...] = (
        (type(threading.Lock()), threading.Lock),
        (type(threading.RLock()), threading.RLock),
    )
    for name, value in list(vars(owner).items()):
        for kind, new in kinds:
            if isinstance(value, kind):
                setattr(owner, name, new())


def _fresh_cache(cache: object) -> object | None:
    """A new cache of ``cache``'s class, with its size and time limits, and a new closer of
    evicted clients where it has one; None where one cannot be built so, or is not of the same
    layout (then the caller's cache is emptied in place)."""
    limits = {
        name: getattr(cache, name)
        for name in ("max_size_in_memory", "default_ttl", "max_size_per_item")
        if isinstance(getattr(cache, name, None), int)
    }
    try:
        fresh: Any = type(cache)(**limits)
    except Exception:
        try:
            fresh = type(cache)()
        except Exception:
            return None
    if not isinstance(getattr(fresh, "cache_dict", None), dict):
        return None
    closer = getattr(fresh, "evicted_client_closer", None)
    if closer is not None:
        try:
            fresh.evicted_client_closer = type(closer)()
        except Exception:
            _new_locks(closer)  # (the inherited one kept: at least its lock is free)
    built: object = fresh
    return built


class HelperConnections:
    """Installs the helper's client once (call it before each call: after the first, a flag)."""

    def __init__(self, workers: int) -> None:
        self._cap = cap(workers)
        self._lock = threading.Lock()
        self._done = False
        #: The client built here (None: none built, litellm's session or default kept).
        self.client: Any = None

    def __call__(self) -> None:
        if self._done:
            return
        with self._lock:
            if not self._done:
                try:
                    self.client = _install(self._cap)
                except Exception:  # e.g. a CA file that cannot be read: litellm's own client,
                    self.client = None  # which reports it as litellm does, on the call
                self._done = True


def _install(limit: int) -> Any:
    """Build the client and set it as this process's ``litellm.client_session``; None (and
    nothing set) where a session is set already, litellm mocks the network, or a litellm of
    another layout lacks the settings read here."""
    litellm: Any = sys.modules.get("litellm")
    if litellm is None or getattr(litellm, "client_session", None) is not None:
        return None
    if getattr(litellm, "network_mock", False):
        return None
    try:
        import httpx
        from litellm.llms.custom_httpx.http_handler import get_ssl_configuration, http2_enabled
    except ImportError:
        return None
    client = httpx.Client(
        verify=get_ssl_configuration(),
        follow_redirects=True,
        http2=http2_enabled(),
        limits=httpx.Limits(max_connections=limit, max_keepalive_connections=limit),
    )
    _linear_bookkeeping(client)
    litellm.client_session = client
    return client


#: sha256 of the source of httpcore's ``ConnectionPool._assign_requests_to_connections`` whose
#: decisions :func:`_assign_linearly` makes (httpcore 1.0.x): another source keeps its own.
_ASSIGN_SOURCE = "4e09ebf79b6273ade02b26675490d2be6afc3b002b8694f0959fef7bb93152f3"


def _linear_bookkeeping(client: Any) -> bool:
    """The pool of ``client``'s own transport (not a proxy's, nor any other client's) with the
    same assignments made by :func:`_assign_linearly`: whether it was done."""
    pool = getattr(getattr(client, "_transport", None), "_pool", None)
    try:
        import hashlib
        import inspect

        import httpcore

        if type(pool) is not httpcore.ConnectionPool:
            return False
        source = inspect.getsource(httpcore.ConnectionPool._assign_requests_to_connections)
    except (ImportError, OSError, TypeError):
        return False
    if hashlib.sha256(source.encode()).hexdigest() != _ASSIGN_SOURCE:
        return False
    pool.__class__ = type(
        "LinearConnectionPool",
        (httpcore.ConnectionPool,),
        {
            "_assign_requests_to_connections": _assign_linearly,
        },
    )
    return True


def _assign_linearly(self: Any) -> list[Any]:
    """httpcore's ``ConnectionPool._assign_requests_to_connections`` (1.0.x), the same decisions
    with one walk of the pool to clean it up instead of one per idle connection (httpcore's count
    of the pool, compared with ``max_keepalive_connections``, is a list built by asking every
    connection whether it is idle: its length is the pool's). 32 connections idle, one request
    queued: 1216 questions (is_idle(), is_available(), ...) become 98.

    What holds, for ``n`` connections: the clean-up walks the pool once (up to 3 questions a
    connection; httpcore's asks ``n`` more per idle connection), plus a list removal, ``O(n)``, per connection dropped (closed, expired, over
    the keep-alive count) as httpcore's; then each queued request walks the pool for the first
    available, else the first idle, connection, up to ``2n`` questions, as httpcore's (which lists
    them all and uses the first). So: linear in the pool while at most one request is queued and
    none is dropped (the usual case: each request is assigned as it is sent, while a connection is
    free). Once requests queue (every connection busy, the cap reached) both ask about ``q * n``
    for ``q`` queued: 66432 each for 128 connections and 172 queued. Called under the
    pool's lock, as httpcore's."""
    closing = []
    connections = self._connections
    for connection in list(connections):
        if connection.is_closed():
            connections.remove(connection)
        elif connection.has_expired():
            connections.remove(connection)
            closing.append(connection)
        elif connection.is_idle() and len(connections) > self._max_keepalive_connections:
            connections.remove(connection)
            closing.append(connection)
    for pool_request in [request for request in self._requests if request.is_queued()]:
        origin = pool_request.request.url.origin
        available = next((c for c in connections if c.can_handle_request(origin) and c.is_available()), None)
        if available is not None:
            pool_request.assign_to_connection(available)
        elif len(connections) < self._max_connections:
            connection = self.create_connection(origin)
            connections.append(connection)
            pool_request.assign_to_connection(connection)
        else:
            idle = next((c for c in connections if c.is_idle()), None)
            if idle is not None:
                connections.remove(idle)
                closing.append(idle)
                connection = self.create_connection(origin)
                connections.append(connection)
                pool_request.assign_to_connection(connection)
    return closing


__all__ = ["DEFAULT_MAX", "HelperConnections", "cap", "forget_inherited_clients"]
