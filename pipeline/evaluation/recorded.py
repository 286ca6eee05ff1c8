"""A real model's answers, recorded once and replayed offline: the small-local-model path of eval.

The stand-in (:mod:`memscribe.evaluation.standin`) measures what a *strong* model does with the
prompts memscribe sends. This module measures a *real* one — e.g. a 1.5B model on a CPU
``llama.cpp`` server — by recording what it answered, keyed like the stand-in by a digest of the
messages, in a cassette folder:

* ``meta.json`` — the model string, output mode and context size the recording used, and how the
  server was run (replay must build the same prompts: same mode, same windows);
* ``answers/<key>.json`` — the raw text the server returned (whatever it was: JSON, fenced
  JSON, prose; the pipeline parses it on replay exactly as it did live);
* ``errors/<key>.json`` — a deterministic refusal the server gave (a 4xx/5xx naming the request,
  e.g. a context overflow), replayed as the same litellm error class;
* ``calls/<key>.json`` — per call: seconds, prompt and completion tokens as the server counted.

Replay (``memscribe eval … --paths local``) answers from the folder; a prompt with no recording is
refused like an unanswered stand-in prompt. With ``--model``/``--api-base`` given, a miss is sent
to that live server and recorded (the recording run); transient failures (timeouts, connection
errors) are never recorded.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memscribe.evaluation.standin import CHARS_PER_TOKEN, answer_response, request_key

META = "meta.json"


def read_meta(folder: Path) -> dict[str, Any]:
    """The recording's settings; a clear error when the folder is not a cassette folder."""
    from memscribe.errors import UserError

    path = folder / META
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(
            f"{path} is missing: not a recorded-model cassette folder. To record into it, write it first "
            'with the model, mode and context size, e.g. {"model": "openai/model.gguf", "mode": "json", '
            '"context_tokens": 8192}'
        ) from None
    except ValueError as exc:
        raise UserError(f"{path}: not JSON ({exc})") from None
    if not isinstance(meta, dict) or not isinstance(meta.get("model"), str):
        raise UserError(f"{path}: needs at least a string 'model'")
    return meta


def _write(path: Path, value: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(value, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


class RecordedCompletion:
    """A ``litellm.completion`` that replays recorded answers and, given ``live``, records misses.

    Args:
        folder: the cassette folder (``answers/``, ``errors/``, ``calls/``).
        live: the real completion to call on a miss (``litellm.completion``); None: replay only.
    """

    def __init__(self, folder: str | Path, *, live: Callable[..., Any] | None = None) -> None:
        self.folder = Path(folder)
        self.live = live
        self.answered = 0
        self.recorded = 0
        self.unanswered: list[str] = []
        #: keys answered from the folder in this run (the rest of ``answers/`` went unused)
        self.used: set[str] = set()

    def __call__(self, **kwargs: Any) -> Any:
        import litellm

        messages: list[dict[str, Any]] = list(kwargs.get("messages") or [])
        key = request_key(messages)
        answer = self.folder / "answers" / f"{key}.json"
        error = self.folder / "errors" / f"{key}.json"
        if answer.is_file():
            self.answered += 1
            self.used.add(key)
            return self._replay(key, answer.read_text(encoding="utf-8"), messages)
        if error.is_file():
            self.answered += 1
            self.used.add(key)
            raise _error(json.loads(error.read_text(encoding="utf-8")))
        if self.live is None:
            self.unanswered.append(key)
            raise litellm.exceptions.BadRequestError(
                f"no recorded answer for prompt {key}", llm_provider="openai", model="recorded"
            )
        return self._record(key, kwargs)

    def _replay(self, key: str, content: str, messages: list[dict[str, Any]]) -> Any:
        call = self.folder / "calls" / f"{key}.json"
        usage = json.loads(call.read_text(encoding="utf-8")) if call.is_file() else {}
        shown = sum(len(str(m.get("content") or "")) for m in messages) // CHARS_PER_TOKEN
        return answer_response(
            content,
            int(usage.get("prompt_tokens") or shown),
            int(usage.get("completion_tokens") or len(content) // CHARS_PER_TOKEN),
            model="recorded",
        )

    def _record(self, key: str, kwargs: dict[str, Any]) -> Any:
        assert self.live is not None
        started = time.monotonic()
        try:
            response = self.live(**kwargs)
        except Exception as exc:
            if _deterministic(exc):
                _write(self.folder / "errors" / f"{key}.json", _error_record(exc))
            raise
        seconds = round(time.monotonic() - started, 2)
        content = response.choices[0].message.content or ""
        usage = getattr(response, "usage", None)
        _write(
            self.folder / "calls" / f"{key}.json",
            {
                "seconds": seconds,
                "prompt_tokens": int(getattr(usage, "prompt_tokens", 0) or 0),
                "completion_tokens": int(getattr(usage, "completion_tokens", 0) or 0),
                "mode_params": sorted(k for k in ("response_format", "tools") if kwargs.get(k)),
            },
        )
        # the answer last: a key with an answer is complete (its call record is already there)
        answer = self.folder / "answers" / f"{key}.json"
        answer.parent.mkdir(parents=True, exist_ok=True)
        tmp = answer.with_suffix(".tmp")
        tmp.write_text(content, encoding="utf-8")
        tmp.replace(answer)
        self.recorded += 1
        return response


def _deterministic(exc: BaseException) -> bool:
    """A refusal the server would give again on replay: a 4xx about the request (a context overflow,
    a refused parameter). Never a timeout, a dropped connection or a client-side failure (litellm
    reports a missing key as a 500), which say nothing about the model."""
    from memscribe.model.llm import is_transient

    status = getattr(exc, "status_code", None)
    return (
        isinstance(status, int)
        and 400 <= status < 500
        and status not in (401, 403, 429)
        and not is_transient(exc)
    )


def _error_record(exc: BaseException) -> dict[str, Any]:
    return {
        "type": type(exc).__name__,
        "status_code": getattr(exc, "status_code", None),
        "message": str(getattr(exc, "message", None) or exc)[:2000],
    }


def _error(record: dict[str, Any]) -> BaseException:
    """The recorded refusal, raised again (only 4xx refusals are recorded: a bad request)."""
    import litellm

    message = str(record.get("message") or "recorded error")
    return litellm.exceptions.BadRequestError(message, llm_provider="openai", model="recorded")


def recorded_model_factory(
    folder: str | Path,
    *,
    live_model: str | None = None,
    api_base: str | None = None,
    timeout: float | None = None,
) -> tuple[Callable[[], Any], RecordedCompletion, str]:
    """A model factory replaying (and with ``live_model``, recording into) a cassette folder.

    Returns the factory, the completion it shares (its counters cover the run) and the model name.
    The folder's ``meta.json`` says how to build the prompts (mode, context size): write it before
    a recording run.
    """
    from memscribe.model.llm import LiteLLMModel

    folder = Path(folder)
    meta = read_meta(folder)
    live = None
    if live_model:
        import litellm

        live = litellm.completion
    completion = RecordedCompletion(folder, live=live)
    mode = str(meta.get("mode") or "json")
    context = int(meta.get("context_tokens") or 8192)

    def make() -> Any:
        return LiteLLMModel(
            str(meta["model"]),
            api_base=api_base if live else None,
            # a local server takes any key; litellm's OpenAI client insists on one
            api_key="sk-local" if live else None,
            completion=completion,
            mode=mode,
            timeout=timeout,
            context_tokens=context,
            backoff_initial_s=0.0 if live is None else 1.0,
        )

    return make, completion, f"recorded:{meta['model']} ({mode})"
