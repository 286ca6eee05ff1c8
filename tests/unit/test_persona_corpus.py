"""The labelled durable-fact sentences of ``fixtures/persona`` are well formed and balanced."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "persona"
FIELDS = {"id", "lang", "setting", "before", "text", "durable", "why"}


def _rows() -> list[dict[str, object]]:
    rows = []
    for path in sorted(FOLDER.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def test_every_row_has_the_fields_and_a_boolean_label() -> None:
    rows = _rows()
    assert len(rows) >= 2500
    for row in rows:
        assert set(row) == FIELDS, row
        assert isinstance(row["durable"], bool)
        assert row["setting"] in ("chat", "agent")
        assert isinstance(row["text"], str) and row["text"].strip()


def test_ids_are_unique_and_languages_and_labels_are_spread() -> None:
    rows = _rows()
    ids = Counter(str(r["id"]) for r in rows)
    assert max(ids.values()) == 1
    langs = Counter(str(r["lang"]) for r in rows)
    assert {"en", "zh", "ja", "es", "de", "fr"} <= set(langs)
    share = sum(1 for r in rows if r["durable"]) / len(rows)
    assert 0.35 <= share <= 0.55
