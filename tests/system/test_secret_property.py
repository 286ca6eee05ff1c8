"""Property: a planted secret never leaves a full ``memscribe extract`` run.

Any secret from the detector catalogue, planted in any turn role of a transcript in any of the
five input formats (in prose, in a statement the extractor turns into a memory, or inside a
fenced code block that spans lines), must not appear in any file under the memory root, in
the plan (``--json``, ``--dry-run``), on stdout/stderr, in log records, or in an exception.
Config-file and code shapes (``tests/support/secret_shapes.py``: YAML, JSON, TOML, INI,
``.env``, Java properties, XML, Terraform, shell flags, curl headers, connection strings, string
literals in several languages) are each planted once more, in every format and role in turn.
Runs the CLI in-process (typer's CliRunner) with the embedded default model: no network.
Fixed seed (``derandomize``) and a bounded number of examples, so it is CI-stable.
"""

from __future__ import annotations

import json
import logging
import string
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.redaction.values import typed_sample
from memscribe.stages.redact import is_placeholder
from tests.support.secret_shapes import SHAPES
from tests.support.secret_shapes import value as shape_value
from tests.unit.test_redact_props import SECRETS

ALNUM = string.ascii_letters + string.digits


def _password() -> st.SearchStrategy[str]:
    return st.tuples(
        st.text(ALNUM, min_size=8, max_size=14), st.sampled_from("!#%^*-"), st.integers(10, 99)
    ).map(lambda t: f"{t[0]}{t[1]}{t[2]}")


# secrets that need a context to be recognisable: (snippet template, value strategy)
CONTEXT_SECRETS: dict[str, tuple[str, st.SearchStrategy[str]]] = {
    "env_password": ("export DB_PASSWORD={v}", _password()),
    "db_url": ("DATABASE_URL=postgres://app:{v}@db.internal:5432/orders", _password()),
    "json_api_key": ('{{"api_key": "{v}"}}', st.text(ALNUM, min_size=32, max_size=40)),
    "bearer": ("curl -H 'Authorization: Bearer {v}' https://api.example.test", st.text(ALNUM, min_size=30, max_size=48)),
}  # fmt: skip

#: Where the secret sits in its turn ("{}"): prose, a statement the embedded extractor turns
#: into a memory, or a fenced code block spanning lines.
PLACEMENTS = {
    "prose": "Quick note: {} — please wire it in.",
    "memory": "Remember that I always deploy with Fly.io and I prefer TypeScript; the key is {}",
    "code": "Here is my config:\n```bash\n# staging\n{}\nmake deploy\n```\nI prefer pnpm over npm.",
}
ROLES = ("user", "assistant", "tool")
FORMATS = ("openclaw", "claude-code", "codex", "openai", "text")
MODES = ((), ("--json",), ("--dry-run",), ("--dry-run", "--json"))


@st.composite
def planted(draw: st.DrawFn) -> tuple[str, str, str, str]:
    """(secret value, turn text holding it, role, format)."""
    kind = draw(st.sampled_from(sorted(SECRETS) + sorted(CONTEXT_SECRETS)))
    if kind in SECRETS:
        value = draw(SECRETS[kind])
        snippet = value
    else:
        template, strategy = CONTEXT_SECRETS[kind]
        value = draw(strategy)
        snippet = template.format(v=value)
    # typed-in samples (counting runs, mixed-case hex) are the value decision's to keep
    assume(not is_placeholder(value) and not typed_sample(value) and len(value) >= 8)
    text = PLACEMENTS[draw(st.sampled_from(sorted(PLACEMENTS)))].format(snippet)
    return value, text, draw(st.sampled_from(ROLES)), draw(st.sampled_from(FORMATS))


def _turns(text: str, role: str) -> list[tuple[str, str]]:
    opening = "I prefer TypeScript for backend work and my timezone is CET."
    return [
        ("user", opening),
        ("assistant", "Noted. Let me look at the project."),
        (role, text),
        ("assistant", "Thanks, I will keep that in mind."),
        ("user", "Also, always run tests with pnpm, not npm."),
    ]


def write_transcript(path: Path, fmt: str, turns: list[tuple[str, str]]) -> None:
    lines: list[str] = []
    if fmt == "text":
        for role, text in turns:
            lines.append(f"{'User' if role == 'user' else 'Assistant'}: {text}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return
    if fmt == "openai":
        msgs: list[dict[str, object]] = []
        for i, (role, text) in enumerate(turns):
            if role == "tool":
                call = {"id": f"c{i}", "type": "function", "function": {"name": "shell", "arguments": "{}"}}
                msgs.append({"role": "assistant", "content": "", "tool_calls": [call]})
                msgs.append({"role": "tool", "tool_call_id": f"c{i}", "content": text})
            else:
                msgs.append({"role": role, "content": text})
        path.write_text(json.dumps(msgs), encoding="utf-8")
        return
    ts = "2026-11-05T18:00:{:02d}.000Z"
    records: list[dict[str, object]] = []
    if fmt == "openclaw":
        records.append({"type": "session", "version": 3, "id": "s-1", "timestamp": ts.format(0), "cwd": "/w"})
        parent = None
        for i, (role, text) in enumerate(turns):
            msg: dict[str, object]
            if role == "tool":
                call = {"type": "toolCall", "id": f"c{i}", "name": "exec", "arguments": {"cmd": "cat .env"}}
                records.append(_oc(f"a{i}", parent, ts.format(i), {"role": "assistant", "content": [call]}))
                parent = f"a{i}"
                msg = {"role": "toolResult", "toolCallId": f"c{i}", "toolName": "exec", "content": [{"type": "text", "text": text}]}  # fmt: skip
            else:
                msg = {"role": role, "content": [{"type": "text", "text": text}]}
            records.append(_oc(f"m{i}", parent, ts.format(i), msg))
            parent = f"m{i}"
    elif fmt == "claude-code":
        parent = None
        for i, (role, text) in enumerate(turns):
            base = {"uuid": f"u{i}", "parentUuid": parent, "sessionId": "s-1", "timestamp": ts.format(i)}
            if role == "tool":
                use = {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": "cat .env"}}
                records.append({**base, "uuid": f"q{i}", "type": "assistant", "message": {"role": "assistant", "content": [use]}})  # fmt: skip
                res = {"type": "tool_result", "tool_use_id": f"t{i}", "content": text, "is_error": False}
                records.append({**base, "parentUuid": f"q{i}", "type": "user", "message": {"role": "user", "content": [res]}})  # fmt: skip
            else:
                records.append({**base, "type": role, "message": {"role": role, "content": text}})
            parent = f"u{i}"
    else:  # codex
        records.append(
            {"timestamp": ts.format(0), "type": "session_meta", "payload": {"id": "s-1", "cwd": "/w"}}
        )
        for i, (role, text) in enumerate(turns):
            if role == "tool":
                call = {"type": "function_call", "call_id": f"c{i}", "name": "shell", "arguments": "{}"}
                out = {"type": "function_call_output", "call_id": f"c{i}", "output": text}
                records += [
                    {"timestamp": ts.format(i), "type": "response_item", "payload": call},
                    {"timestamp": ts.format(i), "type": "response_item", "payload": out},
                ]
            else:
                kind = "input_text" if role == "user" else "output_text"
                payload = {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}
                records.append({"timestamp": ts.format(i), "type": "response_item", "payload": payload})
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def _oc(id_: str, parent: str | None, ts: str, message: dict[str, object]) -> dict[str, object]:
    return {"type": "message", "id": id_, "parentId": parent, "timestamp": ts, "message": message}


def _forms(secret: str) -> set[str]:
    """The secret as written verbatim and JSON-escaped (a multi-line PEM inside JSON)."""
    return {secret, json.dumps(secret)[1:-1]}


def _contains(haystack: str, secret: str) -> bool:
    return any(form in haystack for form in _forms(secret))


def _leaks(secret: str, root: Path) -> list[str]:
    found = []
    for p in root.rglob("*"):
        if p.is_file() and _contains(p.read_bytes().decode("utf-8", "replace"), secret):
            found.append(str(p.relative_to(root)))
    return found


@pytest.mark.parametrize("fmt", FORMATS)
def test_writer_shapes_are_read(fmt: str, tmp_path: Path) -> None:
    """The transcript writer produces each format with the planted turn in the intended role."""
    from memscribe.transcript import read_transcript

    path = tmp_path / ("t.txt" if fmt == "text" else "t.json" if fmt == "openai" else "t.jsonl")
    write_transcript(path, fmt, _turns("PLANTED here", "tool"))
    transcript = read_transcript(path)
    assert transcript.format == fmt
    holder = [t for t in transcript.turns if "PLANTED" in t.text]
    assert len(holder) == 1
    assert holder[0].role == ("assistant" if fmt == "text" else "tool")


@settings(
    derandomize=True,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(case=planted(), mode=st.sampled_from(MODES))
def test_planted_secret_never_leaves_extract(
    case: tuple[str, str, str, str], mode: tuple[str, ...], caplog: pytest.LogCaptureFixture
) -> None:
    secret, text, role, fmt = case
    caplog.clear()
    with tempfile.TemporaryDirectory() as tmp, caplog.at_level(logging.DEBUG):
        src = Path(tmp) / "in"
        src.mkdir()
        path = src / ("t.txt" if fmt == "text" else "t.json" if fmt == "openai" else "t.jsonl")
        write_transcript(path, fmt, _turns(text, role))
        assert _contains(path.read_text(encoding="utf-8"), secret)  # planted for real
        root = Path(tmp) / "memory"
        root.mkdir()
        result = CliRunner().invoke(app, ["extract", str(path), "--memory-dir", str(root), *mode])
        assert result.exit_code == 0, (result.output, result.exception)
        assert not _contains(result.stdout, secret)
        assert not _contains(result.stderr, secret)
        assert result.exception is None or not _contains(repr(result.exception), secret)
        assert _leaks(secret, root) == []
        assert not _contains(caplog.text, secret)
        if "--json" in mode:
            plan = json.loads(result.stdout)
            assert not _contains(json.dumps(plan), secret)
            assert plan["redactions"], "the planted secret was reported as redacted"


@pytest.mark.parametrize(("index", "shape"), list(enumerate(SHAPES)), ids=[s[0] for s in SHAPES])
def test_config_shape_secret_never_leaves_extract(
    index: int, shape: tuple[str, str, str], tmp_path: Path
) -> None:
    import random

    name, template, kind = shape
    secret = shape_value(kind, random.Random(f"{name}-{index}"))
    text = PLACEMENTS[sorted(PLACEMENTS)[index % len(PLACEMENTS)]].format(template.format(v=secret))
    fmt, role = FORMATS[index % len(FORMATS)], ROLES[index % len(ROLES)]
    src = tmp_path / ("t.txt" if fmt == "text" else "t.json" if fmt == "openai" else "t.jsonl")
    write_transcript(src, fmt, _turns(text, role))
    assert _contains(src.read_text(encoding="utf-8"), secret)
    root = tmp_path / "memory"
    root.mkdir()
    mode = MODES[index % len(MODES)]
    result = CliRunner().invoke(app, ["extract", str(src), "--memory-dir", str(root), *mode])
    assert result.exit_code == 0, (result.output, result.exception)
    assert not _contains(result.stdout, secret)
    assert not _contains(result.stderr, secret)
    assert _leaks(secret, root) == []
