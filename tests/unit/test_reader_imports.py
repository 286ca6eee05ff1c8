"""A run reads one format: only that reader's module is imported (issue 17, start-up)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

_PROBE = """
import sys
from pathlib import Path
from memscribe.transcript import read_transcript
t = read_transcript(Path(sys.argv[1]))
print(t.format, len(t.turns))
print(" ".join(sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("memscribe.transcript."))))
print("sqlite3" in sys.modules)
"""


@pytest.mark.parametrize(
    ("name", "body", "fmt", "reader"),
    [
        ("t.txt", "User: I live in Lisbon.\nAssistant: Noted.\n", "text", "plain_text"),
        (
            "t.jsonl",
            '{"role": "user", "content": "I live in Lisbon."}\n{"role": "assistant", "content": "Noted."}\n',
            "openai",
            "openai_messages",
        ),
    ],
)
def test_only_the_format_read_is_imported(
    tmp_path: Path, name: str, body: str, fmt: str, reader: str
) -> None:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, str(path)], capture_output=True, text=True, check=True, timeout=120
    ).stdout.splitlines()
    assert out[0] == f"{fmt} 2"
    loaded = set(out[1].split())
    readers = {"plain_text", "openai_messages", "claude_code", "codex", "openclaw", "openclaw_sqlite"}
    assert loaded & readers == {reader}
    assert out[2] == "False"
