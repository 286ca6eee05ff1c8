"""The batch job's call slots bound the requests in flight, not a model's own work around them."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from memscribe.batch.engine import BoundedModel, OrderedSlots
from memscribe.model.base import Message
from memscribe.schemas.plan import Usage


class Answer(BaseModel):
    text: str = ""


class ClientModel:
    """A model that sends each request through a transport (as an LLM client does), with its own
    work before the request (``before``: waited for) and none after."""

    name = "client"

    def __init__(self, before: threading.Event | None = None) -> None:
        self.usage = Usage()
        self.before = before
        self.in_flight = 0
        self.most_in_flight = 0
        self.lock = threading.Lock()
        self._transport: Callable[..., Any] = self._send

    def bound_requests(self, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self._transport = wrap(self._transport)

    def _send(self, **kwargs: Any) -> str:
        with self.lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        time.sleep(0.01)  # in flight a while: requests of other threads may overlap it
        with self.lock:
            self.in_flight -= 1
        return str(kwargs["text"])

    def generate(
        self, *, task: str, messages: list[Message], response_model: type[Any], request: BaseModel
    ) -> Any:
        if self.before is not None:  # e.g. building the request: no slot needed for it
            assert self.before.wait(5), "the other model's request never went out"
        return response_model(text=self._transport(text=task))


def _ask(model: BoundedModel) -> Answer:
    answer: Answer = model.generate(task="verify", messages=[], response_model=Answer, request=Answer())
    return answer


def test_a_model_preparing_its_request_leaves_the_slot_to_a_request_ready_to_go() -> None:
    slots = OrderedSlots(1)
    sent = threading.Event()
    slow = BoundedModel(ClientModel(before=sent), slots, rank=0)  # prepares until the other sent
    ready = BoundedModel(ClientModel(), slots, rank=1)
    answers: list[Answer] = []
    first = threading.Thread(target=lambda: answers.append(_ask(slow)), daemon=True)
    first.start()
    answers.append(_ask(ready))  # with the slot held for all of slow's work, this waits 5 s
    sent.set()
    first.join(10)
    assert sorted(a.text for a in answers) == ["verify", "verify"]


def test_requests_in_flight_never_exceed_the_slots() -> None:
    slots = OrderedSlots(2)
    clients = [ClientModel() for _ in range(12)]
    counter = ClientModel()  # one count of the requests of every client
    for client in clients:
        client._transport = counter._send
    models = [BoundedModel(client, slots, rank=i) for i, client in enumerate(clients)]
    threads = [threading.Thread(target=_ask, args=(m,), daemon=True) for m in models]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert 1 <= counter.most_in_flight <= 2


class GivesSlotBack:
    """A transport that gives its call slot back as soon as the answer is here (the helper
    process's reader does: :meth:`memscribe.model.call_process.CallProcess.call_within`), its
    caller resuming only later: here once ``resume_after`` requests have gone out."""

    def __init__(self, resume_after: int) -> None:
        self.sent = 0
        self.resume_after = resume_after
        self.all_sent = threading.Event()
        self.lock = threading.Lock()

    def _away(self) -> None:
        with self.lock:
            self.sent += 1
            if self.sent >= self.resume_after:
                self.all_sent.set()
        time.sleep(0.01)

    def _resumed(self, kwargs: dict[str, Any]) -> str:
        assert self.all_sent.wait(5), "a request waited for a slot its caller no longer needed"
        return str(kwargs["text"])

    def call_within(self, slot: Any, **kwargs: Any) -> str:
        slot.acquire()
        self._away()
        slot.release()
        return self._resumed(kwargs)

    def __call__(self, **kwargs: Any) -> str:
        self._away()
        return self._resumed(kwargs)


def test_a_slot_given_back_with_the_answer_goes_to_the_next_request_before_its_caller_resumes() -> None:
    slots = OrderedSlots(1)
    transport = GivesSlotBack(resume_after=2)
    clients = [ClientModel() for _ in range(2)]
    for client in clients:
        client._transport = transport
    models = [BoundedModel(client, slots, rank=i) for i, client in enumerate(clients)]
    answers: list[Answer] = []
    threads = [threading.Thread(target=lambda m=m: answers.append(_ask(m)), daemon=True) for m in models]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert [a.text for a in answers] == ["verify", "verify"]
    assert slots.free() == 1  # every slot given back
