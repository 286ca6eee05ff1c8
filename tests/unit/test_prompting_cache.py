"""Compiled prompt templates kept in a folder (:func:`memscribe.prompting.install_template_cache`):
the same messages, a later process loads them instead of compiling, and a damaged or unwritable
cache is never an error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from memscribe import prompting
from memscribe.batch import process_engine

#: Variables that render every branch of detect.j2 (topics, a group chat, windows, a hint).
DETECT = {
    "turns": [
        SimpleNamespace(index=0, role="user", speaker="Ana", kind="message", text="I moved to Lyon."),
        SimpleNamespace(index=1, role="assistant", speaker=None, kind="tool", text="Noted."),
    ],
    "window": 2,
    "windows": 3,
    "language_hint": "  The user writes in French.  ",
    "topics": [SimpleNamespace(kind="profile", slugs=["home-city", "job"])],
    "group": SimpleNamespace(owner="Ana", others=["Bo"]),
}


@pytest.fixture
def fresh_env() -> Iterator[None]:
    """A new environment per process started (this test's), the process's own put back after."""
    prompting._env.cache_clear()
    yield
    prompting._env.cache_clear()


def _new_process() -> None:
    """What a later process starts with: no template compiled in memory."""
    prompting._env.cache_clear()


def _no_compiling(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    env = prompting._env()
    real = env.compile

    def counted(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(str(name))
        return real(source, name, *args, **kwargs)

    monkeypatch.setattr(env, "compile", counted)
    return compiled


#: Variables of dedup.j2 (which includes dedup_actions.j2).
DEDUP = {
    "kind": "profile",
    "candidate": "User lives in Lyon.",
    "said": "I moved to Lyon.",
    "existing": [SimpleNamespace(id="prof_00000001", created="2026-01-01", text="User lives in Paris.")],
}


def test_the_messages_are_the_same_and_a_later_process_loads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_env: None
) -> None:
    plain = prompting.render_messages("detect.j2", **DETECT)
    plain_dedup = prompting.render_messages("dedup.j2", **DEDUP)
    assert "Group chat of Ana, Bo" in plain[1]["content"]  # the branches rendered
    assert "TASK: dedup" in plain_dedup[0]["content"]

    _new_process()
    prompting.install_template_cache(tmp_path / "cache")
    compiled = _no_compiling(monkeypatch)
    assert prompting.render_messages("detect.j2", **DETECT) == plain
    assert compiled == ["detect.j2"]  # the first process compiles it, and keeps it
    kept = list((tmp_path / "cache").iterdir())
    assert len(kept) == 1 and kept[0].stat().st_size > 0

    _new_process()
    prompting.install_template_cache(tmp_path / "cache")
    compiled = _no_compiling(monkeypatch)
    assert prompting.render_messages("detect.j2", **DETECT) == plain
    assert prompting.render_messages("dedup.j2", **DEDUP) == plain_dedup
    # detect.j2 loaded from the folder; dedup.j2 and the file it includes compiled, once
    assert sorted(compiled) == ["dedup.j2", "dedup_actions.j2"]
    _new_process()
    prompting.install_template_cache(tmp_path / "cache")
    compiled = _no_compiling(monkeypatch)
    assert prompting.render_messages("dedup.j2", **DEDUP) == plain_dedup
    assert prompting.render_messages("detect.j2", **DETECT) == plain
    assert compiled == []
    assert len(list((tmp_path / "cache").iterdir())) == 3  # no temporary file left


def test_a_damaged_file_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_env: None
) -> None:
    plain = prompting.render_messages("detect.j2", **DETECT)
    _new_process()
    prompting.install_template_cache(tmp_path)
    prompting.render_messages("detect.j2", **DETECT)
    (kept,) = tmp_path.iterdir()
    whole = kept.read_bytes()
    for damaged in (whole[: len(whole) // 2], whole[:20], b"", b"\x00" * 64):
        kept.write_bytes(damaged)
        _new_process()
        prompting.install_template_cache(tmp_path)
        compiled = _no_compiling(monkeypatch)
        assert prompting.render_messages("detect.j2", **DETECT) == plain
        assert compiled == ["detect.j2"]
        assert kept.read_bytes() == whole  # written whole again


def test_a_folder_that_cannot_be_written_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_env: None
) -> None:
    plain = prompting.render_messages("detect.j2", **DETECT)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    _new_process()
    prompting.install_template_cache(blocked / "cache")  # its parent is a file: never created
    assert prompting.render_messages("detect.j2", **DETECT) == plain
    assert blocked.read_text() == "not a folder"


def test_another_jinja_release_or_setting_uses_another_file(tmp_path: Path, fresh_env: None) -> None:
    first = prompting._TemplateCache(tmp_path).get_cache_key("detect.j2")
    other = dict(prompting._SETTINGS, trim_blocks=False)
    saved = dict(prompting._SETTINGS)
    prompting._SETTINGS.update(other)
    try:
        assert prompting._TemplateCache(tmp_path).get_cache_key("detect.j2") != first
    finally:
        prompting._SETTINGS.clear()
        prompting._SETTINGS.update(saved)
    assert prompting._TemplateCache(tmp_path).get_cache_key("dedup.j2") != first


def test_a_test_runners_process_keeps_no_templates(fresh_env: None) -> None:
    """Only the memscribe process (and its planner) writes the cache folder, as for its other
    process-wide settings: a caller's process is left as it is."""
    process_engine.keep_compiled_templates()
    assert prompting._env().bytecode_cache is None
