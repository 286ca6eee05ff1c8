"""The embedded (offline, deterministic) answer to the ``snapshot`` task.

No model: the eight sections are read off the session with plain rules — the goal from the
user's opening request, files from tool-call arguments and paths in the text, decisions from
"decided / let's go with / instead of" sentences, errors from failing tool output, env var names
and endpoints from the text, next steps from the agent's last plan. It is a floor, not an LLM:
every value it writes is copied from the session, never invented.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from memscribe.lazyre import lazy_compile
from memscribe.schemas.snapshot import Decision, FileInPlay, KeyName, Phase, SnapshotDraft, SnapshotRequest
from memscribe.schemas.transcript import Turn

MAX_FILES = 10
MAX_ITEMS = 6
MAX_CODE_LINES = 12

_PATH_RE = lazy_compile(
    r"(?<![\w/.-])((?:~|\.{1,2})?/?(?:[\w.-]+/)*[\w.-]+\.(?:py|ts|tsx|js|jsx|go|rs|java|kt|rb|php|c|h|cc|cpp|"
    r"cs|swift|sql|md|json|ya?ml|toml|ini|cfg|sh|txt|html|css|scss|vue|proto|lock|env))(?![\w/])"
)
_PATH_KEYS = ("path", "file_path", "filePath", "filename", "notebook_path")
_EDIT_TOOLS = lazy_compile(r"edit|write|patch|create|apply", re.IGNORECASE)
_READ_TOOLS = lazy_compile(r"read|view|cat|open|grep|search", re.IGNORECASE)
_SENTENCE = lazy_compile(r"[^.!?。！？\n]+[.!?。！？]?")
_DECISION = lazy_compile(
    r"\b(?:decided|decide to|let'?s (?:go with|use|keep|do)|we'?ll (?:use|go with|keep)|going with|"
    r"instead of|rather than|chose|switch(?:ed)? to)\b|决定|改用|就用",
    re.IGNORECASE,
)
_RATIONALE = lazy_compile(r"\b(?:because|since|so that|as it|to avoid)\b|因为|为了", re.IGNORECASE)
_BRANCH = lazy_compile(
    r"(?:git (?:checkout|switch) (?:-[bc] )?|branch[:\s]+[`'\"]?|on branch )(?P<b>[A-Za-z0-9][\w./-]{1,80})"
)
_ENV_NAME = lazy_compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_ENDPOINT = lazy_compile(r"\b(?:GET|POST|PUT|PATCH|DELETE) /[\w/{}:.-]*")
_ERROR_LINE = lazy_compile(r"error|exception|traceback|failed|assert", re.IGNORECASE)
_BLOCKER = lazy_compile(
    r"\b(?:blocked|blocker|waiting (?:on|for)|not sure|unclear|open question|can'?t figure)\b|卡住|阻塞|不确定",
    re.IGNORECASE,
)
_NEXT = lazy_compile(
    r"\b(?:next|then|todo|remaining|still need|after that|will)\b|下一步|接下来|然后", re.IGNORECASE
)
_LIST_ITEM = lazy_compile(r"^\s*(?:\d+[.)]|[-*•])\s+(?P<item>.+)$")
_PHASES: tuple[tuple[Phase, re.Pattern[str]], ...] = (
    ("deploying", lazy_compile(r"\bdeploy|release|rollout|\bship\b|上线|部署", re.IGNORECASE)),
    ("debugging", lazy_compile(r"\bdebug|traceback|exception|\bbug\b|failing|error|报错", re.IGNORECASE)),
    ("testing", lazy_compile(r"\btests?\b|pytest|jest|go test|测试", re.IGNORECASE)),
    ("reviewing", lazy_compile(r"\breview|\bPR\b|pull request", re.IGNORECASE)),
)
_STOP_NAMES = frozenset({"TODO", "FIXME", "NOTE", "HTTP_200"})


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if len(s.strip()) > 3]


def _short(text: str, limit: int = 220) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _arguments(turn: Turn) -> Iterable[tuple[str, dict[str, object]]]:
    for call in turn.tool_calls:
        try:
            args = json.loads(call.arguments) if call.arguments else {}
        except ValueError:
            args = {}
        yield call.name, args if isinstance(args, dict) else {}


def files_in_play(turns: tuple[Turn, ...]) -> list[FileInPlay]:
    notes: dict[str, str] = {}
    for turn in turns:
        for name, args in _arguments(turn):
            for key in _PATH_KEYS:
                value = args.get(key)
                if isinstance(value, str) and value:
                    if _EDIT_TOOLS.search(name):
                        notes[value] = f"edited ({name})"
                    elif value not in notes:
                        notes[value] = f"read ({name})" if _READ_TOOLS.search(name) else f"used by {name}"
        if turn.role in ("user", "assistant"):
            for match in _PATH_RE.finditer(turn.text):
                notes.setdefault(match.group(1), "mentioned in the discussion")
    edited = [p for p, n in notes.items() if n.startswith("edited")]
    rest = [p for p in notes if p not in edited]
    return [FileInPlay(path=p, note=notes[p]) for p in (edited + rest)[:MAX_FILES]]


def _goal(turns: tuple[Turn, ...]) -> str:
    users = [t for t in turns if t.role == "user" and t.kind == "message"]
    summary = next((t for t in turns if t.kind == "summary" and t.text.strip()), None)
    source = users[0].text if users else (summary.text if summary else "")
    sentences = _sentences(source)
    if not sentences:
        return ""
    goal = sentences[0]
    why = next((s for s in sentences[1:4] if _RATIONALE.search(s)), "")
    return _short(f"{goal} {why}".strip(), 300)


def _phase(turns: tuple[Turn, ...]) -> Phase:
    recent = "\n".join(t.text for t in turns[-8:])
    for phase, pattern in _PHASES:
        if pattern.search(recent):
            return phase
    if any(_EDIT_TOOLS.search(name) for t in turns for name, _ in _arguments(t)):
        return "implementing"
    return "planning"


def _branch(turns: tuple[Turn, ...]) -> str:
    found = "n/a"
    for turn in turns:
        texts = [turn.text] + [c.arguments for c in turn.tool_calls]
        for text in texts:
            for match in _BRANCH.finditer(text):
                found = match.group("b").rstrip(".,`'\"")
    return found


def decisions_made(turns: tuple[Turn, ...]) -> list[Decision]:
    found: list[Decision] = []
    for turn in turns:
        if turn.role not in ("user", "assistant") or turn.kind != "message":
            continue
        for sentence in _sentences(turn.text):
            if _DECISION.search(sentence) and not sentence.endswith("?"):
                parts = _RATIONALE.split(sentence, maxsplit=1)
                rationale = parts[1].strip(" ,.") if len(parts) > 1 else ""
                found.append(Decision(decision=_short(parts[0].strip(" ,")), rationale=_short(rationale)))
    return found[-MAX_ITEMS:]


def _code(turns: tuple[Turn, ...]) -> str:
    for turn in reversed(turns):
        if turn.role == "tool" and _ERROR_LINE.search(turn.text):
            lines = [ln for ln in turn.text.splitlines() if ln.strip()]
            hits = [i for i, ln in enumerate(lines) if _ERROR_LINE.search(ln)]
            start = max(0, hits[-1] - MAX_CODE_LINES + 2) if hits else 0
            return "\n".join(line[:200] for line in lines[start : start + MAX_CODE_LINES])
    return ""


def _key_names(turns: tuple[Turn, ...]) -> list[KeyName]:
    names: dict[str, str] = {}
    for turn in turns:
        text = "\n".join([turn.text] + [c.arguments for c in turn.tool_calls])
        for match in _ENDPOINT.finditer(text):
            names.setdefault(match.group(0), "API endpoint")
        for match in _ENV_NAME.finditer(text):
            name = match.group(0)
            if name not in _STOP_NAMES and "REDACTED" not in name:
                names.setdefault(name, "Env var" if not name.startswith(("ERR_", "E_")) else "Error")
    return [KeyName(label=label, value=value) for value, label in list(names.items())[:MAX_FILES]]


def _blockers(turns: tuple[Turn, ...]) -> list[str]:
    found: list[str] = []
    for turn in turns[-12:]:
        if turn.role in ("user", "assistant") and turn.kind == "message":
            found += [_short(s) for s in _sentences(turn.text) if _BLOCKER.search(s)]
    return list(dict.fromkeys(found))[-MAX_ITEMS:]


def _next_steps(turns: tuple[Turn, ...]) -> list[str]:
    for turn in reversed(turns):
        if turn.role != "assistant" or turn.kind != "message":
            continue
        items = [m.group("item").strip() for ln in turn.text.splitlines() if (m := _LIST_ITEM.match(ln))]
        if items and _NEXT.search(turn.text):
            return [_short(i) for i in items[:MAX_ITEMS]]
        planned = [_short(s) for s in _sentences(turn.text) if _NEXT.search(s)]
        if planned:
            return planned[:MAX_ITEMS]
    last_user = next((t for t in reversed(turns) if t.role == "user" and t.kind == "message"), None)
    return [f"Resume from the last request: {_short(last_user.text)}"] if last_user else []


def draft_snapshot(request: SnapshotRequest) -> SnapshotDraft:
    """The eight sections read off ``request.turns``; plain Q&A (no tools, files, decisions) is not saved."""
    turns = request.turns
    files = files_in_play(turns)
    decisions = decisions_made(turns)
    has_tools = any(t.tool_calls or t.role == "tool" for t in turns)
    worth = has_tools or bool(files) or bool(decisions)
    blockers = _blockers(turns)
    edited = sum(1 for f in files if f.note.startswith("edited"))
    return SnapshotDraft(
        worth_saving=worth,
        active_goal=_goal(turns),
        phase=_phase(turns),
        branch=_branch(turns),
        blocked=bool(blockers) and any(re.search(r"blocked|阻塞|卡住", b, re.IGNORECASE) for b in blockers),
        blocked_reason=next((b for b in blockers if re.search(r"blocked|阻塞|卡住", b, re.IGNORECASE)), ""),
        progress=f"{edited} file(s) edited, {len(decisions)} decision(s) so far" if worth else "",
        files_in_play=files,
        decisions=decisions,
        code_context=_code(turns),
        key_names=_key_names(turns),
        blockers=blockers,
        next_steps=_next_steps(turns),
    )
