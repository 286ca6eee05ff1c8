"""The harness on the LLM path: scripted replies, replayed from a cassette (record mode none).

The scripted model (fixtures/llm/eval_agent.json) writes the two expected facts, supersedes the
stored city, and adds one third-party statement: the scorer must count it as a false positive and
a forbidden hit, and count the model calls and tokens.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.evaluation import evaluate
from memscribe.evaluation.scoring import figures
from memscribe.model.llm import LiteLLMModel

EVAL_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "eval"


@pytest.mark.vcr
def test_eval_agent_llm(llm_server: str) -> None:
    report = evaluate(
        "agent",
        lambda: LiteLLMModel("openai/scripted-extractor", api_base=llm_server, max_attempts=1),
        model_name="openai/scripted-extractor",
        data_dir=EVAL_FIXTURES,
    )
    total = report.total()
    assert (total["prof_tp"], total["prof_fp"], total["prof_fn"]) == (2, 1, 0)
    assert total["forbidden_other"] == 1
    assert (total["sup_expected"], total["sup_ok"], total["stale_active"]) == (1, 1, 0)
    assert total["secrets_leaked"] == 0
    assert total["llm_calls"] == 2  # one detect, one dedup; the question-only transcript is gated out
    assert total["prompt_tokens"] > 0 and total["completion_tokens"] > 0
    f = figures(total)
    assert f["zero_call_units"] == 1 and f["nothing_to_learn_stopped"] == 1.0
    assert f["profile_precision"] == pytest.approx(2 / 3)
