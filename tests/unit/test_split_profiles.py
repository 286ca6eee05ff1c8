"""A model's compound profile gathered from several user turns is written as one candidate per fact
(profiles are one fact per file: superseding one part must not archive the other), cut by
structure only: top-level ``;`` clauses and predicates coordinated under the subject; never
coordinated nouns, quotes, code or brackets, nor a body from one turn."""

from __future__ import annotations

import pytest

from memscribe.model.base import Message
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import SLUG_RE
from memscribe.schemas.plan import Usage
from memscribe.stages.detect import detect
from memscribe.stages.split_profiles import fact_parts, split_profiles
from memscribe.stages.verify import normal_slug
from tests.support.turns import make_transcript


@pytest.mark.parametrize(
    ("body", "parts"),
    [
        (
            "User loves fish and chips and loves cooking paella; would never eat snails.",
            ["User loves fish and chips.", "User loves cooking paella.", "User would never eat snails."],
        ),
        ("User is a nurse and works at St Mary's.", ["User is a nurse.", "User works at St Mary's."]),
        ("User is married and has 2 kids", ["User is married", "User has 2 kids"]),
        (
            "User is scared of insects, especially spiders, and is terrified of snakes.",
            ["User is scared of insects, especially spiders.", "User is terrified of snakes."],
        ),
        (
            "User hates early meetings but never misses the standup.",
            ["User hates early meetings.", "User never misses the standup."],
        ),
        (
            "User moved to Lisbon in 2021 and started a bakery.",
            ["User moved to Lisbon in 2021.", "User started a bakery."],
        ),
        ("User prefers tabs; User uses vim.", ["User prefers tabs.", "User uses vim."]),
        ("User lives in Leeds and works at a bank.", ["User lives in Leeds.", "User works at a bank."]),
        ("User likes cats and owns a dog.", ["User likes cats.", "User owns a dog."]),
    ],
)
def test_a_compound_body_is_cut_into_facts_each_with_the_subject(body: str, parts: list[str]) -> None:
    assert fact_parts(body) == parts


@pytest.mark.parametrize(
    "body",
    [
        "User likes salt and pepper.",
        "User has a dog and a cat.",
        "User volunteers at food banks on Tuesdays and weekends.",
        "User likes dogs and cats, especially old ones.",
        "User loves arts and architecture.",
        "User is allergic to fruits (apples, pears and melons and kiwis).",
        'User calls the build "lint and tests" and nothing else.',
        "User runs `make lint and tests` before pushing.",
        "User is trying to lower their meat consumption and eat healthy.",
        "User has a son who will soon go to college; they enjoy horror movies together.",
        "User has several kids; the youngest is almost 10.",
        "User has been to Portugal and loved it.",
        "User has boys and plays football with them.",
        "Nutzer trinkt Kaffee und spielt Schach.",
        "用户喜欢咖啡；不喝茶。",
        "The team deploys on Fridays and reviews on Mondays.",
        "User's sister lives in Oslo and teaches maths.",
        "User renders scenes with Blender; renders take hours.",
        "User is a photographer; emails from clients are priority.",
        "User works with a manager who lives in Rome and visits the office on Fridays.",
    ],
)
def test_coordinated_nouns_quotes_brackets_pronouns_and_other_subjects_stay_one(body: str) -> None:
    assert fact_parts(body) == [body]


@pytest.mark.parametrize(
    "body",
    [
        # a plural noun coordinated with the object, then a preposition: no verb
        "User likes cats and dogs with long hair.",
        "User collects stamps and coins from the 1800s.",
        "User reads manga and comics in French.",
        "User plays guitar and keyboards in a band.",
        # the subject handed to someone else by a ';' or '.' clause: what follows is theirs
        "User has two kids; the youngest is almost 10 and plays in a league.",
        "User has a brother. Tom lives in Leeds and works at a bank.",
        "User has two kids; the youngest is almost 10; loves playing football.",
        # another language
        "User vive en Madrid and works at Google.",
    ],
)
def test_plural_nouns_other_subjects_and_other_languages_are_not_cut(body: str) -> None:
    assert fact_parts(body) == [body]


def _profile(slug: str, body: str, turns: tuple[int, ...] = (0, 2)) -> ProfileCandidate:
    return ProfileCandidate(slug=slug, ttl="one_year", body=body, evidence_turns=list(turns))


def test_each_part_keeps_evidence_and_ttl_with_a_distinct_slug_derived_from_the_original() -> None:
    profiles = [
        _profile("food", "User loves sushi and cooks every weekend."),
        _profile("food-2", "User is vegetarian."),
        _profile("pets", "User has a dog and a cat."),
    ]
    out = split_profiles(profiles)
    assert [(p.slug, p.body) for p in out] == [
        ("food", "User loves sushi."),
        ("food-3", "User cooks every weekend."),  # food-2 is another candidate's slug
        ("food-2", "User is vegetarian."),
        ("pets", "User has a dog and a cat."),
    ]
    assert all(p.ttl == "one_year" and p.evidence_turns == [0, 2] for p in out)
    assert split_profiles(profiles) == out  # deterministic


@pytest.mark.parametrize("base", ["x" * 47, "y" * 48, "long-topic-" + "z" * 37])
def test_part_slugs_stay_within_the_slug_limit(base: str) -> None:
    out = split_profiles(
        [_profile(base, "User loves sushi and cooks every weekend; would never eat snails.")]
    )
    slugs = [p.slug for p in out]
    assert len(slugs) == 3 and slugs[0] == base
    assert all(SLUG_RE.match(s) for s in slugs), slugs
    assert len({normal_slug(s) for s in slugs}) == 3


def test_part_slugs_are_distinct_after_normalisation() -> None:
    profiles = [
        _profile("food_prefs", "User loves sushi and cooks every weekend."),
        _profile("food-prefs-2", "User is vegetarian."),
    ]
    slugs = [normal_slug(p.slug) for p in split_profiles(profiles)]
    assert len(slugs) == 3 and len(set(slugs)) == 3, slugs


def test_a_body_from_one_user_turn_stays_one() -> None:
    """One utterance often states a fact with its consequence ("doesn't drive and takes the bus"):
    only a body gathering what the user said in several turns is cut."""
    one = _profile("transport", "User doesn't drive and takes the bus.", turns=(4, 4))
    assert split_profiles([one]) == [one]


class CompoundModel:
    """Answers every window with one compound profile (a model that reads the prompt)."""

    name = "scripted"

    def __init__(self) -> None:
        self.usage = Usage()

    def generate(self, *, task, messages: list[Message], response_model, request):  # type: ignore[no-untyped-def]
        body = "User is a nurse and works at St Mary's; would never drink coffee."
        profile = {"slug": "work", "ttl": "infinity", "body": body, "evidence_turns": [0, 2]}
        return response_model.model_validate({"profiles": [profile], "playbooks": []})


def test_detect_hands_on_a_models_compound_profile_as_one_candidate_per_fact() -> None:
    transcript = make_transcript(
        ("user", "I'm a nurse at St Mary's."), ("assistant", "ok"), ("user", "And I never drink coffee.")
    )
    result = detect(transcript, model=CompoundModel(), signal_turns=(0, 2), context_tokens=8000)
    assert [(p.slug, p.body) for p in result.profiles] == [
        ("work", "User is a nurse."),
        ("work-2", "User works at St Mary's."),
        ("work-3", "User would never drink coffee."),
    ]
