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


def test_a_group_named_like_a_key_is_reported_without_its_key(tmp_path: Path) -> None:
    """Review RV2 F10: a group flushed before e06efeaf under a key (lower-cased into its folder,
    kept in group_names.json) stayed on disk unnoticed."""
    from typer.testing import CliRunner

    from memscribe.cli import app

    key = "q7zx9k2mpl4vb8nr3tyw"
    groups = tmp_path / "memory" / "groups"
    (groups / key).mkdir(parents=True)
    (groups / "christmas2024party").mkdir()
    (groups / "group_names.json").write_text(
        json.dumps({"!r:m.org": {"name": key, "display_name": key.upper()}}), encoding="utf-8"
    )
    digest = "3f9c2e7b1d4f6a8c0e2b4d6f8a1c3e5b"
    (groups / f"old-{digest}").mkdir()  # made by hand, not in group_names.json
    # review RV5 G7: ordinary lower-cased folders were flagged (the folder's case is lost)
    for ordinary in ("abschlussfahrt2026klasse10b", "sprint42retro2024q1", "ipv6rollout2024q3"):
        (groups / ordinary).mkdir()
    result = CliRunner().invoke(app, ["doctor", "--memory-dir", str(tmp_path), "--json"])
    warned = [c for c in json.loads(result.stdout)["checks"] if c["name"] == "group name"]
    # one warning a group (the mapped one once, not for its folder and its display name), each
    # saying which name it is about and naming flush-state.json in its advice
    assert [c["status"] for c in warned] == ["warn", "warn"], result.stdout
    assert sorted("display name" in c["detail"] for c in warned) == [False, True]
    assert all("memory/flush-state.json" in c["detail"] for c in warned)
    assert len({c["detail"].split()[1] for c in warned}) == 2  # told apart by a hash
    assert key not in result.stdout.casefold() and key[:8] not in result.stdout.casefold()
    assert digest[:8] not in result.stdout
    for ordinary in ("christmas", "absc", "spri", "ipv6"):
        assert ordinary not in result.stdout


@pytest.mark.parametrize("broken", ["iterdir", "is_dir", "names"])
def test_doctor_reports_group_files_it_cannot_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    """Review RV5 G4: ``memory/groups`` that cannot be listed (a root made with sudo, used as the
    user) made doctor crash with a traceback (exit 1); it is a finding like any other."""
    from typer.testing import CliRunner

    from memscribe.cli import app

    groups = tmp_path / "memory" / "groups"
    (groups / "christmas2024party").mkdir(parents=True)
    (groups / "group_names.json").write_text("{}", encoding="utf-8")
    real_is_dir, real_read_text = Path.is_dir, Path.read_text

    def denied(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    if broken == "iterdir":
        monkeypatch.setattr(Path, "iterdir", denied)
    elif broken == "is_dir":
        monkeypatch.setattr(Path, "is_dir", lambda p: denied() if p.name == "groups" else real_is_dir(p))
    else:
        monkeypatch.setattr(
            Path,
            "read_text",
            lambda p, *a, **k: denied() if p.name == "group_names.json" else real_read_text(p, *a, **k),
        )
    result = CliRunner().invoke(app, ["doctor", "--memory-dir", str(tmp_path), "--json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    checks = json.loads(result.stdout)["checks"]
    found = [c for c in checks if c["name"] == "group names"]
    assert [c["status"] for c in found] == ["warn"], checks
    assert "Permission denied" in found[0]["detail"]
    assert result.exit_code == (2 if any(c["status"] == "fail" for c in checks) else 0)


@pytest.mark.parametrize("odd", ["surrogate-folder", "non-utf8-folder", "surrogate-display"])
def test_doctor_reports_odd_group_names_without_a_traceback(tmp_path: Path, odd: str) -> None:
    """Review RV8 R5: a lone surrogate in group_names.json (a JS writer's name cut inside an emoji)
    or a folder name that is not UTF-8 made doctor crash (UnicodeEncodeError, exit 1); each is a
    finding, printed with escapes."""
    import os

    from typer.testing import CliRunner

    from memscribe.cli import app

    groups = tmp_path / "memory" / "groups"
    groups.mkdir(parents=True)
    names = groups / "group_names.json"
    if odd == "surrogate-folder":
        names.write_text(
            '{"!r:x": {"name": "ops-q7zx\\ud800", "display_name": "Ops Q7ZX9K2MPL4VB8NR3TYW\\ud800"}}',
            encoding="utf-8",
        )
    elif odd == "non-utf8-folder":
        os.makedirs(os.fsencode(groups) + b"/ops-\xffa3f9c2e7b1d4f8e6a3f9c2e7b1d4")
    else:
        names.write_text(
            '{"!r:x": {"name": "ok", "display_name": "Ops\\ud83dQ7ZX9K2MPL4VB8NR3TYW"}}', encoding="utf-8"
        )
    for args in ([], ["--json"]):
        result = CliRunner().invoke(app, ["doctor", "--memory-dir", str(tmp_path), *args])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output
        assert "group name" in result.output and "q7zx9k2m" not in result.output.casefold()
    checks = json.loads(result.stdout)["checks"]
    assert [c["status"] for c in checks if c["name"].startswith("group name")] == ["warn"], checks


def test_the_readme_claims_no_more_than_the_group_name_checks_do(tmp_path: Path) -> None:
    """Review RV8 R8: the README said a key in a ``--group`` name "never reaches the disk"; a kept
    plain folder keeps it, and doctor checks a folder with no entry in group_names.json for hex
    only. The README says both, and doctor behaves as it says."""
    from typer.testing import CliRunner

    from memscribe.cli import app

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    text = " ".join(readme.split())
    assert "never reaches the disk" not in text
    assert "keeps that folder as it is" in text
    assert "checked only for a run of 16+ hex digits" in text
    assert "default-ignorable character" in text  # RV8 R2: tested with those removed
    groups = tmp_path / "memory" / "groups"
    (groups / "ops-k3j9xq7mz2pl8wr4tv6n").mkdir(parents=True)  # base62, lower-cased, unmapped
    (groups / "ops-a3f9c2e7b1d4f8e6a3f9c2e7").mkdir()  # hex, unmapped
    result = CliRunner().invoke(app, ["doctor", "--memory-dir", str(tmp_path), "--json"])
    warned = [c for c in json.loads(result.stdout)["checks"] if c["name"] == "group name"]
    assert len(warned) == 1 and "no entry in group_names.json" in warned[0]["detail"]
