"""The copy check keeps each turn's tokens shared with the candidates only (issue 17: every
turn's whole token set was about five times the transcript in memory); its answers are those of
the whole sets."""

from __future__ import annotations

import random

from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages import guard
from memscribe.stages.screen import _copy_source

_WORDS = (
    "deploy the staging cluster with helm then restart the api gateway and check the logs for "
    "timeouts prefer postgres over mysql always run migrations before the release tag pytest"
).split()


def _turn(index: int, role: str, text: str) -> Turn:
    kind = "tool_result" if role == "tool" else "message"
    return Turn(index=index, role=role, kind=kind, text=text, source=SourcePos(file="t", line=index + 1))


def test_shared_tokens_answer_as_whole_sets() -> None:
    rng = random.Random(5)
    for _ in range(40):
        turns = []
        for i in range(60):
            role = rng.choice(["user", "assistant", "tool"])
            turns.append(_turn(i, role, " ".join(rng.choices(_WORDS, k=rng.randint(3, 30)))))
        transcript = Transcript(source="t", format="text", turns=tuple(turns))
        tool = [t.text for t in turns if t.role == "tool"]
        user = [t.text for t in turns if t.role == "user"]
        cores = [" ".join(rng.choices(_WORDS, k=rng.randint(2, 12))) for _ in range(6)]
        # a candidate lifted from a tool turn, one from a user turn
        cores += [tool[0], user[0]] if tool and user else []
        whole = guard.CopySource.from_texts(tool, user)
        shrunk = _copy_source(transcript, cores)
        assert shrunk is not None
        for core in cores:
            assert guard.is_copied(core, shrunk) == guard.is_copied(core, whole), core
        assert sum(map(len, shrunk.tool)) <= sum(map(len, whole.tool))


def test_no_tool_turn_no_copy_source() -> None:
    transcript = Transcript(source="t", format="text", turns=(_turn(0, "user", "hello there"),))
    assert _copy_source(transcript, ["hello there"]) is None
    assert _copy_source(None, ["x"]) is None


def test_user_turns_tokenised_only_when_a_candidate_is_copied_from_a_tool() -> None:
    tool = "deploy the staging cluster with helm then restart the api gateway"
    user = "prefer postgres over mysql always run migrations before the release tag"
    turns = (_turn(0, "user", user), _turn(1, "tool", tool), _turn(2, "user", "deploy with helm"))
    transcript = Transcript(source="t", format="text", turns=turns)
    unrelated = _copy_source(transcript, ["prefer helm charts for every release", user])
    assert unrelated is not None and unrelated.tool and not unrelated.user
    copied = _copy_source(transcript, [tool, user])
    assert copied is not None and copied.user
    assert guard.is_copied(tool, copied) and not guard.is_copied(user, copied)
    # the user says what the tool printed: not copied, whichever way the source was built
    said = Transcript(source="t", format="text", turns=(*turns, _turn(3, "user", tool)))
    both = _copy_source(said, [tool])
    assert both is not None and not guard.is_copied(tool, both)
