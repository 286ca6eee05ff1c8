"""write_new_file: creates, never overwrites, leaves no temp file behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from memscribe.errors import StoreError
from memscribe.store import atomic
from memscribe.store.atomic import remove_leftover_temps, write_new_file


def _names(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.fixture(params=["renameat2", "link"])
def publish(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test with either way of publishing a file (renameat2 where libc has it)."""
    if request.param == "link":
        monkeypatch.setattr(atomic, "_renameat2", None)
    elif atomic._renameat2 is None:
        pytest.skip("no renameat2 here")
    return str(request.param)


@pytest.fixture
def link_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The link + unlink publish (where renameat2 is missing or unsupported)."""
    monkeypatch.setattr(atomic, "_renameat2", None)


def test_creates_file_and_parents(tmp_path: Path, publish: str) -> None:
    target = tmp_path / "a" / "b" / "x.md"
    write_new_file(target, "héllo\n")
    assert target.read_text(encoding="utf-8") == "héllo\n"
    assert _names(target.parent) == ["x.md"]


def test_never_overwrites(tmp_path: Path, publish: str) -> None:
    target = tmp_path / "x.md"
    target.write_text("original")
    with pytest.raises(StoreError, match="already exists") as info:
        write_new_file(target, "new")
    assert info.value.fields["errno"] == errno.EEXIST
    assert target.read_text() == "original"
    assert _names(tmp_path) == ["x.md"]


@pytest.mark.usefixtures("link_only")
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
@pytest.mark.usefixtures("link_only")
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


@pytest.mark.usefixtures("link_only")
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


@pytest.mark.usefixtures("link_only")
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


def test_renameat2_publish_never_leaves_a_second_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if atomic._renameat2 is None:
        pytest.skip("no renameat2 here")

    def no_link(*args: object) -> None:
        raise AssertionError("link used although renameat2 is there")

    monkeypatch.setattr("os.link", no_link)
    target = tmp_path / "x.md"
    write_new_file(target, "data")
    assert os.stat(target).st_nlink == 1 and _names(tmp_path) == ["x.md"]
    with pytest.raises(StoreError, match="already exists"):
        write_new_file(target, "again")
    assert target.read_text() == "data" and _names(tmp_path) == ["x.md"]


def test_leftover_temps_of_a_killed_writer_are_removed(tmp_path: Path) -> None:
    """A kill between link and unlink leaves the temp as a second link: recovery removes it."""
    target = tmp_path / "x.md"
    target.write_text("data")
    os.link(target, tmp_path / ".x.md.ab12_xYz.tmp")
    (tmp_path / ".y.md.00000000.tmp").write_text("never published")
    (tmp_path / ".keep.tmp").write_text("not a writer's temp name")
    os.symlink(target, tmp_path / ".z.md.abcdefgh.tmp")
    assert os.stat(target).st_nlink == 2
    assert sorted(remove_leftover_temps(tmp_path)) == [".x.md.ab12_xYz.tmp", ".y.md.00000000.tmp"]
    assert _names(tmp_path) == [".keep.tmp", ".z.md.abcdefgh.tmp", "x.md"]
    assert os.stat(target).st_nlink == 1 and target.read_text() == "data"
