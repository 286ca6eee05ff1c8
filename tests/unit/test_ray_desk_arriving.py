"""The Ray engine's dedup desk waits for the units on their way to a dedup request, as the local
engine's coalescer does: each worker tells it when a unit's detection is back and when the unit
asked (or ended). Without those notices the desk gathered by time alone, and on a loaded machine
asks from different workers came too far apart to share a call (test_batch_ray saw 84-88 calls
for 40 transcripts where the local engine made 47). No Ray needed: the desk is a plain class and
the worker side is given a stand-in for the desk's actor handle."""

from __future__ import annotations

from typing import Any

from memscribe.batch.ray_engine import DedupDesk, _RemoteCoalescer
from memscribe.model.embedded import EmbeddedModel


def _coming(desk: DedupDesk, namespace: str) -> int:
    return desk._coalescer._coming.get(namespace, 0)


def test_the_desk_counts_a_unit_on_its_way_until_it_came() -> None:
    desk = DedupDesk(EmbeddedModel, slots=None)
    desk.coming("w1:0", "agent-a")
    desk.coming("w2:0", "agent-a")
    desk.coming("w2:1", "agent-b")
    assert (_coming(desk, "agent-a"), _coming(desk, "agent-b")) == (2, 1)
    desk.came("w1:0")
    desk.came("w2:1")
    assert (_coming(desk, "agent-a"), _coming(desk, "agent-b")) == (1, 0)


def test_a_came_notice_that_overtakes_its_coming_notice_cancels_it() -> None:
    """An actor with several threads may run a worker's two notices in either order."""
    desk = DedupDesk(EmbeddedModel, slots=None)
    desk.came("w1:0")
    desk.coming("w1:0", "agent-a")
    assert _coming(desk, "agent-a") == 0
    desk.coming("w1:0", "agent-a")  # (a token is never used again; were it, it counts anew)
    assert _coming(desk, "agent-a") == 1


class _Method:
    def __init__(self, name: str, sent: list[tuple[str, tuple[Any, ...]]]) -> None:
        self._name, self._sent = name, sent

    def remote(self, *args: Any) -> None:
        self._sent.append((self._name, args))


class _DeskHandle:
    """Records the calls a worker sends the desk's actor."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, tuple[Any, ...]]] = []
        self.coming, self.came = _Method("coming", self.sent), _Method("came", self.sent)


def test_a_worker_tells_the_desk_once_each_way() -> None:
    handle = _DeskHandle()
    coalescer = _RemoteCoalescer(handle)
    first, second = coalescer.arriving("agent-a"), coalescer.arriving("agent-a")
    first()
    first()  # (again: harmless)
    second()
    (_, (token_1, namespace)), (_, (token_2, _)) = handle.sent[0], handle.sent[1]
    assert namespace == "agent-a" and token_1 != token_2
    assert handle.sent == [
        ("coming", (token_1, "agent-a")),
        ("coming", (token_2, "agent-a")),
        ("came", (token_1,)),
        ("came", (token_2,)),
    ]
