"""The strong-model stand-in's workbench: which prompts wait for an answer, and are the answers valid.

The LLM path is measured offline by replaying answers that a strong language model gave to the
exact prompts memscribe sent (see ``memscribe.evaluation.standin``). The loop:

1. record: ``memscribe eval authored-val --paths standin`` (and any other set) saves every prompt
   with no answer under ``fixtures/standin/requests/``;
2. ``python bench/standin.py pending`` renders each waiting prompt as a readable file under
   ``fixtures/standin/pending/`` (system text, transcript window, and the answer format: the JSON
   schema, or for detect the shape its system text states);
3. the stand-in (a strong model given only that file: never labels, never expectations) writes its
   answer as JSON to ``fixtures/standin/answers/<key>.json``;
4. ``python bench/standin.py check`` validates the answers; the next eval run replays them (a run
   may surface follow-up prompts, e.g. dedup decisions once detect answers exist: repeat).

``python bench/standin.py status`` prints how many prompts are answered, waiting and orphaned.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT = REPO / "fixtures" / "standin"


def _requests(folder: Path) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for path in sorted((folder / "requests").glob("*.json")):
        out[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    return out


def _answered(folder: Path) -> set[str]:
    return {p.stem for p in (folder / "answers").glob("*.json")}


def render(request: dict[str, object]) -> str:
    """One waiting prompt as the stand-in reads it."""
    lines = [f"# prompt {request['key']}", ""]
    messages = request.get("messages") or []
    assert isinstance(messages, list)
    for message in messages:
        lines += [f"## {message.get('role')}", "", str(message.get("content") or ""), ""]
    schema = request.get("response_schema")
    if schema == {"type": "json_object"}:  # the prompt states the shape itself (detect)
        lines += [
            "## answer format",
            "",
            "Answer with ONE JSON object (no prose, no code fence) in the shape the system text gives.",
            "",
        ]
    elif schema:
        lines += [
            "## answer format",
            "",
            "Answer with ONE JSON object (no prose, no code fence) that validates against this schema:",
            "",
            json.dumps(schema, ensure_ascii=False),
            "",
        ]
    return "\n".join(lines)


def cmd_pending(folder: Path) -> int:
    requests = _requests(folder)
    waiting = sorted(set(requests) - _answered(folder))
    out = folder / "pending"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.md"):
        if old.stem not in waiting:
            old.unlink()
    for key in waiting:
        (out / f"{key}.md").write_text(render(requests[key]), encoding="utf-8")
    print(f"{len(waiting)} prompt(s) waiting: {out}")
    return 0


def cmd_check(folder: Path) -> int:
    bad = 0
    for path in sorted((folder / "answers").glob("*.json")):
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            print(f"{path.name}: not JSON: {exc}")
            bad += 1
            continue
        if not isinstance(value, dict):
            print(f"{path.name}: not a JSON object")
            bad += 1
    print(f"{len(list((folder / 'answers').glob('*.json')))} answer(s), {bad} invalid")
    return 1 if bad else 0


def cmd_status(folder: Path) -> int:
    requests, answered = set(_requests(folder)), _answered(folder)
    print(f"answered {len(answered)}  waiting {len(requests - answered)}  (requests {len(requests)})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=["pending", "check", "status"])
    parser.add_argument(
        "--dir", type=Path, default=DEFAULT, help="stand-in folder (default fixtures/standin)"
    )
    args = parser.parse_args(argv)
    return {"pending": cmd_pending, "check": cmd_check, "status": cmd_status}[args.command](args.dir)


if __name__ == "__main__":
    sys.exit(main())
