"""Trigger lexicon: each family positive and negative (English and Chinese)."""

from __future__ import annotations

import pytest

from pipeline import triggers


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
    assert triggers.profile_signal(text)


@pytest.mark.parametrize(
    "text",
    ["run the unit tests", "fix it", "show me paginate", "ship it", "thanks!", "帮我规划一下晚餐", "ok"],
)
def test_profile_signal_negative(text: str) -> None:
    assert not triggers.profile_signal(text)


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
    assert triggers.correction_signal(text)


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
    assert not triggers.correction_signal(text)


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
    assert triggers.confirmation_signal(text)


@pytest.mark.parametrize("text", ["run the tests", "can you also add a README?", "push it", "帮我列个清单"])
def test_confirmation_signal_negative(text: str) -> None:
    assert not triggers.confirmation_signal(text)


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
    assert triggers.hedge_or_nonfact(text)


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
    assert not triggers.hedge_or_nonfact(text)


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
    assert triggers.profile_signal(text)


@pytest.mark.parametrize("text", ["Do you have any pets?", "What do I need to install?", "帮我查一下天气"])
def test_profile_signal_questions_and_requests(text: str) -> None:
    assert not triggers.profile_signal(text)


@pytest.mark.parametrize(
    "text", ["Excellent. Don't hesitate to reach out.", "Don't worry about it, it's fine."]
)
def test_reassurance_is_not_a_correction(text: str) -> None:
    assert not triggers.correction_signal(text)
