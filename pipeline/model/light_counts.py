"""Token counts litellm computes and throws away on memscribe's Ollama calls, left out.

litellm's Ollama chat answer reads the server's token counts as
``response_json.get("prompt_eval_count", litellm.token_counter(messages=messages))`` (and
``eval_count`` likewise): the default is evaluated before ``get`` runs, so every call tokenises
the whole prompt and the answer with tiktoken (~1.7 ms of a ~8 ms call) whose counts are thrown
away whenever the server sent its own, as Ollama does. For memscribe's calls, while
:meth:`OllamaChatConfig.transform_response` reads an answer that carries a count, litellm's
``token_counter`` asked for that count (by ``messages=`` for the prompt, ``text=`` for the answer:
the two calls there, made by that method's own code) returns 0, the discarded default; a count the server left out is counted as
before. The arguments are still evaluated by the caller (a malformed answer fails as before).
Feature-checked: a litellm without the class, the method or ``litellm.token_counter`` runs
unchanged. Installed by :func:`memscribe.model.light_calls.install`.
"""

from __future__ import annotations

import functools
import importlib
import json
import sys
from collections.abc import Callable
from contextvars import ContextVar
from types import CodeType
from typing import Any

from memscribe.model import light_calls

#: The server's counts present in the answer now being read: which ``token_counter`` keyword
#: (``messages`` for ``prompt_eval_count``, ``text`` for ``eval_count``) asks for a discarded one.
_GIVEN: ContextVar[frozenset[str]] = ContextVar("memscribe_counts_given", default=frozenset())
_HOME = "litellm.llms.ollama.chat.transformation"
_KEYWORD_OF = (("prompt_eval_count", "messages"), ("eval_count", "text"))


def discarded_counts_skipped() -> bool:
    """Put both hooks in place (once); False where litellm lacks what they hook."""
    try:
        owner = importlib.import_module(_HOME).OllamaChatConfig
        litellm = importlib.import_module("litellm")
    except (ImportError, AttributeError):
        return False
    reader = owner.__dict__.get("transform_response")
    counter = vars(litellm).get("token_counter")
    if getattr(reader, light_calls._MARK, False) and getattr(counter, light_calls._MARK, False):
        return True
    if not callable(reader) or not callable(counter):
        return False
    setattr(litellm, "token_counter", _counter(counter, getattr(reader, "__code__", None)))  # noqa: B010
    owner.transform_response = _reader(reader)
    return True


def _reader(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def transform_response(self: Any, *args: Any, **kwargs: Any) -> Any:
        raw = kwargs.get("raw_response", args[1] if len(args) > 1 else None)
        if not light_calls._OURS.get() or raw is None:
            return original(self, *args, **kwargs)
        try:
            answer = json.loads(raw.content)
        except (AttributeError, TypeError, ValueError):
            return original(self, *args, **kwargs)
        given = (
            frozenset(word for key, word in _KEYWORD_OF if key in answer)
            if isinstance(answer, dict)
            else frozenset()
        )
        token = _GIVEN.set(given)
        try:
            return original(self, *args, **kwargs)
        finally:
            _GIVEN.reset(token)

    setattr(transform_response, light_calls._MARK, True)
    return transform_response


def _counter(original: Callable[..., Any], reader: CodeType | None) -> Callable[..., Any]:
    """``token_counter``, answering 0 only when called by the answer reader's own code (``reader``;
    not a callback it runs) for a count the answer carries."""

    @functools.wraps(original)
    def token_counter(*args: Any, **kwargs: Any) -> Any:
        given = _GIVEN.get()
        if (
            given
            and not args
            and len(kwargs) == 1
            and next(iter(kwargs)) in given
            and sys._getframe(1).f_code is reader
        ):
            return 0  # the default of a count the server sent: thrown away by the caller
        return original(*args, **kwargs)

    setattr(token_counter, light_calls._MARK, True)
    return token_counter
