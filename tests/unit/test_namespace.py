"""Namespaces: derived from the session key (MemWal seed 001), stored as a frontmatter line,
and every dedup, write and search scoped to one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.index import IndexView, open_index
from memscribe.model.embedded import EmbeddedModel
from memscribe.namespace import agent_of_path, agent_of_session_key, resolve_namespace
from memscribe.run import extract
from memscribe.schemas.plan import WriteOp
from memscribe.store.files import parse_memory_file, render_profile
from memscribe.store.root import MemoryRoot
from memscribe.store.transaction import apply_plan
from memscribe.transcript import parse_transcript
from tests.support.store_helpers import write_profile

runner = CliRunner()
NOW = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)
TEXT = "User: I use Neovim as my editor.\nAssistant: Noted.\n"


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("agent:researcher:uuid-456", "researcher"),
        ("agent:coder:telegram:group:42", "coder"),
        ("agent:main:main", None),
        ("main:uuid-123", None),
        ("cron:nightly", None),
        (None, None),
    ],
)
def test_agent_of_session_key(key: str | None, expected: str | None) -> None:
    assert agent_of_session_key(key) == expected


def test_resolution_order_and_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_namespace(session_key="agent:Researcher:x") == "researcher"
    assert resolve_namespace(session_key="main:x") == "default"
    assert resolve_namespace(agent="coder", session_key="agent:researcher:x") == "coder"  # --agent wins
    assert resolve_namespace(agent="main") == "default"
    path = "/home/u/.openclaw/agents/writer/sessions/abc.jsonl"
    assert agent_of_path(path) == "writer" and resolve_namespace(source=path) == "writer"
    monkeypatch.setenv("MEMSCRIBE_DEFAULT_NAMESPACE", "home")
    assert resolve_namespace(session_key="agent:main:main") == "home"
    with pytest.raises(ValueError):
        resolve_namespace(agent="../etc")


def test_namespace_is_a_frontmatter_line_only_outside_the_default() -> None:
    plain = render_profile(id="prof_aaaaaaaa", created=NOW, ttl="infinity", body="User is vegan.")
    assert "namespace" not in plain
    scoped = render_profile(
        id="prof_aaaaaaaa", created=NOW, ttl="infinity", body="User is vegan.", namespace="researcher"
    )
    assert "\nnamespace: researcher\n---\n" in scoped
    entry = parse_memory_file(scoped, ".reflexio/profiles/diet-aaaaaaaa.md")
    assert entry.namespace == "researcher"
    with pytest.raises(ValueError):
        render_profile(id="prof_aaaaaaaa", created=NOW, ttl="infinity", body="x", namespace="a/b")


def _plan(root: Path, namespace: str, *, use_index: bool) -> list[WriteOp]:
    transcript = parse_transcript(TEXT, source="t.txt", fmt="text")
    memory = MemoryRoot(root)
    if use_index:
        with open_index(root) as index:
            plan = extract(
                transcript,
                model=EmbeddedModel(),
                existing=[],
                taken_ids=index.taken_ids(),
                context_tokens=16000,
                now=NOW,
                namespace=namespace,
                view=IndexView(index, namespace),
            )
    else:
        plan = extract(
            transcript,
            model=EmbeddedModel(),
            existing=memory.entries(),
            taken_ids=memory.taken_ids(),
            context_tokens=16000,
            now=NOW,
            namespace=namespace,
        )
    apply_plan(plan, root, now=NOW)
    return [op for op in plan.operations if isinstance(op, WriteOp)]


@pytest.mark.parametrize("use_index", [False, True], ids=["list", "index"])
def test_dedup_and_writes_are_scoped(tmp_path: Path, use_index: bool) -> None:
    write_profile(tmp_path, "prof_edit0001", "editor", "User uses Neovim as their editor.")
    # The same fact in the default namespace does not stop the researcher from learning it...
    writes = _plan(tmp_path, "researcher", use_index=use_index)
    assert len(writes) == 1 and writes[0].namespace == "researcher"
    assert "namespace: researcher" in (tmp_path / writes[0].path).read_text()
    # ...but within one namespace it is a duplicate.
    assert _plan(tmp_path, "researcher", use_index=use_index) == []
    assert _plan(tmp_path, "default", use_index=use_index) == []


def test_cli_agent_scopes_search_and_extract(tmp_path: Path) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text(TEXT)
    root = tmp_path / "mem"
    assert (
        runner.invoke(
            app, ["extract", str(transcript), "--memory-dir", str(root), "--agent", "coder"]
        ).exit_code
        == 0
    )
    hits = runner.invoke(
        app, ["search", "neovim editor", "--memory-dir", str(root), "--agent", "coder", "--json"]
    )
    assert hits.exit_code == 0, hits.output
    assert '"namespace": "coder"' in hits.stdout
    other = runner.invoke(app, ["search", "neovim editor", "--memory-dir", str(root), "--json"])
    assert other.stdout.strip() == "[]"
    bad = runner.invoke(app, ["search", "x", "--memory-dir", str(root), "--agent", "../x"])
    assert bad.exit_code == 2 and "invalid namespace" in bad.output
