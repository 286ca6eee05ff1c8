"""``memscribe doctor``: what it finds for PATH, model, root, hooks and the last runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memscribe.integrations.doctor import check_hooks, check_last_runs, check_model, check_root
from memscribe.integrations.install import install


def test_model_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMSCRIBE_MODEL", raising=False)
    assert check_model().status == "ok"
    monkeypatch.setenv("MEMSCRIBE_MODEL", "nosuchprovider/model-x")
    assert check_model().status == "fail"


def test_root_checks(tmp_path: Path) -> None:
    assert check_root(tmp_path / "missing")[0].status == "fail"
    assert check_root(tmp_path)[0].status == "warn"


def test_hooks_and_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(home / ".openclaw"))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    assert {c.status for c in check_hooks(home, tmp_path)} == {"warn"}
    install("claude-code")
    install("openclaw")
    statuses = {c.name: c.status for c in check_hooks(home, tmp_path)}
    assert statuses["claude-code hooks"] == "ok" and statuses["openclaw hook"] == "ok"
    assert statuses["codex hooks"] == "warn"
    (home / ".openclaw" / "hooks" / "memscribe" / "errors.log").write_text("t ERROR cannot run memscribe\n")
    assert any(c.status == "fail" for c in check_hooks(home, tmp_path))

    assert check_last_runs(tmp_path)[0].status == "warn"
    log = tmp_path / ".reflexio" / ".logs" / "hooks.log"
    log.parent.mkdir(parents=True)
    log.write_text("2026 INFO claude-code PreCompact action=extract\n2026 ERROR codex error: boom\n")
    assert [c.status for c in check_last_runs(tmp_path)] == ["ok", "fail"]
    assert json.dumps([c.__dict__ for c in check_last_runs(tmp_path)])
