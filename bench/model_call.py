"""CPU per model call on the litellm path (memscribe + litellm + instructor + the SDK), and the
one-time cost of importing them.

The scripted OpenAI-compatible server of the test suite runs in a *separate process*, so the CPU
measured here (``time.process_time``: this process, all its threads) is the client's alone. Each
call is a real ``litellm.completion`` over loopback HTTP with a detect-sized prompt and a JSON
answer, validated by instructor into a ``Detection``. The CPU inside ``litellm.completion`` (which
includes the provider SDK and HTTP) is printed apart from the rest (instructor and memscribe).

    python bench/model_call.py [--calls 200]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SERVER = """
import json, sys, time
sys.path.insert(0, {repo!r})
from tests.support.llm_server import serve
reply = json.dumps({{"profiles": [{{"slug": "editor", "ttl": "infinity", "body": "User uses Neovim.",
                                   "evidence_turns": [0]}}], "playbooks": []}})
with serve(responder=lambda messages: reply) as url:
    print(url, flush=True)
    sys.stdin.read()
"""


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("OPENAI_API_KEY", "bench-key-not-real")
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER.format(repo=str(REPO))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        t0 = time.process_time()
        from memscribe.model.llm import LiteLLMModel
        from memscribe.schemas.candidates import Detection
        from memscribe.schemas.requests import DetectRequest

        import_cpu = time.process_time() - t0
        model = LiteLLMModel("openai/bench-model", api_base=url)
        inside = _Timed(model._completion)  # the split: litellm.completion (with the SDK) vs the rest
        model._completion = inside
        window = "\n".join(f"[{i}] user: I use Neovim and I like it a lot, line {i}" for i in range(40))
        messages = [
            {"role": "system", "content": "TASK: detect\n" + "x " * 1500},
            {"role": "user", "content": window},
        ]
        request = DetectRequest(turns=(), window=1, windows=1)
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
    print(f"{'import litellm+instructor (CPU s)':40} {import_cpu:8.2f}")
    print(f"{'CPU per call (ms)':40} {cpu * 1000:8.2f}")
    print(f"{'  of which in litellm.completion (ms)':40} {in_litellm * 1000:8.2f}")
    print(f"{'  instructor + memscribe (ms)':40} {(cpu - in_litellm) * 1000:8.2f}")
    print(f"{'wall per call (ms, loopback server)':40} {wall * 1000:8.2f}")
    print(f"{'calls':40} {args.calls:8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
