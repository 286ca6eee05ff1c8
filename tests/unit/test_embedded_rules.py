"""The embedded extractor on hand-made turn lists: profiles, playbooks, rejections, schema."""

from __future__ import annotations

import pytest

from memscribe import lexicon
from memscribe.model.embedded.detect import extract
from memscribe.schemas.candidates import Detection
from memscribe.schemas.memory import SLUG_RE
from memscribe.schemas.transcript import SourcePos, ToolCall, Turn

SRC = SourcePos(file="-", line=1)


def conv(*items: tuple[str, str] | tuple[str, str, str]) -> list[Turn]:
    """Build turns from (role, text[, tool-call command]) tuples; indices follow the order."""
    turns = []
    for i, item in enumerate(items):
        role, text = item[0], item[1]
        calls = (ToolCall(name="exec", arguments=f'{{"command": "{item[2]}"}}'),) if len(item) == 3 else ()
        kind = {
            "user": "message",
            "assistant": "tool_call" if calls and not text else "message",
            "tool": "tool_result",
        }[role]
        turns.append(Turn(index=i, role=role, kind=kind, text=text, tool_calls=calls, source=SRC))  # type: ignore[arg-type]
    return turns


#: A tool call after the user turn: an agent session, where only the shaped profile rules apply.
AGENT = ("assistant", "", "ls")


def bodies(text: str) -> list[str]:
    return [p.body for p in extract(conv(("user", text), AGENT)).profiles]


def chat_bodies(*texts: str) -> list[str]:
    """Profiles from a plain conversation (the partner answers each user turn)."""
    turns: list[tuple[str, str]] = []
    for text in texts:
        turns += [("user", text), ("assistant", "Oh nice, tell me more.")]
    return [p.body for p in extract(conv(*turns)).profiles]


# --- profiles -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "body", "slug", "ttl"),
    [
        (
            "I prefer SQL keywords in lowercase",
            "User prefers SQL keywords in lowercase.",
            "sql-keywords",
            "infinity",
        ),
        ("I'm a data engineer at Acme", "User is a data engineer at Acme.", "role", "one_year"),
        ("my timezone is CET", "User's timezone is CET.", "timezone", "one_year"),
        ("I've been doing Go for 6 years", "User has been doing Go for 6 years.", "experience", "one_year"),
        ("also I'm based in Lisbon, so use Lisbon time", "User is based in Lisbon.", "home-city", "one_year"),
        (
            "I moved to Amsterdam last month",
            "User lives in Amsterdam (moved there recently).",
            "home-city",
            "one_year",
        ),
        ("I'm vegetarian — any ideas for dinner?", "User is vegetarian.", "diet", "infinity"),
        ("I'm allergic to shellfish", "User is allergic to shellfish.", "allergy", "infinity"),
        ("our team uses Terraform for infra", "User's team uses Terraform for infra.", "infra", "one_year"),
        (
            "we deploy to eu-west-1 only",
            "User's team deploys to eu-west-1 only.",
            "deploy-eu-west",
            "one_year",
        ),
        (
            "the repo is at github.com/acme/api",
            "User's repo is at github.com/acme/api.",
            "repo-location",
            "one_year",
        ),
        ("I use Neovim every day", "User uses Neovim every day.", "editor", "infinity"),
        ("use pnpm from now on", "User prefers to use pnpm.", "package-manager", "infinity"),
        (
            "I can't run on Wednesdays",
            "User can't run on Wednesdays.",
            "constraint-run-wednesdays",
            "infinity",
        ),
        ("I'm training for a marathon", "User is training for a marathon.", "goal-marathon", "one_quarter"),
        (
            "I'm working on a CLI called tally this week",
            "User is working on a CLI called tally.",
            "project-cli-tally",
            "one_week",
        ),
        ("I'm learning Rust today", "User is learning Rust today.", "learning-rust", "one_day"),
        ("我对花生过敏，很严重", "用户对花生过敏。", "allergy", "infinity"),
        ("我住在深圳", "用户住在深圳。", "home-city", "one_year"),
        ("我是产品经理", "用户是产品经理。", "role", "one_year"),
        ("我不吃香菜", "用户不吃香菜。", "diet", "infinity"),
    ],
)
def test_profile_rewrites(text: str, body: str, slug: str, ttl: str) -> None:
    det = extract(conv(("user", text), AGENT))
    assert len(det.profiles) == 1, det.profiles
    p = det.profiles[0]
    assert (p.body, p.slug, p.ttl, p.evidence_turns) == (body, slug, ttl, [0])
    assert SLUG_RE.match(p.slug)


@pytest.mark.parametrize(
    "text",
    [
        "Maybe I'll try Zig someday, not now though.",
        "I used to use Emacs for everything but that was years ago.",
        "My colleague prefers Elixir for everything.",
        "do you prefer tabs or spaces?",
        "if I were you I'd use Rust",
        "I'm thinking about moving to Berlin.",
        "run the unit tests",
        "can you draft an incremental model for shipment_events? key is event_id",
        "I need a bar chart of quarterly revenue",
        "I can't connect to the staging db since this morning",
        "I'm working on the login bug",
        "I always forget the journalctl syntax",
        "I like that idea",
        "I'm a bit tired today",
        "Our API is down again",
        "我可能会搬到上海",
        "我以前住在北京",
        "我同事喜欢用Vim",
        "帮我规划一下下周的晚餐",
    ],
)
def test_non_facts_and_task_details_are_rejected(text: str) -> None:
    assert bodies(text) == []


# --- plain statements in a conversation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("I just buy sweaters online.", "User just buys sweaters online."),
        ("but I'm a blonde with blue eyes", "User is a blonde with blue eyes."),
        ("I coach their team. You?", "User coaches their team."),
        ("I read at least one book a week, you?", "User reads at least one book a week."),
        ("I am famous for my streaming videos", "User is famous for their streaming videos."),
        ("i grew up on a farm near the coast", "User grew up on a farm near the coast."),
        ("My wife works as a nurse at the hospital.", "User's wife works as a nurse at the hospital."),
        ("I love rainy weather", "User loves rainy weather."),
    ],
)
def test_plain_first_person_statements_in_a_conversation(text: str, body: str) -> None:
    assert chat_bodies(text) == [body]


@pytest.mark.parametrize(
    "text",
    [
        "I hope so!",
        "I love that",
        "I'm so tired",
        "I can swim pretty well",
        "I am in remission",  # one content word: too little to keep as said
        "I wanted to discuss the project timeline with the team",
        "I'm sure that it will work out",
        "I look forward to your visit next month",
        "My sister and I are running low on supplies",
        "My husband loves jazz music",  # a relative's taste is theirs
        "We went camping at the lake",
        "Maybe I'll try painting someday",
        "Do you like hiking in the mountains?",
        "I'm not feeling great today",
    ],
)
def test_conversation_non_facts_stay_out(text: str) -> None:
    assert chat_bodies(text) == []


def test_a_former_state_in_a_conversation_is_the_speakers_past() -> None:
    # told in a chat, "used to" is the speaker's past (MSC labels it: "I was a game designer");
    # kept as said, so it never reads as what holds now
    assert chat_bodies("I used to live in a big city") == ["User used to live in a big city."]
    assert chat_bodies("I used to be a game designer, I helped make starcraft.") == [
        "User used to be a game designer.",
        "User helped make starcraft.",
    ]
    assert chat_bodies("Maybe I used to know that", "I might move to Ohio one day") == []  # still unsure
    assert bodies("I used to live in a big city") == []  # a working session: not the user now
    assert lexicon.hedged("I used to live in a big city")  # the gate's and the agent rules' reading
    assert not lexicon.unsure_or_question("I used to live in a big city")
    assert lexicon.unsure_or_question("maybe I'll move") and lexicon.unsure_or_question("do you run?")


def test_plain_statements_only_in_a_conversation() -> None:
    text = "I'm setting up a new laptop for the team"
    assert chat_bodies(text) == ["User is setting up a new laptop for the team."]
    assert bodies(text) == []  # agent session (tools)
    system = Turn(index=0, role="system", kind="system", text="You are a helpful assistant.", source=SRC)
    turns = [system] + [t.model_copy(update={"index": t.index + 1}) for t in conv(("user", text))]
    assert extract(turns).profiles == []  # an assistant set up by a system prompt
    coded = conv(("user", text), ("assistant", "```json\n{}\n```"))
    assert extract(coded).profiles == []  # an assistant writing code
    ruled = conv(("user", text), ("assistant", "ok"), ("user", "Always start function names with 'x_'."))
    assert [p.body for p in extract(ruled).profiles if "laptop" in p.body] == []  # a user giving rules


def test_secrets_never_become_profiles() -> None:
    text = (
        "our staging uses DATABASE_URL=postgres://svc:hunter2pass@db.internal"
        " and I prefer sk-proj-abcdefghij1234567890"
    )
    assert bodies(text) == []


def test_code_blocks_and_injected_blocks_are_ignored() -> None:
    text = (
        "<memwal-memories>\n1. User's cat is named Mochi.\n</memwal-memories>\n"
        "here:\n```\nI prefer X\n```\nthanks"
    )
    assert bodies(text) == []


def test_only_user_message_turns_are_evidence() -> None:
    turns = conv(
        ("user", "make a chart"), ("assistant", "Since you prefer dark mode, I'm a fan of dark themes.")
    )
    summary = Turn(index=2, role="user", kind="summary", text="I live in London.", source=SRC)
    assert extract([*turns, summary]).profiles == []


def test_one_fact_per_candidate() -> None:
    assert bodies("I'm vegan and I live in Porto. I prefer short answers.") == [
        "User is vegan.",
        "User lives in Porto.",
        "User prefers short answers.",
    ]


# --- playbooks ------------------------------------------------------------------------------------


def commit_session(*after: tuple[str, str]) -> list[Turn]:
    return conv(
        ("user", "commit the changes in internal/feed with a sensible message"),
        ("assistant", "", "git commit -m 'feed: backoff'"),
        ("assistant", "Committed as 4e1c9a2."),
        ("user", "No, don't add the Co-Authored-By trailer to my commits. Amend it please."),
        ("assistant", "", "git commit --amend"),
        ("assistant", "Amended, no trailer."),
        *after,
    )


def test_explicit_confirmation() -> None:
    det = extract(commit_session(("user", "perfect, that's what I want")))
    (b,) = det.playbooks
    assert (b.correction_turn, b.adjustment_turn, b.confirmation_turn, b.confirmation) == (
        3,
        4,
        6,
        "explicit",
    )
    assert b.when == "Composing a git commit message"
    assert b.what == "Don't add the Co-Authored-By trailer to the user's commits."
    assert b.why == "Not stated."  # no placeholder reason: the user gave none
    assert SLUG_RE.match(b.slug)


def test_implicit_confirmation_after_two_turns_moving_on() -> None:
    det = extract(
        commit_session(
            ("user", "now run the tests for internal/feed"),
            ("assistant", "All pass."),
            ("user", "push it"),
        )
    )
    (b,) = det.playbooks
    assert (b.confirmation, b.confirmation_turn) == ("implicit", 8)


def test_recorrection_means_no_confirmation() -> None:
    det = extract(commit_session(("user", "no, you also removed the body. put it back")))
    first = det.playbooks[0]
    assert (first.confirmation, first.confirmation_turn) == ("none", None)


def test_give_up_or_a_single_later_turn_is_no_confirmation() -> None:
    for after in (("user", "whatever, I'll do it myself"), ("user", "hmm no, keep the trailer")):
        b = extract(commit_session(after, ("assistant", "Ok."), ("user", "push it"))).playbooks[0]
        assert (b.correction_turn, b.confirmation, b.confirmation_turn) == (3, "none", None)
    (b,) = extract(commit_session(("user", "now push it"))).playbooks
    assert (b.confirmation, b.confirmation_turn) == ("none", None)


def test_a_correction_taken_back_is_not_a_rule() -> None:
    det = extract(
        commit_session(
            ("user", "thanks"),
            ("assistant", "Anything else?"),
            ("user", "actually go back to the trailer, legal wants it"),
        )
    )
    assert [b.correction_turn for b in det.playbooks] != [3]


def test_a_playbook_whose_situation_cannot_be_named_is_not_written() -> None:
    det = extract(
        conv(
            ("assistant", "Here is the summary."),
            ("user", "No, don't use bullet points."),
            ("assistant", "Rewritten as prose."),
            ("user", "perfect"),
        )
    )
    assert det.playbooks == []
    assert all("later corrected" not in b.when for b in extract(commit_session(("user", "great"))).playbooks)


def test_session_ending_after_adjustment_means_no_confirmation() -> None:
    (b,) = extract(commit_session()).playbooks
    assert (b.confirmation, b.confirmation_turn) == ("none", None)


def test_reason_goes_to_why_and_when_is_not_what() -> None:
    det = extract(
        conv(
            ("user", "add date-fns to the web app"),
            ("assistant", "", "npm install date-fns"),
            ("assistant", "npm install failed."),
            ("user", "Don't use npm in this repo, it's a pnpm workspace. use pnpm --filter"),
            ("assistant", "", "pnpm --filter web add date-fns"),
            ("assistant", "Installed."),
            ("user", "yes that's right, thanks"),
        )
    )
    (b,) = det.playbooks
    assert b.when == "Installing packages"
    assert b.what == "Don't use npm in this repo. Use pnpm --filter."
    assert b.why == "It's a pnpm workspace."
    assert b.confirmation == "explicit"


def test_request_becomes_a_gerund_situation() -> None:
    det = extract(
        conv(
            ("user", "can you add a timestamp to every line logtriage.py prints?"),
            ("assistant", "Each line now starts with local time."),
            ("user", "Actually, log timestamps should always be UTC with a Z suffix"),
            ("assistant", "Switched to UTC."),
            ("user", "what does journalctl --since accept?"),
            ("assistant", "Relative and absolute times."),
            ("user", "and a logrotate stanza, weekly"),
        )
    )
    (b,) = det.playbooks
    assert b.when == "Adding a timestamp to every line logtriage.py prints"
    assert "UTC" in b.what
    assert b.confirmation == "implicit"


def test_no_playbook_without_a_preceding_assistant_turn_or_for_plain_requests() -> None:
    assert extract(conv(("user", "No, don't use tabs"))).playbooks == []
    det = extract(conv(("user", "draft a model"), ("assistant", "Here."), ("user", "add a 6 hour lookback")))
    assert det.playbooks == []


def test_chinese_correction_confirmed() -> None:
    det = extract(
        conv(
            ("user", "帮我规划一下晚餐"),
            ("assistant", "周三：凉拌黄瓜（放花生碎）"),
            ("user", "不错。凉拌黄瓜别放花生碎"),
            ("assistant", "好的，改成白芝麻。"),
            ("user", "好的。购物清单发我吧"),
        )
    )
    (b,) = det.playbooks
    assert b.confirmation == "explicit"
    assert "花生" in b.what
    assert b.when != b.what


def test_output_validates_against_detection_schema() -> None:
    det = extract(commit_session(("user", "great, thanks. fyi I'm a backend developer in Porto")))
    again = Detection.model_validate_json(det.model_dump_json())
    assert again == det
    assert det.profiles and det.playbooks


def test_deterministic() -> None:
    turns = commit_session(("user", "perfect. I prefer short commit subjects"))
    assert extract(turns) == extract(turns)


# --- standing instructions and value updates ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (
            "One of the conventions we follow here is to end all method names with '_b'.",
            "always end method names with '_b'",
        ),
        (
            "Firstly, when naming function arguments, always start them with 'e_'.",
            "always start function argument names with 'e_'",
        ),
        (
            "It's important that you always include try statements in your functions.",
            "always include try statements",
        ),
        (
            "Our team has a standard. I'd like you to prefix every branch name with 'feat/'.",
            "prefix every branch name",
        ),
    ],
)
def test_standing_instructions(text: str, needle: str) -> None:
    found = bodies(text)
    assert any(needle in b for b in found), found


@pytest.mark.parametrize(
    "text",
    [
        "Add a test for the parser.",
        "Don't hesitate to reach out if anything is unclear.",
        "I want you to fix the failing build.",
        "Maybe we should always squash commits?",
        "Always happy to help.",
    ],
)
def test_tasks_and_small_talk_are_not_standing_instructions(text: str) -> None:
    assert not any("standing instruction" in b for b in bodies(text))


def test_updated_rule_supersedes_and_restatement_drops() -> None:
    from memscribe.model.embedded.dedup import dedup_decision
    from memscribe.schemas.requests import DedupRequest, ShortlistItem

    old = "User's standing instruction: always start attribute names with 'q_'."
    new = "User's standing instruction: start all attribute names with 'j_'."
    slug = extract(conv(("user", "Going forward, always start attribute names with 'j_'."))).profiles[0].slug
    item = ShortlistItem(id="prof_old1", slug=slug, text=old, created="2026-01-01T00:00:00Z", score=0.7)
    decision = dedup_decision(DedupRequest(kind="profile", slug=slug, text=new, shortlist=(item,)))
    assert decision.action == "supersede_old" and decision.existing_ids == ["prof_old1"]
    same = dedup_decision(DedupRequest(kind="profile", slug=slug, text=old + " ", shortlist=(item,)))
    assert same.action == "drop_new"


# --- coding rules: assembled across sentences, canonical wording, supersession by slot -------------


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        # the object named in the previous sentence, the value in this one (pronoun "them")
        (
            "I'd like you to follow a naming convention for attribute names. Always end them with '_k'.",
            "always end attribute names with '_k'",
        ),
        # the object in a leading phrase, the value by pronoun
        (
            "Also, for class names, include the string 'zz' within them.",
            "always include the string 'zz' in class names",
        ),
        # a noun phrase rather than an imperative
        (
            "One practice we insist on is the consistent use of docstrings in methods.",
            "always use docstrings in methods",
        ),
        # the object of a decorator rule named in the next sentence
        (
            "A key practice here is the '@log_it' decorator from the 'tracing' module. "
            "Add it to every one of your methods, please.",
            "always add the '@log_it' decorator from the 'tracing' module to all methods",
        ),
        # two rules joined by "and"
        (
            "I want to stress using PascalCase for class names and ending variable names with '_v'.",
            "always end variable names with '_v'",
        ),
        # the old value restated before the new one
        (
            "We used to start method names with 'a_', but from now on, start them with 'b_'.",
            "always start method names with 'b_'",
        ),
    ],
)
def test_code_rules_are_assembled_in_canonical_wording(text: str, needle: str) -> None:
    found = bodies(text)
    assert any(needle in b for b in found), found


def test_old_value_is_not_written_as_a_rule() -> None:
    found = bodies("We used to start method names with 'a_', but from now on, start them with 'b_'.")
    assert not any("'a_'" in b for b in found), found


def test_same_slot_whatever_the_wording() -> None:
    first = extract(conv(("user", "Always prefix your variable names with 'p_'."))).profiles
    second = extract(
        conv(("user", "Going forward, the convention for variables changes. Begin them with 'q_'."))
    ).profiles
    assert len(first) == 1 and len(second) == 1
    assert first[0].slug == second[0].slug
    assert first[0].body != second[0].body


def test_one_letter_values_stay_distinct_for_similarity() -> None:
    from memscribe.textsim import similarity

    a = bodies("Always end function names with '_g'.")
    b = bodies("Always end function names with '_j'.")
    assert a and b and similarity(a[0], b[0]) < 0.92


def test_a_question_about_a_rule_is_not_a_rule() -> None:
    assert not any("standing instruction" in b for b in bodies("Should we start method names with 'm_'?"))


def test_lower_case_i_in_chat_is_split_and_rewritten() -> None:
    """Chat writes "i": two facts joined by "and i" are two profiles, both in the third person."""
    from tests.support.turns import make_transcript

    t = make_transcript(
        ("user", "hi there! i have 2 cats and i work as a nurse in ohio."),
        ("assistant", "Nice! How long have you been a nurse?"),
    )
    bodies = [p.body for p in extract(t.turns).profiles]
    assert "User has 2 cats." in bodies
    assert any(b.startswith("User works as a nurse") for b in bodies)
    assert not any(" i " in f" {b} " for b in bodies)


def test_the_household_and_the_team_report_their_changes() -> None:
    from memscribe.model.embedded.profile_rules import facts_in_clause

    def bodies(clause: str) -> list[str]:
        fact = facts_in_clause(clause, correction_turn=False)
        return [] if fact is None else [fact.body]

    assert bodies("We relocated to Austin in June") == ["User lives in Austin (moved there recently)."]
    assert bodies("we replaced MySQL with Postgres") == ["User's team replaced MySQL with Postgres."]
    assert bodies("We switched to Google Cloud") == ["User's team switched to Google Cloud."]
    assert bodies("We moved the standup to 10am") == []


def test_chinese_drops_the_speakers_subject_before_a_lasting_habit_or_workplace() -> None:
    from memscribe.model.embedded.profile_rules import facts_in_clause

    def body(clause: str) -> str | None:
        fact = facts_in_clause(clause, correction_turn=False)
        return None if fact is None else fact.body

    assert body("在医院当护士") == "用户在医院当护士。"
    assert body("一直用安卓") == "用户一直用安卓。"
    assert body("从小就不吃香菜") is not None
    # a clause with a subject of its own, or a passing one, is not read as the speaker's
    assert body("公司下周要搬到新园区") is None
    assert body("等下在跑迁移脚本") is None


def test_a_move_is_to_a_place_not_to_a_shift_or_a_tool() -> None:
    from memscribe.model.embedded.profile_rules import facts_in_clause
    from memscribe.semantic.facets import statement_facet

    def body(clause: str) -> str | None:
        fact = facts_in_clause(clause, correction_turn=False)
        return None if fact is None else fact.body

    assert (body("I moved to Denver last year") or "").startswith("User lives in Denver")
    assert (body("I moved to the countryside") or "").startswith("User lives in the countryside")
    assert not (body("I moved to night shifts at the hospital") or "").startswith("User lives in")
    assert not (body("I moved to Neovim") or "").startswith("User lives in")
    assert statement_facet("User moved to night shifts at the hospital.") is None
    assert statement_facet("User has moved to Lyon.") == "residence"
