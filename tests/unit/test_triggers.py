"""Trigger lexicon: each family positive and negative (English and Chinese)."""

from __future__ import annotations

import pytest

from memscribe import lexicon


@pytest.mark.parametrize(
    "text",
    [
        "I prefer tabs over spaces",
        "I like short answers",
        "I don't like emojis in commit messages",
        "I always write tests first",
        "I'm a data engineer at Acme",
        "my timezone is CET",
        "I've been doing Go for 6 years",
        "I live in Porto",
        "I moved to Amsterdam last month",
        "use pnpm for everything",
        "our team uses Terraform",
        "the repo is at github.com/acme/api",
        "I'm vegetarian",
        "no dairy please",
        "I can't eat gluten",
        "don't use semicolons",
        "I'm allergic to shellfish",
        "we deploy to eu-west-1 only",
        "我是产品经理",
        "我喜欢简洁的回答",
        "我不吃香菜",
        "我对花生过敏",
        "我住在深圳",
        "我搬到了杭州",
    ],
)
def test_profile_signal_positive(text: str) -> None:
    assert lexicon.profile_signal(text)


@pytest.mark.parametrize(
    "text",
    ["run the unit tests", "fix it", "show me paginate", "ship it", "thanks!", "帮我规划一下晚餐", "ok"],
)
def test_profile_signal_negative(text: str) -> None:
    assert not lexicon.profile_signal(text)


@pytest.mark.parametrize(
    "text",
    [
        "No, that's wrong",
        "No, don't add the trailer",
        "Actually, log timestamps should always be UTC",
        "Don't do that",
        "Not like that",
        "We don't use Redux here",
        "no, use pnpm",
        "wrong, it's the other file",
        "that's not what I asked for",
        "not with the time part. just the date",
        "ok. no, use the staging bucket",
        "run them with -race, always do that in this repo",
        "这次别放了",
        "不对，应该用公制",
    ],
)
def test_correction_signal_positive(text: str) -> None:
    assert lexicon.correction_signal(text)


@pytest.mark.parametrize(
    "text",
    [
        "perfect, that's what I want",
        "now run the tests for internal/feed",
        "push and open a PR for it",
        "what does journalctl --since accept? I always forget the syntax",
        "ok create a branch and commit. fyi our branches are always named feature/x",
        "no problem, take your time",
        "sounds good, thanks",
        "周五的虾仁炒饭能换成别的吗",
    ],
)
def test_correction_signal_negative(text: str) -> None:
    assert not lexicon.correction_signal(text)


@pytest.mark.parametrize(
    "text",
    [
        "good",
        "perfect, that's what I want",
        "yes that's right",
        "correct",
        "great, thanks",
        "Exactly.",
        "对",
        "好的。",
        "完美",
    ],
)
def test_confirmation_signal_positive(text: str) -> None:
    assert lexicon.confirmation_signal(text)


@pytest.mark.parametrize("text", ["run the tests", "can you also add a README?", "push it", "帮我列个清单"])
def test_confirmation_signal_negative(text: str) -> None:
    assert not lexicon.confirmation_signal(text)


@pytest.mark.parametrize(
    "text",
    [
        "Maybe I'll try Zig someday",
        "I might switch to Neovim",
        "I'm thinking about moving to Berlin",
        "not sure I like Rust",
        "I used to use Emacs",
        "back when I lived in Paris",
        "if I were a manager I'd ban meetings",
        "My colleague prefers Elixir for everything",
        "my wife likes spicy food",
        "do you prefer tabs or spaces?",
        "should I use poetry",
        "我可能会搬到上海",
        "我以前住在北京",
        "你喜欢什么编辑器？",
        "我同事喜欢用Vim",
    ],
)
def test_hedge_or_nonfact_positive(text: str) -> None:
    assert lexicon.hedge_or_nonfact(text)


@pytest.mark.parametrize(
    "text",
    [
        "I prefer tabs",
        "I'm a data engineer",
        "I coach my kid's football team",
        "我住在深圳",
        "we use Tailwind",
    ],
)
def test_hedge_or_nonfact_negative(text: str) -> None:
    assert not lexicon.hedge_or_nonfact(text)


@pytest.mark.parametrize(
    "text",
    [
        "I have two dogs and a cat.",
        "Our office is near the river.",
        "From now on, end all method names with '_x'.",
        "以后提交信息都用英文。",
        "我周末常去爬山。",
    ],
)
def test_profile_signal_first_person_and_standing(text: str) -> None:
    assert lexicon.profile_signal(text)


@pytest.mark.parametrize("text", ["Do you have any pets?", "What do I need to install?", "帮我查一下天气"])
def test_profile_signal_questions_and_requests(text: str) -> None:
    assert not lexicon.profile_signal(text)


@pytest.mark.parametrize(
    "text", ["Excellent. Don't hesitate to reach out.", "Don't worry about it, it's fine."]
)
def test_reassurance_is_not_a_correction(text: str) -> None:
    assert not lexicon.correction_signal(text)


# --- the gate's cue strength: a durable fact, not any "I + verb" --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I have two dogs and a cat.",
        "I work nights at the hospital.",
        "My wife teaches piano.",
        "We've got three kids.",
        "I love hiking in the mountains.",
        "Me too! Pizza is my favourite.",
        "I don't eat meat.",
        "I want to become a nurse one day",
        "我周末常去爬山。",
    ],
)
def test_durable_first_person(text: str) -> None:
    assert lexicon.durable_first_person(text)


@pytest.mark.parametrize(
    "text",
    [
        "I hope you feel better soon!",
        "I bet that was fun.",
        "I'm sure it will turn out great.",
        "I'm so sorry to hear that.",
        "I love that idea!",
        "I like your plan.",
        "I'd love to see pictures.",
        "I'll have to check it out.",
        "I think so too.",
        "I've heard good things about it.",
        "I need a bar chart of the quarterly numbers.",
        "We can meet at noon.",
        "I don't have much to do today.",
        "Do you think I should go?",
    ],
)
def test_reactions_wishes_and_requests_are_not_durable(text: str) -> None:
    assert not lexicon.durable_first_person(text)
    assert not lexicon.profile_signal(text)


@pytest.mark.parametrize(
    "text",
    [
        "You can always ask the shop.",
        "That always goes well.",
        "No, never got it back.",
        "Have you decided what to study?",
    ],
)
def test_chat_adverbs_and_questions_are_not_standing_instructions(text: str) -> None:
    assert not lexicon.profile_signal(text)


@pytest.mark.parametrize("text", ["No way! That's amazing!", "No joke, it was huge.", "No kidding."])
def test_exclamations_are_not_corrections(text: str) -> None:
    assert not lexicon.correction_signal(text)


def test_weak_cue_is_a_passing_possessive() -> None:
    assert lexicon.profile_strength("That sounds like my kind of movie!") == lexicon.WEAK
    assert lexicon.profile_strength("My sister lives in Lyon.") == lexicon.STRONG
    assert lexicon.profile_strength("How are you?") == lexicon.NONE


# --- the gate ----------------------------------------------------------------------------------------


def _gate(*turns: tuple[str, str], kinds: dict[int, str] | None = None) -> bool:
    from memscribe.stages.gate import gate
    from tests.support.turns import make_transcript

    return gate(make_transcript(*turns, kinds=kinds)).passed


def test_gate_stops_a_task_request() -> None:
    assert not _gate(
        ("user", "I need a chart of the sales numbers, matplotlib please"),
        ("assistant", "Here it is."),
        ("user", "ok thanks"),
    )


def test_gate_stops_a_correction_never_confirmed() -> None:
    assert not _gate(
        ("user", "export the dates"),
        ("tool", "wrote out.csv"),
        ("assistant", "Done, with timestamps."),
        ("user", "No, dates should be plain."),
        ("assistant", "Changed."),
        ("user", "not with the time part. just the date"),
    )


def test_gate_passes_a_confirmed_correction_in_an_agent_session() -> None:
    assert _gate(
        ("user", "export the dates"),
        ("tool", "wrote out.csv"),
        ("assistant", "Done, with timestamps."),
        ("user", "No, dates should be plain."),
        ("assistant", "Changed."),
        ("user", "perfect"),
    )


def test_gate_treats_no_after_a_question_as_an_answer() -> None:
    assert not _gate(
        ("assistant", "Did the shop give you a refund?"),
        ("user", "No, not yet."),
        ("assistant", "That's annoying."),
        ("user", "Yeah."),
    )


def test_gate_stops_chat_of_reactions_and_questions() -> None:
    assert not _gate(
        ("user", "How was the trip?"),
        ("assistant", "Great, we saw the coast."),
        ("user", "I bet that was beautiful! I hope you took pictures."),
        ("assistant", "Lots."),
        ("user", "I'd love to see them. What was the best part?"),
    )


def test_gate_passes_two_weak_cues() -> None:
    assert _gate(
        ("user", "That sounds like my kind of movie!"),
        ("assistant", "It's great."),
        ("user", "Ha, my brother would hate it."),
    )
