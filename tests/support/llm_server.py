"""A local OpenAI-compatible chat-completions server that answers from scripts.

Cassettes are recorded against it (``make record``); in CI the tests still start it, and vcrpy
replays the recorded exchanges without touching the socket.

A script is ``fixtures/llm/<name>.json``: a list of ``{"task", "match", "reply"}``. A request is
answered by the first unused entry whose ``task`` matches the ``TASK:`` line of the system message
and whose ``match`` text occurs in the user message. ``reply`` is returned verbatim as the
assistant's content (a JSON object is serialised; a string is sent as is, so invalid output can be
scripted too). No match is a 404, so a missing script fails loudly while recording.

It answers HTTP/1.0 (a connection per request: a test's server never holds an idle connection)
unless asked for HTTP/1.1 keep-alive (``serve(http11=True)``), as the servers memscribe
talks to answer (hosted APIs, vLLM and llama.cpp's server, Ollama); :class:`Traffic` counts the
connections it accepted and the requests it answered.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parents[2] / "fixtures" / "llm"
_TASK = re.compile(r"^TASK:\s*(\w+)", re.MULTILINE)


class ScriptBook:
    def __init__(self, folder: Path = SCRIPTS) -> None:
        self.entries: list[dict[str, Any]] = []
        for path in sorted(folder.glob("*.json")):
            for entry in json.loads(path.read_text(encoding="utf-8")):
                self.entries.append({**entry, "script": path.name})
        self.lock = threading.Lock()

    def answer(self, messages: list[dict[str, Any]]) -> str | None:
        system = next((str(m.get("content", "")) for m in messages if m.get("role") == "system"), "")
        user = "\n".join(str(m.get("content", "")) for m in messages if m.get("role") == "user")
        task_match = _TASK.search(system)
        task = task_match.group(1) if task_match else ""
        for entry in self.entries:
            if entry["task"] == task and entry["match"] in user:
                reply = entry["reply"]
                return reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)
        return None


Responder = Callable[[list[dict[str, Any]]], "str | None"]


def _handler(
    book: ScriptBook, latency_s: float = 0.0, responder: Responder | None = None
) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            return

        def do_POST(self) -> None:  # noqa: N802 - http.server API
            length = int(self.headers.get("content-length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if not self.path.endswith("/chat/completions"):
                return self._send(404, {"error": {"message": f"no route {self.path}"}})
            if latency_s:
                time.sleep(latency_s)  # a model's fixed latency (the batch benchmark)
            answer = responder or book.answer
            content = answer(body.get("messages", []))
            if content is None:
                return self._send(
                    404, {"error": {"message": "no scripted reply for this request", "type": "not_found"}}
                )
            prompt_chars = sum(len(str(m.get("content", ""))) for m in body.get("messages", []))
            self._send(
                200,
                {
                    "id": "chatcmpl-scripted",
                    "object": "chat.completion",
                    "created": 1767225600,
                    "model": body.get("model", "scripted"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": content},
                            "finish_reason": "stop",
                        }
                    ],
                    "usage": {
                        "prompt_tokens": prompt_chars // 4,
                        "completion_tokens": len(content) // 4,
                        "total_tokens": prompt_chars // 4 + len(content) // 4,
                    },
                },
            )

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


@dataclass
class Traffic:
    """What a server saw: TCP connections accepted, requests answered (any status)."""

    connections: int = 0
    requests: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, *, connections: int = 0, requests: int = 0) -> None:
        with self.lock:
            self.connections += connections
            self.requests += requests


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many concurrent clients (the batch benchmark) must not be refused
    #: Where connections and requests are counted (see :func:`serve`); None: not counted.
    traffic: Traffic | None = None

    def process_request(self, request: Any, client_address: Any) -> None:
        if self.traffic is not None:
            self.traffic.add(connections=1)
        super().process_request(request, client_address)


def keep_alive(handler: type[BaseHTTPRequestHandler]) -> type[BaseHTTPRequestHandler]:
    """``handler`` answering HTTP/1.1 with the connection kept open for the next request (every
    response carries a Content-Length) and TCP_NODELAY set, as uvicorn (vLLM), Go's net/http
    (Ollama) and hosted APIs' front ends answer."""

    class KeepAlive(handler):  # type: ignore[valid-type,misc]
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

    return KeepAlive


def _counted(handler: type[BaseHTTPRequestHandler], traffic: Traffic) -> type[BaseHTTPRequestHandler]:
    class Counted(handler):  # type: ignore[valid-type,misc]
        def handle_one_request(self) -> None:
            super().handle_one_request()
            if getattr(self, "command", None):  # a request was read and answered
                traffic.add(requests=1)
                self.command = ""

    return Counted


@contextmanager
def serve(
    book: ScriptBook | None = None,
    *,
    latency_s: float = 0.0,
    responder: Responder | None = None,
    http11: bool = False,
    traffic: Traffic | None = None,
) -> Iterator[str]:
    """Run the server on a free loopback port; yields its base URL (``http://127.0.0.1:N/v1``).

    ``latency_s`` delays every answer; ``responder`` replaces the script book (messages → content);
    ``http11`` answers HTTP/1.1 keep-alive (default HTTP/1.0: a connection per request);
    ``traffic`` counts connections and requests.
    """
    handler = _handler(book or ScriptBook(), latency_s, responder)
    if http11:
        handler = keep_alive(handler)
    if traffic is not None:
        handler = _counted(handler, traffic)
    server = _Server(("127.0.0.1", 0), handler)
    server.traffic = traffic
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
