"""The batch job's long-lived imports are frozen for the collector (issue 14): litellm's (the probe
model, built before the run) and the pipeline's (loaded when the run has a transcript to plan),
as start-up's are, so the run's collections do not rescan them; PyYAML loads only for a
frontmatter that needs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_PROBE = """
import gc, json, sys
import memscribe.batch.runner as runner

seen = {}
real = runner.run_batch

def frozen(module):
    namespace = sys.modules[module].__dict__
    return not any(o is namespace for o in gc.get_objects())

def run_batch(*args, **kwargs):
    seen["litellm"] = frozen("litellm")
    report = real(*args, **kwargs)
    seen["pipeline"] = frozen("memscribe.batch.unit")
    return report

runner.run_batch = run_batch
from memscribe.cli import main
sys.argv = ["memscribe", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("FROZEN " + json.dumps(seen))
"""


def test_a_batch_run_collects_without_rescanning_litellm_or_the_pipeline(tmp_path: Path) -> None:
    corpus = tmp_path / "sessions"
    corpus.mkdir()
    # the gate stops it: planned (the pipeline loads), no model call
    (corpus / "s.txt").write_text("User: What's the weather like?\nAssistant: Sunny.\n", encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            _PROBE,
            "batch",
            str(corpus),
            "--memory-dir",
            str(tmp_path / "memory"),
            "--model",
            "openai/probe",
            "--api-base",
            "http://127.0.0.1:9/v1",
            "--json",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={"OPENAI_API_KEY": "not-a-key", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout[: proc.stdout.rindex("FROZEN ")])
    assert report["processed"] == 1 and report["model_calls"] == 0
    seen = json.loads(proc.stdout.rsplit("FROZEN ", 1)[1])
    assert seen == {"litellm": True, "pipeline": True}


_YAML_PROBE = """
import sys
from memscribe.kinds.parse import parse_memory_file
print("yaml" in sys.modules)
flat = parse_memory_file(sys.argv[1], "profiles/tabs-41htrp8n.md")
print("yaml" in sys.modules, flat.id, flat.ttl)
quoted = parse_memory_file(sys.argv[1].replace("ttl: infinity", 'ttl: "infinity"'), "profiles/tabs-41htrp8n.md")
print("yaml" in sys.modules, quoted.id, quoted.ttl)
"""

#: As the writer lays a memory file out.
_FILE = """---
type: profile
id: prof_41htrp8n
created: 2026-12-03T03:27:50Z
ttl: infinity
expires: never
---

User prefers tabs over spaces.
"""


def test_the_writers_layout_is_read_without_yaml_and_a_quoted_value_with_it() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _YAML_PROBE, _FILE], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split("\n")[:3] == [
        "False",
        "False prof_41htrp8n infinity",
        "True prof_41htrp8n infinity",
    ]
