"""The evaluation harness: matching rules, converters, scoring on hand-made fixtures, the CLI, and a
regression slice of the dev sets (skipped where ../shared/data/eval is absent).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.evaluation import evaluate, evaluate_units
from memscribe.evaluation.datasets import default_data_dir, load_msc, memorycode_gold, split_dialogue
from memscribe.evaluation.matching import greedy_pairs, keyword_match, msc_content, msc_match, rule_match
from memscribe.evaluation.scoring import figures
from memscribe.model.embedded import EmbeddedModel

EVAL_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "eval"
DEV = default_data_dir()


# --- matching rules (examples from the datasets' READMEs) -------------------------------------------


def test_keyword_match_normalises() -> None:
    assert keyword_match("User  lives in ＡＭＳＴＥＲＤＡＭ.", ["amsterdam"], [])
    assert keyword_match("用户对花生过敏。", [], ["花生", "peanut"])
    assert not keyword_match("User lives in Berlin.", ["amsterdam"], [])


@pytest.mark.parametrize(
    ("words", "stem"),
    [
        ("likes liked like", {"lik"}),
        ("watches watching", {"watch"}),
        ("movies movie", {"movy"}),
        ("running", {"run"}),
        ("goes", {"go"}),
    ],
)
def test_msc_stemmer(words: str, stem: set[str]) -> None:
    assert msc_content(words) == frozenset(stem)


def test_msc_match_rule() -> None:
    assert msc_match("User likes to read.", "I like to read.")
    assert msc_match("User has two jobs.", "I have two jobs.")
    assert not msc_match("No I am not.", "I can't wait to see the new conjuring movie.")
    pairs = greedy_pairs(
        ["User has two dogs.", "User loves the mountains."], ["I love the mountains.", "I have two dogs."]
    )
    assert {(p.written, p.gold) for p in pairs} == {(0, 1), (1, 0)}


@pytest.mark.parametrize(
    ("memory", "rule", "ok"),
    [
        (
            "Start function argument names with e_ (e_vector).",
            "always start function argument names with 'e_'",
            True,
        ),
        ("Start function names with 'e_'.", "always start function argument names with 'e_'", False),
        ("End variable names with '_md'.", "always end variable names with '_m'", False),
        ("End variable names with _m, like total_m.", "always end variable names with '_m'", True),
        (
            "Use @retry from pedantic on all methods.",
            "always add the '@retry' decorator from the 'pedantic' module to all methods",
            True,
        ),
        ("Use snake case for class names.", "always use snake_case for class names", True),
        ("Add type hints to all functions.", "always use annotations for functions", True),
        ("Use annotations for methods.", "always use annotations for functions", False),
    ],
)
def test_rule_match(memory: str, rule: str, ok: bool) -> None:
    assert rule_match(memory, rule) is ok


# --- converters -----------------------------------------------------------------------------------


def test_split_dialogue_tags_initials_and_near_misses() -> None:
    text = "Intro line.\n\nTobias: hello\n**Amara**: rule one\nmore of it\nA: short\nTobi: ok\nMentor: last"
    roles = [(m["role"], m["content"]) for m in split_dialogue(text, "Amara", "Tobias")]
    assert roles == [
        ("user", "Intro line."),
        ("assistant", "hello"),
        ("user", "rule one\nmore of it"),
        ("user", "short"),
        ("assistant", "ok"),
        ("user", "last"),
    ]


def test_split_dialogue_without_tags_alternates_paragraphs() -> None:
    out = split_dialogue("first\n\nsecond\n\nthird", "Amara", "Tobias")
    assert [m["role"] for m in out] == ["user", "assistant", "user"]


def test_memorycode_gold_tracks_updates() -> None:
    d = json.loads((EVAL_FIXTURES / "memorycode" / "dataset" / "dialogue_1.json").read_text())
    active, superseded, fillers = memorycode_gold(d)
    assert active == {3: "always start method names with 'p_'", 7: "always use docstrings in functions"}
    assert superseded == [(3, "always start method names with 'k_'")]
    assert fillers == []


def test_msc_units_and_negatives() -> None:
    units = load_msc(EVAL_FIXTURES / "msc")
    by_name = {u.name: u for u in units}
    assert by_name["s1-000-bot_1"].gold["persona"] == [
        "I have two dogs.",
        "I love the mountains.",
        "I work as a nurse.",
    ]
    assert by_name["s1-000-bot_0"].nothing_to_learn and by_name["s1-001-bot_1"].nothing_to_learn
    messages = json.loads(by_name["s1-001-bot_0"].steps[0].text)
    assert [m["role"] for m in messages] == ["user", "assistant", "user", "assistant"]


# --- the harness on the fixtures (embedded, exact) -------------------------------------------------------


def test_eval_fixtures_embedded_exact() -> None:
    agent = evaluate("agent", EmbeddedModel, model_name="embedded", data_dir=EVAL_FIXTURES).total()
    assert (agent["prof_tp"], agent["prof_fp"], agent["prof_fn"]) == (2, 0, 0)
    assert (agent["sup_expected"], agent["sup_ok"], agent["stale_active"]) == (1, 1, 0)
    assert agent["secrets_leaked"] == 0 and agent["forbidden_other"] == 0
    assert (agent["empty_units"], agent["empty_stopped"]) == (1, 1)
    assert (agent["gate_facts"], agent["gate_passed"]) == (2, 2)

    msc = evaluate("msc", EmbeddedModel, model_name="embedded", data_dir=EVAL_FIXTURES).total()
    assert (msc["prof_tp"], msc["prof_fp"], msc["prof_fn"]) == (5, 1, 0)
    assert (msc["empty_units"], msc["empty_written"]) == (2, 0)

    code = evaluate("memorycode", EmbeddedModel, model_name="embedded", data_dir=EVAL_FIXTURES).total()
    assert (code["rule_tp"], code["rule_fn"]) == (2, 0)
    assert (code["sup_expected"], code["sup_ok"], code["stale_active"]) == (1, 1, 0)
    assert code["mem_unmatched"] == 0


def test_secret_in_any_file_is_counted(tmp_path: Path) -> None:
    """A secret anywhere under the root (here a seeded memory) counts as leaked."""
    from memscribe.evaluation.datasets import load_agent

    unit = load_agent(EVAL_FIXTURES / "agent")[0]
    secret = unit.gold["forbidden"]["strings"][0]
    unit.seed[0] = type(unit.seed[0])(**{**unit.seed[0].__dict__, "body": f"User's key is {secret}."})
    total = evaluate_units("agent", [unit], EmbeddedModel, model_name="embedded").total()
    assert total["secrets_leaked"] == 1


def test_cli_eval_json() -> None:
    result = CliRunner().invoke(app, ["eval", "all", "--data-dir", str(EVAL_FIXTURES), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["dataset"] for d in data] == ["agent", "msc", "memorycode"]
    assert data[2]["figures"]["rule_recall"] == 1.0


def test_cli_eval_table_and_errors() -> None:
    runner = CliRunner()
    table = runner.invoke(app, ["eval", "memorycode", "--data-dir", str(EVAL_FIXTURES)])
    assert table.exit_code == 0 and "rule R" in table.output and "updates" in table.output
    bad = runner.invoke(app, ["eval", "nope", "--data-dir", str(EVAL_FIXTURES)])
    assert bad.exit_code == 2
    missing = runner.invoke(app, ["eval", "agent", "--data-dir", str(EVAL_FIXTURES / "none")])
    assert missing.exit_code == 2


# --- regression slice of the dev sets (thresholds a little under the measured figures) ---------------

needs_dev = pytest.mark.skipif(not (DEV / "agent").is_dir(), reason="dev sets not present")


@needs_dev
def test_dev_agent_regression() -> None:
    f = figures(evaluate("agent", EmbeddedModel, model_name="embedded").total())
    assert f["profile_f1"] is not None and f["profile_f1"] >= 0.95
    assert f["playbook_f1"] is not None and f["playbook_f1"] >= 0.95
    assert f["false_playbooks"] == 0 and f["secrets_leaked"] == 0 and f["injected_stored"] == 0
    assert f["supersession_ok"] == 1.0 and f["duplicates_written"] == 0
    assert f["gate_recall"] is not None and f["gate_recall"] >= 0.98
    # every nothing-to-learn session stopped by the gate (a task request, an unconfirmed correction)
    assert f["nothing_to_learn_stopped"] is not None and f["nothing_to_learn_stopped"] >= 0.95


@needs_dev
def test_dev_memorycode_regression() -> None:
    f = figures(evaluate("memorycode", EmbeddedModel, model_name="embedded").total())
    assert f["rule_recall"] is not None and f["rule_recall"] >= 0.88
    assert f["supersession_ok"] is not None and f["supersession_ok"] >= 0.85
    assert f["stale_rate"] is not None and f["stale_rate"] <= 0.12
    assert f["gate_recall"] is not None and f["gate_recall"] >= 0.98
    # a mentor's workplace chat is not written as plain statements (0.33 measured)
    assert f["rule_unmatched_share"] is not None and f["rule_unmatched_share"] <= 0.37


@needs_dev
def test_dev_msc_sample_regression() -> None:
    units = load_msc(DEV / "msc", sample=100)
    f = figures(evaluate_units("msc", units, EmbeddedModel, model_name="embedded").total())
    # plain first-person statements in a conversation (0.61 / 0.24 measured on this sample)
    assert f["profile_precision"] is not None and f["profile_precision"] >= 0.55
    assert f["profile_recall"] is not None and f["profile_recall"] >= 0.21
    assert f["gate_recall"] is not None and f["gate_recall"] >= 0.98
    # chat with nothing about the speaker: reactions, questions, advice (0.61 measured)
    assert f["nothing_to_learn_stopped"] is not None and f["nothing_to_learn_stopped"] >= 0.55
