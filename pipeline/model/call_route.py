"""Where a model's calls go: ``litellm.completion`` here, or a forked helper process while
:func:`calls_in_helper` is on; and litellm's lazy imports done once before the first calls. Part of
:mod:`memscribe.model.llm`, imported through it (litellm loads only with a model call)."""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from memscribe.model import warm_call
from memscribe.model.light_calls import memscribe_call

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # before litellm loads: as in llm

import litellm  # noqa: E402

if TYPE_CHECKING:
    from memscribe.model.call_process import CallProcess


#: Where calls go when no completion is injected: a helper process while
#: :func:`calls_in_helper` is on, else ``litellm.completion`` here.
_HELPERS: list[Callable[..., Any]] = []


def in_helper() -> bool:
    """Whether calls go to a helper process now (:func:`calls_in_helper` is on)."""
    return bool(_HELPERS)


def _route() -> Callable[..., Any]:
    return _HELPERS[-1] if _HELPERS else litellm.completion


def _marked_completion(**kwargs: Any) -> Any:
    """``litellm.completion`` as memscribe's call (what the helper process runs)."""
    with memscribe_call():
        return litellm.completion(**kwargs)


@contextlib.contextmanager
def calls_in_helper(workers: int) -> Iterator[CallProcess | None]:
    """Models built inside make their calls in a forked helper process
    (:mod:`memscribe.model.call_process`), up to ``workers`` at once: the client stack's per-call
    CPU runs beside the caller's, not under its interpreter lock. Yields the helper (its
    ``cpu_s`` is set once the block ends), or None where a fork is unsafe
    (:func:`~memscribe.model.call_process.supported`): the calls are then made here."""
    from memscribe.model.call_process import CallProcess, supported

    if not supported():
        yield None
        return
    # its first-call work done as it starts, not by the whole first wave at once
    helper = CallProcess(
        _marked_completion, workers, warm=functools.partial(warm_call.through, _marked_completion)
    )
    _HELPERS.append(helper)
    try:
        yield helper
    finally:
        _HELPERS.remove(helper)
        helper.close()


@functools.cache
def _warm_imports() -> None:
    """Import now what litellm and instructor import lazily on the first call, once, in one thread
    (the batch job's first calls would otherwise all wait on the same import locks)."""
    for module in (
        "litellm.litellm_core_utils.prompt_templates.common_utils",
        "litellm.proxy.openai_files_endpoints.common_utils",
        "instructor.v2.providers.openai",
        "httpcore",
    ):
        with contextlib.suppress(ImportError):
            importlib.import_module(module)
