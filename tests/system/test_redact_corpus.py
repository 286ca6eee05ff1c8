"""Redaction scored against the labelled secrets corpus in shared/data/secrets (skipped if absent).

Scoring follows the corpus README: a labelled secret is *caught* when a finding overlaps its
span and *leaked* when its value survives verbatim; a false-positive line is a line touched
by a finding that carries no ``true``/``null`` label. Measured when written: transcripts recall
305/309, 0/947 hard negatives hit, 0 false-positive lines; detect-secrets 14/22, 0/50, 0 lines.
The asserted bounds leave a little slack below those numbers.
"""

from __future__ import annotations

import bisect
import json
from collections import defaultdict
from pathlib import Path

import pytest

from memscribe.stages.redact import redact_text, redact_transcript

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
SECRETS = DATA / "secrets"
AGENT = DATA / "eval" / "agent"

pytestmark = pytest.mark.skipif(not SECRETS.is_dir(), reason="shared secrets corpus not available")


def _score(corpus: str) -> dict[str, int]:
    labels: dict[str, list[dict[str, object]]] = defaultdict(list)
    for line in (SECRETS / f"labels.{corpus}.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        labels[d["file"]].append(d)
    files = [json.loads(x)["file"] for x in (SECRETS / f"manifest.{corpus}.jsonl").read_text().splitlines()]
    s = dict.fromkeys(("caught", "positives", "leaked", "hard_hit", "hard", "fp_lines"), 0)
    for name in files:
        with open(SECRETS / name, encoding="utf-8", newline="") as fh:
            text = fh.read()
        out, findings = redact_text(text)
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        protected: set[int] = set()
        for d in labels.get(name, []):
            start, end = int(d["start"]), int(d["end"])  # type: ignore[call-overload]
            hit = any(f.start < end and start < f.end for f in findings)
            if d["secret"] is not False:
                protected.update(range(int(d["line"]), int(d["line_end"]) + 1))  # type: ignore[call-overload]
            if d["secret"] is True:
                s["positives"] += 1
                s["caught"] += hit
                s["leaked"] += text[start:end] in out
            elif d["secret"] is False:
                s["hard"] += 1
                s["hard_hit"] += hit
        flagged: set[int] = set()
        for f in findings:
            first = bisect.bisect_right(starts, f.start)
            last = bisect.bisect_right(starts, max(f.start, f.end - 1))
            flagged.update(range(first, last + 1))
        s["fp_lines"] += len(flagged - protected)
    return s


def test_transcripts_corpus() -> None:
    s = _score("transcripts")
    assert s["caught"] / s["positives"] >= 0.97, s
    assert s["leaked"] <= 6, s
    assert s["hard_hit"] <= 3, s
    assert s["fp_lines"] <= 3, s


def test_detect_secrets_corpus() -> None:
    s = _score("detect-secrets")
    assert s["caught"] >= 13, s
    assert s["hard_hit"] <= 2, s
    assert s["fp_lines"] <= 2, s


FULL_RECALL_RULES = (
    "azure-ad-client-secret",
    "curl-auth-header",
    "huggingface-access-token",
    "jwt",
    "openai-api-key",
    "slack-app-token",
    "slack-bot-token",
    "slack-legacy-bot-token",
    "slack-user-token",
    "slack-webhook-url",
    "private-key",
)


def test_gitleaks_cases_for_ported_rules() -> None:
    path = SECRETS / "gitleaks" / "cases.jsonl"
    missed = []
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["secret"] and d["rule_id"] in FULL_RECALL_RULES and not redact_text(d["text"])[1]:
            missed.append(d["rule_id"])
    assert missed == []


@pytest.mark.parametrize("stem", ["dev04_openclaw_env_paste_secrets", "dev13_codex_aws_keys_in_tool_output"])
def test_forbidden_strings_in_eval_transcripts(stem: str) -> None:
    raw = (AGENT / f"{stem}.jsonl").read_text(encoding="utf-8")
    forbidden = json.loads((AGENT / f"{stem}.labels.json").read_text())["forbidden"]["strings"]
    assert forbidden and all(f in raw for f in forbidden)
    # as raw JSONL (JSON-escaped text) ...
    out, _ = redact_text(raw)
    assert [f for f in forbidden if f in out] == []
    # ... and through the reader and redact_transcript
    from memscribe.transcript import read_transcript

    redacted, redactions = redact_transcript(read_transcript(AGENT / f"{stem}.jsonl"))
    dump = redacted.model_dump_json()
    assert [f for f in forbidden if f in dump] == []
    assert len(redactions) >= len(forbidden) - 1
    assert all(r.stage == "in" and r.turn is not None for r in redactions)
