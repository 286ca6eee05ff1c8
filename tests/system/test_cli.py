"""The command line: dry-run, JSON, stdin, exit codes and one-line errors that write nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from tests.support.e2e_support import SECRET_RE, TRANSCRIPTS

runner = CliRunner()
DEMO = str(TRANSCRIPTS / "claude_code_confirmed_correction.jsonl")


def files_under(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


def test_extract_writes_memory_files(tmp_path: Path) -> None:
    result = runner.invoke(app, ["extract", DEMO, "--memory-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    playbooks = list((tmp_path / ".reflexio" / "playbooks").glob("*.md"))
    assert len(playbooks) == 1
    assert "Co-Authored-By" in playbooks[0].read_text()


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["extract", DEMO, "--memory-dir", str(tmp_path), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "dry run" in result.output and "write" in result.output
    assert files_under(tmp_path) == []


def test_json_plan_has_the_documented_fields(tmp_path: Path) -> None:
    result = runner.invoke(app, ["extract", DEMO, "--memory-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["applied"] is True
    assert {"operations", "skipped", "redactions", "usage"} <= plan.keys()
    write = next(op for op in plan["operations"] if op["kind"] == "playbook")
    assert write["op"] == "write" and write["id"].startswith("pbk_") and write["evidence"] == [4, 5, 7]
    assert (tmp_path / write["path"]).read_text() == write["text"]
    assert plan["usage"] == {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None}


def test_stdin_for_a_sub_agent(tmp_path: Path) -> None:
    data = Path(DEMO).read_text()
    result = runner.invoke(
        app, ["extract", "-", "--json", "--dry-run", "--memory-dir", str(tmp_path)], input=data
    )
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["transcript"] == "-" and plan["applied"] is False
    assert any(op["kind"] == "playbook" for op in plan["operations"])


def test_rerun_writes_no_duplicate(tmp_path: Path) -> None:
    assert runner.invoke(app, ["extract", DEMO, "--memory-dir", str(tmp_path)]).exit_code == 0
    before = sorted(p.name for p in files_under(tmp_path / ".reflexio" / "playbooks"))
    result = runner.invoke(app, ["extract", DEMO, "--memory-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["operations"] == []
    assert sorted(p.name for p in files_under(tmp_path / ".reflexio" / "playbooks")) == before


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b'{"type":"session","version":3,"id":"x"}\n{"type":"message","id":"a1"', ":2: malformed json"),
        (b"", "empty"),
        (b"\x00\x01\x02binary\xff\xfe", "binary"),
        (b"<html><body>hello</body></html>\n", "unknown"),
    ],
    ids=["truncated-jsonl", "empty", "binary", "unknown-format"],
)
def test_bad_input_is_one_line_with_location_and_writes_nothing(
    tmp_path: Path, content: bytes, needle: str
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    mem = tmp_path / "mem"
    result = runner.invoke(app, ["extract", str(bad), "--memory-dir", str(mem), "--strict"])
    assert result.exit_code == 3
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and needle in lines[0].lower()
    assert "Traceback" not in result.output
    assert files_under(mem) == []


def test_skip_bad_lines_continues_and_reports(tmp_path: Path) -> None:
    good = (TRANSCRIPTS / "claude_code_confirmed_correction.jsonl").read_text().splitlines()
    good.insert(3, '{"type": "user", "message": {broken')
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(good) + "\n")
    result = runner.invoke(
        app, ["extract", str(path), "--memory-dir", str(tmp_path / "m"), "--json", "--skip-bad-lines"]
    )
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert len(plan["bad_lines"]) == 1 and ":4:" in plan["bad_lines"][0]


def test_bad_records_are_skipped_and_counted_by_default(tmp_path: Path) -> None:
    """Issue 15: a misspelt field, a NUL, a lone surrogate and a truncated last line are counted, not fatal."""
    good = (TRANSCRIPTS / "claude_code_confirmed_correction.jsonl").read_text().splitlines()
    bad = [
        '{"type": "user", "message": {"role": "user", "contnet": "misspelt"}}',
        '{"type": "user", "message": {"role": "user", "content": "a\\u0000b"}}',
        '{"type": "user", "message": {"role": "user", "content": "a\\ud800b"}}',
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(good[:2] + bad + good[2:]) + "\n" + good[-1][:25])
    result = runner.invoke(app, ["extract", str(path), "--memory-dir", str(tmp_path / "m"), "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["bad_lines"]) == 4
    strict = runner.invoke(app, ["extract", str(path), "--memory-dir", str(tmp_path / "m"), "--strict"])
    assert strict.exit_code == 3 and ":3:" in strict.stderr and len(strict.stderr.strip().splitlines()) == 1


def test_missing_file_and_bad_format_option(tmp_path: Path) -> None:
    result = runner.invoke(app, ["extract", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 3 and "nope.jsonl" in result.stderr
    result = runner.invoke(app, ["extract", DEMO, "--format", "yaml"])
    assert result.exit_code == 2 and "--format" in result.stderr


def test_pasted_secrets_never_reach_output_or_files(tmp_path: Path) -> None:
    path = str(TRANSCRIPTS / "openai_pasted_secrets.json")
    for args in (["--json"], [], ["--dry-run"]):
        result = runner.invoke(app, ["extract", path, "--memory-dir", str(tmp_path), *args])
        assert result.exit_code == 0, result.output
        assert not SECRET_RE.search(result.output)
    for p in files_under(tmp_path):  # the SQLite index under .reflexio/.index/ is binary
        assert not SECRET_RE.search(p.read_bytes().decode("utf-8", "replace"))


def test_unreachable_model_is_reported_not_written(tmp_path: Path) -> None:
    """A real model string against a closed port: the window is skipped and reported, exit 4."""
    result = runner.invoke(
        app,
        [
            "extract",
            DEMO,
            "--memory-dir",
            str(tmp_path),
            "--json",
            "--model",
            "openai/nothing-here",
            "--api-base",
            "http://127.0.0.1:9/v1",
            "--timeout",
            "2",
        ],
        env={"OPENAI_API_KEY": "test-key-not-real"},
    )
    assert result.exit_code == 4, result.output
    plan = json.loads(result.stdout)
    assert plan["operations"] == [] and [s["reason"] for s in plan["skipped"]] == ["model_error"]
    errors = [line for line in result.stderr.strip().splitlines() if not line.startswith("memscribe: note:")]
    assert "model_error" in result.stderr and len(errors) == 1
    assert files_under(tmp_path) == []


def test_model_configuration_errors_fail_fast(tmp_path: Path) -> None:
    """What no retry can fix is a usage error before anything runs: unknown provider, no key."""
    unknown = runner.invoke(
        app, ["extract", DEMO, "--memory-dir", str(tmp_path), "--model", "nonexistent/foo"]
    )
    assert unknown.exit_code == 2 and "unknown model 'nonexistent/foo'" in unknown.stderr
    no_key = runner.invoke(
        app,
        ["extract", DEMO, "--memory-dir", str(tmp_path), "--model", "anthropic/claude-sonnet-4-5"],
        env={"ANTHROPIC_API_KEY": None},
    )
    assert no_key.exit_code == 2 and "ANTHROPIC_API_KEY" in no_key.stderr
    assert files_under(tmp_path) == []


def test_help_is_fast_and_does_not_import_litellm() -> None:
    heavy = ["litellm", "instructor", "mcp", "memscribe.index.db", "memscribe.stages.dedup", "memscribe.run"]
    code = (
        "import sys; from memscribe.cli import app; "
        f"loaded = [m for m in {heavy!r} if m in sys.modules]; assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    out = subprocess.run(
        [sys.executable, "-m", "memscribe.cli", "--help"], capture_output=True, text=True, check=True
    )
    assert "extract" in out.stdout and "embedded default" in out.stdout
