"""``memscribe redact``: print a text with its secrets masked (``[REDACTED:<type>]``)."""

from __future__ import annotations

from typing import Annotated

import typer

from memscribe.cli_common import JsonOpt, echo_json, fail, read_input_text
from memscribe.errors import MemscribeError

RedactContact = Annotated[
    bool,
    typer.Option(
        "--redact-contact", help="Also mask emails and phone numbers (kept by default; PII such as "
        "payment cards, IBANs and national ids is always masked).",
    ),
]  # fmt: skip


def redact(
    file: Annotated[str, typer.Argument(help="Text file, or - for stdin.")] = "-",
    as_json: JsonOpt = False,
    redact_contact: RedactContact = False,
) -> None:
    """Mask secrets and PII in a text. --json: {"text", "findings": [{"type", "start", "end", "line"}]},
    spans (character offsets, end exclusive) and 1-based lines into the input; never the values."""
    from memscribe.redaction import redact_text

    try:
        text = read_input_text(file)
    except MemscribeError as exc:
        fail(exc)
    out, findings = redact_text(text, redact_contact=redact_contact)
    if not as_json:
        typer.echo(out, nl=False)
        return
    echo_json(
        {
            "text": out,
            "findings": [
                {"type": f.type, "start": f.start, "end": f.end, "line": text.count("\n", 0, f.start) + 1}
                for f in findings
            ],
        }
    )


def register(app: typer.Typer) -> None:
    app.command()(redact)
