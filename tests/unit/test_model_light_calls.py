"""Per-call work left out of memscribe's model calls (``model/light_calls``): litellm's pricing and
idle success logging, instructor's repeated validator walk. Same answers; the cost comes from the
tokens at the model's prices, the figure litellm itself gives."""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import litellm
import pytest
from instructor.v2.validation import async_validators
from pydantic import BaseModel

from memscribe.model import light_calls, llm
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.llm_server import serve

ANSWER = json.dumps(
    {
        "profiles": [
            {"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.", "evidence_turns": [0]}
        ],
        "playbooks": [],
    }
)
#: The scripted server listens on loopback; everything else stays blocked.
pytestmark = pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])
MESSAGES = [
    {"role": "system", "content": "TASK: detect"},
    {"role": "user", "content": "[0] user: I use Neovim"},
]


def _ask(name: str, url: str) -> tuple[llm.LiteLLMModel, Detection, list[Any]]:
    """One call through litellm to the scripted server; the raw litellm responses kept."""
    responses: list[Any] = []

    def completion(**kwargs: Any) -> Any:
        responses.append(litellm.completion(**kwargs))
        return responses[-1]

    model = llm.LiteLLMModel(
        name, api_base=url, api_key="test-key", completion=completion, context_tokens=8192
    )
    request = DetectRequest(turns=(), window=1, windows=1)
    answer = model.generate(task="detect", messages=MESSAGES, response_model=Detection, request=request)
    return model, answer, responses


def test_priced_model_cost_from_tokens_without_litellm_pricing_each_call() -> None:
    with serve(responder=lambda messages: ANSWER) as url:
        model, answer, responses = _ask("openai/gpt-4.1-mini", url)
    assert [p.slug for p in answer.profiles] == ["editor"]
    assert "litellm.Logging.response_cost_calculator" in light_calls.install()
    assert responses[0]._hidden_params.get("response_cost") is None  # litellm did not price it
    litellm_figure = litellm.completion_cost(completion_response=responses[0], model="openai/gpt-4.1-mini")
    assert litellm_figure > 0
    assert model.usage.cost_usd == pytest.approx(litellm_figure)
    assert model.usage.prompt_tokens > 0 and model.usage.llm_calls == 1


def test_unpriced_model_has_no_cost_and_the_same_answer() -> None:
    with serve(responder=lambda messages: ANSWER) as url:
        model, answer, _ = _ask("openai/no-such-model-xyz", url)
    assert [p.body for p in answer.profiles] == ["User uses Neovim."]
    assert model.usage.cost_usd is None
    assert light_calls.prices("openai/no-such-model-xyz") is None


def test_a_configured_litellm_callback_still_gets_its_logging_and_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    logged = threading.Event()
    costs: list[Any] = []

    def callback(kwargs: dict[str, Any], response: Any, start: Any, end: Any) -> None:
        costs.append(kwargs.get("response_cost"))
        logged.set()

    monkeypatch.setattr(litellm, "success_callback", [callback])
    with serve(responder=lambda messages: ANSWER) as url:
        model, _, responses = _ask("openai/gpt-4.1-mini", url)
        assert logged.wait(10.0), "litellm's success logging did not run for a configured callback"
    litellm_figure = responses[0]._hidden_params.get("response_cost")
    assert isinstance(litellm_figure, float) and litellm_figure > 0
    assert model.usage.cost_usd == pytest.approx(litellm_figure)
    assert costs and costs[0] == pytest.approx(litellm_figure)


def test_calls_outside_memscribe_keep_litellm_pricing() -> None:
    light_calls.install()
    with serve(responder=lambda messages: ANSWER) as url:
        response = litellm.completion(
            model="openai/gpt-4.1-mini", messages=MESSAGES, api_base=url, api_key="test-key", num_retries=0
        )
    assert response._hidden_params.get("response_cost", 0) > 0


def test_async_validators_still_refused_on_every_call_after_the_walk_is_cached() -> None:
    light_calls.install()
    walk = async_validators.reject_async_validators

    class Plain(BaseModel):
        text: str

    class Marked(BaseModel):
        text: str

        @async_validators.async_field_validator("text")
        async def check(self, value: str) -> str:
            return value

    walk(Plain)
    walk(Plain)  # passed once: answered from the cache, still no error
    for _ in range(2):
        with pytest.raises(ValueError, match="async validators"):
            walk(Marked)


def test_service_timing_hook_skipped_for_memscribe_calls_unless_a_service_callback_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from litellm._service_logger import ServiceLogging

    assert "litellm.ServiceLogging.service_success_hook" in light_calls.install()
    runs: list[bool] = []
    original = ServiceLogging._dispatch_from_sync

    def dispatch(hook: Any) -> None:  # what the hook does when it runs: one event loop per call
        runs.append(True)
        original(hook)

    monkeypatch.setattr(ServiceLogging, "_dispatch_from_sync", staticmethod(dispatch))
    with serve(responder=lambda messages: ANSWER) as url:
        _, answer, _ = _ask("openai/gpt-4.1-mini", url)
        assert [p.slug for p in answer.profiles] == ["editor"]
        assert runs == []  # memscribe's call: no service callback configured, no dispatch
        litellm.completion(
            model="openai/gpt-4.1-mini", messages=MESSAGES, api_base=url, api_key="test-key", num_retries=0
        )
        assert runs  # someone else's call: litellm's behaviour unchanged
        runs.clear()
        monkeypatch.setattr(litellm, "service_callback", ["prometheus_system_not_installed"])
        _ask("openai/gpt-4.1-mini", url)
        assert runs  # a configured service callback gets its events for memscribe's calls too


def test_no_success_logging_job_for_memscribe_calls_unless_a_callback_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from litellm import utils as litellm_utils

    jobs: list[Any] = []
    original = litellm_utils.executor.submit

    def submit(*args: Any, **kwargs: Any) -> Any:
        jobs.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(litellm_utils.executor, "submit", submit)
    with serve(responder=lambda messages: ANSWER) as url:
        _, answer, _ = _ask("openai/gpt-4.1-mini", url)
        assert [p.slug for p in answer.profiles] == ["editor"]
        assert jobs == []  # memscribe's call, no callback: no job for the logging thread
        litellm.completion(
            model="openai/gpt-4.1-mini", messages=MESSAGES, api_base=url, api_key="test-key", num_retries=0
        )
        assert jobs  # someone else's call: litellm's behaviour unchanged
        jobs.clear()
        monkeypatch.setattr(litellm, "success_callback", [lambda *args: None])
        _ask("openai/gpt-4.1-mini", url)
        assert jobs  # a configured callback: memscribe's calls are logged as before


def test_a_cookie_set_by_a_response_is_still_kept_on_memscribe_calls() -> None:
    import httpx

    assert "httpx.Cookies.extract_cookies" in light_calls.install()
    request = httpx.Request("POST", "https://api.example.test/v1/chat/completions")
    plain = httpx.Response(200, request=request, json={})
    setting = httpx.Response(200, request=request, headers={"Set-Cookie": "route=a1; Path=/"}, json={})
    with light_calls.memscribe_call():
        jar = httpx.Cookies()
        jar.extract_cookies(plain)
        assert list(jar.jar) == []
        jar.extract_cookies(setting)
    assert jar.get("route") == "a1"
    outside = httpx.Cookies()
    outside.extract_cookies(setting)
    assert outside.get("route") == "a1"


def test_the_call_types_are_complete_once_a_model_is_built() -> None:
    from litellm.types.utils import Message, ModelResponse

    with serve(responder=lambda messages: ANSWER) as url:
        _, answer, responses = _ask("openai/gpt-4.1-mini", url)
    assert Message.__pydantic_complete__ and ModelResponse.__pydantic_complete__
    assert isinstance(responses[0], ModelResponse)
    assert [p.slug for p in answer.profiles] == ["editor"]


@contextmanager
def _ollama(hits: Counter[str]) -> Iterator[str]:
    """A loopback stand-in for an Ollama server (``/api/chat``, ``/api/show``), counting requests."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_POST(self) -> None:  # noqa: N802 - http.server API
            hits[self.path] += 1
            body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))) or b"{}")
            if self.path == "/api/show":
                payload: dict[str, Any] = {
                    "template": "{{ .Prompt }}",
                    "model_info": {"llama.context_length": 8192},
                }
            else:
                payload = {
                    "model": body.get("model"),
                    "created_at": "2026-01-01T00:00:00Z",
                    "message": {"role": "assistant", "content": ANSWER},
                    "done": True,
                    "prompt_eval_count": 12,
                    "eval_count": 7,
                }
            data = json.dumps(payload).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_model_map_is_asked_once_per_model_for_memscribe_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """litellm's chat-or-Responses choice asked an Ollama server about a model its map lacks
    (``/api/show``) twice per call; memscribe's calls ask once per process, others as before."""
    assert "litellm.responses.bridge_check.get_model_info_helper" in light_calls.install()
    hits: Counter[str] = Counter()
    name = "ollama_chat/memscribe-unmapped-model"
    request = DetectRequest(turns=(), window=1, windows=1)
    with _ollama(hits) as url:
        monkeypatch.setenv("OLLAMA_API_BASE", url)
        model = llm.LiteLLMModel(name, api_base=url, context_tokens=8192)
        answer = model.generate(task="detect", messages=MESSAGES, response_model=Detection, request=request)
        asked = hits["/api/show"]
        for _ in range(3):
            answer = model.generate(
                task="detect", messages=MESSAGES, response_model=Detection, request=request
            )
        assert hits["/api/chat"] == 4 and hits["/api/show"] == asked
        litellm.completion(model=name, messages=MESSAGES, api_base=url, num_retries=0)
        assert hits["/api/show"] > asked  # someone else's call: litellm's behaviour unchanged
    assert [p.slug for p in answer.profiles] == ["editor"]
    assert model.usage.llm_calls == 4 and model.usage.prompt_tokens == 4 * 12


def test_the_kept_model_map_answer_follows_the_map_and_is_handed_out_as_a_copy() -> None:
    from litellm.responses import bridge_check

    light_calls.install()
    name = "memscribe-bridge-test-model"

    def ask() -> Any:  # as litellm's chat-or-Responses choice asks (the module's own name)
        return vars(bridge_check)["get_model_info_helper"](model=name, custom_llm_provider="openai")

    with light_calls.memscribe_call():
        for _ in range(2):  # not mapped: the failure is kept, and raised again
            with pytest.raises(Exception, match="isn't mapped"):
                ask()
        litellm.register_model(
            {f"openai/{name}": {"litellm_provider": "openai", "mode": "chat", "max_input_tokens": 77}}
        )
        try:
            info = ask()
            assert info["max_input_tokens"] == 77  # the map grew: asked again
            info["mode"] = "responses"  # what the choice does to its copy
            assert ask()["mode"] == "chat"
        finally:
            litellm.model_cost.pop(f"openai/{name}", None)


def test_the_logging_copy_of_the_parameters_is_filtered_only_when_someone_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from litellm import utils as litellm_utils

    assert "litellm.utils.remove_sensitive_keys_from_dict" in light_calls.install()
    params = {"temperature": 0.0, "extra": {"client_secret": "s3cret", "schema": {"type": "object"}}}
    filtered = {"temperature": 0.0, "extra": {"schema": {"type": "object"}}}
    assert litellm_utils.remove_sensitive_keys_from_dict(params) == filtered  # someone else's call
    with light_calls.memscribe_call():
        assert litellm_utils.remove_sensitive_keys_from_dict(params) == params  # nobody reads the record
        monkeypatch.setattr(litellm, "success_callback", [lambda *args: None])
        assert litellm_utils.remove_sensitive_keys_from_dict(params) == filtered  # a callback reads it
