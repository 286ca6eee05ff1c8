"""The detect prompt without the template engine: the same text as ``detect.j2`` renders, and a
batch's detect calls leave without importing or compiling the template (issue 14)."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

from memscribe.prompting import render_messages
from memscribe.stages import detect_prompt
from memscribe.stages.detect_prompt import detect_messages

TEXTS = [
    "I prefer tabs.",
    "  leading and trailing spaces  ",
    "line one\nline two\n\n  indented",
    "{{ not a variable }} {% if x %}y{% endif %} {# c #}",
    "我住在上海，喜欢喝茶。",
    "",
    "tabs\tand 'quotes' \"double\" & <tags> \\ backslash",
    "ends with a newline\n",
]


def _variables(rng: random.Random) -> dict[str, object]:
    turns = [
        {
            "index": i * rng.randint(1, 40),
            "role": rng.choice(["user", "assistant", "tool", "system"]),
            "kind": rng.choice(["message", "message", "tool_result", "tool_call", "injected_memory"]),
            "text": rng.choice(TEXTS),
            "speaker": rng.choice([None, None, "alice", "Bob Smith", ""]),
        }
        for i in range(rng.randint(0, 6))
    ]
    topics = rng.choice(
        [
            [],
            [{"kind": "profiles", "slugs": ["diet", "home-city"]}],
            [{"kind": "profiles", "slugs": ["a"]}, {"kind": "playbooks", "slugs": ["commit-trailers", "b"]}],
        ]
    )
    group = rng.choice([None, {"owner": "alice", "others": ["bob"]}, {"owner": "x", "others": ["y", "z"]}])
    hint = rng.choice(
        ["", " The user writes in Chinese/Japanese/Korean: keep memory text in the user's language."]
    )
    return {
        "turns": turns,
        "window": rng.randint(1, 9),
        "windows": rng.randint(1, 9),
        "language_hint": hint,
        "topics": topics,
        "group": group,
    }


def test_the_formatted_prompt_is_the_templates_text_byte_for_byte() -> None:
    rng = random.Random(14)
    for _ in range(300):
        variables = _variables(rng)
        assert detect_messages(**variables) == render_messages("detect.j2", **variables)  # type: ignore[arg-type]


def test_an_edited_template_is_rendered_by_the_template(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(detect_prompt, "KNOWN_TEMPLATE", "0" * 16)
    detect_prompt.fixed_system.cache_clear()
    try:
        assert detect_messages(turns=[], window=1, windows=1, language_hint="", topics=[], group=None) is None
    finally:
        detect_prompt.fixed_system.cache_clear()


def test_detect_prompts_a_model_without_importing_the_template_engine() -> None:
    """The batch's first unit no longer imports jinja2 and compiles the template before its first call."""
    script = textwrap.dedent(
        """
        import sys
        from memscribe.stages.detect import detect
        from tests.support.store_helpers import ScriptedModel
        from tests.support.turns import make_transcript

        model = ScriptedModel({"profiles": [], "playbooks": []})
        t = make_transcript(("user", "I prefer tabs."), ("assistant", "Noted."))
        detect(t, model=model, signal_turns=(0,), context_tokens=8192)
        assert model.calls and model.calls[0][1][1]["content"].endswith("Return the JSON object now."), model.calls
        print("jinja2" in sys.modules)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
