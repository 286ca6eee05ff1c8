"""``memscribe import`` of a JSONL file with a bad line (stop 45, HQ3 item 2): the bad line is
named by its line in the file, skipped and reported (count and line numbers on stderr,
``bad_lines`` under ``--json``, exit 0 as ``extract`` does for a malformed record), the good
records are imported; ``--strict`` fails on it naming that line; a file with no good record
still fails in one line. Before, any bad line refused the whole file as "line 1"."""

from __future__ import annotations

import json
from pathlib import Path

from memscribe.mcp_server import MemoryTools
from memscribe.model.embedded import EmbeddedModel
from tests.support.integration_support import invoke, memory_files

GOOD = [
    {"kind": "profile", "slug": "editor", "ttl": "one_year", "body": "User prefers Helix as their editor."},
    {"kind": "profile", "slug": "city", "ttl": "one_year", "body": "User lives in Lyon."},
    {"kind": "profile", "slug": "tz", "ttl": "one_year", "body": "User works in the Europe/Paris timezone."},
]
#: a truncated record that quotes a secret: never echoed, never written
BAD = '{"kind": "profile", "body": "my key is AKIAQWERTYUIOPASDFGHJ'


def _export(tmp_path: Path) -> Path:
    lines = [json.dumps(GOOD[0]), "", json.dumps(GOOD[1]), BAD, json.dumps(GOOD[2]), ""]
    path = tmp_path / "memories.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_a_bad_line_is_skipped_named_and_the_rest_imported(tmp_path: Path) -> None:
    path = _export(tmp_path)
    root = tmp_path / "root"
    result = invoke(["import", str(path), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stored"] == 3 and data["items"] == 3
    assert [b.split(": ")[0] for b in data["bad_lines"]] == [f"{path}:4"]
    assert [a["origin"] for a in data["answers"]] == [f"{path}:1", f"{path}:3", f"{path}:5"]
    assert f"{path}:4" in result.stderr and "1 bad line" in result.stderr
    assert len(memory_files(root)) == 3
    written = " ".join(p.read_text() for p in (root / ".reflexio" / "profiles").glob("*.md"))
    assert "AKIA" not in written and "AKIA" not in result.output


def test_a_bad_line_is_reported_to_a_person_too(tmp_path: Path) -> None:
    path = _export(tmp_path)
    result = invoke(["import", str(path), "--memory-dir", str(tmp_path / "root")])
    assert result.exit_code == 0, result.output
    assert "3 items, 3 stored, 1 bad line skipped" in result.stdout
    assert f"skipped bad line {path}:4: bad JSON" in result.stderr


def test_strict_fails_on_the_bad_line_naming_it(tmp_path: Path) -> None:
    path = _export(tmp_path)
    root = tmp_path / "root"
    result = invoke(["import", str(path), "--memory-dir", str(root), "--strict"])
    assert result.exit_code == 3
    assert f"{path}:4:" in result.stderr and "AKIA" not in result.output
    assert not root.exists() or memory_files(root) == []


def test_a_file_with_no_good_record_fails_naming_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text("\n\nthese are notes\nnot records\n", encoding="utf-8")
    result = invoke(["import", str(path), "--memory-dir", str(tmp_path / "root")])
    assert result.exit_code == 3
    assert f"{path}:3:" in result.stderr


def test_a_json_array_error_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "mem0.json"
    path.write_text('[\n  {"memory": "Likes tea"},\n  {"memory": "Likes \n', encoding="utf-8")
    result = invoke(["import", str(path), "--memory-dir", str(tmp_path / "root")])
    assert result.exit_code == 3
    assert f"{path}:3:" in result.stderr


def test_a_line_separator_inside_a_record_is_not_a_line_break(tmp_path: Path) -> None:
    """``export`` writes non-ASCII as is; U+2028 inside a body is a character, not a new line."""
    record = {
        "kind": "profile",
        "slug": "motto",
        "ttl": "one_year",
        "body": "User's motto is carpe\u2028diem.",
    }
    path = tmp_path / "memories.jsonl"
    path.write_text(
        json.dumps(record, ensure_ascii=False) + "\n" + json.dumps(GOOD[1]) + "\n", encoding="utf-8"
    )
    data = json.loads(invoke(["import", str(path), "--memory-dir", str(tmp_path / "root"), "--json"]).stdout)
    assert data["bad_lines"] == [] and data["items"] == 2


def test_a_bad_first_line_does_not_make_the_file_markdown(tmp_path: Path) -> None:
    """Before: a bad first record made the file "markdown", and every JSON line was stored as a
    plain statement (raw JSON in a memory file)."""
    path = tmp_path / "memories.jsonl"
    path.write_text(BAD + "\n" + json.dumps(GOOD[0]) + "\n", encoding="utf-8")
    root = tmp_path / "root"
    data = json.loads(invoke(["import", str(path), "--memory-dir", str(root), "--json"]).stdout)
    assert data["format"] == "jsonl" and data["stored"] == 1
    assert [b.split(": ")[0] for b in data["bad_lines"]] == [f"{path}:1"]
    written = " ".join(p.read_text() for p in (root / ".reflexio" / "profiles").glob("*.md"))
    assert '"kind"' not in written and "Helix" in written


MEM0 = [{"id": "1", "memory": "User likes green tea"}, {"id": "2", "memory": "User lives in Berlin"}]


def test_a_json_document_over_many_lines_is_read_whole(tmp_path: Path) -> None:
    """A mem0 ``{"results": [...]}`` pretty-printed (a record a line, or ``indent=2``) is one JSON
    document: before, it was read a line at a time, one record lost (exit 0) or all refused as
    "bad JSON" (review RV1 F3)."""
    by_line = '{"results": [\n' + ",\n".join(json.dumps(r) for r in MEM0) + "\n]}\n"
    for name, text in (("pretty.json", by_line), ("indent.json", json.dumps({"results": MEM0}, indent=2))):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        root = tmp_path / f"root-{name}"
        result = invoke(["import", str(path), "--memory-dir", str(root), "--json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert (data["format"], data["stored"], data["bad_lines"]) == ("mem0", 2, []), name
        written = " ".join(p.read_text() for p in (root / ".reflexio" / "profiles").glob("*.md"))
        assert "green tea" in written and "Berlin" in written


def test_a_one_line_file_with_no_memory_fails_naming_its_line(tmp_path: Path) -> None:
    """Before: 0 items, exit 0 (the one-line path neither reported nor failed; RV1 F4)."""
    path = tmp_path / "nomem1.jsonl"
    path.write_text('{"id": "x"}\n', encoding="utf-8")
    result = invoke(["import", str(path), "--memory-dir", str(tmp_path / "root")])
    assert result.exit_code == 3
    assert f"{path}:1: no memory in the record" in result.stderr


def test_a_record_of_a_json_document_without_a_memory_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "mem0.json"
    path.write_text(json.dumps([MEM0[0], {"id": "2"}], indent=2), encoding="utf-8")
    result = invoke(["import", str(path), "--memory-dir", str(tmp_path / "root"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["stored"] == 1
    assert [b.split(": ")[0] for b in data["bad_lines"]] == [f"{path} record 2"]
    strict = invoke(["import", str(path), "--memory-dir", str(tmp_path / "strict"), "--strict"])
    assert strict.exit_code == 3 and "record 2: no memory" in strict.stderr


def test_memscribe_s_own_export_as_a_json_array_is_imported(tmp_path: Path) -> None:
    """``memscribe export | jq -s .``: the first record decides the format of an array too (RV3
    F1: every ``[`` file was mem0, and each memscribe record was refused as "no memory")."""
    source = tmp_path / "src.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in GOOD), encoding="utf-8")
    src_root = tmp_path / "src"
    assert invoke(["import", str(source), "--memory-dir", str(src_root)]).exit_code == 0
    exported = invoke(["export", "--memory-dir", str(src_root)])
    assert exported.exit_code == 0, exported.output
    records = [json.loads(line) for line in exported.stdout.splitlines() if line.strip()]
    assert len(records) == 3
    for name, text in (
        ("one-line.json", json.dumps(records)),
        ("indent.json", json.dumps(records, indent=2)),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        root = tmp_path / f"root-{name}"
        result = invoke(["import", str(path), "--memory-dir", str(root), "--json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert (data["format"], data["stored"], data["bad_lines"]) == ("jsonl", 3, []), name
        written = " ".join(p.read_text() for p in (root / ".reflexio" / "profiles").glob("*.md"))
        assert "Helix" in written and "Lyon" in written and "Europe/Paris" in written


def test_a_mem0_array_of_text_records_stays_mem0(tmp_path: Path) -> None:
    path = tmp_path / "mem0.json"
    path.write_text(json.dumps([{"id": "1", "text": "User likes green tea"}], indent=2), encoding="utf-8")
    data = json.loads(invoke(["import", str(path), "--memory-dir", str(tmp_path / "root"), "--json"]).stdout)
    assert (data["format"], data["stored"]) == ("mem0", 1)


#: fake keys, built here so that no scanner takes this file for a leak
GHP = "ghp_" + "iK2ZWeqhFWCEPyYngFb51yBMWXaSCrUZoL8g"
AKIA = "AKIA" + "56ZC4PZ0LX9XF26G"


def _leaks(text: str) -> list[str]:
    low = text.lower()
    return [k for k in (GHP, AKIA, GHP[4:16], AKIA[4:16]) if k.lower() in low]


def test_a_refused_record_is_reported_by_its_place_never_its_secret(tmp_path: Path) -> None:
    """Before: ``- secrets.json record 1: secret_only: User's GitHub token is ghp_…`` on stdout,
    and the raw text in every ``--json`` answer (RV3, noticed)."""
    path = tmp_path / "secrets.json"
    records = [
        {"memory": f"User's GitHub token is {GHP}"},
        {"memory": f"Der Nutzer nutzt den AWS key {AKIA}"},
        {"memory": "User lives in Berlin"},
    ]
    path.write_text(json.dumps({"results": records}, indent=2), encoding="utf-8")
    shown = invoke(["import", str(path), "--memory-dir", str(tmp_path / "a")])
    assert shown.exit_code == 0, shown.output
    assert f"{path} record 1: secret_only" in shown.stdout and f"{path} record 2: secret_only" in shown.stdout
    assert _leaks(shown.output) == []
    result = invoke(["import", str(path), "--memory-dir", str(tmp_path / "b"), "--json"])
    data = json.loads(result.stdout)
    assert [(a["origin"], a["stored"]) for a in data["answers"]] == [
        (f"{path} record 1", False),
        (f"{path} record 2", False),
        (f"{path} record 3", True),
    ]
    assert "[REDACTED" in data["answers"][0]["text"] and _leaks(result.output) == []


def test_a_stored_statement_s_file_name_never_spells_its_secret(tmp_path: Path) -> None:
    """A statement stored with its secret masked got its slug from the raw text before: the key
    in the file name, the index and the journal (``akia56zc…-is-my-aws-key-….md``)."""
    notes = tmp_path / "NOTES.md"
    notes.write_text(
        f"- {AKIA} is my AWS key and I live in Berlin with my wife Anna.\n"
        f"- {GHP} token, and I prefer dark mode in every editor I use.\n",
        encoding="utf-8",
    )
    root = tmp_path / "root"
    result = invoke(["import", str(notes), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["stored"] == 2 and _leaks(result.output) == []
    files = [p for p in root.rglob("*") if p.is_file()]
    assert len(memory_files(root)) == 2
    assert [str(p) for p in files if _leaks(str(p.relative_to(root)))] == []
    assert [str(p) for p in files if _leaks(p.read_bytes().decode("utf-8", "replace"))] == []


def test_a_record_s_own_key_shaped_slug_never_names_a_file(tmp_path: Path) -> None:
    """A record's own slug was used as given (RV6 F1): an export of a store written before names
    were masked carried ``akia56zc…`` into the new store's file name, index and journal."""
    records = tmp_path / "old.jsonl"
    rows = [
        {
            "kind": "profile",
            "slug": AKIA.lower(),
            "ttl": "one_year",
            "body": "User lives in Berlin with Anna.",
        },
        {
            "kind": "profile",
            "slug": f"token-{GHP.lower().replace('_', '-')}",
            "body": "User prefers dark mode.",
        },
        {"kind": "profile", "slug": "home-city", "ttl": "one_year", "body": "User's home city is Lyon."},
    ]
    records.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    root = tmp_path / "root"
    result = invoke(["import", str(records), "--memory-dir", str(root), "--json"])
    assert result.exit_code == 0, result.output
    answers = json.loads(result.stdout)["answers"]
    assert [a["stored"] for a in answers] == [True, True, True]
    assert [a["redactions"].get("secret_slug", 0) for a in answers] == [1, 1, 0]
    names = [Path(p).name for p in memory_files(root)]
    assert any(n.startswith("user-lives-in-berlin-with-anna-") for n in names)
    assert any(n.startswith("home-city-") for n in names)  # a slug of words is kept
    files = [p for p in root.rglob("*") if p.is_file()]
    assert [str(p) for p in files if _leaks(str(p.relative_to(root)))] == []
    assert [str(p) for p in files if _leaks(p.read_bytes().decode("utf-8", "replace"))] == []


def test_an_agent_s_key_shaped_slug_is_replaced(tmp_path: Path) -> None:
    """The MCP write tools take the agent's slug through the same test."""
    tools = MemoryTools(tmp_path, EmbeddedModel)
    answer = tools.write_profile(AKIA.lower(), "one_year", "User drinks green tea every morning.")
    assert answer["stored"] and answer["redactions"] == {"secret_slug": 1}
    assert Path(answer["written"][0]["path"]).name.startswith("user-drinks-green-tea-every-morning-")
    rule = "## When\nDeploying.\n\n## What\nRun the smoke tests first.\n\n## Why\nUser asked."
    answer = tools.write_playbook(f"deploy-{GHP.lower().replace('_', '-')}", rule)
    assert answer["stored"] and not _leaks(answer["written"][0]["path"])
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert [str(p) for p in files if _leaks(p.read_bytes().decode("utf-8", "replace"))] == []
