"""``memscribe guard``: the write-side verdict for each paragraph of a text."""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer

from memscribe.cli_common import JsonOpt, echo_json, fail, read_input_text
from memscribe.errors import MemscribeError

_PARAGRAPH = re.compile(r"\S(?:.|\n(?![ \t]*\n))*", re.MULTILINE)


def guard(
    file: Annotated[str, typer.Argument(help="Text file, or - for stdin.")] = "-",
    as_json: JsonOpt = False,
) -> None:
    """Check each paragraph (blank-line separated) as a memory candidate: ok, injection (with the
    rule that fired, or "classifier" and its score) or secret_only. Paragraph text is shown
    redacted. --json rows: index, start and end (character offsets into the input, end
    exclusive), line, verdict, rule, score, text."""
    from memscribe.guard import check
    from memscribe.redaction import is_mostly_secret, redact_text

    try:
        text = read_input_text(file)
    except MemscribeError as exc:
        fail(exc)
    rows: list[dict[str, Any]] = []
    for i, m in enumerate(_PARAGRAPH.finditer(text)):
        para = m.group(0).rstrip()
        found = check(para)
        verdict = "injection" if found.rule else "secret_only" if is_mostly_secret(para) else "ok"
        rows.append(
            {
                "index": i,
                "start": m.start(),
                "end": m.start() + len(para),
                "line": text.count("\n", 0, m.start()) + 1,
                "verdict": verdict,
                "rule": found.rule,
                "score": found.score,
                "text": redact_text(para)[0],
            }
        )
    counts = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("ok", "injection", "secret_only")}
    if as_json:
        echo_json({"paragraphs": rows, "counts": counts})
        return
    for r in rows:
        preview = " ".join(r["text"].split())
        preview = preview if len(preview) <= 70 else preview[:69] + "…"
        rule = (
            f" ({r['rule']} {r['score']:.2f})"
            if r["rule"] == "classifier"
            else f" ({r['rule']})"
            if r["rule"]
            else ""
        )
        typer.echo(f"{r['index'] + 1:>3}  line {r['line']:<5} {r['verdict']}{rule}  {preview}")
    typer.echo(", ".join(f"{k}: {v}" for k, v in counts.items()))


def register(app: typer.Typer) -> None:
    app.command()(guard)
