"""CPU per model call on the litellm path (memscribe + litellm + instructor + the SDK), and the
one-time cost of importing them.

The scripted OpenAI-compatible server of the test suite runs in a *separate process*, so the CPU
measured here (``time.process_time``: this process, all its threads) is the client's alone. It
answers over HTTP/1.1 keep-alive with TCP_NODELAY, as the servers memscribe talks to do (vLLM and
the OpenAI-compatible Python servers run on uvicorn, Ollama on Go's net/http, hosted APIs behind
keep-alive front ends): the client's cached SDK client reuses one connection. ``--http10`` answers
as the test suite's server does (HTTP/1.0: a new TCP connection per call). Each
call is a real ``litellm.completion`` over loopback HTTP with a detect-sized prompt and a JSON
answer, validated by instructor into a ``Detection``. The CPU inside ``litellm.completion`` (which
includes the provider SDK and HTTP) is printed apart from the rest (instructor and memscribe).

    python bench/model_call.py [--calls 200] [--http10] [--ollama] [--baseline REV [--rounds 3]]
    python bench/model_call.py --ab [HOOKS] [--blocks 20] [--calls 40]

``--ollama`` calls ``ollama_chat/bench-model`` on a stand-in of Ollama's own API (``/api/chat``,
``/api/show``; ``OLLAMA_API_BASE`` points at it) instead of an OpenAI-compatible server.

``--baseline REV`` measures git revision REV's code (exported beside the tree with
``bench/before_after.py``; the working tree is not touched) and the working tree's,
alternately in fresh processes, ``--rounds`` times each, and prints the median of each side and
their ratio: before/after from one run, on one machine.

``--ab`` measures, in one process, blocks of ``--calls`` calls with the per-call hooks named in
HOOKS in place and with the library's own methods put back, alternately (``--blocks`` each):
on a loaded machine, where separate processes differ by more than a hook saves, the paired
blocks still compare. HOOKS: ``module:attribute.path`` entries, comma-separated (what
:mod:`memscribe.model.light_hooks` replaces, by default); each must be a marked replacement.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
#: The stand-in server, run as ``python -c SERVER REPO HTTP11 API`` (HTTP11: 1 or 0; API: openai or ollama).
SERVER = """
import json, sys, threading
from http.server import BaseHTTPRequestHandler
repo, http11, api = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
sys.path.insert(0, repo)
from tests.support.llm_server import ScriptBook, _handler, _Server, keep_alive
reply = json.dumps({"profiles": [{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.",
                                  "evidence_turns": [0]}], "playbooks": []})


class Ollama(BaseHTTPRequestHandler):
    # Ollama's own API: /api/chat answers, /api/show tells a model's facts (litellm asks it).
    def log_message(self, format, *args):
        return

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))) or b"{}")
        if self.path == "/api/show":
            answer = {"template": "{{ .Prompt }}", "model_info": {"llama.context_length": 8192}}
        elif self.path == "/api/chat":
            prompt = sum(len(str(m.get("content", ""))) for m in body.get("messages", []))
            answer = {"model": body.get("model"), "created_at": "2026-01-01T00:00:00Z", "done": True,
                      "done_reason": "stop", "message": {"role": "assistant", "content": reply},
                      "prompt_eval_count": prompt // 4, "eval_count": len(reply) // 4}
        else:
            return self.send_error(404)
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


handler = Ollama if api == "ollama" else _handler(ScriptBook(), 0.0, lambda messages: reply)
if http11:  # answers as vLLM (uvicorn), Ollama (Go net/http) and hosted APIs do
    handler = keep_alive(handler)
server = _Server(("127.0.0.1", 0), handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
print("http://127.0.0.1:%d%s" % (server.server_address[1], "" if api == "ollama" else "/v1"), flush=True)
sys.stdin.read()
"""


#: The methods and functions ``memscribe.model.light_hooks`` replaces (``--ab``'s default).
LIGHT_HOOKS = (
    "litellm.litellm_core_utils.litellm_logging:Logging.post_call",
    "httpx._client:BaseClient._merge_url",
    "httpx._client:BaseClient._merge_headers",
    "litellm.main:_supplemental_provider_params",
    "litellm.utils:ProviderConfigManager.get_provider_chat_config",
)


def _hook_switch(specs: list[str]) -> Callable[[bool], None]:
    """A switch that puts the named hooks in place (True) or the originals they wrap back."""
    import importlib

    spots: list[tuple[Any, str, Any, Any]] = []
    for spec in specs:
        module, _, path = spec.partition(":")
        owner: Any = importlib.import_module(module)
        *parents, name = path.split(".")
        for parent in parents:
            owner = getattr(owner, parent)
        hooked = vars(owner)[name]
        function = hooked.__func__ if isinstance(hooked, staticmethod) else hooked
        if not getattr(function, "__memscribe_light__", False):
            raise SystemExit(f"{spec} is not a memscribe hook (not installed in this version?)")
        plain = (
            staticmethod(function.__wrapped__) if isinstance(hooked, staticmethod) else function.__wrapped__
        )
        spots.append((owner, name, hooked, plain))

    def switch(on: bool) -> None:
        for owner, name, hooked, plain in spots:
            (type.__setattr__ if isinstance(owner, type) else setattr)(owner, name, hooked if on else plain)

    return switch


def _ab(call: Callable[[], Any], specs: list[str], blocks: int, calls: int) -> None:
    """Paired blocks of calls with the hooks in place and without, alternating which goes first."""
    import statistics

    switch = _hook_switch(specs)
    figures: dict[bool, list[float]] = {True: [], False: []}
    for on in (True, False):  # warm both paths
        switch(on)
        call()
    for block in range(blocks):
        for on in (True, False) if block % 2 else (False, True):
            switch(on)
            t0 = time.process_time()
            for _ in range(calls):
                call()
            figures[on].append((time.process_time() - t0) / calls * 1000)
    switch(True)
    plain, hooked = figures[False], figures[True]
    print(
        f"CPU per call (ms), {blocks} paired blocks of {calls} calls in one process; hooks: {', '.join(specs)}"
    )
    print(f"{'':28} {'without':>8} {'with':>8} {'ratio':>6}")
    for label, pick in (("median", statistics.median), ("min", min)):
        print(f"{label:28} {pick(plain):8.2f} {pick(hooked):8.2f} {pick(hooked) / pick(plain):6.2f}")
    paired = statistics.median(h - p for h, p in zip(hooked, plain, strict=True))
    print(f"{'median paired difference':28} {paired:+8.3f}")


class _Timed:
    """A completion callable that adds up the CPU spent inside it."""

    def __init__(self, completion: Callable[..., Any]) -> None:
        self.completion = completion
        self.cpu = 0.0

    def __call__(self, **kwargs: Any) -> Any:
        t0 = time.process_time()
        try:
            return self.completion(**kwargs)
        finally:
            self.cpu += time.process_time() - t0


def compare(rev: str, calls: int, rounds: int, options: list[str]) -> int:
    """Median CPU per call of ``rev``'s code and the working tree's, measured alternately."""
    import statistics
    import tempfile

    sys.path.insert(0, str(REPO / "bench"))
    from before_after import export_revision

    figures: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        before = export_revision(rev, Path(tmp) / "baseline")
        for _ in range(rounds):
            for label, code in (("before", before), ("after", REPO)):
                env = {**os.environ, "PYTHONPATH": str(code)}
                done = subprocess.run(
                    [
                        sys.executable,
                        str(REPO / "bench" / "model_call.py"),
                        "--calls",
                        str(calls),
                        "--json",
                        *options,
                    ],
                    capture_output=True,
                    text=True,
                    env=env,
                    cwd=code,
                    check=True,
                )
                figures[label].append(json.loads(done.stdout.strip().splitlines()[-1]))
    server = "HTTP/1.0, a connection per call" if "--http10" in options else "HTTP/1.1 keep-alive"
    server += ", Ollama's API" if "--ollama" in options else ", OpenAI-compatible"
    print(
        f"CPU per model call, median of {rounds} alternating runs of {calls} calls (before: {rev}; {server})"
    )
    print(f"{'':40} {'before':>8} {'after':>8} {'ratio':>6}")
    for key, label in (
        ("cpu_ms", "CPU per call (ms)"),
        ("litellm_ms", "  of which in litellm.completion (ms)"),
        ("rest_ms", "  instructor + memscribe (ms)"),
    ):
        old = statistics.median(f[key] for f in figures["before"])
        new = statistics.median(f[key] for f in figures["after"])
        print(f"{label:40} {old:8.2f} {new:8.2f} {new / old:6.2f}")
    for label, runs in figures.items():
        print(f"  {label} runs, CPU per call (ms): " + " ".join(f"{f['cpu_ms']:.2f}" for f in runs))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--baseline", metavar="REV", help="also measure git revision REV's code (before)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per side with --baseline")
    parser.add_argument(
        "--http10", action="store_true", help="the server answers HTTP/1.0 (a connection per call)"
    )
    parser.add_argument("--ollama", action="store_true", help="call a stand-in Ollama server (ollama_chat/)")
    parser.add_argument(
        "--ab",
        nargs="?",
        const=",".join(LIGHT_HOOKS),
        metavar="HOOKS",
        help="in one process, blocks with these hooks vs without (default: light_hooks')",
    )
    parser.add_argument("--blocks", type=int, default=20, help="paired blocks with --ab")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one run's figures
    args = parser.parse_args()
    if args.baseline:
        options = [flag for flag, on in (("--http10", args.http10), ("--ollama", args.ollama)) if on]
        return compare(args.baseline, args.calls, args.rounds, options)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("OPENAI_API_KEY", "bench-key-not-real")
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SERVER,
            str(REPO),
            "0" if args.http10 else "1",
            "ollama" if args.ollama else "openai",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        if args.ollama:
            os.environ["OLLAMA_API_BASE"] = url  # where litellm asks about the model (/api/show)
        t0 = time.process_time()
        from memscribe.model.llm import LiteLLMModel
        from memscribe.schemas.candidates import Detection
        from memscribe.schemas.requests import DetectRequest

        import_cpu = time.process_time() - t0
        model = LiteLLMModel("ollama_chat/bench-model" if args.ollama else "openai/bench-model", api_base=url)
        inside = _Timed(model._completion)  # the split: litellm.completion (with the SDK) vs the rest
        model._completion = inside
        window = "\n".join(f"[{i}] user: I use Neovim and I like it a lot, line {i}" for i in range(40))
        messages = [
            {"role": "system", "content": "TASK: detect\n" + "x " * 1500},
            {"role": "user", "content": window},
        ]
        request = DetectRequest(turns=(), window=1, windows=1)
        if args.ab:
            call = functools.partial(
                model.generate, task="detect", messages=messages, response_model=Detection, request=request
            )
            for _ in range(5):  # warm-up: lazy imports inside litellm / the SDK
                call()
            _ab(call, args.ab.split(","), args.blocks, args.calls)
            return 0
        for _ in range(5):  # warm-up: lazy imports inside litellm / the SDK
            model.generate(task="detect", messages=messages, response_model=Detection, request=request)
        inside.cpu = 0.0
        t1, w1 = time.process_time(), time.perf_counter()
        for _ in range(args.calls):
            model.generate(task="detect", messages=messages, response_model=Detection, request=request)
        cpu = (time.process_time() - t1) / args.calls
        wall = (time.perf_counter() - w1) / args.calls
        in_litellm = inside.cpu / args.calls
    finally:
        server.kill()
    if args.json:
        rest = cpu - in_litellm
        print(json.dumps({"cpu_ms": cpu * 1000, "litellm_ms": in_litellm * 1000, "rest_ms": rest * 1000}))
        return 0
    print(f"{'import litellm+instructor (CPU s)':40} {import_cpu:8.2f}")
    print(f"{'CPU per call (ms)':40} {cpu * 1000:8.2f}")
    print(f"{'  of which in litellm.completion (ms)':40} {in_litellm * 1000:8.2f}")
    print(f"{'  instructor + memscribe (ms)':40} {(cpu - in_litellm) * 1000:8.2f}")
    print(f"{'wall per call (ms, loopback server)':40} {wall * 1000:8.2f}")
    print(f"{'calls':40} {args.calls:8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
