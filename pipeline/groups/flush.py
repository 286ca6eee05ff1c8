"""The flush stage: one group transcript + the group's current files → a FlushResult. Pure.

    messages since the last flush (skip rule) → redact-in
      → group_pending (pending items re-examined FIRST) → group_attention → group_experience
      → group_project (facts, hard rules, L3 conventions) → group_people
        (one prompt, one model task per file kind; each message shown with its sender's name)
      → redact-out → files rendered additively (attention.md overwritten) → new flush state

Nothing touches the disk: :mod:`memscribe.groups.store` reads the inputs and applies the result.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from pydantic import BaseModel

from memscribe.errors import ModelError
from memscribe.groups import render
from memscribe.groups.layout import (
    GroupFiles,
    convention_path,
    paths,
    sha256,
)
from memscribe.model.base import StructuredModel
from memscribe.prompting import render_messages
from memscribe.safety.write_guard import Refusal, fit_budget
from memscribe.schemas.groups import (
    AttentionState,
    ConventionTopic,
    ExperienceEntry,
    ExperienceLog,
    FlushResult,
    FlushState,
    GroupFile,
    GroupRequest,
    GroupState,
    PendingReview,
    PeopleFacts,
    Person,
    ProjectFacts,
    TaskState,
)
from memscribe.schemas.transcript import Transcript, Turn
from memscribe.snapshot.sanitize import Sanitizer, language_hint
from memscribe.stages.redact import redact_transcript
from memscribe.stages.windows import estimate_tokens, render_text
from memscribe.transcript.noise import is_platform_id

T = TypeVar("T", bound=BaseModel)
FileAction = Literal["create", "append", "overwrite", "update"]

#: Skip rule (seed 002): fewer than this many new messages AND fewer than MIN_TOKENS → no flush.
MIN_MESSAGES = 10
MIN_TOKENS = 1000
MAX_PENDING = 50


def session_key(transcript: Transcript) -> str:
    """The session this transcript continues (its id, else a digest of its source)."""
    if transcript.session_id:
        return transcript.session_id
    return "source:" + hashlib.sha256(transcript.source.encode("utf-8")).hexdigest()[:16]


def _messages(transcript: Transcript) -> list[Turn]:
    return [t for t in transcript.turns if t.kind == "message" and t.role in ("user", "assistant")]


def _stored_lines(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    return tuple(line[2:] for line in text.split("\n") if line.startswith("- "))[-80:]


class _Asker:
    """Calls one ``group_<kind>`` task; a model failure is recorded, never raised."""

    def __init__(self, model: StructuredModel, result: FlushResult) -> None:
        self.model = model
        self.result = result

    def ask(self, kind: str, request: GroupRequest, response_model: type[T]) -> T | None:
        messages = render_messages(
            f"group_{kind}.j2",
            group=request.group,
            today=request.today,
            turns=[
                {"index": t.index, "role": t.role, "speaker": t.speaker, "text": render_text(t)}
                for t in request.turns
            ],
            pending_items=list(request.pending_items),
            known=list(request.known),
            language_hint=language_hint([t.text for t in request.turns]),
        )
        try:
            return self.model.generate(
                task=f"group_{kind}", messages=messages, response_model=response_model, request=request
            )
        except ModelError as exc:
            self.result.model_errors.append(f"group_{kind}: {exc}")
            return None


@dataclass
class _Collected:
    """What the five tasks returned, redacted and screened, ready to render."""

    attention: AttentionState | None = None
    attention_extra: list[str] = field(default_factory=list)
    entries: list[ExperienceEntry] = field(default_factory=list)
    project: list[str] = field(default_factory=list)
    people: list[str] = field(default_factory=list)
    hard_rules: list[str] = field(default_factory=list)
    conventions: list[tuple[ConventionTopic, str]] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)


def _skip_reason(messages: int, tokens: int) -> str | None:
    if messages < MIN_MESSAGES and tokens < MIN_TOKENS:
        return (
            f"{messages} new messages and ~{tokens} tokens since the last flush "
            f"(needs {MIN_MESSAGES} messages or {MIN_TOKENS} tokens)"
        )
    return None


def _review_pending(
    asker: _Asker, request: GroupRequest, s: Sanitizer, out: _Collected, result: FlushResult
) -> list[str]:
    """Step 1: pending items first. Confirmed ones go to their file, contradicted ones are dropped."""
    pending = list(request.pending_items)
    review = asker.ask("pending", request, PendingReview)
    if review is None:
        return pending
    listed = set(pending)
    confirmed = [c for c in review.confirmed if c.item in listed and s.keep(c.text, name="pending")]
    dropped = [d.item for d in review.dropped if d.item in listed]
    result.confirmed = [c.item for c in confirmed]
    result.dropped = dropped
    for c in confirmed:
        text = s.text(c.text)
        if c.target == "project":
            out.project.append(text)
        elif c.target == "people":
            out.people.append(text)
        elif c.target == "attention":
            out.attention_extra.append(text)
        else:
            out.entries.append(
                ExperienceEntry(
                    date=request.today, title=text[:60], context=s.text(c.item), decision=text, action=""
                )
            )
    gone = set(result.confirmed) | set(dropped)
    return [item for item in pending if item not in gone]


def _collect(asker: _Asker, ask: dict[str, GroupRequest], s: Sanitizer, out: _Collected) -> None:
    """Step 2: one task per file kind, every answer redacted and screened for injections."""
    out.attention = asker.ask("attention", ask["attention"], AttentionState)
    experience = asker.ask("experience", ask["experience"], ExperienceLog)
    project = asker.ask("project", ask["project"], ProjectFacts)
    people = asker.ask("people", ask["people"], PeopleFacts)
    if project is not None:
        out.project += [s.text(f) for f in project.facts if s.keep(f)]
        out.hard_rules += [s.text(r) for r in project.hard_rules if s.keep(r)]
        out.conventions += [(c.topic, s.text(c.rule)) for c in project.conventions if s.keep(c.rule)]
        out.pending += [s.text(x) for x in project.pending if s.keep(x)]
    if people is not None:
        out.people += [
            render.person_line(Person(name=s.text(x.name), role=s.text(x.role), notes=s.text(x.notes)))
            for x in people.people
            if s.keep(f"{x.name} {x.role} {x.notes}", name="people") and not is_platform_id(x.name)
        ]
        out.pending += [s.text(x) for x in people.pending if s.keep(x)]
    if experience is not None:
        out.entries += [
            ExperienceEntry(
                date=e.date,
                title=s.text(e.title),
                context=s.text(e.context),
                decision=s.text(e.decision),
                action=s.text(e.action),
                evidence_turns=e.evidence_turns,
            )
            for e in experience.entries
            if s.keep(f"{e.title} {e.context} {e.decision} {e.action}", name="experience")
        ]


def _current_attention(out: _Collected, s: Sanitizer) -> AttentionState | None:
    state = out.attention
    if state is None or not (state.focus.strip() or state.tasks or out.attention_extra):
        return None
    return AttentionState(
        focus=s.text(state.focus, name="focus") if s.keep(state.focus, name="focus") else "",
        tasks=[
            TaskState(task=s.text(x.task, name="task"), status=x.status, owner=s.text(x.owner, name="owner"))
            for x in state.tasks
            if s.keep(f"{x.task} {x.owner}", name="tasks")
        ],
        blockers=[s.text(b) for b in state.blockers if s.keep(b)] + out.attention_extra,
    )


def _convention_files(group: str, files: GroupFiles, out: _Collected, lang: render.Lang) -> list[GroupFile]:
    """L3: rules appended to ``conventions/<topic>.md`` (additions only), one file per topic."""
    by_topic: dict[str, list[str]] = {}
    for area, rule in out.conventions:
        by_topic.setdefault(area, []).append(rule)
    written: list[GroupFile] = []
    for topic, rules in by_topic.items():
        old = files.conventions.get(topic)
        text, added = render.append_lines(old, render.convention_title(group, topic, lang), rules)
        if added:
            written.append(
                GroupFile(
                    path=convention_path(group, topic),
                    action="create" if old is None else "append",
                    text=text,
                    base_sha256=sha256(old),
                    added=added,
                )
            )
    return written


def _render_files(
    group: str, files: GroupFiles, out: _Collected, s: Sanitizer, *, today: str, stamp: str, lang: render.Lang
) -> tuple[list[GroupFile], bool, bool]:
    """The files to write; and whether attention was rewritten / experience appended."""
    p = paths(group)
    written: list[GroupFile] = []

    def add(kind: str, old: str | None, text: str, added: list[str], action: FileAction) -> None:
        if text != old:
            written.append(
                GroupFile(path=p[kind], action=action, text=text, base_sha256=sha256(old), added=added)
            )

    def title(key: str) -> str:
        return f"{group} — {render.t(key, lang)}"

    conventions = _convention_files(group, files, out, lang)
    # Every conventions file that exists or is being written gets its routing row (rows only added).
    routed = sorted(
        set(files.conventions) | {f.path.rsplit("/", 1)[1].removesuffix(".md") for f in conventions}
    )

    def index(rules: list[str]) -> str:
        if files.index is None:
            text = render.index_text(group, today, lang, rules)
        else:
            text, _ = render.update_index(files.index, today, rules)
        return render.add_routes(text, routed, lang)[0]

    # The index is what agents load first: it stays within its memory_budget (new rules that do
    # not fit are refused and reported, never cut).
    text, over = fit_budget(index, list(out.hard_rules), render.MEMORY_BUDGET)
    s.guard.refused.extend(Refusal("hard_rules", "over_budget", r[:80]) for r in over)
    rules = [r for r in out.hard_rules if r not in over]
    if files.index is None:
        _, routes = render.add_routes(render.index_text(group, today, lang, rules), routed, lang)
        add("index", None, text, [*rules, *routes], "create")
    else:
        old_text, added_rules = render.update_index(files.index, today, rules)
        _, routes = render.add_routes(old_text, routed, lang)
        add("index", files.index, text, [*added_rules, *routes], "update")
    attention = _current_attention(out, s)
    if attention is not None:
        text = render.attention_text(group, attention, stamp, lang)
        add("attention", files.attention, text, [t.task for t in attention.tasks], "overwrite")
    text, added = render.append_entries(files.experience, title("experience_title"), out.entries, lang)
    if added:
        add("experience", files.experience, text, added, "create" if files.experience is None else "append")
    for kind, old, lines in (("project", files.project, out.project), ("people", files.people, out.people)):
        text, added = render.append_lines(old, title(f"{kind}_title"), lines)
        if added:
            add(kind, old, text, added, "create" if old is None else "append")
    written += conventions
    return written, attention is not None, any(f.path == p["experience"] for f in written)


def flush_group(
    transcript: Transcript,
    *,
    group: str,
    room_id: str | None,
    model: StructuredModel,
    files: GroupFiles,
    state: FlushState,
    now: dt.datetime,
) -> FlushResult:
    """Decide what a flush of ``transcript`` writes for ``group`` (see the module docstring)."""
    now = now.replace(microsecond=0)
    stamp = now.isoformat()
    today = f"{now:%Y-%m-%d}"
    result = FlushResult(group=group, room_id=room_id)
    previous = state.groups.get(group)
    session = session_key(transcript)
    messages = _messages(transcript)
    same_session = previous is not None and previous.session_id == session
    already = previous.message_count if previous is not None and same_session else 0
    if already > len(messages):
        already = 0
    new = messages[already:]
    result.new_messages = len(new)
    result.new_tokens = sum(estimate_tokens(t.text) for t in new)
    result.pending_items = list(previous.pending_items) if previous else []
    result.skipped = _skip_reason(result.new_messages, result.new_tokens)
    if result.skipped is not None:
        return result

    clean, found = redact_transcript(transcript.model_copy(update={"turns": tuple(new)}))
    turns = clean.turns
    sanitizer = Sanitizer()
    asker = _Asker(model, result)
    out = _Collected()

    def request(known: str | None = None, pending: tuple[str, ...] = ()) -> GroupRequest:
        return GroupRequest(
            group=group, today=today, turns=turns, pending_items=pending, known=_stored_lines(known)
        )

    pending = result.pending_items
    if pending:
        pending = _review_pending(asker, request(pending=tuple(pending)), sanitizer, out, result)
    _collect(
        asker,
        {
            "attention": request(files.attention),
            "experience": request(files.experience),
            "project": request("\n".join([files.project or "", *files.conventions.values()])),
            "people": request(files.people),
        },
        sanitizer,
        out,
    )
    if result.model_errors:
        # A window the model failed on is retried next run: no file written, state not advanced.
        result.pending_items = list(previous.pending_items) if previous else []
        result.confirmed, result.dropped = [], []
        result.llm_calls = model.usage.llm_calls
        return result
    lang = render.language_of([t.text for t in turns])
    result.files, attention_new, experience_new = _render_files(
        group, files, out, sanitizer, today=today, stamp=stamp, lang=lang
    )
    pending = list(dict.fromkeys(pending + out.pending))[-MAX_PENDING:]
    result.pending_items = pending
    result.redactions = len(found) + len(sanitizer.redactions)
    result.refused = sanitizer.refused
    result.llm_calls = model.usage.llm_calls
    group_state = GroupState(
        last_flush_time=stamp,
        attention_last_updated=stamp
        if attention_new
        else (previous.attention_last_updated if previous else None),
        experience_last_appended=stamp
        if experience_new
        else (previous.experience_last_appended if previous else None),
        pending_items=pending,
        session_id=session,
        message_count=already + len(new),
        token_count=(previous.token_count if previous is not None and same_session else 0)
        + result.new_tokens,
    )
    result.state = state.model_copy(
        update={
            "last_flush_time": stamp,
            "attention_last_updated": group_state.attention_last_updated,
            "experience_last_appended": group_state.experience_last_appended,
            "pending_items": pending,
            "session_id": session,
            "message_count": group_state.message_count,
            "token_count": group_state.token_count,
            "group": group,
            "groups": {**state.groups, group: group_state},
        }
    )
    return result
