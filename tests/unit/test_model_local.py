"""Local models: Ollama's num_ctx, context sizes, loopback timeouts, real token counts, and the
prompts and answers logged at debug level with secrets masked."""

from __future__ import annotations

import logging

import pytest

from memscribe.model import llm, providers
from memscribe.model.factory import context_tokens_for, make_model
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import QueuedCompletion

EMPTY = {"profiles": [], "playbooks": []}
REQUEST = DetectRequest(turns=(), window=1, windows=1)


def _model(name: str, completion: QueuedCompletion, **kwargs: object) -> llm.LiteLLMModel:
    return llm.LiteLLMModel(name, completion=completion, backoff_initial_s=0.0, **kwargs)  # type: ignore[arg-type]


def _ask(model: llm.LiteLLMModel, text: str = "[0] user: I use Neovim") -> Detection:
    messages = [{"role": "system", "content": "TASK: detect"}, {"role": "user", "content": text}]
    return model.generate(task="detect", messages=messages, response_model=Detection, request=REQUEST)  # type: ignore[arg-type]


def test_ollama_gets_num_ctx_matching_the_windows() -> None:
    completion = QueuedCompletion(EMPTY, EMPTY)
    model = _model("ollama/qwen2.5-coder:1.5b", completion, context_tokens=16384)
    _ask(model)
    assert completion.calls[0]["num_ctx"] == 16384
    assert context_tokens_for(model, 12000) == 12000  # --context-tokens reaches the server too
    _ask(model)
    assert completion.calls[1]["num_ctx"] == 12000


def test_other_providers_get_no_num_ctx() -> None:
    completion = QueuedCompletion(EMPTY)
    _ask(_model("openai/gpt-4o-mini", completion))
    assert "num_ctx" not in completion.calls[0]


def test_context_size_from_litellm_else_a_default_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert llm.context_tokens_of("openai/gpt-4o-mini") >= 100_000
    providers._SIZED.pop("openai/no-such-model-xyz", None)
    assert llm.context_tokens_of("openai/no-such-model-xyz") == llm.DEFAULT_CONTEXT_TOKENS
    assert llm.context_tokens_of("openai/no-such-model-xyz") == llm.DEFAULT_CONTEXT_TOKENS
    assert capsys.readouterr().err.count("context size of openai/no-such-model-xyz unknown") == 1


@pytest.mark.parametrize(
    ("api_base", "timeout", "expected"),
    [
        ("http://127.0.0.1:8080/v1", None, llm.LOCAL_TIMEOUT_S),
        ("http://localhost:11434", 120.0, llm.LOCAL_TIMEOUT_S),  # the commands' default
        ("http://localhost:11434", 30.0, 30.0),  # --timeout given
        ("https://api.example.com/v1", None, llm.DEFAULT_TIMEOUT_S),
        (None, 120.0, 120.0),
    ],
)
def test_loopback_servers_get_a_longer_default_timeout(
    api_base: str | None, timeout: float | None, expected: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setattr(providers, "_ollama_context", lambda model, base: None)
    model = make_model("openai/gpt-4o-mini", api_base=api_base, timeout=timeout)
    assert getattr(model, "timeout") == expected  # noqa: B009


def test_real_tokenizer_counts() -> None:
    model = _model("openai/gpt-4o-mini", QueuedCompletion())
    assert model.count_tokens("hello world") == 2


def test_prompts_and_answers_logged_at_debug_redacted(caplog: pytest.LogCaptureFixture) -> None:
    secret = "sk-proj-4fQz9LmX2vB7tR1kP8wN3sY6hJ0cD5gE"
    completion = QueuedCompletion(EMPTY)
    with caplog.at_level(logging.DEBUG, logger="memscribe.model"):
        _ask(_model("openai/gpt-4o-mini", completion), f"[0] user: my key is {secret} and I use Neovim")
    text = "\n".join(r.getMessage() for r in caplog.records if r.name == "memscribe.model")
    assert "request to openai/gpt-4o-mini" in text and "I use Neovim" in text
    assert "answer from openai/gpt-4o-mini" in text and '"profiles"' in text
    assert secret not in text
