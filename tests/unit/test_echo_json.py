"""``echo_json``: the bytes of ``json.dumps(data, ensure_ascii=False, indent=2)`` plus a newline,
written without the whole text held at once (a 50 MB transcript's plan: issue 17)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tracemalloc
from typing import Any

from memscribe.cli_common import echo_json


def _large() -> dict[str, Any]:
    ops = [
        {
            "op": "write",
            "id": f"prof_{i:08d}",
            "text": f"---\ntype: profile\n---\n\nUser likes tea nº{i} — ✓\n",
        }
        for i in range(20_000)
    ]
    return {"version": 1, "operations": ops, "skipped": [], "usage": {"cost_usd": 1e-05}, "applied": True}


def test_the_same_bytes_as_one_dumps() -> None:
    data: dict[str, Any] = {
        "a": 'ünïcode \u2028 \x1b "q" \\',
        "empty": [],
        "none": None,
        "nested": {"f": 0.1, "big": 1e300, "neg": -3, "x": {}},
        **_large(),
    }
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        echo_json(data)
    assert out.getvalue() == json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def test_a_large_document_is_never_held_whole() -> None:
    data = _large()
    size = len(json.dumps(data, ensure_ascii=False, indent=2))  # about 2.7 M characters
    with open(os.devnull, "w", encoding="utf-8") as sink, contextlib.redirect_stdout(sink):
        tracemalloc.start()
        try:
            echo_json(data)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert peak < size / 2  # held whole: about 8x the size (the pieces, then their join)
