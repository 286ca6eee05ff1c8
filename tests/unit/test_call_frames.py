"""The model-call helper's pipe: messages framed by ``_send``, read by ``_Frames`` whole and in as
few system calls as they came (a burst of answers wakes the reading thread once)."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator

import pytest

from memscribe.model.call_process import _BYE, _CHUNK, _HEADER, _Frames, _send
from tests.support.counting import counting


@pytest.fixture
def pipe() -> Iterator[tuple[socket.socket, socket.socket]]:
    here, there = socket.socketpair()
    yield here, there
    here.close()
    there.close()


def test_a_burst_of_messages_is_read_with_one_system_call(
    pipe: tuple[socket.socket, socket.socket], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = pipe
    sent = [f"answer {i}".encode() * (i + 1) for i in range(32)]
    for data in sent:
        _send(there, data)
    reads = counting(monkeypatch, os, "read")  # (call_process reads with os.read)
    frames = _Frames(here)
    assert frames.read() == sent
    assert reads.n == 1  # (one message per read before: 32)


def test_messages_cut_anywhere_come_out_whole_and_in_order(pipe: tuple[socket.socket, socket.socket]) -> None:
    here, there = pipe
    sent = [b"", b"x", bytes(range(256)) * 9, _BYE, b"y" * (3 * _CHUNK + 5), b"last"]
    framed = b"".join(_HEADER.pack(len(data)) + data for data in sent)  # as _send frames them

    def trickle() -> None:
        for at in range(0, len(framed), 7777):
            there.sendall(framed[at : at + 7777])
        there.shutdown(socket.SHUT_WR)

    writer = threading.Thread(target=trickle)
    writer.start()
    frames = _Frames(here)
    got: list[bytes] = []
    with pytest.raises(EOFError):
        while True:
            got.extend(frames.read())
    writer.join()
    assert got == sent


def test_a_closed_pipe_reads_end_of_file(pipe: tuple[socket.socket, socket.socket]) -> None:
    here, there = pipe
    _send(there, b"one")
    there.close()
    frames = _Frames(here)
    assert frames.read() == [b"one"]
    with pytest.raises(EOFError):
        frames.read()


def test_a_large_message_is_written_whole(pipe: tuple[socket.socket, socket.socket]) -> None:
    here, there = pipe
    data = os.urandom(4 * _CHUNK)  # more than the socket's buffer: written while it is read
    writer = threading.Thread(target=_send, args=(there, data))
    writer.start()
    assert _Frames(here).read() == [data]
    writer.join()
