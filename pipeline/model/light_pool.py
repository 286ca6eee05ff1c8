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
    same assignments made in linear time: whether it was done."""
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
    in linear time. httpcore's walks the pool once per idle connection (the count of the pool it
    compares with ``max_keepalive_connections`` is a list built by asking every connection
    whether it is idle: its length is the pool's) and lists every available and idle connection
    for each queued request, though the first of each is all it uses: with 32 connections kept,
    ~1000 questions per request sent or answered. Called under the pool's lock, as httpcore's."""
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


__all__ = ["DEFAULT_MAX", "HelperConnections", "cap"]
