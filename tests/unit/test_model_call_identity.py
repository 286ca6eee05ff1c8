"""memscribe's model calls with the per-call hooks of ``model/light_calls`` and without them (a
process where none is installed): the same HTTP requests (path, headers, body bytes) reach the
server, the same answers and litellm responses come back, and a configured litellm callback
gets the same logging record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
#: The scripted server listens on loopback; everything else stays blocked.
pytestmark = pytest.mark.block_network(allowed_hosts=[r"127\.0\.0\.1"])

#: Run as ``python -c CHILD on|off callback|quiet``: a capturing loopback server (OpenAI-compatible
#: and Ollama's API), memscribe's calls to it, one JSON line of what the server saw and got back.
CHILD = r"""
import json, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
hooks, logged = sys.argv[1] == "on", sys.argv[2] == "callback"
ANSWER = json.dumps({"profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.",
                                   "evidence_turns": [0]}], "playbooks": []})
seen, connections = [], []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        connections.append(len(seen))  # a TCP connection opened: how many requests came before
        super().setup()

    def log_message(self, format, *args):
        return

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length", "0")))
        seen.append({"path": self.path, "headers": sorted(self.headers.items()), "body": raw.decode()})
        body = json.loads(raw or b"{}")
        if self.path == "/api/show":
            answer = {"template": "{{ .Prompt }}", "model_info": {"llama.context_length": 8192}}
        elif self.path == "/api/chat":
            answer = {"model": body.get("model"), "created_at": "2026-01-01T00:00:00Z", "done": True,
                      "done_reason": "stop", "message": {"role": "assistant", "content": ANSWER},
                      "prompt_eval_count": 12, "eval_count": 7}
        else:
            answer = {"id": "chatcmpl-x", "object": "chat.completion", "created": 1767225600,
                      "model": body.get("model"), "system_fingerprint": "fp-1",
                      "choices": [{"index": 0, "finish_reason": "stop",
                                   "message": {"role": "assistant", "content": ANSWER}}],
                      "usage": {"prompt_tokens": 31, "completion_tokens": 9, "total_tokens": 40,
                                "prompt_tokens_details": {"cached_tokens": 0}}}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
base = "http://127.0.0.1:%d" % server.server_address[1]
import os
os.environ["OLLAMA_API_BASE"] = base
import litellm
from memscribe.model import light_calls, llm
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest

if not hooks:
    llm.install = lambda: ()  # the model is built without any hook
records = []
if logged:
    done = threading.Event()

    def callback(kwargs, response, start, end):
        slo = dict(kwargs.get("standard_logging_object") or {})
        records.append({"keys": sorted(kwargs), "model": kwargs.get("model"),
                        "messages": kwargs.get("messages"), "cost": kwargs.get("response_cost"),
                        "optional_params": kwargs.get("optional_params"),
                        "slo_keys": sorted(slo), "slo_cost": slo.get("response_cost"),
                        "slo_provider": slo.get("custom_llm_provider"),
                        "slo_api_base": slo.get("api_base"),
                        "slo_tokens": [slo.get("prompt_tokens"), slo.get("completion_tokens")]})
        done.set()

    litellm.success_callback = [callback]
responses, answers = [], []
messages = [{"role": "system", "content": "TASK: detect"},
            {"role": "user", "content": "[0] user: I use Neovim, café ☕"}]
request = DetectRequest(turns=(), window=1, windows=1)
for name, url in (("openai/gpt-4.1-mini", base + "/v1"), ("openai/memscribe-unmapped", base + "/v1"),
                  ("ollama_chat/memscribe-local", base)):
    def completion(**kwargs):
        responses.append(litellm.completion(**kwargs))
        return responses[-1]

    model = llm.LiteLLMModel(name, api_base=url, api_key="test-key", completion=completion,
                             context_tokens=8192)
    for _ in range(2):
        answer = model.generate(task="detect", messages=messages, response_model=Detection,
                                request=request)
        answers.append(answer.model_dump(mode="json"))
    answers.append(model.usage.model_dump(mode="json"))
if logged:
    import time
    deadline = time.monotonic() + 20
    while len(records) < 6 and time.monotonic() < deadline:
        time.sleep(0.05)
dumped = []
for response in responses:
    data = response.model_dump(mode="json")
    if str(data.get("id", "")).startswith("chatcmpl-") and data.get("id") != "chatcmpl-x":
        data["id"] = data["created"] = "made by litellm"  # Ollama's API has none: a fresh one per call
    dumped.append(data)
installed = light_calls.install() if hooks else ()
out = json.dumps({"seen": seen, "answers": answers, "responses": dumped, "records": records,
                  "installed": list(installed), "connections": connections})
print(out.replace(base[len("http://"):], "127.0.0.1:PORT"))  # the one thing that differs by process
"""


def _run(hooks: bool, callback: bool = False) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("OPENAI_API_KEY", None)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "on" if hooks else "off", "callback" if callback else "quiet"],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _chats(run: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in run["seen"] if r["path"] != "/api/show"]


def _asked(run: dict[str, Any]) -> list[dict[str, Any]]:
    """The distinct ``/api/show`` requests (litellm asks once per call; hooked, once per model)."""
    distinct = {json.dumps(r, sort_keys=True) for r in run["seen"] if r["path"] == "/api/show"}
    return [json.loads(r) for r in sorted(distinct)]


def _responses(run: dict[str, Any]) -> list[dict[str, Any]]:
    """litellm's responses; of their usage the token counts: instructor, when it totals a call's
    usage, writes zero details (audio, reasoning) into the response's own (a total memscribe
    does not keep: ``light_calls._usage_untotalled``)."""
    kept = ("prompt_tokens", "completion_tokens", "total_tokens")
    return [{**r, "usage": {k: r["usage"][k] for k in kept}} for r in run["responses"]]


def test_the_requests_and_answers_are_the_same_with_and_without_the_hooks() -> None:
    hooked, plain = _run(hooks=True), _run(hooks=False)
    assert "litellm.types.utils.LlmProviders" in hooked["installed"]
    assert {  # model/light_hooks' too
        "litellm.Logging.post_call",
        "httpx.BaseClient._merge_url",
        "httpx.BaseClient._merge_headers",
        "litellm.main._supplemental_provider_params",
        "litellm.ProviderConfigManager.get_provider_chat_config",
    } <= set(hooked["installed"])
    chats = [r for r in hooked["seen"] if r["path"] in ("/v1/chat/completions", "/api/chat")]
    assert len(chats) == 6  # two calls to each model
    assert '"response_format"' in chats[0]["body"] and "café ☕" in chats[0]["body"]
    assert _chats(hooked) == _chats(plain)  # every chat request: path, headers, body bytes
    assert _asked(hooked) == _asked(plain)  # the model facts asked (once per model when hooked)
    assert hooked["answers"] == plain["answers"]  # the parsed answers and the usage counted
    assert hooked["answers"][0]["profiles"][0]["slug"] == "editor"
    assert _responses(hooked) == _responses(plain)  # litellm's responses as instructor got them


def test_a_configured_callback_gets_the_same_logging_with_and_without_the_hooks() -> None:
    hooked, plain = _run(hooks=True, callback=True), _run(hooks=False, callback=True)
    assert len(hooked["records"]) == 6 and hooked["records"] == plain["records"]
    assert isinstance(hooked["records"][0]["cost"], float) and hooked["records"][0]["cost"] > 0
    assert _chats(hooked) == _chats(plain)


def test_litellm_provider_names_listed_the_same_inside_and_outside_memscribe_calls() -> None:
    import enum

    from litellm.types.utils import LlmProviders

    from memscribe.model import light_calls

    members = list(LlmProviders.__members__.values())
    assert "litellm.types.utils.LlmProviders" in light_calls.install()
    with light_calls.memscribe_call():
        inside = [p.value for p in LlmProviders]
    assert inside == [p.value for p in LlmProviders] == [m._value_ for m in members]
    assert list(LlmProviders) == members and len(inside) == len(LlmProviders)
    assert isinstance(LlmProviders, enum.EnumMeta) and isinstance(LlmProviders.OPENAI, LlmProviders)
    assert LlmProviders("openai") is LlmProviders.OPENAI and LlmProviders.OPENAI.value == "openai"
    assert "openai" in LlmProviders.__members__.values()


def test_the_merged_request_url_follows_the_client_base_url() -> None:
    import openai

    from memscribe.model import light_calls

    assert "openai.BaseClient._prepare_url" in light_calls.install()
    client = openai.OpenAI(api_key="test-key", base_url="http://127.0.0.1:9/v1")
    outside = client._prepare_url("/chat/completions")
    with light_calls.memscribe_call():
        first = client._prepare_url("/chat/completions")
        assert client._prepare_url("/chat/completions") is first  # kept
        assert str(first) == str(outside) == "http://127.0.0.1:9/v1/chat/completions"
        assert str(client._prepare_url("models")) == "http://127.0.0.1:9/v1/models"
        assert str(client._prepare_url("https://elsewhere.test/x")) == "https://elsewhere.test/x"
        client.base_url = "http://127.0.0.1:8/v2/"  # a new base URL: merged again
        assert str(client._prepare_url("/chat/completions")) == "http://127.0.0.1:8/v2/chat/completions"
    client.close()


class _Logging:
    """A logging object whose ``post_call`` (run inside the answer reader) counts tokens itself."""

    def __init__(self, messages: list[dict[str, str]]) -> None:
        self.messages = messages
        self.counted: list[int] = []

    def post_call(self, **kwargs: Any) -> None:
        import litellm

        self.counted.append(litellm.token_counter(messages=self.messages))


def _read_ollama_answer(answer: dict[str, Any], messages: list[dict[str, str]]) -> tuple[Any, _Logging]:
    import httpx
    import litellm
    from litellm.llms.ollama.chat.transformation import OllamaChatConfig

    from memscribe.model import light_calls

    assert "litellm.OllamaChatConfig.transform_response" in light_calls.install()
    logging = _Logging(messages)
    with light_calls.memscribe_call():
        response = OllamaChatConfig().transform_response(
            model="m",
            raw_response=httpx.Response(200, json=answer),
            model_response=litellm.ModelResponse(),
            logging_obj=logging,  # type: ignore[arg-type]
            request_data={},
            messages=messages,  # type: ignore[arg-type]
            optional_params={},
            litellm_params={},
            encoding=None,
        )
    return response, logging


def test_ollama_token_counts_the_server_left_out_are_still_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    import litellm
    from litellm import utils as litellm_utils

    messages = [{"role": "user", "content": "I use Neovim and I like it a lot " * 20}]
    content = "an answer of several words"
    prompt_count = litellm.token_counter(messages=messages)
    answer_count = litellm.token_counter(text=content)
    assert prompt_count > 50 and answer_count > 3
    full = {"message": {"role": "assistant", "content": content}, "done": True}
    counting = litellm_utils.get_token_counter_new
    tokenised: list[bool] = []

    def spied() -> Any:
        tokenised.append(True)
        return counting()

    monkeypatch.setattr(litellm_utils, "get_token_counter_new", spied)
    for given, expected in (
        ({"prompt_eval_count": 12, "eval_count": 7}, (12, 7)),  # the server's counts, as before
        ({"eval_count": 7}, (prompt_count, 7)),  # no prompt count: counted
        ({"prompt_eval_count": 12}, (12, answer_count)),
        ({}, (prompt_count, answer_count)),
    ):
        tokenised.clear()
        response, logging = _read_ollama_answer({**full, **given}, messages)
        assert len(tokenised) == 1 + 2 - len(given)  # post_call's own, and each count not given
        assert (response.usage.prompt_tokens, response.usage.completion_tokens) == expected
        assert logging.counted == [prompt_count]  # a count asked by someone else: a real one
        assert response.choices[0].message.content == content
    with pytest.raises(TypeError):  # a malformed answer (no message) fails as before
        _read_ollama_answer({"prompt_eval_count": 12, "eval_count": 7, "done": True}, messages)


def test_a_models_later_calls_reuse_an_open_connection_to_a_keep_alive_server() -> None:
    """A call after a model's first opens no TCP connection (the client and its pool are kept
    across calls, as vLLM, Ollama and hosted APIs expect): with the hooks and without."""
    for run in (_run(hooks=True), _run(hooks=False)):
        calls = [i for i, r in enumerate(run["seen"]) if r["path"] in ("/v1/chat/completions", "/api/chat")]
        assert len(calls) == 6  # two calls to each of three models, in order
        assert not set(calls[1::2]) & set(run["connections"])  # each second call: no new connection
        assert len(run["connections"]) <= 3  # one per client, not one per request
