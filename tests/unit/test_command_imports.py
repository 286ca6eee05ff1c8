"""Each command imports only what it uses (issue 17): a fresh interpreter runs the command and
reports which heavy modules it loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_PROBE = """
import json, sys
from memscribe.cli import main
sys.argv = ["memscribe", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
heavy = ("litellm", "instructor", "jinja2", "memscribe.stages.apply", "memscribe.stages.guard",
         "memscribe.guard", "memscribe.redaction", "memscribe.run", "memscribe.services.extract")
sys.stderr.write("\\nLOADED " + json.dumps(sorted(m for m in heavy if m in sys.modules)))
"""


def _loaded(*args: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, check=False, timeout=120
    )
    marker = proc.stderr.rfind("LOADED ")
    assert marker >= 0, proc.stderr[-2000:]
    loaded: list[str] = json.loads(proc.stderr[marker + len("LOADED ") :])
    return loaded


def test_search_imports_no_pipeline_guard_redaction_or_models(tmp_path: Path) -> None:
    assert _loaded("search", "coffee", "--memory-dir", str(tmp_path)) == []


def test_help_imports_no_pipeline() -> None:
    assert _loaded("--help") == []


def test_embedded_extract_never_imports_litellm(tmp_path: Path) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
    loaded = _loaded("extract", str(transcript), "--dry-run", "--memory-dir", str(tmp_path))
    assert "litellm" not in loaded and "instructor" not in loaded
