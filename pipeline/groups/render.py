"""Group memory files (FORMATS.md §2 "Group-chat memory", seed 002): templates and additive updates. Pure.

Every function returns the file's whole new text and never drops a line of the old one, except
``attention.md``, which is the current state and is overwritten by design.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Literal

from memscribe.schemas.groups import AttentionState, ExperienceEntry, Person

Lang = Literal["zh", "en"]
MEMORY_BUDGET = 6000

_TEXT: dict[str, dict[Lang, str]] = {
    "index_title": {"zh": "渐进式披露索引", "en": "progressive disclosure index"},
    "index_only": {
        "zh": "> ⚠️ 本文件是访问此群聊记忆的**唯一合法入口**。",
        "en": "> ⚠️ This file is the **only entry point** to this group's memory.",
    },
    "route_head": {"zh": "## 路由索引", "en": "## Routing"},
    "route_cols": {"zh": "| 触发场景 | 加载文件 | 优先级 |", "en": "| When | Load | Priority |"},
    "attention": {"zh": "当前任务、Sprint、阻断项", "en": "Current tasks, sprint, blockers"},
    "project": {"zh": "技术栈、架构约束", "en": "Stack, architecture, constraints"},
    "experience": {"zh": "历史决策、踩坑记录", "en": "Past decisions, lessons learned"},
    "people": {"zh": "人员分工、联系方式", "en": "Who does what"},
    "no_rules": {"zh": "- （暂无）", "en": "- (none yet)"},
    "attention_title": {"zh": "当前聚焦", "en": "current focus"},
    "focus": {"zh": "## 聚焦", "en": "## Focus"},
    "tasks": {"zh": "## 任务状态", "en": "## Tasks"},
    "blockers": {"zh": "## 阻断项", "en": "## Blockers"},
    "updated": {"zh": "更新于", "en": "Updated"},
    "project_title": {"zh": "项目信息（增补为主，删除需显式确认）", "en": "project facts (additions only)"},
    "experience_title": {"zh": "经验/决策日志（追加-only）", "en": "decision log (append-only)"},
    "people_title": {"zh": "人员画像（增补为主）", "en": "people (additions only)"},
    "context": {"zh": "背景", "en": "Context"},
    "decision": {"zh": "决策", "en": "Decision"},
    "action": {"zh": "执行", "en": "Action"},
    "none": {"zh": "无", "en": "none"},
}
_STATUS: dict[str, dict[Lang, str]] = {
    "todo": {"zh": "待办", "en": "todo"},
    "doing": {"zh": "进行中", "en": "doing"},
    "blocked": {"zh": "阻塞", "en": "blocked"},
    "done": {"zh": "已完成", "en": "done"},
}
_LAST_UPDATED = re.compile(r"^last_updated: .*$", re.MULTILINE)
#: L3 conventions: the routing row's "when" text, per topic (the seed's own row for api).
_CONVENTION: dict[str, dict[Lang, str]] = {
    "api": {"zh": "API 开发细节", "en": "API conventions"},
    "db": {"zh": "数据库规范", "en": "Database conventions"},
    "naming": {"zh": "命名规范", "en": "Naming conventions"},
    "git": {"zh": "分支与提交规范", "en": "Branch and commit conventions"},
    "testing": {"zh": "测试规范", "en": "Testing conventions"},
    "deploy": {"zh": "部署与发布规范", "en": "Deploy and release conventions"},
    "style": {"zh": "代码风格", "en": "Code style"},
    "security": {"zh": "安全规范", "en": "Security conventions"},
}
CONVENTION_PRIORITY = "P2-L3"


def language_of(texts: Sequence[str]) -> Lang:
    text = "".join(texts)
    cjk = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
    return "zh" if text and cjk / max(1, len(text)) > 0.15 else "en"


def t(key: str, lang: Lang) -> str:
    return _TEXT[key][lang]


def one_line(text: str) -> str:
    """Stored text on one line, unable to open a heading, a table cell or an HTML comment."""
    text = " ".join(text.split()).replace("<!--", "&lt;!--").replace("|", "\\|")
    return text.lstrip("#").strip()


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).strip(" .。-")


def index_text(group: str, today: str, lang: Lang, hard_rules: Sequence[str]) -> str:
    rules = [f"- {one_line(r)}" for r in hard_rules] or [t("no_rules", lang)]
    rows = [
        (t("attention", lang), "attention.md", "P0"),
        (t("project", lang), "project.md", "P1"),
        (t("experience", lang), "experience.md", "P2"),
        (t("people", lang), "people.md", "P3"),
    ]
    lines = [
        "---",
        f"group_name: {group}",
        f"last_updated: {today}",
        "status: active",
        f"memory_budget: {MEMORY_BUDGET}",
        "---",
        "",
        f"# {group} — {t('index_title', lang)}",
        "",
        t("index_only", lang),
        "",
        "## Hard Rules",
        "",
        *rules,
        "",
        t("route_head", lang),
        "",
        t("route_cols", lang),
        "|---------|---------|--------|",
        *[f"| {a} | `{b}` | {c} |" for a, b, c in rows],
    ]
    return "\n".join(lines) + "\n"


def update_index(old: str, today: str, new_rules: Sequence[str]) -> tuple[str, list[str]]:
    """``old`` with ``last_updated`` set and new Hard Rules added after the existing ones.

    Nothing is removed: a placeholder line ("(none yet)") stays where it is.
    """
    text = _LAST_UPDATED.sub(f"last_updated: {today}", old, count=1)
    lines = text.split("\n")
    present = {norm(line[2:]) for line in lines if line.startswith("- ")}
    added = [one_line(r) for r in new_rules if norm(one_line(r)) not in present and one_line(r)]
    added = list(dict.fromkeys(added))
    if not added:
        return text, []
    try:
        start = lines.index("## Hard Rules")
    except ValueError:
        return text.rstrip("\n") + "\n\n## Hard Rules\n\n" + "".join(f"- {a}\n" for a in added), added
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    last_item = max((i for i in range(start + 1, end) if lines[i].startswith("- ")), default=start + 1)
    lines[last_item + 1 : last_item + 1] = [f"- {a}" for a in added]
    return "\n".join(lines), added


def convention_title(group: str, topic: str, lang: Lang) -> str:
    suffix = "（L3，增补为主）" if lang == "zh" else " (L3, additions only)"
    return f"{group} — {_CONVENTION[topic][lang]}{suffix}"


def index_lang(index: str, default: Lang) -> Lang:
    """The language the index was created in (its routing heading), else ``default``."""
    if t("route_head", "zh") in index:
        return "zh"
    if t("route_head", "en") in index:
        return "en"
    return default


def add_routes(index: str, topics: Sequence[str], lang: Lang) -> tuple[str, list[str]]:
    """``index`` with a routing row for each new ``conventions/<topic>.md`` (rows never removed).

    A row goes after the routing table's last row; an index without a routing table gets one.
    Topics already routed (their file named in any line) are left alone.
    """
    lang = index_lang(index, lang)
    body = index.rstrip("\n")
    tail = index[len(body) :] or "\n"
    lines = body.split("\n")
    added: list[str] = []
    rows: list[str] = []
    for topic in dict.fromkeys(topics):
        target = f"`conventions/{topic}.md`"
        if topic not in _CONVENTION or any(target in line for line in lines):
            continue
        rows.append(f"| {_CONVENTION[topic][lang]} | {target} | {CONVENTION_PRIORITY} |")
        added.append(f"conventions/{topic}.md")
    if not rows:
        return index, []
    heads = [i for i, line in enumerate(lines) if line in (t("route_head", "zh"), t("route_head", "en"))]
    start = heads[0] if heads else None
    if start is None:
        table = [t("route_head", lang), "", t("route_cols", lang), "|---------|---------|--------|", *rows]
        return "\n".join([*lines, "", *table]) + tail, added
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    last_row = max((i for i in range(start + 1, end) if lines[i].startswith("|")), default=None)
    if last_row is None:
        block = ["", t("route_cols", lang), "|---------|---------|--------|", *rows]
        lines[start + 1 : start + 1] = block
    else:
        lines[last_row + 1 : last_row + 1] = rows
    return "\n".join(lines) + tail, added


def attention_text(group: str, state: AttentionState, now: str, lang: Lang) -> str:
    tasks = [
        f"- [{_STATUS[task.status][lang]}] {one_line(task.task)}"
        + (f" — {one_line(task.owner)}" if task.owner else "")
        for task in state.tasks
    ]
    blockers = [f"- {one_line(b)}" for b in state.blockers]
    none = t("none", lang)
    lines = [
        f"# {group} — {t('attention_title', lang)} (P0)",
        "",
        f"{t('updated', lang)}: {now}",
        "",
        t("focus", lang),
        "",
        one_line(state.focus) or none,
        "",
        t("tasks", lang),
        "",
        *(tasks or [f"- {none}"]),
        "",
        t("blockers", lang),
        "",
        *(blockers or [f"- {none}"]),
    ]
    return "\n".join(lines) + "\n"


def _with_header(old: str | None, title: str) -> str:
    if old is None:
        return f"# {title}\n"
    return old if old.endswith("\n") or not old else old + "\n"


def append_lines(old: str | None, title: str, lines: Sequence[str]) -> tuple[str, list[str]]:
    """Bullet lines added at the end, skipping any already present (normalised)."""
    base = _with_header(old, title)
    present = {norm(line[2:]) for line in base.split("\n") if line.startswith("- ")}
    added: list[str] = []
    for line in lines:
        clean = one_line(line)
        if clean and norm(clean) not in present:
            present.add(norm(clean))
            added.append(clean)
    if not added:
        return base, []
    last = base.rstrip("\n").rsplit("\n", 1)[-1]
    sep = "" if base.endswith("\n\n") or last.startswith("- ") else "\n"
    return base + sep + "".join(f"- {a}\n" for a in added), added


def person_line(person: Person) -> str:
    parts = [p for p in (one_line(person.role), one_line(person.notes)) if p]
    return f"**{one_line(person.name)}**" + (f" — {'; '.join(parts)}" if parts else "")


def experience_entry(entry: ExperienceEntry, lang: Lang) -> str:
    none = t("none", lang)
    return "\n".join(
        [
            f"## {entry.date} — {one_line(entry.title)}",
            "",
            f"- {t('context', lang)}: {one_line(entry.context) or none}",
            f"- {t('decision', lang)}: {one_line(entry.decision)}",
            f"- {t('action', lang)}: {one_line(entry.action) or none}",
            "",
        ]
    )


def append_entries(
    old: str | None, title: str, entries: Sequence[ExperienceEntry], lang: Lang
) -> tuple[str, list[str]]:
    """Dated entries appended at the end; an entry whose decision is already logged is skipped."""
    base = _with_header(old, title)
    logged = {norm(line.split(":", 1)[1]) for line in base.split("\n") if re.match(r"^- [^:]{1,12}: ", line)}
    added: list[str] = []
    text = base
    for entry in entries:
        if norm(one_line(entry.decision)) in logged:
            continue
        logged.add(norm(one_line(entry.decision)))
        sep = "" if text.endswith("\n\n") else "\n"
        text = text + sep + experience_entry(entry, lang)
        added.append(f"{entry.date} — {one_line(entry.title)}")
    return text, added
