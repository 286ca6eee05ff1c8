"""Detect prompt size: tokens per detect call and the share of fixed text, on an eval set.

Every unit of the set runs through the real pipeline (extract + apply) with a completion that
records each detect request and answers it with empty lists, so the prompts are exactly those the
LLM path sends (system prompt, transcript window, stored topics, JSON schema). Tokens are counted
as characters / 4 (the stand-in's estimate; no tokenizer is assumed). Fixed text is what every
call repeats whatever the transcript: the system prompt, the response format (counted as sent:
compact JSON, as in the recorded request bodies under ``fixtures/cassettes``; in the default mode
the detect prompt states its own shape and no schema is sent), and the user message's own words
(the lines before the turns less the stored slugs they list: headers, group and window notes).

    .venv/bin/python bench/detect_prompt.py [--data fixtures/eval/authored/val]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CHARS_PER_TOKEN = 4
_TASK = re.compile(r"^TASK:\s*(\w+)", re.MULTILINE)
_FIRST_TURN = re.compile(r"^\[\d+\] ", re.MULTILINE)
_TOPIC_LINE = re.compile(r"^\w+s: (.*)$", re.MULTILINE)


def _user_fixed(user: str) -> int:
    """Characters of the user message that are not data: the lines before the first turn, less
    the stored slugs listed there."""
    first = _FIRST_TURN.search(user)
    header = user[: first.start()] if first else user
    return len(header) - sum(len(m.group(1)) for m in _TOPIC_LINE.finditer(header))


def _as_sent(value: Any) -> str:
    """JSON as the OpenAI client's HTTP layer serialises a request body: compact separators."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Recorder:
    """A ``litellm.completion`` stand-in: records detect prompts, answers every call with nothing."""

    def __init__(self) -> None:
        self.calls: list[dict[str, int]] = []

    def __call__(self, **kwargs: Any) -> Any:
        import litellm

        messages: list[dict[str, Any]] = list(kwargs.get("messages") or [])
        system = str(messages[0].get("content") or "") if messages else ""
        task = _TASK.search(system)
        schema = kwargs.get("response_format") or kwargs.get("tools")
        if task and task.group(1) == "detect":
            user = "".join(str(m.get("content") or "") for m in messages[1:])
            fixed_user = _user_fixed(user)
            self.calls.append(
                {
                    "system": len(system) + fixed_user,
                    "user": len(user) - fixed_user,
                    "schema": len(_as_sent(schema)) if schema is not None else 0,
                }
            )
        content = json.dumps({"profiles": [], "playbooks": []})
        return litellm.ModelResponse(
            model="recorder",
            choices=[
                {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
            ],
            usage={"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=REPO / "fixtures" / "eval" / "authored" / "val")
    args = parser.parse_args(argv)

    from memscribe.evaluation.datasets import load
    from memscribe.evaluation.runner import run_unit
    from memscribe.model.llm import LiteLLMModel

    recorder = Recorder()

    def make() -> Any:
        return LiteLLMModel(
            "openai/recorder", completion=recorder, mode="json_schema", backoff_initial_s=0.0, max_reasks=1
        )

    units = load("agent", args.data)
    for unit in units:
        run_unit(unit, make)
    calls = recorder.calls
    if not calls:
        print("no detect calls")
        return 1
    n = len(calls)
    system = sum(c["system"] for c in calls) / n / CHARS_PER_TOKEN
    user = sum(c["user"] for c in calls) / n / CHARS_PER_TOKEN
    schema = sum(c["schema"] for c in calls) / n / CHARS_PER_TOKEN
    total = system + user + schema
    print(f"set: {args.data}  units: {len(units)}  detect calls: {n}")
    print(f"{'part':<30}{'tokens/call':>12}")
    rows = (
        ("system + user-message words", system),
        ("response format", schema),
        ("data (turns, slugs)", user),
    )
    for name, value in rows:
        print(f"{name:<30}{value:>12.0f}")
    print(f"{'total':<30}{total:>12.0f}")
    print(f"fixed share (words + format)/total: {(system + schema) / total:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
