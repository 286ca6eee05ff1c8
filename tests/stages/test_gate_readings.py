"""The gate's reading of each user turn reaches the embedded detector (issue 17).

The gate places each user turn's language and reads whether it corrects the agent; the detector
asks both again of the same turns. The readings go gate → run → detect stage → the window's
request, for the turns whose text redaction left as the gate read it, and the embedded detector
answers from them.
"""

from __future__ import annotations

from memscribe.model.base import Message
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.detect import extract
from memscribe.run import still_read
from memscribe.schemas.candidates import Detection
from memscribe.schemas.plan import Usage
from memscribe.stages.detect import detect
from memscribe.stages.gate import gate
from memscribe.stages.redact import redact_transcript
from tests.support.turns import make_transcript

_CHAT = (
    ("user", "Write a bash script that backs up my notes folder every night."),
    ("assistant", "Here it is:\nrsync -a ~/notes /backup/notes\nrun it from cron."),
    ("user", "No, don't use rsync, always use restic for backups."),
    ("assistant", "Updated:\nrestic backup ~/notes\nscheduled nightly."),
    ("user", "Perfect, thanks. My database is postgres://admin:hunter2pass@db.example.com/app btw."),
)


class _Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.usage = Usage()
        self.requests: list[object] = []

    def generate(self, *, task: str, messages: list[Message], response_model, request):  # type: ignore[no-untyped-def]
        self.requests.append(request)
        return Detection()


def test_the_gate_reads_each_user_turn_once_for_the_detector() -> None:
    gated = gate(make_transcript(*_CHAT))
    assert gated.passed
    assert [gated.readings[i][1] for i in (0, 2, 4)] == [False, True, False]  # corrects
    assert [gated.readings[i][2] for i in (0, 2, 4)] == [None, None, False]  # norms, where asked
    assert gated.readings[0][0] == "en"  # placed while its cues were read
    assert set(gated.readings) == {0, 2, 4}


def test_a_turn_redaction_masked_is_read_anew() -> None:
    transcript = make_transcript(*_CHAT)
    gated = gate(transcript)
    clean, redactions = redact_transcript(transcript)
    assert redactions  # the token in turn 4
    assert dict(still_read(gated.readings, transcript, clean)) == {
        i: r for i, r in gated.readings.items() if i != 4
    }


def test_each_window_request_carries_its_turns_readings() -> None:
    transcript = make_transcript(*_CHAT)
    recorder = _Recorder()
    readings = {0: ("en", False, None), 2: ("en", True, None), 4: (None, False, False), 9: ("de", True, None)}
    detect(transcript, model=recorder, signal_turns=(2,), context_tokens=8000, readings=readings)
    (request,) = recorder.requests
    # the window's turns' readings only (turn 9 is not in the window)
    assert request.readings == {0: ("en", False, None), 2: ("en", True, None), 4: (None, False, False)}  # type: ignore[attr-defined]
    # not part of the request's JSON: the batch job keys a request by its turns
    assert "readings" not in request.model_dump_json()  # type: ignore[attr-defined]


def _told(text: str) -> list[tuple[str, str]]:
    """The chat with the user's second turn saying ``text``."""
    return [*_CHAT[:2], ("user", text), *_CHAT[3:]]


def test_the_embedded_detector_answers_from_the_gates_reading() -> None:
    # "Use restic for backups instead." teaches a rule but the lexicon reads no correction in it
    turns = make_transcript(*_told("Use restic for backups instead.")).turns
    assert extract(turns).playbooks == []
    # read as a correction by the gate: the chain starts there
    assert [p.correction_turn for p in extract(turns, readings={2: (None, True, None)}).playbooks] == [2]


def test_the_embedded_model_gets_the_readings_through_the_stage() -> None:
    transcript = make_transcript(*_told("Use restic for backups instead."))
    found = [
        detect(
            transcript, model=EmbeddedModel(), signal_turns=(2,), context_tokens=8000, readings=readings
        ).playbooks
        for readings in (None, {2: ("en", True, None)})
    ]
    assert [[p.correction_turn for p in f] for f in found] == [[], [2]]


def test_a_turn_the_gate_read_as_no_norm_starts_no_norm_chain() -> None:
    turns = make_transcript(*_told("Please always pin the restic version in backup scripts.")).turns
    assert [p.correction_turn for p in extract(turns).playbooks] == [2]  # a norm of the work
    assert extract(turns, readings={2: (None, False, False)}).playbooks == []
