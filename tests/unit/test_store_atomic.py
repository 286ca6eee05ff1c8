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


# -- write_new_files: a batch of new files, their bytes fsynced together -----------------------


def test_a_batch_of_files_is_written_each_published_in_order(tmp_path: Path, publish: str) -> None:
    files = [(tmp_path / "a" / f"{i}.md", f"text {i}\n") for i in range(5)]
    told: list[int] = []
    atomic.write_new_files(files, published=told.append)
    assert told == [0, 1, 2, 3, 4]
    assert [p.read_text(encoding="utf-8") for p, _ in files] == [t for _, t in files]
    assert _names(tmp_path / "a") == [f"{i}.md" for i in range(5)]  # no temp file left


def test_every_file_is_durable_before_any_is_published(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    real_fsync, real_publish = os.fsync, atomic._publish
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(
        atomic, "_publish", lambda tmp, path: (events.append("publish"), real_publish(tmp, path))[1]
    )
    atomic.write_new_files([(tmp_path / f"{i}.md", "x") for i in range(4)], published=lambda i: None)
    assert events == ["fsync"] * 4 + ["publish"] * 4


def test_an_existing_file_refuses_the_batch_before_anything_is_published(tmp_path: Path) -> None:
    (tmp_path / "1.md").write_text("mine", encoding="utf-8")
    told: list[int] = []
    with pytest.raises(StoreError, match="already exists") as caught:
        atomic.write_new_files([(tmp_path / f"{i}.md", "new") for i in range(3)], published=told.append)
    assert caught.value.fields.get("path") == str(tmp_path / "1.md")
    assert told == [] and _names(tmp_path) == ["1.md"]
    assert (tmp_path / "1.md").read_text(encoding="utf-8") == "mine"


def test_a_name_taken_while_publishing_keeps_the_files_before_it(tmp_path: Path, publish: str) -> None:
    real_publish = atomic._publish

    def racing(tmp: str, path: Path) -> None:
        if path.name == "2.md":  # another writer took the name after the check
            path.write_text("theirs", encoding="utf-8")
        real_publish(tmp, path)

    told: list[int] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(atomic, "_publish", racing)
        with pytest.raises(StoreError, match="already exists"):
            atomic.write_new_files([(tmp_path / f"{i}.md", "ours") for i in range(4)], published=told.append)
    assert told == [0, 1]
    assert _names(tmp_path) == ["0.md", "1.md", "2.md"]  # no temp file left, 3.md never published
    assert (tmp_path / "2.md").read_text(encoding="utf-8") == "theirs"


def test_a_refused_write_leaves_no_temp_and_publishes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    told: list[int] = []
    with pytest.raises(StoreError, match="no space left"):
        atomic.write_new_files([(tmp_path / f"{i}.md", "x") for i in range(3)], published=told.append)
    assert told == [] and _names(tmp_path) == []


def test_batches_larger_than_the_limit_are_written_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "BATCH_FILES", 2)
    told: list[int] = []
    atomic.write_new_files([(tmp_path / f"{i}.md", str(i)) for i in range(5)], published=told.append)
    assert told == [0, 1, 2, 3, 4]
    assert [(tmp_path / f"{i}.md").read_text(encoding="utf-8") for i in range(5)] == ["0", "1", "2", "3", "4"]
