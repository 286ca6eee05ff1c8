"""The embedded (offline, deterministic) answers to the ``group_*`` tasks, Chinese and English.

Plain rules over the chat lines. The speaker is the turn's ``speaker`` (the sender's display name
from the host's envelope), else a ``speaker: text`` prefix written by the bridge. Roles from
"X 是/负责 Y" / "X is our new Y" / "我负责 Y" / "I'm responsible for Y", hedged claims ("可能",
"好像", "maybe") kept as pending, decisions from "决定 / 定了 / decided / let's go with" (with who
decided), binding rules from "必须 / 禁止 / always / never", detailed conventions (L3) from a rule
or convention word plus an area (API, database, branches and commits, naming), task states from
"在做 / 完成 / 卡住 / working on / done / blocked". Every stored phrase is copied from the chat;
nothing is invented.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

import memscribe.groups.speakers as speakers
from memscribe.groups.speakers import handles, segments, without_ack
from memscribe.lazyre import lazy_compile
from memscribe.schemas.groups import (
    AttentionState,
    ConfirmedItem,
    Convention,
    ConventionTopic,
    DroppedItem,
    ExperienceEntry,
    ExperienceLog,
    GroupRequest,
    PendingReview,
    PeopleFacts,
    Person,
    ProjectFacts,
    TaskState,
    TaskStatus,
)
from memscribe.schemas.transcript import Turn

#: A sentence that is an acknowledgement and nothing more.
_ACK_ONLY = lazy_compile(speakers.ACK_LEAD.pattern.removeprefix("^"), re.IGNORECASE)
#: A sentence: up to a full stop of any script, an English one where a space follows it and a word
#: of three letters or more comes before it ("hi all. I'm …"; "4.12", "v2.1", URLs, "vs.", "e.g.",
#: "Dr." are no end).
_SENTENCE = lazy_compile(r"(?:[^。！？!?.\n]|\.(?!\s)|(?<!\w\w\w)\.)+[。！？!?.]?")
_HEDGE = lazy_compile(
    r"可能|也许|好像|大概|听说|似乎|估计|不确定|\bmaybe\b|\bmight\b|\bprobably\b|\bI think\b|\bI heard\b|\bperhaps\b",
    re.IGNORECASE,
)
_NEGATE = lazy_compile(r"不是|并非|没有|\bnot\b|\bisn'?t\b|\bno longer\b", re.IGNORECASE)
_CONFIRM = lazy_compile(r"确认|确定|正式|官宣|没错|是的|\bconfirmed?\b|\bofficially\b|\byes\b", re.IGNORECASE)
_PRONOUNS = frozenset("我 你 他 她 我们 你们 他们 这 那 这个 那个 今天 明天 现在 大家 谁 哪个".split())
_ROLE_ZH = lazy_compile(
    r"(?:^|(?<=[，,：:\s]))(?P<name>[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+)(?:是|担任|负责)(?:我们的|咱们的|我们|咱们)?(?P<role>[^，。！？,.!?；;]{1,24})"
)
_ROLE_WORD = lazy_compile(
    r"PM|经理|负责人|组长|主管|总监|leader|lead|owner|测试|开发|运维|设计|产品|架构|前端|后端|实习|"
    r"manager|engineer|designer|developer|tester|\bQA\b|\bops\b",
    re.IGNORECASE,
)
_ROLE_EN = lazy_compile(
    r"\b(?P<name>[A-Z][a-z]+) (?:is|will be) (?:our|the) (?P<role>(?:new )?[\w -]{2,30}?)(?=[,.;!?]|$| now| from)"
    r"|\b(?P<name2>[A-Z][a-z]+) (?:owns|handles|is responsible for) (?P<role2>[\w -]{2,40}?)(?=[,.;!?]|$)"
)
_DECISION = lazy_compile(
    r"决定|定了|就这么定|最终选|拍板|我们选|统一用|\bdecided\b|\blet'?s go with\b|\bagreed\b|\bwe'?ll go with\b",
    re.IGNORECASE,
)
_ACTION = lazy_compile(r"我来|我去|我负责|我今天|我明天|\bI'?ll\b|\bwill\b|\bI will\b", re.IGNORECASE)
_RULE = lazy_compile(r"必须|禁止|不允许|一律|严禁|\balways\b|\bnever\b|\bmust\b|\bdo not\b", re.IGNORECASE)
_FACT = lazy_compile(
    r"技术栈|架构|仓库|部署在|部署到|数据库|框架|用的是|采用|基于|\bwe use\b|\bour stack\b|\bbuilt (?:on|with)\b|"
    r"\bdeployed (?:on|to)\b|\bthe repo\b|\bdatabase\b",
    re.IGNORECASE,
)
_TASK: tuple[tuple[TaskStatus, re.Pattern[str]], ...] = (
    (
        "done",
        lazy_compile(
            r"完成了|做完了|已完成|搞定|已上线|\bdone\b|\bfinished\b|\bshipped\b|\bmerged\b", re.IGNORECASE
        ),
    ),
    ("blocked", lazy_compile(r"卡住|阻塞|被.{0,6}挡住|\bblocked\b|\bstuck\b|waiting on", re.IGNORECASE)),
    ("doing", lazy_compile(r"正在|在做|在写|在改|进行中|\bworking on\b|\bin progress\b", re.IGNORECASE)),
    ("todo", lazy_compile(r"待办|要做|需要做|还没做|\bTODO\b|\bneed to\b", re.IGNORECASE)),
)
_SELF_ROLE = lazy_compile(
    r"^(?:我负责(?P<zh>.+)|(?:I'?m|I am) (?:responsible for|in charge of) (?P<en>.+))$", re.IGNORECASE
)
#: L3 conventions: a rule or convention word, and an area (checked in this order).
_CONVENTION_CUE = lazy_compile(
    r"规范|约定|统一(?:用|使用|采用|返回|命名)|一律|\bconventions?\b|\bstandardi[sz]e\b|\bmust\b|"
    r"\balways\b|\bnever\b|必须|禁止|不允许",
    re.IGNORECASE,
)
_CONVENTION_TOPICS: tuple[tuple[ConventionTopic, re.Pattern[str]], ...] = (
    (
        "api",
        lazy_compile(r"\bAPI\b|接口|\bREST\b|\bendpoints?\b|状态码|\bstatus codes?\b|/v\d+/", re.IGNORECASE),
    ),
    (
        "db",
        lazy_compile(
            r"数据库|表名|字段|迁移脚本|\bSQL\b|\bDB\b|\bdatabase\b|\btables?\b|\bcolumns?\b|\bmigrations?\b",
            re.IGNORECASE,
        ),
    ),
    ("git", lazy_compile(r"分支|提交信息|\bcommit messages?\b|\bbranch(?:es)? names?\b", re.IGNORECASE)),
    ("naming", lazy_compile(r"命名|驼峰|下划线|\bnaming\b|camelCase|snake_case|kebab-case|PascalCase")),
)
_FOCUS = lazy_compile(
    r"本周|这周|这个迭代|sprint|重点|聚焦|优先|\bfocus\b|\bthis week\b|\bpriority\b", re.IGNORECASE
)


def _said(turn: Turn, known: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(speaker, text) of each message in a turn: the bridge's ``[room] Name:`` prefixes first
    (and the chat's one-token handles, ``known``), then the host's ``speaker``; acknowledgements
    ("好的，", "ok") are not part of what was said."""
    out: list[tuple[str, str]] = []
    for said in segments(turn.text.strip(), turn.speaker, known):
        speaker = said.speaker or turn.speaker or ("assistant" if turn.role == "assistant" else "")
        out.append((speaker, without_ack(said.text)))
    return out


def _lines(request: GroupRequest) -> list[tuple[int, str, str]]:
    """(turn index, speaker, sentence) for every sentence of every message."""
    out: list[tuple[int, str, str]] = []
    known = handles(request.turns, group=True)  # a group: its senders need no more sign of several people
    for turn in request.turns:
        for speaker, text in _said(turn, known):
            out += [(turn.index, speaker, s.strip()) for s in _SENTENCE.findall(text) if len(s.strip()) > 1]
    return out


def _zh(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def _roles(sentence: str, speakers: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(name, role) claims in ``sentence``: a known speaker, or a name whose role is a role word."""
    found: list[tuple[str, str]] = []
    plain = _HEDGE.sub("", sentence).strip()
    for match in _ROLE_ZH.finditer(plain):
        name, role = match.group("name"), match.group("role").strip()
        if name in _PRONOUNS or _NEGATE.search(match.group(0)):
            continue
        if name in speakers or _ROLE_WORD.search(role):
            found.append((name, role))
    for match in _ROLE_EN.finditer(plain):
        name = match.group("name") or match.group("name2")
        role = (match.group("role") or match.group("role2") or "").strip()
        if name and role and not _NEGATE.search(match.group(0)):
            found.append((name, role))
    return found


def _pending_phrase(name: str, role: str) -> str:
    return f"确认{name}是{role}" if _zh(name + role) else f"Confirm {name} is {role}"


def people(request: GroupRequest) -> PeopleFacts:
    found: list[Person] = []
    pending: list[str] = []
    lines = _lines(request)
    speakers = frozenset(sp for _, sp, _ in lines if sp and sp != "assistant")
    for _, speaker, sentence in lines:
        if sentence.endswith(("?", "？")):
            continue
        for name, role in _roles(sentence, speakers):
            if _HEDGE.search(sentence):
                pending.append(_pending_phrase(name, role))
            else:
                found.append(Person(name=name, role=role))
        own = _SELF_ROLE.match(sentence.rstrip("。.!！"))
        if speaker and speaker != "assistant" and own and not _HEDGE.search(sentence):
            role = f"负责{own.group('zh')}" if own.group("zh") else f"responsible for {own.group('en')}"
            found.append(Person(name=speaker, role=role))
    return PeopleFacts(
        people=list({(p.name, p.role): p for p in found}.values()), pending=list(dict.fromkeys(pending))
    )


def pending(request: GroupRequest) -> PendingReview:
    confirmed: list[ConfirmedItem] = []
    dropped: list[DroppedItem] = []
    lines = _lines(request)
    for item in request.pending_items:
        claim = re.sub(r"^(?:确认|Confirm(?: that)?)\s*", "", item, flags=re.IGNORECASE)
        roles = _roles(claim)
        if not roles:
            continue
        name, role = roles[0]
        for index, _, sentence in lines:
            if name not in sentence or _HEDGE.search(sentence) or sentence.endswith(("?", "？")):
                continue
            core = role.removeprefix("新").removeprefix("new ").strip()
            if _NEGATE.search(sentence) and core in sentence:
                dropped.append(DroppedItem(item=item, reason=sentence))
                break
            if core in sentence or _CONFIRM.search(sentence):
                text = f"**{name}** — {role}"
                confirmed.append(ConfirmedItem(item=item, target="people", text=text, evidence_turns=[index]))
                break
    return PendingReview(confirmed=confirmed, dropped=dropped)


def convention_topic(sentence: str) -> ConventionTopic | None:
    """The area of a detailed convention stated in ``sentence``, or None (conservative)."""
    if not _CONVENTION_CUE.search(sentence) or _HEDGE.search(sentence):
        return None
    return next((topic for topic, pattern in _CONVENTION_TOPICS if pattern.search(sentence)), None)


def project(request: GroupRequest) -> ProjectFacts:
    facts: list[str] = []
    rules: list[str] = []
    conventions: dict[str, Convention] = {}
    leads: list[str] = []
    for index, _, sentence in _lines(request):
        if sentence.endswith(("?", "？")):
            continue
        text = sentence.rstrip("。.!！")
        if _SELF_ROLE.match(text):  # who does what: a person's role (people), not the project's
            continue
        topic = convention_topic(sentence)
        if topic is not None:
            conventions.setdefault(text, Convention(topic=topic, rule=text, evidence_turns=[index]))
        elif _RULE.search(sentence):
            rules.append(text)
        elif _FACT.search(sentence):
            if _HEDGE.search(sentence) or re.search(r"考虑|\bconsider", sentence, re.IGNORECASE):
                leads.append(("确认：" if _zh(text) else "Confirm: ") + text)
            else:
                facts.append(text)
    return ProjectFacts(
        facts=list(dict.fromkeys(facts)),
        hard_rules=list(dict.fromkeys(rules)),
        conventions=list(conventions.values()),
        pending=leads,
    )


def experience(request: GroupRequest) -> ExperienceLog:
    lines = _lines(request)
    entries: list[ExperienceEntry] = []
    for i, (index, speaker, sentence) in enumerate(lines):
        if not _DECISION.search(sentence) or sentence.endswith(("?", "？")) or _HEDGE.search(sentence):
            continue
        # the context: the last thing said before, an acknowledgement alone ("Noted.", "收到") aside
        before = [s for idx, _, s in lines[:i] if idx < index and not _ACK_ONLY.fullmatch(s)][-1:]
        after = [(sp, s) for idx, sp, s in lines[i + 1 :] if _ACTION.search(s)][:1]
        action = f"{after[0][0]}: {after[0][1]}" if after and after[0][0] else (after[0][1] if after else "")
        title = sentence.rstrip("。.!！")
        entries.append(
            ExperienceEntry(
                date=request.today,
                title=title if len(title) <= 40 else title[:39] + "…",
                context=before[0] if before else "",
                decision=(f"{speaker}: " if speaker and speaker != "assistant" else "") + sentence,
                action=action,
                evidence_turns=[index],
            )
        )
    return ExperienceLog(entries=entries)


def attention(request: GroupRequest) -> AttentionState:
    tasks: dict[str, TaskState] = {}
    focus = ""
    blockers: list[str] = []
    for _, speaker, sentence in _lines(request):
        if sentence.endswith(("?", "？")):
            continue
        text = sentence.rstrip("。.!！")
        if _FOCUS.search(sentence):
            focus = text
        for status, pattern in _TASK:
            if pattern.search(sentence):
                owner = speaker if speaker and speaker != "assistant" else ""
                tasks[text] = TaskState(task=text, status=status, owner=owner)
                if status == "blocked":
                    blockers.append(text)
                break
    states = list(tasks.values())
    if not focus and states:
        focus = states[-1].task
    return AttentionState(focus=focus, tasks=states[-12:], blockers=list(dict.fromkeys(blockers))[-6:])


def answer(task: str, request: GroupRequest) -> BaseModel | None:
    """The embedded answer for ``group_<kind>``, or None for an unknown kind."""
    handlers = {
        "group_pending": pending,
        "group_attention": attention,
        "group_experience": experience,
        "group_project": project,
        "group_people": people,
    }
    handler = handlers.get(task)
    return handler(request) if handler else None
