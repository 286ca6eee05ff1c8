"""A local OpenAI-compatible chat-completions server that answers from scripts.

Cassettes are recorded against it (``make record``); in CI the tests still start it, and vcrpy
replays the recorded exchanges without touching the socket.

A script is ``fixtures/llm/<name>.json``: a list of ``{"task", "match", "reply"}``. A request is
answered by the first unused entry whose ``task`` matches the ``TASK:`` line of the system message
and whose ``match`` text occurs in the user message. ``reply`` is returned verbatim as the
assistant's content (a JSON object is serialised; a string is sent as is, so invalid output can be
scripted too). No match is a 404, so a missing script fails loudly while recording.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many concurrent clients (the batch benchmark) must not be refused


@contextmanager
def serve(
    book: ScriptBook | None = None, *, latency_s: float = 0.0, responder: Responder | None = None
) -> Iterator[str]:
    """Run the server on a free loopback port; yields its base URL (``http://127.0.0.1:N/v1``).

    ``latency_s`` delays every answer; ``responder`` replaces the script book (messages → content).
    """
    server = _Server(("127.0.0.1", 0), _handler(book or ScriptBook(), latency_s, responder))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
