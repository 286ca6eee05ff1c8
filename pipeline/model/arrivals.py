"""When a model call's answer has come: told by the HTTP transport, before the client parses it.

A batch run bounds the requests in flight at the model (its call slots). In the call helper
(:mod:`memscribe.model.call_process`) a call's answer, once its bytes are in, is still read,
turned into the SDK's and litellm's response objects (~1.8 ms of CPU a call) and pickled; a wave
of answers that come together does so one call after another, under the helper's interpreter
lock, and each call held its slot until its own turn ended (23-33 ms past the model's latency in
``bench/batch_timeline.py``). :func:`report` makes the client stack's HTTP transports say when a
response's status and headers have been read, so the helper can free the call's slot then.
Installed in the helper only (it patches the transport classes of that process).
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable
from typing import Any

#: The HTTP libraries whose synchronous transport the client stack may use: litellm's own
#: clients are built on ``httpx``; the OpenAI SDK's on ``httpx`` or a fork of it.
_LIBRARIES = ("httpx", "httpx2")


def report(arrived: Callable[[], None]) -> list[str]:
    """Make the ``HTTPTransport`` of every loaded HTTP library call ``arrived`` (in the thread
    that made the request) once it has a response; the transports patched, by module. The
    response is handed on unchanged; an ``arrived`` that fails is ignored."""
    patched: list[str] = []
    for name in _LIBRARIES:
        transport = getattr(sys.modules.get(name), "HTTPTransport", None)
        real = getattr(transport, "handle_request", None)
        if transport is None or real is None or getattr(real, "_memscribe_arrivals", False):
            continue
        transport.handle_request = _telling(real, arrived)
        patched.append(name)
    return patched


def _telling(real: Callable[..., Any], arrived: Callable[[], None]) -> Callable[..., Any]:
    @functools.wraps(real)
    def handle_request(self: Any, request: Any) -> Any:
        response = real(self, request)
        with contextlib.suppress(Exception):
            arrived()
        return response

    handle_request._memscribe_arrivals = True  # type: ignore[attr-defined]
    return handle_request


__all__ = ["report"]
