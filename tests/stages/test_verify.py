"""Verify: grounding of profiles, correction → adjustment → confirmation for playbooks."""

from __future__ import annotations

import pytest

from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.stages.verify import question_before, verify
from tests.support.turns import make_transcript


def profile(body: str, turns: list[int], slug: str = "fact") -> ProfileCandidate:
    return ProfileCandidate(slug=slug, ttl="infinity", body=body, evidence_turns=turns)


def playbook(c: int, a: int, conf: int | None, **kw: str) -> PlaybookCandidate:
    return PlaybookCandidate(
        slug=kw.get("slug", "commit-no-trailer"),
        when=kw.get("when", "Composing a git commit message"),
        what=kw.get("what", "Don't add the Co-Authored-By trailer."),
        why="User corrected this.",
        correction_turn=c,
        adjustment_turn=a,
        confirmation_turn=conf,
        confirmation="explicit" if conf is not None else "none",
    )


FACTS = make_transcript(
    ("user", "I'm a data engineer and I prefer SQL with lowercase keywords."),
    ("assistant", "Noted. You prefer dark mode too, right?"),
    ("tool", "config: theme=dark"),
    ("user", "ok"),
)


def test_profile_from_user_turn_passes() -> None:
    out = verify([profile("User is a data engineer.", [0])], [], FACTS)
    assert [p.body for p in out.profiles] == ["User is a data engineer."]
    assert out.skipped == []


def test_profile_citing_missing_turn_is_ungrounded() -> None:
    out = verify([profile("User is a data engineer.", [9])], [], FACTS)
    assert out.profiles == []
    assert [(s.reason, s.evidence) for s in out.skipped] == [("ungrounded", [9])]


def test_profile_from_assistant_claim_is_rejected() -> None:
    out = verify([profile("User prefers dark mode.", [1])], [], FACTS)
    assert [s.reason for s in out.skipped] == ["not_user_evidence"]


def test_profile_citing_its_user_turn_and_the_reply_keeps_the_user_turn() -> None:
    out = verify([profile("User is a data engineer.", [0, 1])], [], FACTS)
    assert [p.evidence_turns for p in out.profiles] == [[0]]
    assert out.repaired == [("profile", "fact", 0)] and out.skipped == []


def test_a_claim_the_user_turns_beside_it_do_not_carry_keeps_its_citations() -> None:
    # "ok" (turn 3) beside the assistant's claim (turn 1): the user never said it
    out = verify([profile("User prefers dark mode.", [1, 3])], [], FACTS)
    assert out.profiles == [] and [s.reason for s in out.skipped] == ["not_user_evidence"]
    # and the tool output beside a user turn about something else
    out = verify([profile("User's theme is dark.", [0, 2])], [], FACTS)
    assert out.profiles == [] and [s.reason for s in out.skipped] == ["not_user_evidence"]


def test_profile_from_tool_output_is_rejected() -> None:
    out = verify([profile("User's theme is dark.", [2])], [], FACTS)
    assert [s.reason for s in out.skipped] == ["not_user_evidence"]


def test_profile_the_turn_does_not_support_is_ungrounded() -> None:
    out = verify([profile("User lives in Lisbon and owns a boat.", [0])], [], FACTS)
    assert [s.reason for s in out.skipped] == ["ungrounded"]


def test_profile_without_evidence_or_with_bad_slug() -> None:
    out = verify(
        [
            profile("User owns a boat in Lisbon.", []),
            profile("User is a data engineer.", [0], slug="bad?slug!"),
        ],
        [],
        FACTS,
    )
    assert [s.reason for s in out.skipped] == ["ungrounded", "invalid_candidate"]


def test_profile_citing_nothing_is_located_in_the_user_turn_that_says_it() -> None:
    turns = make_transcript(
        ("user", "hi there"),
        ("assistant", "Hello! How can I help?"),
        ("user", "I'm a data engineer at a bank in Porto, mostly SQL."),
        ("assistant", "Got it, a data engineer in Porto."),
    )
    out = verify([profile("User is a data engineer in Porto.", [])], [], turns)
    assert [p.evidence_turns for p in out.profiles] == [[2]]
    assert out.skipped == [] and out.repaired == [("profile", "fact", 0)]
    # the assistant's own claim is not located in a user turn that does not support it
    out = verify([profile("User prefers dark mode.", [])], [], FACTS)
    assert [s.reason for s in out.skipped] == ["ungrounded"]


COMMIT = [
    ("user", "commit the staged changes"),
    ("assistant", "feat: retry\n\nCo-Authored-By: Claude"),
    ("user", "No, don't add the Co-Authored-By trailer."),
    ("assistant", "Amended without the trailer."),
]


def test_explicit_confirmation() -> None:
    t = make_transcript(*COMMIT, ("user", "perfect, thanks"))
    out = verify([], [playbook(2, 3, 4)], t)
    assert len(out.playbooks) == 1 and out.playbooks[0].confirmation_turn == 4


def test_implicit_confirmation_by_moving_on() -> None:
    t = make_transcript(
        *COMMIT,
        ("user", "now open a PR for it"),
        ("assistant", "Opened #12."),
        ("user", "and tag Dana as reviewer"),
    )
    claimed = playbook(2, 3, 4).model_copy(update={"confirmation": "implicit"})
    out = verify([], [claimed], t)
    assert len(out.playbooks) == 1
    assert out.playbooks[0].confirmation_turn == 6  # the turn is judged from the transcript


def test_model_reporting_no_confirmation_is_never_overridden() -> None:
    t = make_transcript(*COMMIT, ("user", "perfect, thanks"))
    out = verify([], [playbook(2, 3, None)], t)
    assert out.playbooks == []
    assert [s.reason for s in out.skipped] == ["correction_without_confirmation"]


def test_one_later_turn_is_not_an_implicit_confirmation() -> None:
    t = make_transcript(*COMMIT, ("user", "now open a PR for it"), ("assistant", "Opened #12."))
    out = verify([], [playbook(2, 3, 4)], t)
    assert out.playbooks == []


@pytest.mark.parametrize(
    "reply",
    [
        "hmm no, the trailer is still there",
        "uh, no. drop it entirely",
        "nah, leave the body alone too",
        "whatever, I'll do it myself",
        "never mind",
        "that's overkill too",
        "still doesn't work",
        "egal, ich mach's selbst",
        "laisse tomber",
        "算了，我自己来",
        "もういい、自分でやる",
    ],
)
def test_filler_led_recorrection_or_give_up_is_not_a_confirmation(reply: str) -> None:
    t = make_transcript(*COMMIT, ("user", reply), ("assistant", "Ok."), ("user", "now open a PR"))
    out = verify([], [playbook(2, 3, 4)], t)
    assert out.playbooks == []
    assert [s.reason for s in out.skipped] == ["correction_without_confirmation"]


@pytest.mark.parametrize(
    "reply", ["perfecto, así sí", "genau so, danke", "parfait, merci", "そうそう、それでお願い"]
)
def test_confirmation_in_other_languages(reply: str) -> None:
    t = make_transcript(*COMMIT, ("user", reply))
    out = verify([], [playbook(2, 3, 4)], t)
    assert len(out.playbooks) == 1


def test_session_ending_after_adjustment_is_unconfirmed() -> None:
    out = verify([], [playbook(2, 3, None)], make_transcript(*COMMIT))
    assert [s.reason for s in out.skipped] == ["correction_without_confirmation"]


def test_recorrection_is_unconfirmed_even_if_model_claims_confirmation() -> None:
    t = make_transcript(
        *COMMIT, ("user", "No, that's wrong, keep the trailer but drop the email."), ("assistant", "Done.")
    )
    out = verify([], [playbook(2, 3, 4)], t)
    assert out.playbooks == []
    assert [s.reason for s in out.skipped] == ["correction_without_confirmation"]


def test_correction_must_be_a_user_turn_and_adjustment_later() -> None:
    t = make_transcript(*COMMIT, ("user", "great"))
    out = verify([], [playbook(1, 3, 4), playbook(2, 1, 4)], t)
    assert [s.reason for s in out.skipped] == ["not_user_evidence", "ungrounded"]


def test_tautological_when_is_rejected() -> None:
    t = make_transcript(*COMMIT, ("user", "great"))
    rule = "Don't add the Co-Authored-By trailer."
    out = verify([], [playbook(2, 3, 4, when=rule, what=rule)], t)
    assert [s.reason for s in out.skipped] == ["tautology"]


def test_grounding_is_never_skipped_for_japanese_or_german() -> None:
    t = make_transcript(("user", "私は左利きなので、マウスは左手で使います。"), ("assistant", "了解です。"))
    ok = verify([profile('User, in their words: "私は左利きなので".', [0])], [], t)
    made_up = verify([profile("ユーザーは大阪に住んでいる。", [0])], [], t)
    assert len(ok.profiles) == 1
    assert [s.reason for s in made_up.skipped] == ["ungrounded"]
    de = make_transcript(("user", "Ich wohne in Köln."), ("assistant", "Ok."))
    assert [s.reason for s in verify([profile("User lives in München.", [0])], [], de).skipped] == [
        "ungrounded"
    ]


def test_a_paraphrase_in_the_users_language_is_grounded_whatever_its_subject_word() -> None:
    """A memory written in the user's language names its subject ("L'utilisatrice", "Nutzer",
    "用户") and may spell out what the user abbreviated ("kiné"): neither makes it unsupported."""
    fr = make_transcript(
        ("user", "je suis kiné, donc merci d'expliquer simplement"), ("assistant", "D'accord.")
    )
    de = make_transcript(("user", "Und ja, ich wohn ja in der Wiehre"), ("assistant", "Gut."))
    assert len(verify([profile("L'utilisatrice est kinésithérapeute.", [0])], [], fr).profiles) == 1
    assert len(verify([profile("Nutzer wohnt in der Wiehre.", [0])], [], de).profiles) == 1
    made_up = verify([profile("L'utilisatrice est avocate à Lyon.", [0])], [], fr)
    assert [s.reason for s in made_up.skipped] == ["ungrounded"]


# -- citation repair, slug form, person -----------------------------------------------------------

SHIFTED = make_transcript(
    ("user", "Hi, quick one."),
    ("assistant", "Sure, what is it?"),
    ("user", "I live in Porto and I bike to work every day."),
    ("assistant", "Nice. How can I help?"),
    ("user", "Write the release notes with British spelling."),
    ("assistant", "Here are the notes, with American spelling: color, organize."),
    ("user", "No, use British spelling: colour, organise."),
    ("assistant", "Fixed: colour, organise, throughout."),
    ("user", "Perfect, thanks."),
)


def test_citation_one_turn_off_is_moved_to_the_supporting_user_turn() -> None:
    # a model counting from 1 cites [3] (the assistant) for what the user said at [2]
    out = verify([profile("User lives in Porto.", [3], slug="home-city")], [], SHIFTED)
    assert [(p.body, p.evidence_turns) for p in out.profiles] == [("User lives in Porto.", [2])]
    assert out.skipped == []
    assert out.repaired == [("profile", "home-city", -1)]


def test_repair_never_lands_on_a_turn_that_does_not_support_the_text() -> None:
    # the nearby user turns ([0] "Hi", [4] release notes) do not say it: still skipped
    out = verify([profile("User owns a boat in Lisbon.", [2])], [], SHIFTED)
    assert out.profiles == [] and out.repaired == []
    assert [s.reason for s in out.skipped] == ["ungrounded"]


def test_playbook_citations_shifted_together_are_repaired() -> None:
    b = playbook(
        7,
        8,
        9,
        slug="british-spelling",
        what="Use British spelling (colour, organise).",
        when="Writing release notes",
    )
    out = verify([], [b], SHIFTED)
    assert [(p.correction_turn, p.adjustment_turn, p.confirmation_turn) for p in out.playbooks] == [(6, 7, 8)]
    assert out.repaired == [("playbook", "british-spelling", -1)]


def test_first_person_body_is_invalid() -> None:
    out = verify([profile("I live in Porto.", [2]), profile("我住在波尔图。", [2])], [], SHIFTED)
    assert out.profiles == []
    assert {s.reason for s in out.skipped} == {"invalid_candidate"}


def test_slug_is_normalised_to_kebab_case() -> None:
    out = verify([profile("User lives in Porto.", [2], slug="Home_City")], [], SHIFTED)
    assert [p.slug for p in out.profiles] == ["home-city"]


ANSWERS = make_transcript(
    ("assistant", "That's funny! What kind of dog do you have? Mine is a husky."),
    ("user", "A beagle, she's getting old."),
    ("assistant", "How much longer until you finish nursing school?"),
    ("user", "Hopefully just a year more!"),
    ("assistant", "You prefer dark mode too, right?"),
    ("user", "ok"),
    ("assistant", "Do you love hiking trips in the Alps mountains?"),
    ("user", "I love them."),
)


def test_an_answer_is_grounded_with_the_question_it_answers() -> None:
    out = verify(
        [
            profile("User has an old beagle dog.", [1], slug="pet"),
            profile("User is in nursing school with about a year left.", [3], slug="studies"),
            profile("User loves hiking trips in the Alps mountains.", [7], slug="hiking"),
        ],
        [],
        ANSWERS,
    )
    assert [p.slug for p in out.profiles] == ["pet", "studies", "hiking"] and out.skipped == []


def test_a_bare_acknowledgement_takes_nothing_from_the_question() -> None:
    # "ok" to the assistant's guess carries none of the fact: the user never stated it
    out = verify([profile("User prefers dark mode.", [5])], [], ANSWERS)
    assert out.profiles == [] and [s.reason for s in out.skipped] == ["ungrounded"]


def test_the_other_sides_statements_are_never_evidence() -> None:
    # the same words as a statement, not a question: they stay the assistant's
    said = make_transcript(
        ("assistant", "You seem to love hiking trips in the Alps mountains."), ("user", "I love the sea.")
    )
    out = verify([profile("User loves hiking trips in the Alps mountains.", [1])], [], said)
    assert out.profiles == [] and [s.reason for s in out.skipped] == ["ungrounded"]


def test_question_before_is_the_question_of_the_last_message_before_the_user_turn() -> None:
    assert question_before(ANSWERS.turns, 1) == "What kind of dog do you have?"
    assert question_before(ANSWERS.turns, 5) == "You prefer dark mode too, right?"
    assert question_before(ANSWERS.turns, 0) == ""
    # a user turn right before: that user turn is not the other side
    follow = make_transcript(
        ("assistant", "Where do you live?"), ("user", "Porto."), ("user", "Near the river.")
    )
    assert question_before(follow.turns, 2) == ""


def test_screen_reads_an_answer_with_its_question_too() -> None:
    from memscribe.stages.screen import screen

    chat = make_transcript(
        ("assistant", "How much longer until you finish your nursing school degree?"),
        ("user", "Hopefully just a year more!"),
        ("assistant", "You seem to enjoy long cycling tours across Europe."),
        ("user", "Hopefully just a year more!"),
    )
    body = "User expects to finish the nursing school degree in about a year."
    kept = screen([profile(body, [1])], [], injected_memories=[], transcript=chat)
    assert [p.body for p in kept.profiles] == [body] and kept.skipped == []
    # the same answer after a statement: most of the memory's words are nowhere the user spoke
    dropped = screen([profile(body, [3])], [], injected_memories=[], transcript=chat)
    assert dropped.profiles == [] and [s.reason for s in dropped.skipped] == ["ungrounded"]


def test_in_a_group_chat_a_profile_is_grounded_in_the_owners_own_messages() -> None:
    room = make_transcript(
        (
            "user",
            "[#allotment] Hana: I work in Leeds city centre during the week\n[#allotment] Mo: I'm retired",
        ),
        ("assistant", "Noted, thanks both."),
        ("user", "[#allotment] Mo: my plot is the one by the shed, I grow leeks there"),
    )
    out = verify(
        [
            profile("User works in Leeds city centre.", [0], slug="work-city"),
            profile("User is retired.", [0], slug="status"),
            profile("User's plot is by the shed, growing leeks.", [2], slug="plot"),
        ],
        [],
        room,
    )
    assert [p.slug for p in out.profiles] == ["work-city"]
    assert [s.reason for s in out.skipped] == ["ungrounded", "ungrounded"]


REPLIES = make_transcript(
    ("assistant", "When do you plan to organize your baby shower?"),
    ("user", "I need to start soon. Are you free to help me?"),
    ("assistant", "Have you had any luck with your applications to the California hospitals?"),
    ("user", "No not yet and it's not helping these loans disappear either."),
    ("assistant", "Has your spouse ever tried to convince you to get a cat?"),
    ("user", "We have thought about it. While I prefer dogs, I'm not opposed."),
    ("assistant", "Do you like sushi?"),
    ("user", "Not really, I had a bad night after it."),
    ("assistant", "You prefer dark mode, right?"),
    ("user", "I think it is fine."),
)


def test_a_reply_takes_what_the_question_presupposes_of_the_user() -> None:
    # the question takes the user's applications and spouse as given; the reply does not deny them
    out = verify(
        [
            profile("User is applying for jobs at hospitals in California.", [3], slug="jobs"),
            profile("User has a spouse.", [5], slug="spouse"),
            profile("User is planning their baby shower.", [1], slug="shower"),
        ],
        [],
        REPLIES,
    )
    assert [p.slug for p in out.profiles] == ["jobs", "spouse", "shower"] and out.skipped == []


def test_a_reply_with_words_of_its_own_takes_nothing_else_from_the_question() -> None:
    # what the question asks (not what it takes as given) is not the user's unless they answer it
    out = verify(
        [profile("User likes sushi.", [7], slug="sushi"), profile("User prefers dark mode.", [9])],
        [],
        REPLIES,
    )
    assert out.profiles == [] and [s.reason for s in out.skipped] == ["ungrounded", "ungrounded"]


def test_screen_reads_a_reply_with_what_its_question_presupposes() -> None:
    from memscribe.stages.screen import screen

    body = "User is applying for jobs at hospitals in California."
    kept = screen([profile(body, [3])], [], injected_memories=[], transcript=REPLIES)
    assert [p.body for p in kept.profiles] == [body] and kept.skipped == []


@pytest.mark.parametrize(
    "correction",
    [
        "No, don't add the trailer. Never mind, I'll amend it myself.",
        "いや、それも違います。もういいです、自分で調べます。",
        "Nein, ohne Trailer. Egal, ich mach's selbst.",
    ],
)
def test_a_correction_turn_that_gives_up_is_never_kept(correction: str) -> None:
    t = make_transcript(
        ("user", "commit this"),
        ("assistant", "Committed with a Co-Authored-By trailer."),
        ("user", correction),
        ("assistant", "Amended without the trailer."),
        ("user", "perfect, thanks"),
    )
    out = verify([], [playbook(2, 3, 4, what=correction)], t)
    assert out.playbooks == []
    assert [s.reason for s in out.skipped] == ["correction_without_confirmation"]


@pytest.mark.parametrize(
    "correction",
    ["No, leave it out, don't add the trailer.", "No, that's still wrong: never add a trailer."],
)
def test_a_correction_that_still_asks_for_its_fix_is_kept(correction: str) -> None:
    t = make_transcript(
        ("user", "commit this"),
        ("assistant", "Committed with a Co-Authored-By trailer."),
        ("user", correction),
        ("assistant", "Amended without the trailer."),
        ("user", "perfect, thanks"),
    )
    out = verify([], [playbook(2, 3, 4, what=correction)], t)
    assert [b.correction_turn for b in out.playbooks] == [2] and out.skipped == []


POLAR = make_transcript(
    ("assistant", "You are funny! Did you ever ride a motorbike? I love it!"),
    ("user", "No, I never have. I'd die if I did."),
    ("assistant", "Have you ever been to Lisbon?"),
    ("user", "No, not yet."),
)


def test_a_yes_or_no_answer_takes_the_fact_from_its_question_with_the_answers_polarity() -> None:
    # "No, I never have." carries no content word: the question it answers carries the fact
    out = verify([profile("User has never ridden a motorbike.", [1], slug="motorbike")], [], POLAR)
    assert [p.slug for p in out.profiles] == ["motorbike"] and out.skipped == []
    # the opposite polarity is not what the user answered
    wrong = verify([profile("User has been to Lisbon.", [3], slug="lisbon")], [], POLAR)
    assert wrong.profiles == [] and [s.reason for s in wrong.skipped] == ["ungrounded"]
