"""``memscribe apply`` checks each write's evidence against the transcript the plan names, as
``extract`` does (stop 45, HQ3 item 7): a write whose cited turns do not exist, are not the user
speaking, or do not support it is refused and reported; the rest of the plan is applied. Before,
apply wrote whatever the plan's writes said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.store.root import MemoryRoot

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts"
FACTS = FIXTURES / "openclaw_profile_facts.jsonl"
CORRECTION = FIXTURES / "claude_code_confirmed_correction.jsonl"
runner = CliRunner()


def _plan(tmp_path: Path, transcript: Path) -> dict[str, Any]:
    planned = runner.invoke(
        app, ["extract", str(transcript), "--memory-dir", str(tmp_path / "x"), "--plan-only"]
    )
    assert planned.exit_code == 0, planned.output
    plan: dict[str, Any] = json.loads(planned.stdout)
    return plan


def _apply(tmp_path: Path, plan: dict[str, Any], *extra: str) -> Any:
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    return runner.invoke(
        app, ["apply", str(plan_file), "--memory-dir", str(tmp_path / "m"), "--json", *extra]
    )


def _stored(tmp_path: Path) -> set[str]:
    return {e.id for e in MemoryRoot(tmp_path / "m").entries()}


def test_a_write_citing_a_turn_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    plan = _plan(tmp_path, FACTS)
    ops = plan["operations"]
    ops[0]["evidence"] = [99]
    result = _apply(tmp_path, plan)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    [refused] = data["refused"]
    assert refused["id"] == ops[0]["id"] and refused["reason"] == "ungrounded"
    assert _stored(tmp_path) == {op["id"] for op in ops[1:]}


def test_a_write_the_cited_turn_does_not_support_is_refused(tmp_path: Path) -> None:
    plan = _plan(tmp_path, FACTS)
    op = plan["operations"][0]
    made_up = "User is a pilot at Contoso Airways."
    op["text"] = op["text"].replace(op["body"], made_up)
    op["body"] = made_up
    result = _apply(tmp_path, plan)
    assert result.exit_code == 0, result.output
    assert [(r["id"], r["reason"]) for r in json.loads(result.stdout)["refused"]] == [
        (op["id"], "ungrounded")
    ]
    assert op["id"] not in _stored(tmp_path)
    assert "Contoso" not in " ".join(p.read_text() for p in (tmp_path / "m").rglob("*.md"))


def test_a_playbook_citing_the_assistant_as_the_correction_is_refused(tmp_path: Path) -> None:
    plan = _plan(tmp_path, CORRECTION)
    [playbook] = [op for op in plan["operations"] if op["kind"] == "playbook"]
    playbook["evidence"] = [playbook["evidence"][1], playbook["evidence"][1] + 1, playbook["evidence"][2]]
    result = _apply(tmp_path, plan)
    assert result.exit_code == 0, result.output
    refused = json.loads(result.stdout)["refused"]
    assert [r["id"] for r in refused] == [playbook["id"]]
    assert refused[0]["reason"] in ("not_user_evidence", "ungrounded")
    assert playbook["id"] not in _stored(tmp_path)


def test_a_plan_as_extract_made_it_is_applied_whole(tmp_path: Path) -> None:
    for transcript in (FACTS, CORRECTION):
        plan = _plan(tmp_path, transcript)
        result = _apply(tmp_path, plan)
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout).get("refused", []) == []
        assert {op["id"] for op in plan["operations"]} <= _stored(tmp_path)


def test_a_transcript_that_cannot_be_read_refuses_the_writes_until_named(tmp_path: Path) -> None:
    plan = _plan(tmp_path, FACTS)
    plan["transcript"] = str(tmp_path / "gone.jsonl")
    result = _apply(tmp_path, plan)
    assert result.exit_code == 0, result.output
    refused = json.loads(result.stdout)["refused"]
    assert len(refused) == 3 and all("--transcript" in r["detail"] for r in refused)
    assert _stored(tmp_path) == set()
    again = _apply(tmp_path, plan, "--transcript", str(FACTS))
    assert again.exit_code == 0, again.output
    assert _stored(tmp_path) == {op["id"] for op in plan["operations"]}


def test_refusals_are_said_to_a_person(tmp_path: Path) -> None:
    plan = _plan(tmp_path, FACTS)
    plan["operations"][0]["evidence"] = [99]
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(plan), encoding="utf-8")
    result = runner.invoke(app, ["apply", str(plan_file), "--memory-dir", str(tmp_path / "m")])
    assert result.exit_code == 0, result.output
    assert f"refused {plan['operations'][0]['id']} (ungrounded)" in result.stdout
