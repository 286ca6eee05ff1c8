"""write_new_file: creates, never overwrites, leaves no temp file behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from memscribe.errors import StoreError
from memscribe.store.atomic import write_new_file


def _names(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_creates_file_and_parents(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "x.md"
    write_new_file(target, "héllo\n")
    assert target.read_text(encoding="utf-8") == "héllo\n"
    assert _names(target.parent) == ["x.md"]


def test_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "x.md"
    target.write_text("original")
    with pytest.raises(StoreError, match="already exists") as info:
        write_new_file(target, "new")
    assert info.value.fields["errno"] == errno.EEXIST
    assert target.read_text() == "original"
    assert _names(tmp_path) == ["x.md"]


def test_never_overwrites_when_created_concurrently(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The target appears between the existence check and the link: link refuses."""
    target = tmp_path / "x.md"
    real_link = os.link

    def racing_link(src: str, dst: Path) -> None:
        Path(dst).write_text("other writer")
        real_link(src, dst)

    monkeypatch.setattr("os.link", racing_link)
    with pytest.raises(StoreError, match="already exists"):
        write_new_file(target, "mine")
    assert target.read_text() == "other writer"
    assert _names(tmp_path) == ["x.md"]


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (errno.ENOSPC, "no space left"),
        (errno.EROFS, "read-only file system"),
        (errno.EACCES, "permission denied"),
    ],
)
def test_failed_link_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, message: str
) -> None:
    def failing(*args: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr("os.link", failing)
    target = tmp_path / "x.md"
    with pytest.raises(StoreError, match=message) as info:
        write_new_file(target, "data")
    assert str(target) in str(info.value)
    assert info.value.fields["path"] == str(target)
    assert _names(tmp_path) == []


def test_failed_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("os.write", full)
    with pytest.raises(StoreError, match="no space left"):
        write_new_file(tmp_path / "x.md", "data")
    assert _names(tmp_path) == []


def test_permission_error_on_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(**kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", denied)
    with pytest.raises(StoreError, match="permission denied"):
        write_new_file(tmp_path / "x.md", "data")


def test_fallback_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr("os.link", no_links)
    target = tmp_path / "x.md"
    write_new_file(target, "data")
    assert target.read_text() == "data"
    assert _names(tmp_path) == ["x.md"]
    with pytest.raises(StoreError, match="already exists"):
        write_new_file(target, "again")
    assert target.read_text() == "data"


def test_fallback_replace_failure_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args: object) -> None:
        raise OSError(errno.ENOTSUP, "Not supported")

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("os.link", no_links)
    monkeypatch.setattr("os.replace", full)
    with pytest.raises(StoreError, match="no space left"):
        write_new_file(tmp_path / "x.md", "data")
    assert _names(tmp_path) == []
