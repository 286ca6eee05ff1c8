"""Group flush through the litellm path: cassettes recorded against the scripted local server.

Scripts: ``fixtures/llm/group_zh.json`` and ``fixtures/llm/group_en.json`` (task ``group_<kind>``
from the prompt's ``TASK:`` line, matched on a phrase of the chat). Re-record with
``pytest tests/e2e/test_group_cassettes.py --record-mode=once`` after deleting the cassettes, and
``MEMSCRIBE_UPDATE_GOLDEN=1`` to rewrite the expected trees.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from memscribe.model.llm import LiteLLMModel
from memscribe.transcript import read_transcript
from tests.support.group_support import NOW
from tests.support.group_support import flush as _flush
from tests.support.group_support import golden as _golden
from tests.support.group_support import tree as _tree

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "groups"
DAY1 = FIXTURES / "day1" / "zh_group_day1.jsonl"
DAY2 = FIXTURES / "day2" / "zh_group_day2.jsonl"
EN = FIXTURES / "en" / "en_group.jsonl"


def _model(url: str) -> LiteLLMModel:
    return LiteLLMModel("openai/scripted-extractor", api_base=url, max_attempts=1)


@pytest.mark.vcr
def test_chinese_group_flush_llm_cassette(tmp_path: Path, llm_server: str) -> None:
    model = _model(llm_server)
    result, written = _flush(read_transcript(DAY1), tmp_path, model, group="支付项目组")
    assert result.model_errors == [] and result.llm_calls == 4  # no pending yet: no group_pending call
    assert written == [
        "memory/groups/group_names.json",
        "memory/groups/支付项目组.md",
        "memory/groups/支付项目组/attention.md",
        "memory/groups/支付项目组/experience.md",
        "memory/groups/支付项目组/project.md",
        "memory/groups/支付项目组/people.md",
        "memory/flush-state.json",
    ]
    files = _tree(tmp_path)
    assert files["memory/groups/支付项目组/people.md"] == (
        "# 支付项目组 — 人员画像（增补为主）\n\n"
        "- **王五** — 支付回调与对账服务开发\n"
        "- **赵六** — 负责测试环境和发布流程\n"
    )
    assert files["memory/groups/支付项目组/experience.md"] == (
        "# 支付项目组 — 经验/决策日志（追加-only）\n\n"
        "## 2026-11-30 — 回调失败处理策略\n\n"
        "- 背景: 讨论回调失败是自动重试还是人工补单\n"
        "- 决策: 李四拍板：回调失败先自动重试三次，再进人工补单队列\n"
        "- 执行: 王五改配置，今天提 PR\n"
    )
    assert "- 所有 PR 必须有两个人 review 才能合并\n" in files["memory/groups/支付项目组.md"]
    assert "- [阻塞] 对账服务 — 王五\n" in files["memory/groups/支付项目组/attention.md"]
    assert json.loads(files["memory/flush-state.json"])["pending_items"] == ["确认张三是新 PM"]
    _golden("zh_day1.llm.json", files)

    # Day 2, a new session: the pending item is re-examined first and confirmed.
    day1 = files
    model = _model(llm_server)
    result, _ = _flush(read_transcript(DAY2), tmp_path, model, now=NOW + dt.timedelta(days=1))
    assert result.model_errors == [] and result.llm_calls == 5
    assert result.confirmed == ["确认张三是新 PM"] and result.pending_items == []
    files = _tree(tmp_path)
    people = files["memory/groups/支付项目组/people.md"]
    assert people == day1["memory/groups/支付项目组/people.md"] + "- **张三** — 新 PM，负责支付项目的排期\n"
    experience = files["memory/groups/支付项目组/experience.md"]
    assert experience.startswith(day1["memory/groups/支付项目组/experience.md"])
    assert "## 2026-12-01 — 灰度发布节奏\n" in experience
    assert "project.md" not in " ".join(f.path for f in result.files)  # nothing new: untouched
    _golden("zh_day2.llm.json", files)


@pytest.mark.vcr
def test_english_group_flush_llm_cassette(tmp_path: Path, llm_server: str) -> None:
    transcript = read_transcript(EN)
    assert transcript.session_key == "agent:main:telegram:group:-1001987654321"
    result, written = _flush(transcript, tmp_path, _model(llm_server), group="Checkout squad")
    assert result.model_errors == [] and result.llm_calls == 4
    assert written == [
        "memory/groups/group_names.json",
        "memory/groups/checkout-squad.md",
        "memory/groups/checkout-squad/attention.md",
        "memory/groups/checkout-squad/experience.md",
        "memory/groups/checkout-squad/project.md",
        "memory/groups/checkout-squad/people.md",
        "memory/groups/checkout-squad/conventions/api.md",
        "memory/groups/checkout-squad/conventions/db.md",
        "memory/flush-state.json",
    ]
    files = _tree(tmp_path)
    # A raw platform id (a phone number) returned as a name is never stored.
    assert files["memory/groups/checkout-squad/people.md"] == (
        "# checkout-squad — people (additions only)\n\n"
        "- **Lena Schmidt** — QA and the release checklist\n"
        "- **Marco Rossi** — payment webhook handler, fraud check\n"
    )
    assert all("4915112345678" not in text for path, text in files.items() if path.endswith(".md"))
    assert files["memory/groups/checkout-squad/conventions/api.md"] == (
        "# checkout-squad — API conventions (L3, additions only)\n\n"
        "- All endpoints are versioned under /v2/\n"
        "- Errors return RFC 7807 problem JSON\n"
    )
    index = files["memory/groups/checkout-squad.md"]
    assert index.endswith(
        "| Who does what | `people.md` | P3 |\n"
        "| API conventions | `conventions/api.md` | P2-L3 |\n"
        "| Database conventions | `conventions/db.md` | P2-L3 |\n"
    )
    assert "- Never deploy on Fridays\n" in index
    assert (
        "- Decision: Priya Nair decided: ship checkout v2 behind a feature flag, 10% of traffic first\n"
        in (files["memory/groups/checkout-squad/experience.md"])
    )
    assert json.loads(files["memory/flush-state.json"])["pending_items"] == [
        "Confirm Tom is the new release manager"
    ]
    _golden("en.llm.json", files)
