"""Bounded inputs: FIFOs, devices and oversize files are refused with one clear error, never read."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memscribe.errors import InputError, UserError
from memscribe.inputs import ENV_MAX_INPUT_BYTES, max_input_bytes, read_file_bytes, read_stream_bytes
from memscribe.transcript import read_transcript

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "fixtures" / "transcripts" / "claude_code_confirmed_correction.jsonl"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_file_bytes(fifo)


def test_character_device_is_refused() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    with pytest.raises(InputError, match="not a regular file"):
        read_transcript("/dev/zero")


def test_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="a directory"):
        read_file_bytes(tmp_path)


def test_file_over_the_cap_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    big.write_bytes(b"x" * 2048)
    with pytest.raises(InputError, match="2,000-byte limit"):
        read_file_bytes(big, cap=2000)
    assert read_file_bytes(big, cap=2048) == b"x" * 2048


def test_stream_stops_one_byte_past_the_cap() -> None:
    class Endless(io.RawIOBase):
        read_calls = 0

        def readable(self) -> bool:
            return True

        def read(self, size: int = -1) -> bytes:
            Endless.read_calls += 1
            return b"\0" * (size if size > 0 else 1024)

    with pytest.raises(InputError, match="limit"):
        read_stream_bytes(Endless(), cap=10_000)  # type: ignore[arg-type]
    assert Endless.read_calls < 5


def test_cap_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_MAX_INPUT_BYTES, "100")
    assert max_input_bytes() == 100
    with pytest.raises(InputError, match="limit"):
        read_transcript(FIXTURE)
    monkeypatch.setenv(ENV_MAX_INPUT_BYTES, "lots")
    with pytest.raises(UserError, match="whole number"):
        max_input_bytes()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
@pytest.mark.parametrize("command", [["extract"], ["redact"], ["guard"], ["snapshot", "save"], ["apply"]])
def test_commands_refuse_a_fifo_with_one_line(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "in.jsonl"
    os.mkfifo(fifo)
    args = [sys.executable, "-m", "memscribe.cli", *command, str(fifo), "--memory-dir", str(tmp_path / "mem")]
    if command[0] in {"redact", "guard"}:
        args = args[:-2]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 3, done.stderr
    assert "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "mem").exists() or not any((tmp_path / "mem").rglob("*.md"))
