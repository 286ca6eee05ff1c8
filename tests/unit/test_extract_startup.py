"""An embedded extract's start-up (issue 17): the embedded model reads no prompt, so the run
never imports the template engine, and its windows are the ones the rendered prompt gives."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from memscribe.stages import detect
from memscribe.stages.windows import estimate_tokens

_PROBE = """
import json, sys
from memscribe.cli import main
sys.argv = ["memscribe", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
sys.stderr.write("\\nLOADED " + json.dumps(sorted(m for m in ("jinja2", "memscribe.prompting") if m in sys.modules)))
"""


def test_embedded_extract_never_imports_the_template_engine(tmp_path: Path) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            _PROBE,
            "extract",
            str(transcript),
            "--dry-run",
            "--memory-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    marker = proc.stderr.rfind("LOADED ")
    assert marker >= 0, proc.stderr[-2000:]
    assert "would write" in proc.stdout or "profile" in proc.stdout, proc.stdout  # the run extracted
    assert json.loads(proc.stderr[marker + len("LOADED ") :]) == []


def test_the_known_overhead_is_the_rendered_prompts_count() -> None:
    """The table's entry for today's template and schema is there (else every run renders) and
    equals the rendered overhead's estimate: the windows are the ones rendering gives."""
    digest = detect._overhead_digest()
    assert digest in detect._ESTIMATED_OVERHEAD, f"add {digest!r}: {estimate_tokens(detect._overhead_text())}"
    assert detect._ESTIMATED_OVERHEAD[digest] == estimate_tokens(detect._overhead_text())
    assert detect.window_budget(16000) == 16000 - max(
        detect.PROMPT_RESERVE_TOKENS, estimate_tokens(detect._overhead_text()) + detect.ANSWER_RESERVE_TOKENS
    )
