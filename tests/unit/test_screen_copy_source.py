"""The copy check keeps, per candidate, one tool turn holding it and one user turn clearing it,
as their tokens shared with the candidates (issue 17: every turn's whole token set was about five
times the transcript in memory); its answers are those of every turn's whole set."""

from __future__ import annotations

import random

from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages import guard
from memscribe.stages.screen import _copy_source, _Counts, _witnesses

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


def test_one_witness_per_candidate_and_side() -> None:
    tool = "deploy the staging cluster with helm then restart the api gateway"
    user = "prefer postgres over mysql always run migrations before the release tag"
    turns = [_turn(0, "user", user), _turn(1, "tool", tool), _turn(2, "user", "deploy with helm")]
    turns += [_turn(3 + i, "tool", tool + " again") for i in range(50)]
    transcript = Transcript(source="t", format="text", turns=tuple(turns))
    unrelated = _copy_source(transcript, ["prefer helm charts for every release", user])
    assert unrelated is not None and not unrelated.tool and not unrelated.user
    copied = _copy_source(transcript, [tool, user])
    assert copied is not None and len(copied.tool) == 1 and not copied.user  # no user turn says it
    assert guard.is_copied(tool, copied) and not guard.is_copied(user, copied)
    # the user says what the tool printed: not copied, whichever way the source was built
    said = Transcript(source="t", format="text", turns=(*turns, _turn(len(turns), "user", tool)))
    both = _copy_source(said, [tool, user])
    assert both is not None and len(both.tool) == 1 and len(both.user) == 1
    assert not guard.is_copied(tool, both)


def _witnesses_by_scan(
    texts: list[str], cands: list[frozenset[str]]
) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """Each text against each waiting candidate, in order (the witnesses' meaning, spelt out)."""
    wanted = frozenset().union(*cands) if cands else frozenset()
    waiting = set(range(len(cands)))
    kept = []
    for tokens in guard.CopySource.from_texts(texts, ()).tool:
        shared = tokens & wanted
        done = {i for i in waiting if len(cands[i] & shared) >= guard.COPIED_CONTAINMENT * len(cands[i])}
        if done:
            kept.append(shared)
            waiting -= done
    return kept, [c for i, c in enumerate(cands) if i not in waiting]


def test_counting_every_candidate_at_once_finds_the_scans_witnesses() -> None:
    # common words (every candidate near every text) and rare ones, candidates of 4 to 30 tokens
    rng = random.Random(11)
    rare = [f"r{i}" for i in range(300)]
    for _ in range(60):
        vocab = _WORDS[: rng.randint(4, len(_WORDS))] + rng.sample(rare, rng.randint(0, 40))
        texts = [" ".join(rng.choices(vocab, k=rng.randint(0, 40))) for _ in range(rng.randint(0, 80))]
        cores = [" ".join(rng.choices(vocab, k=rng.randint(1, 30))) for _ in range(rng.randint(0, 70))]
        cores += rng.sample(texts, min(3, len(texts)))  # some lifted whole
        cands = [c for c in guard.CopySource.from_texts(cores, ()).tool if len(c) >= guard.COPIED_MIN_TOKENS]
        assert _witnesses(texts, cands) == _witnesses_by_scan(texts, cands)


def test_counts_of_bits_as_binary_digits() -> None:
    rng = random.Random(13)
    for _ in range(300):
        width = rng.randint(1, 130)
        sets = [rng.getrandbits(width) for _ in range(rng.randint(0, 40))]
        counts = _Counts(sets)
        among = rng.getrandbits(width)
        for least in range(1, 45):
            want = sum(
                1 << b for b in range(width) if among >> b & 1 and sum(s >> b & 1 for s in sets) >= least
            )
            assert counts.at_least(least, among) == want
