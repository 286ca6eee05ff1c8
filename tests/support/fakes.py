"""Test doubles for the model layer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


class QueuedCompletion:
    """A stand-in for ``litellm.completion``: each call pops the next queued item.

    An item is a reply (a dict is sent as JSON, a string as is) or an exception instance to raise.
    """

    def __init__(self, *items: Any) -> None:
        self.items = list(items)
        self.calls: list[dict[str, Any]] = []
        #: The ``finish_reason`` of every reply ("length": the output token limit cut it off).
        self.finish_reason = "stop"

    def __call__(self, **kwargs: Any) -> Any:
        import litellm

        # a snapshot: instructor appends its re-ask to the same list it sent the first time
        self.calls.append({**kwargs, "messages": list(kwargs.get("messages") or [])})
        if not self.items:
            raise AssertionError("no queued reply left")
        item = self.items.pop(0)
        if isinstance(item, BaseException):
            raise item
        content = item if isinstance(item, str) else json.dumps(item)
        return litellm.ModelResponse(
            model="fake",
            choices=[
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": self.finish_reason,
                }
            ],
            usage={"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        )


def rate_limit() -> BaseException:
    import litellm

    return litellm.RateLimitError("slow down", llm_provider="openai", model="fake")


def server_error() -> BaseException:
    import litellm

    return litellm.InternalServerError("boom", llm_provider="openai", model="fake")


def auth_error() -> BaseException:
    import litellm

    return litellm.AuthenticationError("bad key", llm_provider="openai", model="fake")


def fake_llm(completion: Callable[..., Any], **kwargs: Any) -> Any:
    from memscribe.model.llm import LiteLLMModel

    defaults: dict[str, Any] = {"backoff_initial_s": 0.0, "max_reasks": 2}
    defaults.update(kwargs)
    return LiteLLMModel("openai/fake", completion=completion, **defaults)
