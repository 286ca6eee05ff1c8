"""The detect prompt: lean fixed text, a field guide in words, the stored topics of the namespace."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest

from memscribe.kinds.playbook import UNSTATED_WHY, PlaybookKind
from memscribe.prompting import render_messages
from memscribe.relatedness import ListView
from memscribe.schemas.candidates import Detection, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.stages.detect import MAX_TOPICS, detect, stored_topics
from tests.support.store_helpers import ScriptedModel
from tests.support.turns import make_transcript

#: Tokens (characters / 4) of what every detect call repeats: the system prompt and the response
#: format as sent in the default mode (no schema: the prompt states the shape). Version 1 carried
#: ~1,700, version 3 ~970; raise this only with a measurement (bench/detect_prompt.py).
FIXED_TEXT_BUDGET_TOKENS = 230


def _entry(n: int, slug: str, body: str, kind: str = "profile") -> MemoryEntry:
    return MemoryEntry(
        kind=kind,  # type: ignore[arg-type]
        id=f"prof_{n:08d}",
        path=f".reflexio/profiles/{slug}-{n:08d}.md",
        slug=slug,
        created="2026-01-01T00:00:00Z",
        ttl="one_year",
        expires="2027-01-01",
        body=body,
    )


def _fixed_text() -> str:
    messages = render_messages(
        "detect.j2", turns=[], window=1, windows=1, language_hint="", topics=[], group=None
    )
    return messages[0]["content"] + json.dumps({"type": "json_object"}, separators=(",", ":"))


def test_fixed_text_stays_within_its_budget() -> None:
    assert len(_fixed_text()) / 4 <= FIXED_TEXT_BUDGET_TOKENS


def test_the_prompt_states_the_answer_shape_every_field_and_every_allowed_value() -> None:
    """No schema is sent in the default mode (and grammar-only servers never show one): the
    prompt's one-line shape names every field of both kinds, and the allowed values are listed."""
    system = render_messages(
        "detect.j2", turns=[], window=1, windows=1, language_hint="", topics=[], group=None
    )[0]["content"]
    shape = system[system.index("{profiles:") :]
    shape = shape[: shape.index("}]}") + 3]
    profiles, playbooks = shape.split("playbooks:")
    for name in ProfileCandidate.model_fields:
        assert re.search(rf"\b{name}\b", profiles), name
    for name in PlaybookCandidate.model_fields:
        assert re.search(rf"\b{name}\b", playbooks), name
    for ttl in ("infinity", "one_year", "one_quarter", "one_month", "one_week", "one_day"):
        assert ttl in system, ttl
    for value in ("explicit", "implicit", '"none"'):
        assert value in system, value
    assert Detection.format_in_prompt
    # OpenAI refuses response_format json_object unless the messages say "JSON" somewhere.
    assert "JSON" in system


def test_schema_descriptions_are_short_and_carry_no_placeholder_text() -> None:
    schema = json.dumps(Detection.model_json_schema())
    for model in (ProfileCandidate, PlaybookCandidate):
        for name, info in model.model_fields.items():
            assert info.description and len(info.description.split()) <= 8, name
    for placeholder in ("User corrected this", "Doing work the user later corrected"):
        assert placeholder not in schema and placeholder not in _fixed_text()
    assert '"title"' not in schema.replace('"title": "Detection"', "")


def test_empty_memory_renders_no_topics_section() -> None:
    t = make_transcript(("user", "I prefer tabs."), ("assistant", "ok"))
    for memory in (None, ListView([])):
        model = ScriptedModel({"profiles": [], "playbooks": []})
        detect(t, model=model, signal_turns=(0,), context_tokens=8000, memory=memory)
        user = model.calls[0][1][1]["content"]
        assert "Stored topics" not in user and "profiles:" not in user


def test_stored_slugs_are_shown_by_kind() -> None:
    t = make_transcript(("user", "I moved to Berlin last month."), ("assistant", "noted"))
    view = ListView(
        [
            _entry(1, "home-glasgow", "User lives in Glasgow."),
            _entry(2, "diet", "User is vegetarian."),
            _entry(3, "commit-trailers", "When: commits\nWhat: no trailers", kind="playbook"),
        ]
    )
    model = ScriptedModel({"profiles": [], "playbooks": []})
    detect(t, model=model, signal_turns=(0,), context_tokens=8000, memory=view)
    user = model.calls[0][1][1]["content"]
    assert "profiles: diet, home-glasgow\nplaybooks: commit-trailers" in user
    assert user.index("Stored topics") < user.index("[0] user:")


def test_a_large_namespace_shows_the_capped_best_matches_for_the_window() -> None:
    entries = [_entry(i, f"topic-{i}-misc", f"User collects item number {i}.") for i in range(80)]
    entries.append(_entry(99, "home-city", "User lives in Glasgow, Scotland."))
    window = make_transcript(
        ("user", "I moved from Glasgow in Scotland to Berlin."),
    ).turns
    groups = stored_topics(entries, window)
    slugs = [s for g in groups for s in g["slugs"]]  # type: ignore[attr-defined]
    assert len(slugs) == MAX_TOPICS and "home-city" in slugs


def test_a_playbook_without_a_stated_reason_is_written_with_a_neutral_why() -> None:
    candidate = PlaybookCandidate(
        slug="commit-trailers",
        when="Writing a commit message",
        what="Don't add AI-attribution trailers.",
        why="",
        correction_turn=1,
        adjustment_turn=2,
        confirmation_turn=3,
        confirmation="explicit",
    )
    made = PlaybookKind().new_file(
        candidate,
        id="pbk_00000001",
        created=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        supersedes=[],
        merged_body=None,
    )
    assert made.body.endswith(f"## Why\n{UNSTATED_WHY}")


def _recording_embedded(sent: list[str]) -> Any:
    """The embedded model with ``generate`` wrapped to record each user message it is sent (a
    model that replaces ``generate`` is one that reads the prompt)."""
    from memscribe.model.embedded import EmbeddedModel

    model = EmbeddedModel()
    generate = model.generate

    def recording(**kwargs: Any) -> Any:
        sent.append(kwargs["messages"][1]["content"])
        return generate(**kwargs)

    model.generate = recording  # type: ignore[method-assign]
    return model


def _detect_user_prompt(*turns: tuple[str, str]) -> str:
    """The user message detect sends for a one-window transcript of ``turns`` (the stage's own
    rendering: group detection, turn views and template)."""
    from memscribe.stages.detect import detect
    from tests.support.turns import make_transcript

    sent: list[str] = []
    model = _recording_embedded(sent)
    transcript = make_transcript(*turns)
    detect(transcript, model=model, signal_turns=(0,), context_tokens=8192)
    assert len(sent) == 1
    return sent[0]


def test_a_group_chat_prompt_names_whose_memory_it_is_and_other_prompts_are_unchanged() -> None:
    user = _detect_user_prompt(
        ("user", "[#ops] Ahmed: summarise the alerts, I'm in Dubai"),
        ("assistant", "Done."),
        ("user", "[#ops] Lea: I'm out from tomorrow, parental leave"),
    )
    assert "Group chat of Ahmed, Lea: the memory is Ahmed's." in user
    plain = _detect_user_prompt(("user", "I'm in Dubai"), ("assistant", "Noted."))
    assert "Group chat" not in plain and "[0] user: I'm in Dubai" in plain


def test_the_prompt_overhead_is_rendered_once_when_the_first_windows_ask_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading
    import time

    from memscribe.stages import detect as detect_stage

    rendered: list[int] = []
    original = detect_stage.render_messages

    def slow(*args: Any, **kwargs: Any) -> Any:
        rendered.append(1)
        time.sleep(0.05)  # every thread arrives while the first still renders
        return original(*args, **kwargs)

    monkeypatch.setattr(detect_stage, "render_messages", slow)
    monkeypatch.setattr(detect_stage, "_ESTIMATED_OVERHEAD", {})  # a template the table does not know
    for name in ("_render_overhead", "_estimated_overhead"):
        clear = getattr(getattr(detect_stage, name, None), "cache_clear", None)
        if clear is not None:
            clear()
    budgets: list[int] = []
    threads = [
        threading.Thread(target=lambda: budgets.append(detect_stage.window_budget(16000))) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(rendered) == 1
    assert len(budgets) == 8 and len(set(budgets)) == 1


class _NoPromptReads(ListView):
    """A memory view that fails when anything only the detect prompt shows is looked up."""

    def entries(self, kind: Any = None) -> list[MemoryEntry]:
        raise AssertionError("the stored entries were loaded for the prompt's topics")

    def top_slugs(self, text: str, limit: int) -> list[tuple[str, str]]:
        raise AssertionError("the stored topics were ranked for the prompt")

    def size(self, cap: int) -> int:
        raise AssertionError("the namespace was counted for the prompt's topics")


def test_the_embedded_model_answers_without_a_prompt_rendered_or_topics_looked_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The embedded model answers from the typed request: its windows are not rendered and the
    stored topics (a query per window behind an index, every entry loaded in a small namespace)
    are not looked up; it finds the same candidates as when it is handed the whole prompt."""
    from memscribe.model.embedded import EmbeddedModel
    from memscribe.stages import detect as detect_stage

    turns = (
        ("user", "I live in Lisbon and I prefer tabs over spaces."),
        ("assistant", "Noted."),
        ("user", "[#ops] Ahmed: I'm out from tomorrow, parental leave"),
        ("assistant", "Got it."),
        ("user", "[#ops] Lea: I work mostly in Rust these days."),
    )
    transcript = make_transcript(*turns)
    stored = [_entry(1, "home-glasgow", "User lives in Glasgow.")]
    detect_stage.window_budget(8000)  # the overhead (rendered once per process) is not counted
    windows: list[dict[str, Any]] = []
    real_render = detect_stage.render_messages

    def counted(template: str, **variables: Any) -> Any:
        windows.append(variables)
        return real_render(template, **variables)

    monkeypatch.setattr(detect_stage, "render_messages", counted)
    plain = EmbeddedModel()
    found = detect(
        transcript, model=plain, signal_turns=(0, 2, 4), context_tokens=8000, memory=_NoPromptReads(stored)
    )
    assert windows == []
    assert not detect_stage.reads_prompt(plain)

    shown: list[str] = []
    recorder = _recording_embedded(shown)
    assert detect_stage.reads_prompt(recorder)
    prompted = detect(
        transcript, model=recorder, signal_turns=(0, 2, 4), context_tokens=8000, memory=ListView(stored)
    )
    assert windows and shown and "home-glasgow" in shown[0]
    assert found.profiles and found.profiles == prompted.profiles
    assert found.playbooks == prompted.playbooks and found.skipped == prompted.skipped
