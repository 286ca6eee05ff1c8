"""One call through the client stack answered in memory: a process's first-call work done ahead.

A process's first model call does work its later calls do not: litellm imports provider modules
and builds per-call objects on first use, the SDK and httpx build theirs. A batch run's first
wave is ``concurrency`` calls sent within a few milliseconds to the helper process
(:mod:`memscribe.model.call_process`), so every call of the wave waits on that work at once
(``bench/batch.py``, 32 calls: the first wave's answers came back ~60 ms later than the next
waves'). :func:`through` makes one call of the same shape through the same stack (litellm, the
OpenAI SDK, httpx) whose transport answers from memory: no request leaves the process. The
helper runs it as it starts, while its caller is still preparing its first requests.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

#: Where the call is addressed (never reached: the transport answers; a closed local port if a
#: version ignored the client handed over).
BASE_URL = "http://127.0.0.1:9/v1"
_ANSWER = {
    "id": "memscribe-warm",
    "object": "chat.completion",
    "created": 0,
    "model": "memscribe-warm",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "{}"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}


def through(completion: Callable[..., Any]) -> bool:
    """Make one chat call with ``completion`` (litellm's, as memscribe calls it) over an
    in-memory transport; whether an answer came back. Not made while a litellm callback is
    configured or litellm's verbose printing is on (either would report a call that never
    happened). The call takes litellm's OpenAI-compatible route, the one most local servers
    (Ollama's, vLLM's, llama.cpp's) and many hosts are reached by; for another provider's route it
    warms litellm and the HTTP library only."""
    import litellm
    import openai

    from memscribe.model import light_calls

    if light_calls._callbacks_configured() or getattr(litellm, "set_verbose", False):
        return False
    http = _transport_module(openai.DefaultHttpxClient)
    transport = http.MockTransport(lambda request: http.Response(200, json=_ANSWER))
    with openai.DefaultHttpxClient(transport=transport) as client_http:
        client = openai.OpenAI(
            api_key="memscribe-warm", base_url=BASE_URL, http_client=client_http, max_retries=0
        )
        answer = completion(
            model="openai/memscribe-warm",
            api_base=BASE_URL,
            client=client,
            messages=[{"role": "system", "content": "warm"}, {"role": "user", "content": "warm"}],
            temperature=0.0,
            response_format={"type": "json_object"},
            timeout=1.0,
            num_retries=0,
            max_retries=0,
        )
    return getattr(answer, "id", None) == _ANSWER["id"]


def _transport_module(client_type: type) -> Any:
    """The HTTP library the SDK's client class is built on (``httpx``, or a fork of it): its
    mock transport is the one that client accepts."""
    base = next(c for c in client_type.__mro__ if c.__name__ == "Client" and c is not client_type)
    return sys.modules[base.__module__.partition(".")[0]]


__all__ = ["BASE_URL", "through"]
