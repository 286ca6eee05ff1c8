"""Extract's per-run work kept to what it needs, with the same answers (issue 17): dedup's check
against the candidates accepted earlier in the run, the user's words it gathers, and the
shortlists' look-ups of stored text vectors."""

from __future__ import annotations

import itertools
import random
import tracemalloc
from pathlib import Path

import pytest

from memscribe import semantic
from memscribe.index import open_index
from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import ListView, restates
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.transcript import Role, SourcePos, Transcript, Turn
from memscribe.semantic import wordllama
from memscribe.stages import dedup, dedup_index
from memscribe.stages.dedup import Accepted, Priors, candidate_text
from tests.support.counting import counting
from tests.support.store_helpers import write_profile

BODIES = [
    "User drinks coffee every morning.",
    "User drinks coffee every single morning.",
    "User no longer drinks coffee every morning.",
    "user  drinks COFFEE every morning",
    "User drinks green tea every morning.",
    "User writes code in Neovim.",
    "User writes all of their code in Neovim.",
    "User does not write code in Neovim.",
    "User lives in Lisbon.",
    "User lives in Lisbon, Portugal.",
    "User moved to Porto.",
    "User prefers tabs over spaces.",
    "User prefers spaces over tabs.",
    "User is vegan.",
    "User is not vegan.",
    "User runs every weekend.",
]


def _profile(body: str, turn: int = 1) -> ProfileCandidate:
    return ProfileCandidate(slug="topic", ttl="one_year", body=body, evidence_turns=[turn])


def test_priors_answer_as_restates_over_every_earlier_candidate() -> None:
    """``Priors.restated`` is :func:`restates` against every earlier text of the kind, whatever
    the order the candidates come in (restatements, negations, near and unrelated texts)."""
    rng = random.Random(17)
    orders = [BODIES, BODIES[::-1], *(rng.sample(BODIES, len(BODIES)) for _ in range(40))]
    seen_true = seen_false = 0
    for order in orders:
        priors = Priors()
        earlier: list[str] = []
        for body in order:
            cand = _profile(body)
            text = candidate_text(cand)
            expected = any(restates(text, other) for other in earlier)
            assert priors.restated("profile", text) == expected, (text, earlier)
            assert not priors.restated("playbook", text)  # another kind's texts never count
            seen_true += expected
            seen_false += not expected
            priors.add(Accepted(kind="profile", candidate=cand))
            earlier.append(text)
    assert seen_true and seen_false  # both answers were exercised


def _turn(index: int, role: Role, text: str) -> Turn:
    return Turn(index=index, role=role, text=text, source=SourcePos(file="t", line=index + 1))


def test_dedup_hands_each_decision_the_users_words_at_its_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = [
        _turn(0, "user", "I drink coffee every morning."),
        _turn(1, "assistant", "Noted: coffee."),
        _turn(2, "user", "I live in Lisbon."),
        _turn(3, "user", "Unrelated chatter about the weather."),
    ]
    transcript = Transcript(source="t", format="text", turns=tuple(turns))
    heard: dict[str, str] = {}

    def decide(kind: str, cand: ProfileCandidate, *rest: object) -> None:
        heard[cand.body] = str(rest[-1])  # the user's words, passed last

    monkeypatch.setattr(dedup, "_decide_one", decide)
    coffee = ProfileCandidate(
        slug="coffee", ttl="one_year", body="User drinks coffee.", evidence_turns=[0, 1]
    )
    home = ProfileCandidate(slug="home", ttl="one_year", body="User lives in Lisbon.", evidence_turns=[2])
    none = ProfileCandidate(slug="misc", ttl="one_year", body="User said nothing.", evidence_turns=[9])
    dedup.dedup_all(
        {"profile": [coffee, home, none]}, ListView([]), model=EmbeddedModel(), transcript=transcript
    )
    assert heard == {
        "User drinks coffee.": "I drink coffee every morning.",  # the assistant's turn is not the user's
        "User lives in Lisbon.": "I live in Lisbon.",
        "User said nothing.": "",
    }


semantic_only = pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for n, (slug, body) in enumerate(
        [
            ("transport", "User drives to the office."),
            ("diet", "User is vegan."),
            ("editor", "User uses Neovim."),
        ]
    ):
        write_profile(tmp_path, f"prof_cost{n:04d}", slug, body)
    return tmp_path


def _vector_lookups(statements: list[str]) -> int:
    """Reads of stored vectors: by text, or by rowid with the semantic pool's rows."""
    return sum(
        any(f in s for f in ("FROM textvecs WHERE", "FROM filevecs WHERE", "JOIN filevecs"))
        for s in statements
    )


@semantic_only
@pytest.mark.usefixtures("fresh_semantic")
def test_a_shortlist_does_not_look_up_vectors_an_earlier_one_of_the_run_has(root: Path) -> None:
    queries = [
        ("commute", "User commutes by car."),
        ("food", "User eats no meat."),
        ("ide", "User likes Vim."),
    ]
    with open_index(root) as index:
        index.shortlist("profile", *queries[0], namespace=None)  # stores the pool's vectors
    semantic.reset()  # a new run: the encoder's memo is empty, the vectors are stored
    with open_index(root) as index:
        statements: list[str] = []
        index.conn.set_trace_callback(statements.append)
        found = [index.shortlist("profile", *q, namespace=None) for q in queries]
        assert _vector_lookups(statements) == 1  # the first shortlist's only
        semantic.reset()  # the memo lost them: the index holds the pool's vectors itself
        statements.clear()
        again = index.shortlist("profile", *queries[0], namespace=None)
        assert _vector_lookups(statements) == 0
    semantic.reset()
    with open_index(root) as index:  # each shortlist of a fresh run alone: the same answers
        alone = []
        for q in queries:
            semantic.reset()
            alone.append(index.shortlist("profile", *q, namespace=None))
    assert found == alone
    assert again == alone[0]
    assert all(itertools.chain.from_iterable(found))


def _babble(rng: random.Random, vocabulary: list[str]) -> str:
    return "User " + " ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 14))) + "."


def test_priors_compare_a_run_of_candidates_sharing_common_words_in_linear_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long run's candidates drawn from a few dozen words (every one shares a word with most
    earlier ones): each is compared with the few earlier ones it could restate, not all of them
    (the comparisons grew with the square of the candidates), with the answers of comparing all."""
    rng = random.Random(5)
    vocabulary = [f"word{n}" for n in range(25)] + ["cache", "build", "port", "config", "logging"]
    texts = [_babble(rng, vocabulary) for _ in range(1500)]
    compared = counting(monkeypatch, dedup_index, "token_similarity")
    cands = [_profile(text) for text in texts]
    priors = Priors(dedup_index.token_ranks(candidate_text(c) for c in cands))
    kept: list[int] = []
    answers = []
    for n, cand in enumerate(cands):
        answers.append(priors.restated("profile", candidate_text(cand)))
        if not answers[-1]:
            priors.add(Accepted(kind="profile", candidate=cand))
            kept.append(n)
    assert compared.n <= 5 * len(texts)  # every earlier one that shares a word: ~500 per candidate
    monkeypatch.undo()
    for n in rng.sample(range(len(texts)), 200):  # the answers of comparing with every earlier one
        earlier = [candidate_text(cands[k]) for k in kept if k < n]
        assert answers[n] == any(restates(candidate_text(cands[n]), other) for other in earlier)
    assert any(answers) and not all(answers)


def test_priors_hold_about_what_the_texts_and_their_tokens_take() -> None:
    """The index of a run's candidates keeps no set per variant it is found by: its memory stays
    near what the texts and their token sets take (a set of up to 12 tokens has 13 variants)."""
    rng = random.Random(9)
    vocabulary = [f"word{n}" for n in range(40)]
    cands = [_profile(_babble(rng, vocabulary)) for _ in range(1000)]
    texts = [candidate_text(c) for c in cands]
    ranks = dedup_index.token_ranks(texts)
    tracemalloc.start()
    try:
        priors = Priors(ranks)
        for cand in cands:
            priors.add(Accepted(kind="profile", candidate=cand))
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert held <= 1400 * len(cands)  # ~1.2 kB a candidate; a set per variant took ~5.5 kB


#: Candidates that reach each of dedup's look-ups: a change said with a value class and a name
#: left behind, another language, restatements within the run, a plain new fact.
_EMPTY_TURNS = (
    "I left Fintastic over the summer. I'm at Verdant Grid now.",
    "Ich bin inzwischen komplett auf Linux umgestiegen, Windows ist runter.",
    "I switched to a Mac last month.",
    "I live in Lisbon.",
)
_EMPTY_BODIES = (
    ("job", "User is at Verdant Grid now.", 0),
    ("job", "User no longer works at Fintastic.", 0),
    ("os", 'User, in their words: "Ich bin inzwischen komplett auf Linux umgestiegen".', 1),
    ("laptop", "User switched to a Mac.", 2),
    ("home", "User lives in Lisbon.", 3),
    ("home", "User lives in Lisbon.", 3),
    ("home", "user  lives in LISBON", 3),
)


class _Nothing:
    """A view with nothing stored that does not say so: each look-up is asked (and counted)."""

    def __init__(self) -> None:
        self.asked = 0

    def shortlist(self, kind: str, slug: str, text: str) -> list[object]:
        self.asked += 1
        return []

    def get(self, memory_id: str) -> None:
        return None

    def entries(self, kind: str | None = None) -> list[object]:
        return []


class _SaysNothing(_Nothing):
    holds_nothing = True


def _empty_run(view: object) -> dedup.DedupResult:
    turns = tuple(_turn(i, "user", t) for i, t in enumerate(_EMPTY_TURNS))
    cands = [
        ProfileCandidate(slug=s, ttl="one_year", body=b, evidence_turns=[i]) for s, b, i in _EMPTY_BODIES
    ]
    transcript = Transcript(source="t", format="text", turns=turns)
    return dedup.dedup_all({"profile": cands}, view, model=EmbeddedModel(), transcript=transcript)  # type: ignore[arg-type]


def test_dedup_against_a_view_that_holds_nothing_asks_no_look_up() -> None:
    """A view that says it holds nothing (an empty root's, an empty list's) is not asked for a
    shortlist or any extra look-up, and the run decides as it does against a view that is asked
    every look-up and finds nothing: the same candidates accepted, the same duplicates skipped."""
    asked, told = _Nothing(), _SaysNothing()
    expected, got = _empty_run(asked), _empty_run(told)
    assert asked.asked > len(_EMPTY_BODIES)  # the extras' look-ups were reached
    assert told.asked == 0
    assert got == expected
    assert [a.candidate.body for a in got.accepted] and len(got.skipped) == 2
    assert ListView([]).holds_nothing
    from memscribe.store.filestore import EmptyView

    assert dedup.holds_nothing(EmptyView()) and not dedup.holds_nothing(asked)
