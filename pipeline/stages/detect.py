"""Detect: one model call per window that has a signal, serving profiles and playbooks together."""

from __future__ import annotations

import functools
import json
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from memscribe.errors import ModelError
from memscribe.groups.speakers import senders
from memscribe.model.base import Message, StructuredModel
from memscribe.model.embedded import EmbeddedModel
from memscribe.relatedness import MemoryView, entry_text, scores
from memscribe.schemas.candidates import Detection, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import Skipped
from memscribe.schemas.requests import DetectRequest, TurnReading
from memscribe.schemas.transcript import Transcript, Turn
from memscribe.stages.split_profiles import split_profiles
from memscribe.stages.windows import TokenCounter, estimate_tokens, halve, render_text, split_windows
from memscribe.textsim import normalize, similarity

#: Tokens kept free for the system prompt (~1.5k) and the model's answer, at the least.
PROMPT_RESERVE_TOKENS = 3000
#: Tokens kept free for the model's answer on top of the prompt's own overhead.
ANSWER_RESERVE_TOKENS = 1500
MIN_WINDOW_TOKENS = 1000
#: What a model error says when the prompt did not fit (see memscribe.model.llm).
OVERFLOW_MARK = "context window"
#: At most this many stored slugs are shown to the detector (~150 tokens): all of a small
#: namespace, else the ones most related to the window's user turns.
MAX_TOPICS = 30
#: Above this many stored entries the topics are ranked lexically (no embedding of each entry).
SEMANTIC_RANK_LIMIT = 2000


@dataclass
class DetectResult:
    profiles: list[ProfileCandidate] = field(default_factory=list)
    playbooks: list[PlaybookCandidate] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    windows: int = 0
    calls: int = 0


def detect(
    transcript: Transcript,
    *,
    model: StructuredModel,
    signal_turns: tuple[int, ...],
    context_tokens: int,
    memory: MemoryView | None = None,
    readings: Mapping[int, TurnReading] | None = None,
) -> DetectResult:
    """Run the detector over each window holding a signal turn; merge and de-duplicate results.

    ``memory`` (the namespace's stored memory) lets the prompt list the stored topics, so the
    model reuses a topic's slug for a restatement or an update; None or empty: no topics section.

    ``readings``: the gate's reading of the user turns whose text it read as ``transcript`` holds
    it (turn index → the language it placed the text in, whether the turn corrects, whether it
    states a norm: :data:`~memscribe.schemas.requests.TurnReading`); each
    window's request carries its turns', for a detector that would read them again.

    A window whose call fails (after the model layer's retries and re-asks) is skipped and
    reported with reason ``model_error``; the other windows still count.
    """
    count = token_counter(model)
    budget = window_budget(context_tokens, count)
    windows = split_windows(transcript.turns, budget_tokens=budget, count=count)
    signals = set(signal_turns)
    worth = [w for w in windows if any(t.index in signals for t in w)]
    result = DetectResult(windows=len(windows))
    seen = _Seen()
    prompted = reads_prompt(model)
    # The prompt's parts (stored topics, group senders, each window's rendered messages) only
    # for a model that reads them: the embedded model answers from the typed request alone.
    topics = topic_source(memory) if prompted else _no_topics
    group = _group(transcript.turns) if prompted else None
    # (window, its number, may it still be halved): a window over the context is split once.
    queue: list[tuple[tuple[Turn, ...], int, bool]] = [(w, n, True) for n, w in enumerate(worth, start=1)]
    while queue:
        window, number, splittable = queue.pop(0)
        try:
            found = _call(
                model, window, number, len(worth), topics, group, prompted=prompted, readings=readings
            )
        except ModelError as exc:
            result.calls += 1
            halves = halve(window) if splittable and OVERFLOW_MARK in str(exc) else []
            if halves:
                queue[:0] = [
                    (half, number, False) for half in halves if any(t.index in signals for t in half)
                ]
                continue
            result.skipped.append(
                Skipped(
                    kind="window",
                    reason="model_error",
                    evidence=[window[0].index, window[-1].index],
                    detail=str(exc),
                )
            )
            continue
        result.calls += 1
        for field_name, reason in _drain_invalid(model):
            result.skipped.append(
                Skipped(
                    kind="playbook" if field_name == "playbooks" else "profile",
                    reason="invalid_candidate",
                    evidence=[window[0].index, window[-1].index],
                    detail=reason,
                )
            )
        if prompted:  # a model's compound profile, one candidate per fact (the embedded writes one)
            found = found.model_copy(update={"profiles": split_profiles(found.profiles)})
        _merge(result, found, seen)
    return result


def _call(
    model: StructuredModel,
    window: tuple[Turn, ...],
    number: int,
    windows: int,
    topics: Callable[[tuple[Turn, ...]], list[dict[str, object]]] = lambda _: [],
    group: dict[str, object] | None = None,
    *,
    prompted: bool = True,
    readings: Mapping[int, TurnReading] | None = None,
) -> Detection:
    read = {} if not readings else {t.index: r for t in window if (r := readings.get(t.index)) is not None}
    request = DetectRequest(turns=window, window=number, windows=windows, readings=read)
    messages = (
        render_messages(
            "detect.j2",
            turns=[_view(t, group is not None) for t in window],
            group=group,
            window=number,
            windows=windows,
            language_hint=_language_hint(window),
            topics=topics(window),
        )
        if prompted
        else []
    )
    return model.generate(task="detect", messages=messages, response_model=Detection, request=request)


def reads_prompt(model: StructuredModel) -> bool:
    """Whether ``model`` answers from the rendered messages. The embedded model answers from the
    typed request alone (:mod:`memscribe.model.embedded`), so for it no window is rendered and
    no stored topic is looked up: a template render per window and, behind an index, a topic
    query per window (or every stored entry loaded and scored, in a small namespace) that
    nothing read. Any other model gets the prompt, and so does an embedded one whose ``generate``
    was replaced (a wrapper or recorder that may read it)."""
    return getattr(getattr(model, "generate", None), "__func__", None) is not EmbeddedModel.generate


def _no_topics(window: tuple[Turn, ...]) -> list[dict[str, object]]:
    return []


def token_counter(model: StructuredModel) -> TokenCounter:
    """The model's own token count (``count_tokens``, a real tokenizer) where it has one, else
    :func:`~memscribe.stages.windows.estimate_tokens`."""
    count: Callable[[str], int | None] | None = getattr(model, "count_tokens", None)
    if not callable(count):
        return estimate_tokens

    def counted(text: str) -> int:
        tokens = count(text)
        return tokens if tokens is not None else estimate_tokens(text)

    return counted


def window_budget(context_tokens: int, count: TokenCounter = estimate_tokens) -> int:
    """Tokens a window's turns may use: the context less the detect prompt's own overhead
    (instructions and the answer schema, counted) and room for the answer."""
    reserve = max(PROMPT_RESERVE_TOKENS, _overhead_tokens(count) + ANSWER_RESERVE_TOKENS)
    return max(MIN_WINDOW_TOKENS, context_tokens - reserve)


def _overhead_tokens(count: TokenCounter) -> int:
    if count is estimate_tokens:
        return _estimated_overhead()
    return count(_overhead_text())


#: The batch job's first windows all ask for the overhead at once: it is rendered by one of them.
_OVERHEAD_LOCK = threading.Lock()


def _overhead_text() -> str:
    with _OVERHEAD_LOCK:
        return _render_overhead()


@functools.cache
def _render_overhead() -> str:
    # Extra variables are harmless to the template; every one it may declare is given.
    messages = render_messages(
        "detect.j2", turns=[], window=1, windows=1, language_hint="", topics=[], group=None
    )
    schema = json.dumps(Detection.model_json_schema(), ensure_ascii=False)
    return "\n".join(str(m.get("content") or "") for m in messages) + "\n" + schema


#: The detect prompt's overhead as :func:`estimate_tokens` counts it, by the digest of what it is
#: rendered from (:func:`_overhead_digest`): the embedded model, which reads no prompt, then cuts
#: its windows without importing the template engine or rendering (about 0.1 s of every extract's
#: start-up). An edited template or answer schema has another digest and is rendered and counted
#: as before: the table only saves time (a test keeps its entry equal to the rendering).
_ESTIMATED_OVERHEAD: dict[str, int] = {"68747d1e370e1472": 688}


@functools.cache
def _estimated_overhead() -> int:
    known = _ESTIMATED_OVERHEAD.get(_overhead_digest())
    return known if known is not None else estimate_tokens(_overhead_text())


def _overhead_digest() -> str:
    """A digest of the detect template's source and the answer schema: what the overhead is
    rendered from."""
    import hashlib
    from importlib import resources

    source = resources.files("memscribe.prompts").joinpath("detect.j2").read_text(encoding="utf-8")
    schema = json.dumps(Detection.model_json_schema(), ensure_ascii=False)
    return hashlib.sha256(f"{source}\0{schema}".encode()).hexdigest()[:16]


def render_messages(template: str, **variables: object) -> list[Message]:
    """:func:`memscribe.prompting.render_messages`, the template engine imported on first use (a
    model that reads no prompt never needs it)."""
    from memscribe.prompting import render_messages as render

    return render(template, **variables)


def _drain_invalid(model: StructuredModel) -> list[tuple[str, str]]:
    """Items the model layer dropped as invalid from the last answer (kept valid ones came back)."""
    drain = getattr(model, "drain_invalid", None)
    return list(drain()) if callable(drain) else []


def _view(turn: Turn, named: bool = False) -> dict[str, object]:
    """A turn as the template shows it; in a group chat a user turn names its host sender."""
    speaker = turn.speaker if named and turn.role == "user" else None
    return {
        "index": turn.index,
        "role": turn.role,
        "kind": turn.kind,
        "text": render_text(turn),
        "speaker": speaker,
    }


def _group(turns: Sequence[Turn]) -> dict[str, object] | None:
    """In a group chat (two or more senders among the user turns): the owner whose memory this
    is (the first sender, who brought the assistant in) and the others; None otherwise."""
    names = senders(turns)
    return {"owner": names[0], "others": names[1:]} if len(names) >= 2 else None


def topic_source(memory: MemoryView | None) -> Callable[[tuple[Turn, ...]], list[dict[str, object]]]:
    """The stored topics per window (:func:`stored_topics`). A namespace of more than
    SEMANTIC_RANK_LIMIT entries behind an index (a view with ``top_slugs`` and ``size``) is
    ranked by the index — the same slugs, lexically, without loading or scoring every entry."""
    if memory is None:
        return lambda _: []
    ranked = getattr(memory, "top_slugs", None)
    size = getattr(memory, "size", None)
    if callable(ranked) and callable(size) and size(SEMANTIC_RANK_LIMIT + 1) > SEMANTIC_RANK_LIMIT:
        return lambda window: grouped_topics(ranked(_user_text(window), MAX_TOPICS))
    stored = memory.entries()
    return lambda window: stored_topics(stored, window)


def _user_text(window: tuple[Turn, ...]) -> str:
    return " ".join(t.text for t in window if t.role == "user")


def stored_topics(
    entries: Sequence[MemoryEntry], window: tuple[Turn, ...], *, limit: int = MAX_TOPICS
) -> list[dict[str, object]]:
    """The stored slugs to show for ``window``, grouped by kind (profiles first).

    A namespace with at most ``limit`` distinct slugs is shown whole; a larger one by the
    ``limit`` entries whose text is most related to the window's user turns.
    """
    if not entries:
        return []
    if len({(e.kind, e.slug) for e in entries}) > limit:
        text = _user_text(window)
        texts = [entry_text(e) for e in entries]
        # Lexical only on a large namespace: one window must not embed every stored memory.
        values = (
            scores(text, texts) if len(texts) <= SEMANTIC_RANK_LIMIT else [similarity(text, o) for o in texts]
        )
        ranked = sorted(
            zip(values, range(len(entries)), strict=True),
            key=lambda pair: (-pair[0], pair[1]),
        )
        picked = [entries[i] for _, i in ranked]
    else:
        picked = list(entries)
    pairs: dict[tuple[str, str], None] = {}
    for entry in picked:
        if (entry.kind, entry.slug) in pairs:
            continue
        if len(pairs) >= limit:
            break
        pairs[(entry.kind, entry.slug)] = None
    return grouped_topics(list(pairs))


def grouped_topics(pairs: Sequence[tuple[str, str]]) -> list[dict[str, object]]:
    """(kind, slug) pairs as the prompt lists them: by kind (profiles first), slugs sorted."""
    groups: dict[str, list[str]] = {}
    for kind, slug in pairs:
        groups.setdefault(kind, []).append(slug)
    order = sorted(groups, key=lambda k: (k != "profile", k))
    return [{"kind": f"{k}s", "slugs": sorted(groups[k])} for k in order if groups[k]]


def _language_hint(window: tuple[Turn, ...]) -> str:
    text = "".join(t.text for t in window if t.role == "user")
    # no ASCII character is wide (W) or full-width (F): an ASCII text is not walked
    cjk = 0 if text.isascii() else sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
    if text and cjk / max(1, len(text)) > 0.2:
        return " The user writes in Chinese/Japanese/Korean."
    return ""


@dataclass
class _Seen:
    """What the windows merged so far reported, kept across windows: each profile's (slug,
    normalised body) and each playbook's place by its correction turn. Rebuilt from the results
    per window it cost O(windows x candidates), quadratic in the transcript."""

    profiles: set[tuple[str, str]] = field(default_factory=set)
    corrections: dict[int, int] = field(default_factory=dict)


def _merge(result: DetectResult, found: Detection, seen: _Seen) -> None:
    """Overlapping windows report the same candidate twice: keep the first of each."""
    for p in found.profiles:
        key = (p.slug, normalize(p.body))
        if key not in seen.profiles:
            seen.profiles.add(key)
            result.profiles.append(p)
    for b in found.playbooks:
        at = seen.corrections.get(b.correction_turn)
        if at is None:
            seen.corrections[b.correction_turn] = len(result.playbooks)
            result.playbooks.append(b)
        elif result.playbooks[at].confirmation == "none" and b.confirmation != "none":
            # A later window saw the confirmation the earlier one was cut off before.
            result.playbooks[at] = b
