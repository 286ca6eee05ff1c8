"""A strong-model stand-in for the LLM path: prompts recorded, answered offline, replayed.

No model API is reachable from the machines this project is developed on, but the LLM path must
still be measured. The stand-in is a completion function for :class:`~memscribe.model.llm.LiteLLMModel`
(the same seam the tests use) backed by a folder:

* ``requests/<key>.json`` — each prompt memscribe sent that had no answer yet (the messages and
  the response schema), written on a *recording* run; ``<key>`` is a digest of the messages.
* ``answers/<key>.json`` — the answer to that prompt, written by whoever plays the model (a strong
  language model answering **from the prompt alone**: never labels, never expectations).

A run with the stand-in answers every recorded prompt from ``answers/``; an unanswered prompt is
saved to ``requests/`` and refused (the window becomes ``model_error``). When a prompt changes, its
key changes: the next recording run lists exactly the prompts to answer again. The answers are the
cassettes of the LLM path: kept in the repository, replayed offline by ``memscribe eval --standin``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

#: Characters per token for the usage estimate of replayed calls (no tokenizer is assumed).
CHARS_PER_TOKEN = 4


def request_key(messages: list[dict[str, Any]]) -> str:
    """A stable digest of what the model is shown (role and content of each message)."""
    canon = json.dumps(
        [{"role": m.get("role"), "content": m.get("content")} for m in messages],
        ensure_ascii=False,
        sort_keys=True,
    )
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:24]


class StandinCompletion:
    """A ``litellm.completion`` stand-in answering from ``<folder>/answers``.

    Args:
        folder: holds ``answers/`` (read) and ``requests/`` (written for unanswered prompts).
        record: save unanswered prompts to ``requests/`` (otherwise they are only counted).
    """

    def __init__(self, folder: str | Path, *, record: bool = True) -> None:
        self.folder = Path(folder)
        self.record = record
        self.answered = 0
        self.unanswered: list[str] = []

    def __call__(self, **kwargs: Any) -> Any:
        from litellm.exceptions import BadRequestError

        messages: list[dict[str, Any]] = list(kwargs.get("messages") or [])
        key = request_key(messages)
        answer_path = self.folder / "answers" / f"{key}.json"
        if not answer_path.is_file():
            self.unanswered.append(key)
            if self.record:
                self._save_request(key, messages, kwargs)
            raise BadRequestError(
                f"stand-in has no answer for prompt {key}", llm_provider="openai", model="standin"
            )
        content = answer_path.read_text(encoding="utf-8")
        self.answered += 1
        prompt_chars = sum(len(str(m.get("content") or "")) for m in messages)
        schema = kwargs.get("response_format") or kwargs.get("tools")
        if schema is not None:
            prompt_chars += len(json.dumps(schema))
        return answer_response(
            content, prompt_chars // CHARS_PER_TOKEN, len(content) // CHARS_PER_TOKEN, model="standin"
        )

    def _save_request(self, key: str, messages: list[dict[str, Any]], kwargs: dict[str, Any]) -> None:
        folder = self.folder / "requests"
        folder.mkdir(parents=True, exist_ok=True)
        schema = kwargs.get("response_format") or kwargs.get("tools")
        record = {"key": key, "messages": messages, "response_schema": schema}
        path = folder / f"{key}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(path)


def answer_response(content: str, prompt_tokens: int, completion_tokens: int, *, model: str) -> Any:
    """A ``litellm.ModelResponse`` answering ``content`` (a replayed answer), with its usage."""
    import litellm

    return litellm.ModelResponse(
        model=model,
        choices=[{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        usage={
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    )


def standin_model_factory(folder: str | Path, *, record: bool = True) -> tuple[Any, StandinCompletion]:
    """A model factory for :func:`memscribe.evaluation.evaluate` and the completion it shares.

    Each call of the factory makes a fresh model (usage counted per unit) over one completion, so
    the completion's counters cover the whole run.
    """
    from memscribe.model.llm import LiteLLMModel

    completion = StandinCompletion(folder, record=record)

    def make() -> Any:
        return LiteLLMModel(
            "openai/standin", completion=completion, mode="json_schema", backoff_initial_s=0.0, max_reasks=1
        )

    return make, completion
